import { expect, findProduct, ntd, test } from './kit'

test.describe('product detail', () => {
  test('shows the gallery, the price range, variants, facts and recommendations', async ({ page, request }) => {
    const product = await findProduct(
      request,
      (p) => p.variants.length > 1 && p.price_min !== p.price_max && p.stock_type === 'OFF_SHELF' && p.variants.some((v) => v.stock_left > 0),
      'en',
    )
    await page.goto(`/en/product/detail/${product.id}`)
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
    await expect(page).toHaveTitle(new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    const summaryPrice = page.getByText(`Price: ${ntd(product.price_min)} ~ ${ntd(product.price_max)}`)
    await expect(summaryPrice).toBeVisible()

    const variant = product.variants.find((v) => v.stock_left > 0)!
    await page.getByRole('group', { name: 'Type' }).getByRole('radio', { name: new RegExp(variant.label) }).check({ force: true })
    await expect(page).toHaveURL(new RegExp(`variant=${variant.id}`))
    await expect(page.getByText(`Price: ${ntd(variant.price)}`, { exact: true })).toBeVisible()

    await expect(page.getByText('Estimated arrival')).toBeVisible()
    await expect(page.getByText(new RegExp(`About ${product.arrival_days} days? after ordering`))).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(product.name)

    const recommendations = page.getByRole('region', { name: 'You may also like' })
    await expect(recommendations.getByRole('article').first()).toBeVisible()
  })

  test('the gallery can be used from the keyboard', async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.images.length > 1, 'en')
    await page.goto(`/en/product/detail/${product.id}`)
    const thumbs = page.getByRole('group', { name: 'Choose an image' })
    const first = thumbs.getByRole('button', { name: `Show image 1 of ${product.images.length}` })
    await first.focus()
    await page.keyboard.press('ArrowRight')
    const second = thumbs.getByRole('button', { name: `Show image 2 of ${product.images.length}` })
    await expect(second).toBeFocused()
    await expect(second).toHaveAttribute('aria-current', 'true')
    await expect(page.getByRole('img', { name: new RegExp(`image 2 of ${product.images.length}`) })).toBeVisible()
  })

  test('an out-of-stock product says so', async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.sold_out, 'en')
    await page.goto(`/en/product/detail/${product.id}`)
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
    await expect(page.locator('.product-summary').getByText('Out of stock').first()).toBeVisible()
  })

  test('a pre-order product carries the pre-order badge', async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.stock_type === 'PRE_ORDER', 'ja')
    await page.goto(`/ja/product/detail/${product.id}`)
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
    await expect(page.locator('.product-summary__tags').getByText('予約販売')).toBeVisible()
  })

  test('a product card opens its page', async ({ page }) => {
    await page.goto('/en/product/list')
    const card = page.getByRole('main').getByRole('article').first()
    const name = (await card.getByRole('heading').textContent())!
    await card.getByRole('link', { name }).click()
    await expect(page).toHaveURL(/\/en\/product\/detail\/\d+$/)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  })

  test.describe('unknown products', () => {
    test.use({ allowedConsoleErrors: [/status of 404 .*\/api\/v1\/product\/999999/] })
    test('an unknown id is a not-found page', async ({ page }) => {
      await page.goto('/en/product/detail/999999')
      await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
      await page.goto('/en/product/detail/abc')
      await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
    })
  })
})
