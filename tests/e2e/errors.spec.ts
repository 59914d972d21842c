import { expect, navigateInApp, test } from './kit'

test.describe('error pages', () => {
  test('/404 offers products and the home page', async ({ page }) => {
    await page.goto('/en/404')
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en')
    await expect(page.getByRole('link', { name: /index/i })).toHaveCount(0)
    await page.getByRole('link', { name: 'View products' }).click()
    await expect(page).toHaveURL(/\/en\/product\/search$/)
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible()

    await page.goto('/404')
    await page.getByRole('link', { name: '回到首頁' }).click()
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  })

  test.describe('when the API fails', () => {
    test.use({ allowedConsoleErrors: [/status of 500/] })

    test('shows the 500 page with its buttons, and retry recovers', async ({ page }) => {
      let fail = true
      await page.route('**/api/v1/product?*', (route) =>
        fail
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'Something broke', detail: {} } }),
            })
          : route.fallback(),
      )
      // pages opened afresh are drawn by the server; the app fetches on its own once it runs
      await page.goto('/en/cart')
      await navigateInApp(page, '/en/product/list')
      await expect(page.getByRole('heading', { name: 'Oops, something went wrong' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/en/product/search')
      await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en')
      // the rest of the layout still works
      await expect(page.getByRole('contentinfo')).toBeVisible()

      fail = false
      await page.getByRole('button', { name: 'Try again' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible()
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
    })

    test('a toast reports a failed side request', async ({ page, request }) => {
      const product = ((await (await request.get('/api/v1/product?per_page=1')).json()) as { data: { id: number }[] }).data[0]!
      await page.route('**/recommend*', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'Recommendations are resting', detail: {} } }),
        }),
      )
      await page.goto('/en/cart')
      await navigateInApp(page, `/en/product/detail/${product.id}`)
      await expect(page.getByText('Recommendations are resting')).toBeVisible({ timeout: 15_000 })
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    })
  })

  test.describe('a currency cookie the shop does not sell', () => {
    test.use({ allowedConsoleErrors: [/status of 400/] })

    test('left by another shop on the domain: the shop works and the cookie is set back to TWD', async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'currency', value: 'USD', url: baseURL! }])
      const sent: (string | null)[] = []
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/v1/')) sent.push(request.headers()['currency'] ?? null)
      })
      await page.goto('/en')
      await expect(page.getByRole('heading', { name: 'Hot cities' })).toBeVisible()
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
      expect((await context.cookies()).find((c) => c.name === 'currency')?.value).toBe('TWD')
      // the server drew the page in TWD; whatever the app asks for afterwards is asked in TWD too
      await navigateInApp(page, '/en/product/list')
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
      expect(sent.length).toBeGreaterThan(0)
      expect(new Set(sent)).toEqual(new Set(['TWD']))
    })

    test('refused by the server: the error page’s Try again recovers', async ({ page, context, baseURL }) => {
      await page.goto('/en/cart')
      let refusals = 0
      await page.route('**/api/v1/trend_cities/list', async (route) => {
        if (refusals > 0) return route.fallback()
        refusals++
        // another shop on the domain writes its currency while the page loads
        await context.addCookies([{ name: 'currency', value: 'EUR', url: baseURL! }])
        const upstream = await route.fetch({ headers: { ...route.request().headers(), currency: 'EUR' } })
        expect(upstream.status()).toBe(400)
        expect(await upstream.json()).toMatchObject({ error: { code: 'UNSUPPORTED_CURRENCY' } })
        return route.fulfill({ response: upstream })
      })
      await navigateInApp(page, '/en')
      await expect(page.getByRole('heading', { name: 'Oops, something went wrong' })).toBeVisible()
      await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'currency')?.value).toBe('TWD')
      await page.getByRole('button', { name: 'Try again' }).click()
      await expect(page.getByRole('heading', { name: 'Hot cities' })).toBeVisible()
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
      expect(refusals).toBe(1)
    })
  })
})
