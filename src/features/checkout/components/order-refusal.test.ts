import { i18n } from '@lingui/core'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import type { CheckoutLine } from './checkout-line'
import { holdProblem, lineLimit, unverifiedNotice, unverifiedProblem } from './order-refusal'

// the compiled catalogs (`lingui compile`, run by `npm test` before the unit tests); absent in a bare checkout
const compiled = import.meta.glob<{ messages: Record<string, unknown> }>('../../../../locales/{zh-TW,ja}/messages.ts', { eager: true })
const catalog = (tag: string) => Object.entries(compiled).find(([file]) => file.includes(`/${tag}/`))?.[1].messages
const inLanguage = (tag: string) => {
  i18n.load(tag, (catalog(tag) ?? {}) as never)
  i18n.activate(tag)
}
afterAll(() => inLanguage('en'))

const line = (name: string): CheckoutLine => ({ product_id: 1, variant_id: 1, quantity: 7, name, type: '1 box', image: '', price: 380, max_quantity: 10 })
const lines = [line('Matcha KitKat'), line('Shiroi Koibito')]
const held = (maxQuantity: number) =>
  new ApiError(409, 'VARIANT_HOLD_LIMIT', 'Few of this item are left…', { 'lines.1': ['is more than half of what is left'], max_quantity: maxQuantity })
const unverified = (units: number) => new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Please verify…', { max_unpaid_orders: 1, max_units: units })

describe('what the payment page says when an order is refused for what the member holds', () => {
  it('names the product and how many of it may be ordered now', () => {
    inLanguage('en')
    expect(holdProblem(held(3), lines)).toBe('Only 3 of “Shiroi Koibito” can be ordered now: few are left, and one member may hold at most half of them until paid. Please lower the quantity.')
    expect(holdProblem(held(0), lines)).toBe('Few of “Shiroi Koibito” are left, and your unpaid orders already hold your share of them. Please pay for those orders first.')
    // a line the page no longer has: the server's own words
    expect(holdProblem(held(3), lines.slice(0, 1))).toBe('Few of this item are left…')
  })

  it('says how much a member may order before verifying the e-mail', () => {
    inLanguage('en')
    expect(unverifiedProblem(unverified(3))).toBe(
      'Please verify your e-mail address to order more: follow the link in the mail we sent when you signed up. Until then you can have one unpaid order of at most 3 items.',
    )
    expect(unverifiedProblem(unverified(1))).toMatch(/at most 1 item\.$/)
    expect(unverifiedProblem(unverified(0))).toBe('Please verify your e-mail address before ordering: follow the link in the mail we sent when you signed up.')
  })

  it('says before "Place order" what the quote says the member may order now', () => {
    inLanguage('en')
    const limit = { max_unpaid_orders: 1, max_units: 3, unpaid_orders: 0 }
    // verified, or an order was paid: nothing to say
    expect(unverifiedNotice(null, 12)).toBeNull()
    expect(unverifiedNotice(limit, 3)).toBeNull()
    expect(unverifiedNotice(limit, 4)).toBe(unverifiedProblem(unverified(3)))
    expect(unverifiedNotice({ ...limit, unpaid_orders: 1 }, 1)).toBe(
      'Please verify your e-mail address to place another order: follow the link in the mail we sent when you signed up. Until then you can have one unpaid order, and yours is waiting for payment.',
    )
    expect(unverifiedNotice({ ...limit, max_units: 0 }, 1)).toBe(unverifiedProblem(unverified(0)))
    expect(lineLimit(2)).toBe('You can order at most 2 of this now.')
    expect(lineLimit(0)).toBe('Your unpaid orders already hold your share of this: please pay for them first.')
  })

  it.skipIf(!catalog('zh-TW') || !catalog('ja'))('says it in Traditional Chinese and Japanese', () => {
    inLanguage('zh-TW')
    expect(holdProblem(held(3), lines)).toBe('「Shiroi Koibito」目前最多只能訂購 3 件：此商品所剩不多，每位會員在付款前最多只能保留剩餘數量的一半。請減少數量。')
    expect(unverifiedProblem(unverified(3))).toBe('請先完成電子郵件驗證才能訂購更多商品：請點選您註冊時我們寄出的郵件中的連結。驗證前，您只能有一筆未付款訂單，最多 3 件商品。')
    inLanguage('ja')
    expect(holdProblem(held(0), lines)).toBe('「Shiroi Koibito」は残りわずかで、お支払い待ちのご注文ですでにお一人様分をお取り置きしています。先にそのご注文をお支払いください。')
    expect(unverifiedProblem(unverified(3))).toContain('商品 3 点まで')
    expect(lineLimit(2)).toBe('この商品は現在 2 点までご注文いただけます。')
    inLanguage('zh-TW')
    expect(lineLimit(2)).toBe('此商品目前最多只能訂購 2 件。')
  })
})
