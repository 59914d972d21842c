// @vitest-environment jsdom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Recipient } from '../../contract/recipient'
import { firstRecipientChoice } from './recipient-choices'
import { EMPTY_RECIPIENT, RecipientFields, withCounty, withDistrict, type RecipientField, type RecipientValues } from './recipient-fields'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})
afterEach(cleanup)

const taipei: RecipientValues = { name: '林美玲', phone: '0912345678', zip_code: '10617', county: '臺北市', district: '大安區', address: '復興南路一段 390 號' }

describe('choosing a county and a district', () => {
  it('a new county clears the district and the postal code of the old one', () => {
    expect(withCounty(taipei, '新竹市')).toEqual({ ...taipei, county: '新竹市', district: '', zip_code: '' })
  })

  it('a district fills in its postal code, keeps a longer one that starts with it, replaces one that does not', () => {
    const inTaipei = withCounty(taipei, '臺北市')
    expect(withDistrict(inTaipei, '大安區').zip_code).toBe('106')
    expect(withDistrict({ ...inTaipei, zip_code: '10617' }, '大安區').zip_code).toBe('10617')
    expect(withDistrict({ ...inTaipei, zip_code: '24451' }, '大安區').zip_code).toBe('106')
  })
})

function Harness({ onLeave, save }: { onLeave?: (field: RecipientField) => void; save?: boolean }) {
  const [values, setValues] = useState(EMPTY_RECIPIENT)
  return <RecipientFields values={values} errors={{}} onChange={setValues} onLeave={onLeave} save={save ? { checked: true, onChange: () => {} } : undefined} />
}

const renderFields = (props: Parameters<typeof Harness>[0] = {}) =>
  render(
    <I18nProvider i18n={i18n}>
      <Harness {...props} />
    </I18nProvider>,
  )

describe('RecipientFields', () => {
  it('names counties and districts in English beside the Chinese, and fills the postal code', () => {
    renderFields()
    const county = screen.getByLabelText('County or city')
    expect(screen.getByRole('option', { name: 'Taipei City 臺北市' })).toBeTruthy()
    fireEvent.change(county, { target: { value: '臺北市' } })
    fireEvent.change(screen.getByLabelText('District'), { target: { value: '大安區' } })
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveProperty('value', '106')
  })

  it('cuts nothing: no field has a maxlength, and a passed limit is said at once', () => {
    renderFields()
    for (const field of screen.getAllByRole('textbox')) expect(field.getAttribute('maxlength')).toBeNull()
    const name = screen.getByRole('textbox', { name: 'Name' })
    fireEvent.change(name, { target: { value: 'x'.repeat(41) } })
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('may be at most 40 characters')).toBeTruthy()
    const address = screen.getByRole('textbox', { name: 'Address' })
    fireEvent.change(address, { target: { value: 'x'.repeat(101) } })
    expect(address.getAttribute('aria-invalid')).toBe('true')
  })

  it('tells which field the shopper left, and offers saving only where asked', () => {
    const onLeave = vi.fn()
    renderFields({ onLeave })
    fireEvent.blur(screen.getByRole('textbox', { name: 'Phone' }))
    fireEvent.blur(screen.getByLabelText('District'))
    expect(onLeave.mock.calls).toEqual([['phone'], ['district']])
    expect(screen.queryByRole('checkbox', { name: 'Save this recipient for next time' })).toBeNull()
    cleanup()
    renderFields({ save: true })
    expect(screen.getByRole('checkbox', { name: 'Save this recipient for next time' })).toHaveProperty('checked', true)
  })
})

describe('the recipient chosen first', () => {
  const saved = (id: number, is_default: boolean, values = taipei): Recipient => ({ ...values, id, is_default, created_at: '', updated_at: '' })
  const list = [saved(1, false), saved(2, true, { ...taipei, name: '王小明' })]

  it('is the default one, else the first, else the fields', () => {
    expect(firstRecipientChoice(list, false)).toBe(2)
    expect(firstRecipientChoice([saved(1, false)], false)).toBe(1)
    expect(firstRecipientChoice([], false)).toBe('new')
  })

  it('is the saved one equal to the current recipient, or the fields when none is', () => {
    expect(firstRecipientChoice(list, false, taipei)).toBe(1)
    expect(firstRecipientChoice(list, false, { ...taipei, address: '光復路二段 101 號' })).toBe('new')
  })

  it('waits while loading, and is the fields when the list could not be loaded', () => {
    expect(firstRecipientChoice(undefined, false)).toBeNull()
    expect(firstRecipientChoice(undefined, true)).toBe('new')
  })
})
