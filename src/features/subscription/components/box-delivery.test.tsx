// @vitest-environment jsdom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MemberSubscription } from '../../../../contract/subscription'
import type { RecipientBook } from '@/lib/recipient-book'
import { BoxDelivery } from './box-delivery'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})
afterEach(cleanup)

const box: MemberSubscription = {
  plan_id: 'box-3',
  plan_title: '3-month plan',
  status: 'cancelling',
  current_period_end: '2026-12-10T03:00:00.000Z',
  plan_months: 3,
  term_amount: 2895,
  recipient: null,
  next_box: null,
  boxes: [],
  can_manage_payment: true,
  plan_change: null,
}
const book: RecipientBook = { list: [], failed: false, save: async () => Promise.reject(new Error('not used')) }

const renderDelivery = (subscription: MemberSubscription) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <BoxDelivery subscription={subscription} book={book} dates={new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'Asia/Taipei' })} />
      </I18nProvider>
    </QueryClientProvider>,
  )

describe('BoxDelivery', () => {
  it('a box with no recipient and no box ahead still offers to add one', () => {
    renderDelivery(box)
    expect(screen.getByText(/No recipient has been given for this box yet/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add a recipient' }))
    expect(screen.getByRole('form', { name: 'Who should receive your boxes?' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Save recipient' })).toBeTruthy()
  })

  it('a box with a recipient and its last box packed offers no change', () => {
    renderDelivery({ ...box, recipient: { name: '王小明', phone: '0912345678', zip_code: '106', county: '臺北市', district: '大安區', address: '復興南路一段 390 號' } })
    expect(screen.queryByRole('button', { name: 'Change recipient' })).toBeNull()
  })
})
