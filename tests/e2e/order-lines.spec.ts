import { mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import type { Product, Variant } from '../../contract/catalog'
import { allProducts, apiToken, expect, findProduct, header, test, tr, type UiLocale } from './kit'
import { createMember, pathIn, signIn, trWith } from './support/accounts'
import { cartName } from './support/cart'
import { addToServerCart, saveRecipient } from './support/checkout'
import { measureLine, placeOrder } from './support/orders'

test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (401|404)/] })

const LOCALES: UiLocale[] = ['zh-TW', 'en', 'ja']
/** the tester's widths: a 390 px phone and a 1440 px desktop */
const widthOf = (isMobile: boolean) => (isMobile ? 390 : 1440)
const SHOTS = process.env.E2E_SHOTS_DIR

/** The in-stock product with the longest English name (the one the tester saw split: "Tako / yaki Rice Crac / kers"). */
async function longNamed(page: Page): Promise<{ product: Product; variant: Variant }> {
  const fits = (v: Variant) => v.stock_left >= 30 && v.price < 1500
  const candidates = (await allProducts(page.request, 'en')).filter((p) => p.status === 'ACTIVE' && p.stock_type === 'OFF_SHELF' && p.variants.some(fits))
  const product = candidates.sort((a, b) => b.name.length - a.name.length)[0]
  if (!product) throw new Error('no product to order')
  return { product, variant: product.variants.find(fits)! }
}

/**
 * Every line of `list` holds its thumbnail and its name on one row: the thumbnail on the left with its
 * top at the name's row, the name in a column wide enough that no word is broken, on at most three lines.
 */
async function expectSound(where: string, list: Locator, name: string, width: number) {
  const line = list.getByRole('listitem').filter({ hasText: name }).first()
  await expect(line, where).toBeVisible()
  const layout = await measureLine(line, name)
  const info = `${where}: ${JSON.stringify(layout)}`
  expect.soft(layout.thumb.right, `${info} — the thumbnail sits left of the name`).toBeLessThanOrEqual(layout.name.left + 1)
  expect.soft(Math.abs(layout.thumb.top - layout.name.top), `${info} — the thumbnail's top is at the name's row`).toBeLessThanOrEqual(12)
  expect.soft(layout.name.width, `${info} — the name's column`).toBeGreaterThan(width < 640 ? 150 : 180)
  expect.soft(layout.lines, `${info} — lines the name takes`).toBeLessThanOrEqual(3)
  expect.soft(layout.splitWords, `${info} — words broken across lines`).toEqual([])
  return line
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false })
}

for (const L of LOCALES) {
  test(`order lines keep the thumbnail and the whole name on one row: checkout summary, My orders, the order page, the mini-cart (${L})`, async ({ page, request, isMobile }) => {
    test.setTimeout(60_000)
    const width = widthOf(isMobile)
    await page.setViewportSize({ width, height: 900 })
    const member = await createMember(request, { locale: L })
    const token = await apiToken(request, member)
    await saveRecipient(request, token)
    const { product, variant } = await longNamed(page)
    const order = await placeOrder(request, token, product, variant, 1)
    await addToServerCart(request, token, product, variant, 2)
    const name = (await findProduct(request, (p) => p.id === product.id, L)).name
    const main = page.getByRole('main')

    await page.goto(pathIn(L, '/product/list'))
    await signIn(page, L, member)

    // the payment page's summary
    await page.goto(pathIn(L, '/payment'))
    const summary = main.getByRole('complementary', { name: tr(L, 'Order summary') })
    const summaryLine = await expectSound('checkout summary', summary, name, width)
    await summaryLine.scrollIntoViewIfNeeded()
    await shoot(page, `checkout-summary-${L}-${width}`)

    // My orders
    await page.goto(pathIn(L, '/user/order'))
    const card = main.getByRole('article', { name: trWith(L, 'Order {no}', { no: order.no }) })
    await expectSound('My orders', card.getByRole('list', { name: tr(L, 'Ordered items') }), name, width)
    await card.scrollIntoViewIfNeeded()
    await shoot(page, `my-orders-${L}-${width}`)

    // the order page
    await page.goto(pathIn(L, `/purchase/${order.no}`))
    const items = main.getByRole('list', { name: tr(L, 'Ordered items') })
    const itemLine = await expectSound('order page', items, name, width)
    await itemLine.scrollIntoViewIfNeeded()
    await shoot(page, `order-page-${L}-${width}`)

    // the header's mini-cart (desktops; phones reach the cart through the dock)
    if (!isMobile) {
      await header(page).getByRole('button', { name: cartName(L, 2), exact: true }).click()
      const dropdown = header(page).getByRole('region', { name: tr(L, 'Cart') })
      await expectSound('mini-cart', dropdown, name, width)
      await shoot(page, `mini-cart-${L}-${width}`)
    }
  })
}
