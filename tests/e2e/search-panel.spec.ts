import type { APIRequestContext, Page } from '@playwright/test'
import { expect, header, LOCALE_PATH_PREFIX, test, tr, type UiLocale } from './kit'

/** The search panel: under the header's box on desktop, the dock's sheet on phones. */
async function openPanel(page: Page, isMobile: boolean, locale: UiLocale) {
  if (isMobile) {
    await page.getByRole('navigation', { name: tr(locale, 'Quick navigation') }).getByRole('button', { name: tr(locale, 'Search') }).click()
    const dialog = page.getByRole('dialog', { name: tr(locale, 'Search products') })
    await expect(dialog).toBeVisible()
    return dialog
  }
  const scope = header(page)
  await scope.getByRole('combobox', { name: tr(locale, 'Search products') }).click()
  return scope
}

/** How many products the engine finds for a keyword (within the default price range). */
async function engineCount(request: APIRequestContext, query: string): Promise<number> {
  const { app_id, search_key } = ((await (await request.get('/api/v1/config')).json()) as { data: { search: { app_id: string; search_key: string } } }).data.search
  const response = await request.post(`/search/1/indexes/*/queries?x-algolia-application-id=${app_id}&x-algolia-api-key=${search_key}`, {
    headers: { 'content-type': 'text/plain' },
    data: JSON.stringify({ requests: [{ indexName: 'products', query, hitsPerPage: 0 }] }),
  })
  return ((await response.json()) as { results: { nbHits: number }[] }).results[0]!.nbHits
}

const found = (locale: UiLocale, n: number) => (locale === 'en' ? `Found ${n} matching product${n === 1 ? '' : 's'}` : `找到 ${n} 件符合的商品`)

// tags whose word the catalogue's names do not use: the index's synonyms find the products (decision 43)
const CASES: { locale: UiLocale; keyword: string; tag: string }[] = [
  { locale: 'zh-TW', keyword: '抹茶', tag: 'daifuku' },
  { locale: 'en', keyword: 'matcha', tag: 'biscuits' },
]

for (const { locale, keyword, tag } of CASES) {
  const prefix = LOCALE_PATH_PREFIX[locale]

  test.describe(`search panel (${locale})`, () => {
    test('typing shows quick results; arrow keys and Enter open a product', async ({ page, isMobile, request }) => {
      const total = await engineCount(request, keyword)
      await page.goto(`${prefix}/product/list`)
      const scope = await openPanel(page, isMobile, locale)
      const box = scope.getByRole('combobox', { name: tr(locale, 'Search products') })
      await expect(box).toHaveAttribute('aria-expanded', 'true')
      await box.fill(keyword)
      await expect(scope.getByText(found(locale, total))).toBeVisible()
      const options = scope.getByRole('option')
      await expect(options).toHaveCount(Math.min(6, total))
      await expect(options.first()).toContainText('NT$')

      await box.press('ArrowDown')
      await box.press('ArrowDown')
      const second = options.nth(1)
      await expect(second).toHaveAttribute('aria-selected', 'true')
      await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!)
      const name = (await second.innerText()).split('\n')[0]!.trim()
      await box.press('Enter')
      await expect(page).toHaveURL(new RegExp(`${prefix}/product/detail/\\d+`))
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
      await expect(page.locator('html')).not.toHaveClass(/scroll-locked/)
    })

    test('Escape closes the panel and unlocks scrolling', async ({ page, isMobile }) => {
      await page.goto(`${prefix}/product/list`)
      const scope = await openPanel(page, isMobile, locale)
      await expect(scope.getByRole('option', { name: tr(locale, 'matcha'), exact: true })).toBeVisible()
      await expect(page.locator('html')).toHaveClass(/scroll-locked/)
      await page.keyboard.press('Escape')
      if (isMobile) await expect(page.getByRole('dialog')).toBeHidden()
      else await expect(scope.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false')
      await expect(scope.getByRole('option', { name: tr(locale, 'matcha'), exact: true })).toBeHidden()
      await expect(page.locator('html')).not.toHaveClass(/scroll-locked/)
    })

    test('clicking a hot tag searches the word it shows, and finds products', async ({ page, isMobile }) => {
      await page.goto(`${prefix}/product/list`)
      const scope = await openPanel(page, isMobile, locale)
      const text = tr(locale, tag)
      await scope.getByRole('option', { name: text, exact: true }).click()
      const encoded = encodeURIComponent(text)
      await expect(page).toHaveURL(new RegExp(`${prefix}/product/search/${encoded}\\?keyword=${encoded}$`))
      await expect(page.getByRole('heading', { level: 1 })).toContainText(text)
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
    })

    test('recent searches are remembered across a reload and can be cleared', async ({ page, isMobile }) => {
      await page.goto(`${prefix}/product/search/${encodeURIComponent(keyword)}?keyword=${encodeURIComponent(keyword)}`)
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
      // the list is written to IndexedDB a moment after the search: leaving the page sooner would lose it
      await expect.poll(() => storedRecentSearches(page)).toContain(keyword)
      await page.goto(`${prefix}/product/search/?keyword=zzzzqqqq`)
      await expect(page.getByRole('heading', { name: tr(locale, 'No products found') })).toBeVisible()
      await expect.poll(() => storedRecentSearches(page)).toContain('zzzzqqqq')
      await page.reload()
      const scope = await openPanel(page, isMobile, locale)
      // the header's box shows the page's keyword; recent searches show while it is empty
      await scope.getByRole('combobox').fill('')
      const recent = scope.getByRole('listbox', { name: tr(locale, 'Recent searches') })
      // newest first
      await expect(recent.getByRole('option')).toHaveText(['zzzzqqqq', keyword])
      await scope.getByRole('button', { name: tr(locale, 'Clear'), exact: true }).click()
      await expect(recent).toHaveCount(0)
      // (reloading the search page would record its keyword again)
      await page.goto(`${prefix}/product/list`)
      const again = await openPanel(page, isMobile, locale)
      await again.getByRole('combobox').fill('')
      await expect(again.getByRole('option', { name: tr(locale, tag), exact: true })).toBeVisible()
      await expect(again.getByRole('listbox', { name: tr(locale, 'Recent searches') })).toHaveCount(0)
    })
  })
}

/** The recent searches as idb-keyval stored them (its default database and store). */
function storedRecentSearches(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => resolve(undefined)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('keyval')) return resolve(undefined)
          const request = db.transaction('keyval', 'readonly').objectStore('keyval').get('recent-searches')
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => resolve(undefined)
        }
      }),
  )
}
