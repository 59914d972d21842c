import { mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import type { Product, Variant } from '../../contract/catalogue'
import { allProducts, apiToken, expect, findProduct, header, ntd, test, tr, type UiLocale } from './kit'
import { createMember, pathIn, signIn, trWith } from './support/accounts'
import { cartName } from './support/cart'
import { addToServerCart, saveRecipient } from './support/checkout'
import { cancelAndRefund, measureLine, payOrder, placeOrder } from './support/orders'

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

/** Whether a CSS colour reads as green (the shop's "paid" and "success" colours): its hue, with some saturation. */
function isGreen(css: string): boolean {
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number).map((n) => n / 255)
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  if (max - min < 0.02 || max !== g) return false
  const lightness = (max + min) / 2
  const saturation = (max - min) / (1 - Math.abs(2 * lightness - 1))
  const hue = 60 * ((b - r) / (max - min) + 2)
  return saturation > 0.15 && hue > 80 && hue < 170
}

const colours = (locator: Locator) => locator.evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor }))

for (const L of LOCALES) {
  test(`a cancelled, refunded order says so in neutral colours, not as a green "paid" (${L})`, async ({ page, request, isMobile }) => {
    test.setTimeout(60_000)
    const width = widthOf(isMobile)
    await page.setViewportSize({ width, height: 900 })
    const member = await createMember(request, { locale: L })
    const token = await apiToken(request, member)
    const { product, variant } = await longNamed(page)
    const placed = await placeOrder(request, token, product, variant, 1)
    await payOrder(request, token, placed)
    const order = await cancelAndRefund(request, token, placed.no)
    const main = page.getByRole('main')

    await page.goto(pathIn(L, '/product/list'))
    await signIn(page, L, member)
    await page.goto(pathIn(L, `/purchase/${order.no}`))
    const heading = main.getByRole('heading', { level: 1 })
    await expect(heading).toHaveText(tr(L, 'This order is cancelled'))
    const banner = heading.locator('xpath=..')
    expect(isGreen((await colours(banner)).background), 'the banner is not a success banner').toBe(false)
    await expect(main.getByText(trWith(L, '{refunded} has been refunded to your card.', { refunded: ntd(order.refund!.amount) }))).toBeVisible()
    const badges = banner.getByRole('list', { name: tr(L, 'Status') })
    await expect(badges.getByRole('listitem')).toHaveText([tr(L, 'Cancelled'), tr(L, 'Refunded')])
    for (const badge of await badges.getByRole('listitem').all()) {
      const { color, background } = await colours(badge)
      expect(isGreen(color) || isGreen(background), `badge ${await badge.textContent()} in ${color} on ${background}`).toBe(false)
    }
    await shoot(page, `refunded-order-${L}-${width}`)

    // the order history shows the same
    await page.goto(pathIn(L, '/user/order?tab=history'))
    const card = main.getByRole('article', { name: trWith(L, 'Order {no}', { no: order.no }) })
    const cardBadges = card.getByRole('list', { name: tr(L, 'Status') }).getByRole('listitem')
    await expect(cardBadges).toHaveText([tr(L, 'Cancelled'), tr(L, 'Refunded')])
    for (const badge of await cardBadges.all()) expect(isGreen((await colours(badge)).color)).toBe(false)
    await expect(card.getByText(tr(L, 'Paid'), { exact: true })).toHaveCount(0)
  })
}

test.describe('offline', () => {
  // Offline, every request the service worker cannot answer fails in the console by design.
  test.use({ serviceWorkers: 'allow', allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|NetworkError|status of (401|404)/] })

  const toasts = (page: Page) => page.locator('[data-sonner-toast]')

  for (const [L, who] of [['zh-TW', 'visitor'], ['en', 'member'], ['ja', 'visitor']] as const) {
    test(`offline, adding to the cart says added and kept on this device, with no error toast (${L}, ${who})`, async ({ page, context, request }) => {
      test.setTimeout(60_000)
      const { product, variant } = await longNamed(page)
      await page.goto(pathIn(L, '/product/list'))
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 })
      if (who === 'member') await signIn(page, L, await createMember(request, { locale: L }))
      // seen under the worker, so it opens offline
      await page.goto(pathIn(L, `/product/detail/${product.id}?variant=${variant.id}`))
      const name = (await findProduct(request, (p) => p.id === product.id, L)).name
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

      await context.setOffline(true)
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await page.getByRole('main').getByRole('button', { name: tr(L, 'Add to cart') }).click()
      const added = toasts(page).filter({ hasText: tr(L, 'Add success') })
      await expect(added).toBeVisible()
      await expect(added).toContainText(tr(L, 'You are offline: it is kept on this device.'))
      // a second add, and time for anything that would complain to do so
      await page.getByRole('main').getByRole('button', { name: tr(L, 'Add to cart') }).click()
      await page.waitForTimeout(2500)
      const shown = await toasts(page).allInnerTexts()
      expect(shown.filter((text) => !text.includes(tr(L, 'Add success'))), `toasts: ${JSON.stringify(shown)}`).toEqual([])
      await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0)
      await expect(page.getByRole('status').filter({ hasText: tr(L, 'You are offline. You can keep browsing what you have seen; the cart sends your changes when you are back online.') })).toBeVisible()
    })
  }
})
