import type { Page } from '@playwright/test'
import { expect, header, test, tr, type UiLocale } from './kit'

/** The search box: in the header on desktop, behind the dock's Search button on phones. */
async function openSearch(page: Page, isMobile: boolean, locale: UiLocale = 'en') {
  if (isMobile) {
    const dock = page.getByRole('navigation', { name: tr(locale, 'Quick navigation') })
    await dock.getByRole('button', { name: tr(locale, 'Search') }).click()
    const dialog = page.getByRole('dialog', { name: tr(locale, 'Search products') })
    await expect(dialog).toBeVisible()
    return dialog
  }
  return header(page)
}

test.describe('search', () => {
  test('the button is disabled for an empty keyword or a single space', async ({ page, isMobile }) => {
    await page.goto('/en/product/list')
    const scope = await openSearch(page, isMobile)
    const box = scope.getByRole('combobox', { name: 'Search products' })
    const button = scope.getByRole('button', { name: 'Search', exact: true })
    await expect(box).toHaveAttribute('maxlength', '30')
    await expect(button).toBeDisabled()
    await box.fill(' ')
    await expect(button).toBeDisabled()
    await box.fill('matcha')
    await expect(button).toBeEnabled()
  })

  test('submits to /product/search with the keyword, in the current language', async ({ page, isMobile, request }) => {
    const sample = ((await (await request.get('/api/v1/product?per_page=1', { headers: { 'X-localization': 'ja' } })).json()) as {
      data: { name: string }[]
    }).data[0]!
    const keyword = sample.name.slice(0, 2)
    await page.goto('/ja')
    const scope = await openSearch(page, isMobile, 'ja')
    await scope.getByRole('combobox').fill(keyword)
    await scope.getByRole('combobox').press('Enter')
    const encoded = encodeURIComponent(keyword)
    await expect(page).toHaveURL(new RegExp(`/ja/product/search/${encoded}\\?keyword=${encoded}$`))
    await expect(page.getByRole('heading', { level: 1 })).toContainText(keyword)
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
    if (!isMobile) await expect(header(page).getByRole('combobox')).toHaveValue(keyword)
  })

  test('a keyword nothing matches shows the empty state with a way back', async ({ page }) => {
    await page.goto('/en/product/search?keyword=zzzzqqqq')
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible()
    await page.getByRole('main').getByRole('link', { name: 'Browse all products' }).click()
    await expect(page).toHaveURL(/\/en\/product\/list$/)
  })

  test('the search term can also come from the path', async ({ page }) => {
    await page.goto('/en/product/search/zzzzqqqq')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('zzzzqqqq')
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible()
  })
})
