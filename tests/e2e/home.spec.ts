import { expect, test } from './kit'

test.describe('home page', () => {
  test('shows the banner, hot cities, categories and trend rows of product cards', async ({ page, request }) => {
    await page.goto('/en')
    await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible()

    const cities = page.getByRole('region', { name: 'Hot cities' })
    for (const city of ['Osaka', 'Kyoto', 'Kobe', 'Nara', 'Wakayama']) {
      await expect(cities.getByRole('link', { name: new RegExp(city) })).toHaveAttribute('href', new RegExp(`/en/product/list\\?city=${city.toLowerCase()}$`))
    }

    const categories = page.getByRole('region', { name: 'Shop by category' })
    await expect(categories.getByRole('link').nth(1)).toHaveAttribute('href', /\/en\/product\/list\?category_id=\d+$/)

    const groups = (await (await request.get('/api/v1/trend_group', { headers: { 'X-localization': 'en' } })).json()) as {
      data: { name: string; products: unknown[] }[]
    }
    const withProducts = groups.data.filter((g) => g.products.length > 0)
    expect(withProducts.length).toBeGreaterThan(0)
    for (const group of withProducts) {
      const row = page.getByRole('region', { name: group.name, exact: true })
      await expect(row.getByRole('heading', { name: group.name })).toBeVisible()
      await expect(row.getByRole('article')).toHaveCount(group.products.length)
      await expect(row.getByRole('article').first()).toContainText(/NT\$[\d,]+/)
    }
  })

  test('a hot city opens the list filtered by that city', async ({ page }) => {
    await page.goto('/en')
    await page.getByRole('region', { name: 'Hot cities' }).getByRole('link', { name: /Kyoto/ }).click()
    await expect(page).toHaveURL(/\/en\/product\/list\?city=kyoto$/)
    await expect(page.getByLabel('City')).toHaveValue('kyoto')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kyoto')
  })

  test('the header turns solid and fixed after scrolling one window height', async ({ page }) => {
    await page.goto('/en')
    await expect(page.getByRole('heading', { name: 'Popular right now' })).toBeAttached()
    const banner = page.getByRole('banner')
    await expect(banner).toHaveCSS('position', 'absolute')
    // retried: the router may still restore the scroll position right after the first render
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, window.innerHeight + 200))
      await expect(banner).toHaveCSS('position', 'fixed', { timeout: 500 })
    }).toPass()
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(banner).toHaveCSS('position', 'absolute')
  })

  test('a referrer code in the link is kept in a cookie', async ({ page, context }) => {
    await page.goto('/?referrer_code=FRIEND42')
    await expect(page.getByRole('heading', { name: /.+/ }).first()).toBeVisible()
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'referrer_code')?.value).toBe('FRIEND42')
    const cookie = (await context.cookies()).find((c) => c.name === 'referrer_code')!
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(364 * 86_400)
  })
})
