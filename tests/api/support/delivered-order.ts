import { expect } from 'vitest'
import { recipient, type CheckoutShop, type Member } from '../checkout-kit'

/** Places, pays, ships and delivers an order of one `sku` by the member, to the recipient changed by `to`; returns its number. */
export async function deliveredOrder(shop: CheckoutShop, m: Member, sku: string, to: Record<string, unknown> = {}) {
  const placed = await m.checkout([shop.line(sku, 1)], { recipient: { ...recipient, ...to } })
  expect(placed.status).toBe(201)
  expect((await shop.pay(placed.body.data.payment.client_secret, 'pm_card_visa')).status).toBe(200)
  await shop.settle()
  const no = placed.body.data.no as string
  expect((await shop.operate('ship', no, { tracking: '123456789012' })).status).toBe(200)
  expect((await shop.operate('complete', no)).status).toBe(200)
  return no
}
