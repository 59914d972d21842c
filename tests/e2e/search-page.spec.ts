import type { Page } from '@playwright/test'
import { expect, LOCALE_PATH_PREFIX, test, tr, type UiLocale } from './kit'

const CASES: { locale: UiLocale; keyword: string; city: string; category: string }[] = [
  { locale: 'zh-TW', keyword: '抹茶', city: '京都', category: '甜點' },
  { locale: 'en', keyword: 'matcha', city: 'Kyoto', category: 'Sweets' },
]

const results = (page: Page) => page.getByRole('main').getByRole('article')

/** The lowest price each result card shows, in page order. */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await results(page).allInnerTexts()
  return texts.map((text) => Number(/NT\$([\d,]+)/.exec(text)![1]!.replace(/,/g, '')))
}

/** On phones the filters fold away under a button. */
async function showFilters(page: Page, isMobile: boolean, locale: UiLocale) {
  if (!isMobile) return
  const toggle = page.getByRole('button', { name: tr(locale, 'Filters'), exact: true })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
}

/** A facet radio's label ends with its count: "Kyoto (9)". */
async function facetCount(page: Page, label: string): Promise<number> {
  const name = await page.getByRole('radio', { name: new RegExp(`^${label} \\(\\d+\\)$`) }).evaluate((el) => el.closest('label')!.textContent!)
  return Number(/\((\d+)\)/.exec(name)![1])
}

for (const { locale, keyword, city, category } of CASES) {
  const prefix = LOCALE_PATH_PREFIX[locale]
  const searchUrl = (query = '') => `${prefix}/product/search/${encodeURIComponent(keyword)}?keyword=${encodeURIComponent(keyword)}${query}`

  test.describe(`search page (${locale})`, () => {
    test('facets filter the results and show counts', async ({ page, isMobile }) => {
      await page.goto(searchUrl())
      await expect(results(page).first()).toBeVisible()
      const before = await results(page).count()
      await showFilters(page, isMobile, locale)
      const count = await facetCount(page, city)
      expect(count).toBeGreaterThan(0)
      await page.getByRole('radio', { name: new RegExp(`^${city} \\(`) }).check()
      await expect(page).toHaveURL(/[?&]city=kyoto(&|$)/)
      await expect(results(page)).toHaveCount(Math.min(count, 18))
      for (const text of await results(page).allInnerTexts()) expect(text).toContain(city)
      expect(before).toBeGreaterThanOrEqual(count)
      // the other cities keep their counts, so the shopper can switch
      await expect(page.getByRole('radio', { name: new RegExp(`^${city} \\(`) })).toBeChecked()

      await page.getByRole('radio', { name: new RegExp(`^${category} \\(`) }).check()
      await expect(page).toHaveURL(/[?&]category=\d+/)
      const both = await facetCount(page, category)
      await expect(results(page)).toHaveCount(Math.min(both, 18))

      await page.getByRole('button', { name: tr(locale, 'Clear filters') }).first().click()
      await expect(page).not.toHaveURL(/city=|category=/)
      await expect(results(page)).toHaveCount(before)
    })

    test('sorting by price reorders the results', async ({ page }) => {
      await page.goto(searchUrl())
      await expect(results(page).first()).toBeVisible()
      const sort = page.getByRole('combobox', { name: tr(locale, 'Sort by') })
      await sort.selectOption({ label: tr(locale, 'Price: low to high') })
      await expect(page).toHaveURL(/sort=price_asc/)
      await expect.poll(async () => { const p = await shownPrices(page); return p.every((v, i) => i === 0 || p[i - 1]! <= v) }).toBe(true)
      const ascending = await shownPrices(page)
      await sort.selectOption({ label: tr(locale, 'Price: high to low') })
      await expect(page).toHaveURL(/sort=price_desc/)
      await expect.poll(async () => { const p = await shownPrices(page); return p.every((v, i) => i === 0 || p[i - 1]! >= v) }).toBe(true)
      expect((await shownPrices(page))[0]).toBeGreaterThan(ascending[0]!)
    })

    test('pagination moves through 18 results a page', async ({ page }) => {
      await page.goto(`${prefix}/product/search`)
      await expect(results(page)).toHaveCount(18)
      const first = await results(page).first().innerText()
      const pages = page.getByRole('navigation', { name: tr(locale, 'Pagination') })
      await pages.getByRole('link', { name: tr(locale, 'Next page') }).click()
      await expect(page).toHaveURL(/[?&]page=2/)
      await expect(pages.getByRole('link', { name: tr(locale, 'Page {number}').replace('{number}', '2') })).toHaveAttribute('aria-current', 'page')
      await expect(results(page).first()).not.toHaveText(first)
      await expect(results(page)).toHaveCount(18)
    })

    test('the URL keeps the whole search: reload and back', async ({ page, isMobile }) => {
      await page.goto(searchUrl())
      await expect(results(page).first()).toBeVisible()
      await showFilters(page, isMobile, locale)
      await page.getByRole('radio', { name: new RegExp(`^${city} \\(`) }).check()
      await expect(page).toHaveURL(/city=kyoto/)
      const sort = page.getByRole('combobox', { name: tr(locale, 'Sort by') })
      await sort.selectOption({ label: tr(locale, 'Price: high to low') })
      await expect(page).toHaveURL(/sort=price_desc/)
      // wait for the sorted page to replace the previous one before reading it
      await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0)
      await expect.poll(async () => { const p = await shownPrices(page); return p.every((v, i) => i === 0 || p[i - 1]! >= v) }).toBe(true)
      const shown = await shownPrices(page)

      await page.reload()
      await expect(page).toHaveURL(/city=kyoto/)
      await expect(sort).toHaveValue('price_desc')
      await showFilters(page, isMobile, locale)
      await expect(page.getByRole('radio', { name: new RegExp(`^${city} \\(`) })).toBeChecked()
      await expect.poll(() => shownPrices(page)).toEqual(shown)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(keyword)

      await page.goBack()
      await expect(page).not.toHaveURL(/sort=/)
      await expect(sort).toHaveValue('relevance')
      await expect(page.getByRole('radio', { name: new RegExp(`^${city} \\(`) })).toBeChecked()
      await page.goBack()
      await expect(page).not.toHaveURL(/city=/)

      // a shared link with a price range
      await page.goto(searchUrl('&price_min=500&price_max=900'))
      await showFilters(page, isMobile, locale)
      await expect(page.getByRole('spinbutton', { name: tr(locale, 'Minimum price') })).toHaveValue('500')
      await expect.poll(async () => (await shownPrices(page)).every((p) => p >= 500 && p <= 900)).toBe(true)
    })

    test('an empty result suggests other searches', async ({ page }) => {
      await page.goto(`${prefix}/product/search/zzzzqqqq?keyword=zzzzqqqq`)
      await expect(page.getByRole('heading', { name: tr(locale, 'No products found') })).toBeVisible()
      const suggestions = page.getByRole('list', { name: tr(locale, 'Suggested searches') })
      await suggestions.getByRole('button', { name: tr(locale, 'matcha'), exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(tr(locale, 'matcha'))}$`))
      await expect(results(page).first()).toBeVisible()
    })

    test('filters that match nothing offer to clear them', async ({ page }) => {
      await page.goto(searchUrl('&price_min=4000&price_max=5000'))
      await expect(page.getByRole('heading', { name: tr(locale, 'No products found') })).toBeVisible()
      await page.getByRole('main').getByRole('status').getByRole('button', { name: tr(locale, 'Clear filters') }).click()
      await expect(page).not.toHaveURL(/price_min/)
      await expect(results(page).first()).toBeVisible()
    })
  })
}

test.describe('search page offline', () => {
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/] })

  test('a search run before still shows offline, marked as possibly stale', async ({ page, context }) => {
    await page.goto('/en/product/search/matcha?keyword=matcha')
    await expect(results(page).first()).toBeVisible()
    const shown = await results(page).count()
    await page.getByRole('main').getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(/\/en$/)
    await context.setOffline(true)
    await page.goBack()
    await expect(page.getByText('You seem to be offline: these results were saved earlier and may be out of date.')).toBeVisible()
    await expect(results(page)).toHaveCount(shown)
    await context.setOffline(false)
    await expect(page.getByText(/You seem to be offline/)).toBeHidden()
  })
})

test('the search page sorts with the same sort box as the product list (ja)', async ({ page }) => {
  const look = async () => {
    const sort = page.getByRole('main').getByRole('combobox', { name: tr('ja', 'Sort by') })
    await expect(sort).toBeVisible()
    return sort.evaluate((select) => {
      const style = getComputedStyle(select)
      const label = select.closest('label')!.querySelector('span')!.getBoundingClientRect()
      return {
        classes: select.className,
        height: style.height,
        border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
        radius: style.borderRadius,
        appearance: style.appearance,
        arrow: style.backgroundImage,
        font: style.fontSize,
        labelAbove: label.bottom <= select.getBoundingClientRect().top,
      }
    })
  }
  await page.goto('/ja/product/list')
  const list = await look()
  await page.goto(`/ja/product/search/${encodeURIComponent('抹茶')}?keyword=${encodeURIComponent('抹茶')}`)
  await expect(results(page).first()).toBeVisible()
  expect(await look()).toEqual(list)
  expect(list.labelAbove).toBe(true)
})
