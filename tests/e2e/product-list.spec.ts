import type { Page } from '@playwright/test'
import { expect, navigateInApp, test, tr, type UiLocale } from './kit'

/** The lowest (or highest) price on each card: ascending sorts by the low end, descending by the high end. */
const prices = async (page: Page, end: 'low' | 'high') => {
  const texts = await page.getByRole('main').getByRole('article').locator('.product-card__price').allTextContents()
  return texts.map((text) => {
    const amounts = [...text.matchAll(/NT\$([\d,]+)/g)].map((m) => Number(m[1]!.replace(/,/g, '')))
    return end === 'low' ? Math.min(...amounts) : Math.max(...amounts)
  })
}

test.describe('product list', () => {
  test('filters by category and city, and the URL keeps the state', async ({ page, request }) => {
    const categories = (await (await request.get('/api/v1/category', { headers: { 'X-localization': 'en' } })).json()) as {
      data: { id: number; name: string }[]
    }
    const category = categories.data[1]!
    await page.goto('/en/product/list')
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible()

    await page.getByLabel('Category').selectOption(String(category.id))
    await expect(page).toHaveURL(new RegExp(`/en/product/list\\?category_id=${category.id}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name)
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(category.name)

    await page.getByLabel('City').selectOption('osaka')
    await expect(page).toHaveURL(new RegExp(`category_id=${category.id}&city=osaka$`))
    // the title changes once the new results are on screen
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${category.name} · Osaka`)
    const cards = page.getByRole('main').getByRole('article')
    const count = await cards.count()
    if (count === 0) {
      await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Show all products' })).toBeVisible()
    } else {
      for (const text of await cards.allTextContents()) expect(text).toContain('Osaka')
    }

    await page.reload()
    await expect(page.getByLabel('Category')).toHaveValue(String(category.id))
    await expect(page.getByLabel('City')).toHaveValue('osaka')

    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`/en/product/list\\?category_id=${category.id}$`))
    await expect(page.getByLabel('City')).toHaveValue('')
  })

  test('sorts by price both ways', async ({ page }) => {
    const isSorted = (list: number[], direction: 1 | -1) => list.length > 1 && list.every((v, i) => i === 0 || (v - list[i - 1]!) * direction >= 0)
    await page.goto('/en/product/list')
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()

    await page.getByLabel('Sort by').selectOption('price_asc')
    await expect(page).toHaveURL(/sort=price_asc$/)
    // the old order stays on screen until the new page of results has arrived
    await expect.poll(async () => isSorted(await prices(page, 'low'), 1)).toBe(true)

    await page.getByLabel('Sort by').selectOption('price_desc')
    await expect(page).toHaveURL(/sort=price_desc$/)
    await expect.poll(async () => isSorted(await prices(page, 'high'), -1)).toBe(true)
    await expect(page.getByLabel('Sort by')).toHaveValue('price_desc')
  })

  test('paginates 18 per page, and back returns to the previous page', async ({ page }) => {
    await page.goto('/en/product/list')
    const cards = page.getByRole('main').getByRole('article')
    await expect(cards).toHaveCount(18)
    const firstOnPageOne = await cards.first().getByRole('heading').textContent()
    const pagination = page.getByRole('navigation', { name: 'Pagination' })
    await expect(pagination.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page')

    await pagination.getByRole('link', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/\/en\/product\/list\?page=2$/)
    await expect(pagination.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(cards.first().getByRole('heading')).not.toHaveText(firstOnPageOne!)

    await page.goBack()
    await expect(page).toHaveURL(/\/en\/product\/list$/)
    await expect(cards.first().getByRole('heading')).toHaveText(firstOnPageOne!)
  })

  test('bad values in the URL fall back to the defaults', async ({ page }) => {
    await page.goto('/en/product/list?page=abc&sort=cheapest&category_id=-3')
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible()
    await expect(page.getByLabel('Sort by')).toHaveValue('rank')
  })

  for (const locale of ['zh-TW', 'en', 'ja'] as UiLocale[]) {
    test(`an unknown category, city or trend group is the not-found page with 404 (${locale})`, async ({ page, request }) => {
      const prefix = { 'zh-TW': '', en: '/en', ja: '/ja' }[locale]
      const notFoundHeading = page.getByRole('heading', { name: tr(locale, 'This page could not be found') })
      for (const query of ['category_id=999', 'city=atlantis', 'trend_group_id=999']) {
        const answer = await request.get(`${prefix}/product/list?${query}`, { headers: { accept: 'text/html' } })
        expect(answer.status(), query).toBe(404)
        expect(await answer.text()).toContain(tr(locale, 'This page could not be found'))
      }
      // the app, moving there on its own, shows the same page rather than an empty list
      await page.goto(`${prefix}/cart`)
      await navigateInApp(page, `${prefix}/product/list?category_id=999`)
      await expect(notFoundHeading).toBeVisible()
      await expect(page.getByRole('main').getByRole('article')).toHaveCount(0)
      // a category that exists still lists its products
      await navigateInApp(page, `${prefix}/product/list?category_id=1`)
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
    })
  }
})
