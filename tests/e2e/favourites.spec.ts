import type { Page } from '@playwright/test'
import type { Product } from '../../contract/catalogue'
import { allProducts, apiToken, expect, header, test, tr, type UiLocale } from './kit'
import { authDialog, chooseInMemberMenu, createMember, EXPECTED_API_ERRORS, pathIn, signIn, submitLogin } from './support/accounts'

test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

/** the favourites page's page size (FAVOURITES_PER_PAGE, src/features/favourites/api/get-favourites.ts) */
const FAVOURITES_PER_PAGE = 12

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Two products that share no category, so a category filter tells them apart. */
async function twoProductsApart(page: Page, locale: UiLocale): Promise<[Product, Product]> {
  const products = (await allProducts(page.request, locale)).filter((p) => p.status === 'ACTIVE' && p.categories.length > 0)
  const first = products[0]!
  const ids = new Set(first.categories.map((c) => c.category.id))
  const second = products.find((p) => p.categories.every((c) => !ids.has(c.category.id)))!
  return [first, second]
}

/** The heart of the product page (in the summary, beside 'Add to cart'). */
const pageHeart = (page: Page, locale: UiLocale) => page.getByRole('main').getByRole('button', { name: tr(locale, 'Favourite'), exact: true }).first()

test('a visitor’s heart asks to log in; signing in from that dialog stays on the product and marks it (zh-TW)', async ({ page, request }) => {
  const T = (message: string) => tr('zh-TW', message)
  const member = await createMember(request, { locale: 'zh-TW' })
  await page.goto('/product/list')
  const cards = page.getByRole('main').getByRole('article')
  const [first, second] = [cards.nth(0), cards.nth(1)]
  await second.getByRole('button', { name: T('Favourite'), exact: true }).click()
  await expect(page.getByText(T('Please Log In.'))).toBeVisible()
  const dialog = authDialog(page, 'zh-TW')
  await expect(dialog).toBeVisible()
  // the list stays where it was, and the heart is not marked; closing the dialog drops the heart
  await expect(page).toHaveURL(/\/product\/list$/)
  await dialog.getByRole('button', { name: T('Close') }).click()
  await expect(second.getByRole('button', { name: T('Favourite'), exact: true })).toHaveAttribute('aria-pressed', 'false')

  await first.getByRole('link').click()
  await expect(page).toHaveURL(/\/product\/detail\/(\d+)$/)
  const detail = page.url()
  const id = detail.match(/detail\/(\d+)$/)![1]
  const refetch = page.waitForRequest((request) => new URL(request.url()).pathname === `/api/v1/product/${id}`)
  await pageHeart(page, 'zh-TW').click()
  await refetch
  await expect(dialog).toBeVisible()

  // signed in there: still on the product, which is now a favourite (saved on the server)
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v1/product_wishlist/${id}`) && r.request().method() === 'POST')
  await submitLogin(page, 'zh-TW', member)
  await expect(dialog).toBeHidden()
  expect((await saved).ok()).toBe(true)
  expect(page.url()).toBe(detail)
  await expect(pageHeart(page, 'zh-TW')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText(T('Added to your favourites'))).toBeVisible()
  await page.reload()
  await expect(pageHeart(page, 'zh-TW')).toHaveAttribute('aria-pressed', 'true')

  // the heart of the dismissed dialog was not marked
  await page.goto('/product/list')
  await expect(first.getByRole('button', { name: T('Favourite'), exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(second.getByRole('button', { name: T('Favourite'), exact: true })).toHaveAttribute('aria-pressed', 'false')
})

test('a member keeps favourites, finds them in the member area and filters them by category (ja)', async ({ page, request, isMobile }) => {
  const T = (message: string) => tr('ja', message)
  const [first, second] = await twoProductsApart(page, 'ja')
  const member = await createMember(request, { locale: 'ja' })
  await page.goto('/ja')
  await signIn(page, 'ja', member)

  for (const product of [first, second]) {
    await page.goto(pathIn('ja', `/product/detail/${product.id}`))
    const heart = pageHeart(page, 'ja')
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v1/product_wishlist/${product.id}`) && r.request().method() === 'POST')
    await heart.click()
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    expect((await saved).ok()).toBe(true)
  }
  // the heart stays marked on the next visit
  await page.reload()
  await expect(pageHeart(page, 'ja')).toHaveAttribute('aria-pressed', 'true')

  // to the favourites: the dock on phones, the member menu on desktops
  await page.goto('/ja/product/list')
  if (isMobile) await page.getByRole('navigation', { name: T('Quick navigation') }).getByRole('link', { name: T('Favourites') }).click()
  else await chooseInMemberMenu(page, 'ja', 'My favourites')
  await expect(page).toHaveURL(/\/ja\/user\/favorite$/)
  await expect(page.getByRole('heading', { level: 1, name: T('My favourites') })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByRole('article')).toHaveCount(2)

  const filter = main.getByRole('navigation', { name: T('Filter by category') })
  const category = second.categories[0]!.category
  await filter.getByRole('link', { name: new RegExp(`^${escape(category.name)} 1$`) }).click()
  await expect(page).toHaveURL(new RegExp(`category_id=${category.id}`))
  await expect(main.getByRole('article')).toHaveCount(1)
  await expect(main.getByRole('article').getByRole('heading', { name: second.name })).toBeVisible()
  await filter.getByRole('link', { name: new RegExp(`^${escape(T('All'))} 2$`) }).click()
  await expect(main.getByRole('article')).toHaveCount(2)
  await filter.getByRole('link', { name: new RegExp(`^${escape(category.name)} 1$`) }).click()
  await expect(main.getByRole('article')).toHaveCount(1)

  // un-marking the category's last favourite: the category says it is empty and stays chosen, and "All" is offered
  await main.getByRole('article').getByRole('button', { name: T('Favourite'), exact: true }).click()
  await expect(main.getByRole('article')).toHaveCount(0)
  await expect(main.getByRole('heading', { name: T('No favourites in this category') })).toBeVisible()
  await expect(main.getByRole('heading', { name: T('No favourites yet') })).toHaveCount(0)
  await expect(filter.getByRole('link', { name: new RegExp(`^${escape(category.name)} 0$`) })).toHaveAttribute('aria-current', /^(true|page)$/)
  await expect(filter.getByRole('link', { name: new RegExp(`^${escape(T('All'))} 1$`) })).toBeVisible()
  await main.getByRole('link', { name: T('Show all favourites') }).click()
  await expect(page).toHaveURL(/\/ja\/user\/favorite$/)
  await expect(main.getByRole('article')).toHaveCount(1)

  // un-marking on the favourites page takes the product off the list; the last one leaves "no favourites yet"
  const card = main.getByRole('article').filter({ has: page.getByRole('heading', { name: first.name }) })
  await card.getByRole('button', { name: T('Favourite'), exact: true }).click()
  await expect(main.getByRole('article')).toHaveCount(0)
  await expect(main.getByRole('heading', { name: T('No favourites yet') })).toBeVisible()
  await page.reload()
  await expect(main.getByRole('heading', { name: T('No favourites yet') })).toBeVisible()
  await expect(main.getByRole('link', { name: T('Browse products') })).toBeVisible()
})

test('the favourites page is for members only, and its dock and menu entries only show to them (en)', async ({ page, isMobile }) => {
  await page.goto('/en/user/favorite')
  await expect(page).toHaveURL(/\/en\/login\?redirect=/)
  await page.goto('/en/product/list')
  if (isMobile) await expect(page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link', { name: 'Favourites' })).toHaveCount(0)
  await expect(header(page).getByRole('link', { name: 'My favourites' })).toHaveCount(0)
})

for (const locale of ['zh-TW', 'en', 'ja'] as UiLocale[]) {
  test(`a favourite removed by mistake comes back with Undo (${locale})`, async ({ page, request }) => {
    const T = (message: string) => tr(locale, message)
    const [first, second] = await twoProductsApart(page, locale)
    const member = await createMember(request, { locale })
    const token = await apiToken(request, member)
    for (const product of [first, second]) {
      const added = await request.post(`/api/v1/product_wishlist/${product.id}`, { headers: { authorization: `Bearer ${token}` } })
      expect(added.ok(), await added.text()).toBe(true)
    }
    await page.goto(pathIn(locale, '/'))
    await signIn(page, locale, member)
    await page.goto(pathIn(locale, '/user/favorite'))
    const main = page.getByRole('main')
    await expect(main.getByRole('article')).toHaveCount(2)

    const card = main.getByRole('article').filter({ hasText: first.name })
    await card.getByRole('button', { name: T('Favourite'), exact: true }).click()
    await expect(main.getByRole('article')).toHaveCount(1)
    const undo = page.getByRole('button', { name: T('Undo') })
    await expect(page.getByText(T('Removed from your favourites.'))).toBeVisible()
    const restored = page.waitForResponse((r) => r.url().endsWith(`/api/v1/product_wishlist/${first.id}`) && r.request().method() === 'POST')
    await undo.click()
    expect((await restored).ok()).toBe(true)
    await expect(main.getByRole('article')).toHaveCount(2)
    await expect(main.getByRole('article').filter({ hasText: first.name }).getByRole('button', { name: T('Favourite'), exact: true })).toHaveAttribute('aria-pressed', 'true')
    // the server has it again
    await page.reload()
    await expect(main.getByRole('article')).toHaveCount(2)
  })
}

test('the favourites page pages within a category, keeping the filter, and page 1 has no page in its address (en)', async ({ page, request }) => {
  const member = await createMember(request, { locale: 'en' })
  const token = await apiToken(request, member)
  // a page and one more of one category's favourites: a full first page, one on the second
  const products = (await allProducts(request, 'en')).filter((p) => p.status === 'ACTIVE')
  const counts = new Map<number, Product[]>()
  for (const product of products) for (const { category } of product.categories) counts.set(category.id, [...(counts.get(category.id) ?? []), product])
  const [categoryId, inCategory] = [...counts.entries()].find(([, list]) => list.length > FAVOURITES_PER_PAGE)!
  for (const product of inCategory.slice(0, FAVOURITES_PER_PAGE + 1)) {
    const saved = await request.post(`/api/v1/product_wishlist/${product.id}`, { headers: { authorization: `Bearer ${token}` } })
    expect(saved.ok(), await saved.text()).toBe(true)
  }
  await page.goto('/en')
  await signIn(page, 'en', member)
  await page.goto(`/en/user/favorite?category_id=${categoryId}`)
  const main = page.getByRole('main')
  await expect(main.getByRole('article')).toHaveCount(FAVOURITES_PER_PAGE)
  const pages = main.getByRole('navigation', { name: 'Pagination' })
  await pages.getByRole('link', { name: 'Page 2' }).click()
  await expect(page).toHaveURL(new RegExp(`/en/user/favorite\\?(?=.*category_id=${categoryId})(?=.*page=2)`))
  await expect(main.getByRole('article')).toHaveCount(1)
  await pages.getByRole('link', { name: 'Previous page' }).click()
  await expect(page).toHaveURL(new RegExp(`/en/user/favorite\\?category_id=${categoryId}$`))
  await expect(main.getByRole('article')).toHaveCount(FAVOURITES_PER_PAGE)
})
