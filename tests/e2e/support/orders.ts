import { expect, type APIRequestContext, type Locator } from '@playwright/test'
import type { Product, Variant } from '../../../contract/catalogue'
import type { Order } from '../../../contract/order'
import { sandboxConfirmRequest } from '../../../contract/payment'
import type { PublicConfig } from '../../../contract/shop'
import { TAIPEI_RECIPIENT } from './checkout'

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Places an order of one line through the API, as the payment page does (a personal invoice, no carrier). */
export async function placeOrder(request: APIRequestContext, token: string, product: Product, variant: Variant, quantity = 1): Promise<Order> {
  const response = await request.post('/api/v1/ec-order', {
    headers: { ...bearer(token), 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` },
    data: {
      lines: [{ product_id: product.id, variant_id: variant.id, quantity }],
      recipient: TAIPEI_RECIPIENT,
      invoice: { mode: 'personal', carrier_type: 'none', email: 'ming@example.tw', name: '王小明' },
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { data: Order }).data
}

export async function orderOf(request: APIRequestContext, token: string, no: string): Promise<Order> {
  const response = await request.get(`/api/v1/ec-order/${no}`, { headers: bearer(token) })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { data: Order }).data
}

/** Pays an order with Stripe's test Visa card in the shop's payment sandbox, as the test-card form would, and waits for the shop to know. */
export async function payOrder(request: APIRequestContext, token: string, order: Order): Promise<void> {
  const config = ((await (await request.get('/api/v1/config')).json()) as { data: PublicConfig }).data
  expect(config.payment.sandbox, 'paying from a test needs the embedded sandbox').toBe(true)
  const secret = order.payment.client_secret
  if (!secret) throw new Error(`order ${order.no} has no payment to confirm`)
  const { url, init } = sandboxConfirmRequest(secret, 'pm_card_visa', config.payment.publishable_key)
  const confirmed = await request.post(url, { headers: init.headers, data: init.body })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  await expect.poll(async () => (await orderOf(request, token, order.no)).payment_status, { timeout: 15_000 }).toBe('SUCCESSED')
}

/** Cancels a paid order as its member and waits until the refund has gone through. */
export async function cancelAndRefund(request: APIRequestContext, token: string, no: string): Promise<Order> {
  const response = await request.post(`/api/v1/ec-order/${no}/cancel`, { headers: bearer(token) })
  expect(response.ok(), await response.text()).toBe(true)
  await expect.poll(async () => (await orderOf(request, token, no)).refund?.status, { timeout: 15_000 }).toBe('REFUNDED')
  return orderOf(request, token, no)
}

export interface LineLayout {
  thumb: { top: number; bottom: number; left: number; right: number }
  name: { top: number; bottom: number; left: number; right: number; width: number; height: number }
  /** how many lines the name takes */
  lines: number
  /** Latin words drawn across two lines ("Tako / yaki") */
  splitWords: string[]
}

/**
 * Measures an order line in the browser: its thumbnail (the first picture, or the fallback tile),
 * the element holding exactly `name`, how many lines the name takes and which of its Latin words
 * were broken across lines.
 */
export function measureLine(line: Locator, name: string): Promise<LineLayout> {
  return line.evaluate((li, wanted) => {
    const thumbEl = li.querySelector('img, .image-fallback')
    const nameEl = [...li.querySelectorAll<HTMLElement>('*')].filter((el) => el.textContent?.trim() === wanted).at(-1)
    if (!thumbEl || !nameEl) throw new Error(`line without ${thumbEl ? 'the name' : 'a thumbnail'}: ${li.outerHTML.slice(0, 300)}`)
    const box = (el: Element) => {
      const r = el.getBoundingClientRect()
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height }
    }
    const name = box(nameEl)
    const text = nameEl.firstChild?.nodeType === Node.TEXT_NODE ? (nameEl.firstChild as Text) : null
    const rowsOf = (range: Range) => new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size
    const splitWords: string[] = []
    let lines = 0
    if (text) {
      const whole = document.createRange()
      whole.selectNodeContents(text)
      lines = rowsOf(whole)
      for (const match of text.data.matchAll(/[A-Za-z0-9]+/g)) {
        const range = document.createRange()
        range.setStart(text, match.index)
        range.setEnd(text, match.index + match[0].length)
        if (rowsOf(range) > 1) splitWords.push(match[0])
      }
    }
    return { thumb: box(thumbEl), name, lines, splitWords }
  }, name)
}
