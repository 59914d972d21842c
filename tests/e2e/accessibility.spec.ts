import type { Page } from '@playwright/test'
import { apiToken, expect, expectAccessible, findProduct, test, tr, type UiLocale } from './kit'
import { authDialog, createMember, EXPECTED_API_ERRORS, openAuthModal, pathIn, signIn } from './support/accounts'
import { cartControl } from './support/cart'
import { addToServerCart, pricedStock, TAIPEI_RECIPIENT } from './support/checkout'
import { newestNotification, paidOrder } from './support/notifications'

// Every page type in the three languages at phone width, and in the default language (zh-TW) at
// desktop width: axe-core finds no serious or critical violation. The rules axe checks that depend
// on the language (names, labels, lang) are the same at both widths; those that depend on the
// layout (contrast of what is shown, landmarks, targets) are checked at both.
test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })
// axe takes a few seconds a page on a busy machine
test.describe.configure({ timeout: 90_000 })

const ALL_LOCALES: UiLocale[] = ['zh-TW', 'en', 'ja']
const SEARCH_KEYWORD: Record<UiLocale, string> = { 'zh-TW': '抹茶', en: 'matcha', ja: '抹茶' }

const main = (page: Page) => page.getByRole('main')
const h1 = (page: Page) => page.getByRole('heading', { level: 1 })
const firstCard = (page: Page) => main(page).getByRole('article').first()

/** The languages checked at this width: all three on the phone, zh-TW at desktop. */
const localesHere = () => (test.info().project.name === 'desktop' ? ALL_LOCALES.slice(0, 1) : ALL_LOCALES)

/** Opens `pathname` in each language, waits until `ready` holds and checks the page. */

async function checkInEachLanguage(page: Page, pathname: string, ready: (locale: UiLocale) => Promise<void>) {
  for (const locale of localesHere()) {
    await page.goto(pathIn(locale, pathname))
    await ready(locale)
    await expectAccessible(page, `${pathIn(locale, pathname)}`)
  }
}

test('home', async ({ page }) => {
  await checkInEachLanguage(page, '/', async (locale) => {
    await expect(page.getByRole('region', { name: tr(locale, 'Hot cities') })).toBeVisible()
    await expect(firstCard(page)).toBeVisible()
  })
})

test('subscribe page', async ({ page }) => {
  await checkInEachLanguage(page, '/subscribe', async (locale) => {
    await expect(main(page).getByRole('region', { name: tr(locale, 'Choose your plan') }).getByRole('article')).toHaveCount(4)
  })
})

test('product list', async ({ page }) => {
  await checkInEachLanguage(page, '/product/list', async () => {
    await expect(firstCard(page)).toBeVisible()
  })
})

test('trend group and city pages', async ({ page, request }) => {
  const groups = ((await (await request.get('/api/v1/trend_group')).json()) as { data: { id: number }[] }).data
  const group = groups[0]!
  await checkInEachLanguage(page, `/product/list?trend_group_id=${group.id}`, async () => {
    await expect(firstCard(page)).toBeVisible()
  })
  await checkInEachLanguage(page, '/product/list?city=kyoto', async () => {
    await expect(firstCard(page)).toBeVisible()
  })
})

test('product detail', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.status === 'ACTIVE' && p.variants.length > 1)
  await checkInEachLanguage(page, `/product/detail/${product.id}`, async (locale) => {
    await expect(main(page).getByRole('button', { name: tr(locale, 'Add to cart') })).toBeVisible()
  })
})

test('search results', async ({ page }) => {
  for (const locale of localesHere()) {
    const pathname = `/product/search/${encodeURIComponent(SEARCH_KEYWORD[locale])}`
    await page.goto(pathIn(locale, pathname))
    await expect(firstCard(page)).toBeVisible()
    await expectAccessible(page, pathIn(locale, pathname))
  }
})

test('not-found page', async ({ page }) => {
  await checkInEachLanguage(page, '/no-such-page', async (locale) => {
    await expect(h1(page)).toHaveText(tr(locale, 'This page could not be found'))
  })
})

test('cart, empty and with a line', async ({ page, isMobile }) => {
  const { product, variant } = await pricedStock(page, 100, 'en')
  await checkInEachLanguage(page, '/cart', async (locale) => {
    await expect(h1(page)).toBeVisible()
    await expect(main(page).getByText(tr(locale, 'Your cart is empty.'))).toBeVisible()
  })
  await page.goto(`/en/product/detail/${product.id}?variant=${variant.id}`)
  await main(page).getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByText('Add success')).toBeVisible()
  await checkInEachLanguage(page, '/cart', async (locale) => {
    await expect(main(page).getByRole('complementary', { name: tr(locale, 'Order summary') })).toBeVisible()
  })
  // the header's cart dropdown (desktop) lists the line
  if (!isMobile) {
    for (const locale of localesHere()) {
      await page.goto(pathIn(locale, '/'))
      await cartControl(page, locale, 1, false).click()
      await expect(page.getByRole('banner').getByRole('region', { name: tr(locale, 'Cart') }).getByRole('link', { name: tr(locale, 'View cart') })).toBeVisible()
      await expectAccessible(page, `the cart dropdown (${locale})`)
    }
  }
})

test('sign-in and register dialogs, and the /login page', async ({ page }) => {
  for (const locale of localesHere()) {
    await page.goto(pathIn(locale, '/'))
    const login = await openAuthModal(page, locale)
    await expect(login.getByLabel(tr(locale, 'E-mail'), { exact: true })).toBeVisible()
    await expectAccessible(page, `the sign-in dialog (${locale})`)
    await login.getByRole('button', { name: tr(locale, 'Create an account') }).click()
    const register = authDialog(page, locale, 'Sign up')
    await expect(register.getByLabel(tr(locale, 'First name'), { exact: true })).toBeVisible()
    await expectAccessible(page, `the register dialog (${locale})`)

    await page.goto(pathIn(locale, '/login'))
    await expect(authDialog(page, locale)).toBeVisible()
    await expectAccessible(page, pathIn(locale, '/login'))
  }
})

test('member pages: favourites, profile, orders, checkout, payment and order detail', async ({ page, request }) => {
  test.slow()
  const member = await createMember(request)
  const token = await apiToken(request, member)
  const auth = { authorization: `Bearer ${token}` }
  const { product, variant } = await pricedStock(page, 300, 'en')
  expect((await request.post(`/api/v1/product_wishlist/${product.id}`, { headers: auth })).ok()).toBe(true)
  const placed = await request.post('/api/v1/ec-order', {
    headers: { ...auth, 'idempotency-key': `a11y-${Date.now()}-${Math.random()}` },
    data: { lines: [{ product_id: product.id, variant_id: variant.id, quantity: 1 }], recipient: TAIPEI_RECIPIENT, invoice: { mode: 'personal', carrier_type: 'none', email: member.email, name: TAIPEI_RECIPIENT.name } },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const { no } = ((await placed.json()) as { data: { no: string } }).data
  await addToServerCart(request, token, product, variant, 1)

  await page.goto('/en')
  await signIn(page, 'en', member)

  await checkInEachLanguage(page, '/user/favorite', async () => {
    await expect(firstCard(page)).toBeVisible()
  })
  await checkInEachLanguage(page, '/user/info', async (locale) => {
    await expect(main(page).getByText(member.email)).toBeVisible()
    await expect(page.getByRole('complementary', { name: tr(locale, 'Member area') })).toBeVisible()
  })
  await checkInEachLanguage(page, '/user/order', async () => {
    await expect(main(page).getByText(no)).toBeVisible()
  })
  await checkInEachLanguage(page, '/user/reset_password', async () => {
    await expect(main(page).getByRole('textbox').first()).toBeVisible()
  })
  await checkInEachLanguage(page, '/user/referrer', async () => {
    await expect(main(page).getByText(/^[A-Z0-9]{6,}$/).first()).toBeVisible()
  })
  await checkInEachLanguage(page, '/payment', async (locale) => {
    await expect(main(page).getByRole('button', { name: new RegExp(`^${tr(locale, 'Place order')}`) })).toBeVisible()
  })
  await checkInEachLanguage(page, `/payment?order=${no}`, async (locale) => {
    await expect(main(page).getByRole('textbox', { name: tr(locale, 'Card number') })).toBeVisible()
  })
  await checkInEachLanguage(page, `/purchase/${no}`, async (locale) => {
    await expect(main(page).getByRole('heading', { name: tr(locale, 'Ordered items') })).toBeVisible()
  })
})

test('member pages: messages, notification settings and reviews', async ({ page, request }) => {
  const member = await createMember(request)
  const token = await apiToken(request, member)
  // a paid order leaves an unread message, so the list shows how unread ones look
  await paidOrder(page, token, member)
  await newestNotification(request, token, 'order_paid')
  await page.goto('/en')
  await signIn(page, 'en', member)

  await checkInEachLanguage(page, '/user/message', async (locale) => {
    await expect(h1(page)).toHaveText(tr(locale, 'Messages'))
    await expect(main(page).getByRole('listitem').first()).toBeVisible()
  })
  await checkInEachLanguage(page, '/user/notification', async (locale) => {
    await expect(h1(page)).toHaveText(tr(locale, 'Notification settings'))
    await expect(main(page).getByRole('group', { name: tr(locale, 'Quiet hours') })).toBeVisible()
  })
  await checkInEachLanguage(page, '/user/comment', async (locale) => {
    await expect(h1(page)).toHaveText(tr(locale, 'Reviews'))
    await expect(main(page).getByRole('link', { name: tr(locale, 'To review') })).toBeVisible()
  })
  await checkInEachLanguage(page, '/user/comment?tab=history', async (locale) => {
    await expect(main(page).getByRole('link', { name: tr(locale, 'My reviews') })).toHaveAttribute('aria-current', 'page')
  })
})
