import type { APIRequestContext, Page } from '@playwright/test'
import type { Product, Variant } from '../../../contract/catalogue'
import type { Order } from '../../../contract/order'
import type { Paged } from '../../../contract/page'
import { allProducts, apiLocale, expect, type UiLocale } from '../kit'

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * A product sold from stock with a type priced from `minPrice` to `maxPrice` and plenty of stock, so that
 * the specs of both projects can buy it without running it out. The stock is read afresh: the list
 * of products is kept per worker while other workers' orders take stock, and a type with few left
 * would be refused a few units by the member's share of it (decision 61).
 */
export async function pricedStock(page: Page, minPrice: number, locale: UiLocale = 'en', not?: number, maxPrice = Infinity): Promise<{ product: Product; variant: Variant }> {
  const fits = (v: Variant) => v.price >= minPrice && v.price <= maxPrice && v.stock_left >= 30
  const candidates = (await allProducts(page.request, locale)).filter((p) => p.id !== not && p.status === 'ACTIVE' && p.stock_type === 'OFF_SHELF' && p.variants.some(fits))
  for (const candidate of candidates) {
    const response = await page.request.get(`/api/v1/product/${candidate.id}`, { headers: { 'X-localization': apiLocale(locale) } })
    expect(response.ok()).toBe(true)
    const product = ((await response.json()) as { data: Product }).data
    const variant = product.variants.find(fits)
    if (variant) return { product, variant }
  }
  throw new Error('The catalogue has no product with the trait this test needs')
}

/** Puts a line in the member's cart on the server (the PWA takes it at sign-in). */
export async function addToServerCart(request: APIRequestContext, token: string, product: Product, variant: Variant, quantity: number) {
  const response = await request.post('/api/v1/cart', { headers: bearer(token), data: { product_id: product.id, variant_id: variant.id, quantity } })
  expect(response.ok(), await response.text()).toBe(true)
}

export const TAIPEI_RECIPIENT = { name: '王小明', phone: '0912345678', zip_code: '106', county: '臺北市', district: '大安區', address: '復興南路一段 390 號' }

/** Saves a recipient for the member through the API. */
export async function saveRecipient(request: APIRequestContext, token: string, recipient = TAIPEI_RECIPIENT) {
  const response = await request.post('/api/v1/recipient', { headers: bearer(token), data: recipient })
  expect(response.status(), await response.text()).toBe(201)
}

/** The member's current orders (PROCESSING, TRANSPORTING) as the API lists them. */
export async function currentOrders(request: APIRequestContext, token: string): Promise<Order[]> {
  const response = await request.get('/api/v1/ec-order?per_page=100', { headers: bearer(token) })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as Paged<Order>).data
}

/** The order number of the payment step's address (/payment?order=NO). */
export function orderNoIn(url: string): string {
  const no = new URL(url).searchParams.get('order')
  if (!no) throw new Error(`no order in ${url}`)
  return no
}
