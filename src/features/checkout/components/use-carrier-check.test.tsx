// @vitest-environment jsdom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { checkCarrier } from '../api/check-carrier'
import { useCarrierCheck } from './use-carrier-check'

vi.mock('../api/check-carrier', () => ({ checkCarrier: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) }))

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

describe('useCarrierCheck', () => {
  it('keeps an order’s refusal of a barcode the page could not check, for that barcode only', async () => {
    const { result } = renderHook(() => useCarrierCheck(true), { wrapper })
    await act(() => result.current.check('/ZZZ9999'))
    expect(result.current.noteFor('/ZZZ9999').error).toBeUndefined()

    act(() => result.current.refused(' /zzz9999', 'mobile barcode does not exist'))
    expect(result.current.noteFor('/ZZZ9999')).toEqual({ error: 'mobile barcode does not exist', note: undefined })
    expect(result.current.noteFor('/ABC1234').error).toBeUndefined()
    // leaving the field again asks no one: the answer is known
    expect(await act(() => result.current.check('/ZZZ9999'))).toMatchObject({ status: 'missing' })
    expect(checkCarrier).toHaveBeenCalledTimes(1)
  })
})
