import { expect, header, HTML_LANG, LOCALE_PATH_PREFIX, test, tr, type UiLocale } from './kit'

test.describe('locale routing', () => {
  for (const locale of ['zh-TW', 'en', 'ja'] as const) {
    test(`the home page speaks ${locale}`, async ({ page }) => {
      await page.goto(LOCALE_PATH_PREFIX[locale] || '/')
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[locale])
      await expect(page.getByRole('heading', { name: tr(locale, 'Hot cities') })).toBeVisible()
      await expect(page).toHaveTitle(tr(locale, 'Japan Souvenir Shop'))
      await expect(header(page).getByRole('button', { name: new RegExp(tr(locale, 'Language')) })).toBeVisible()
    })

    test(`the product list exists in ${locale}`, async ({ page }) => {
      await page.goto(`${LOCALE_PATH_PREFIX[locale]}/product/list`)
      await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'All products') })).toBeVisible()
      await expect(page.getByLabel(tr(locale, 'Sort by'))).toBeVisible()
    })
  }

  for (const path of ['/fr', '/zh/product/list', '/xx/product/list', '/en/fr', '/ja/no-such-page', '/en/cart/no-such-page']) {
    test(`${path} is not found`, async ({ page }) => {
      await page.goto(path)
      const locale: UiLocale = path.startsWith('/ja/') ? 'ja' : path.startsWith('/en/') ? 'en' : 'zh-TW'
      await expect(page.getByRole('heading', { name: tr(locale, 'This page could not be found') })).toBeVisible()
      await expect(page.getByRole('link', { name: tr(locale, 'View products') })).toBeVisible()
      await expect(page.getByRole('link', { name: tr(locale, 'Back to home') })).toBeVisible()
    })
  }

  test('the language menu switches on the same page and / remembers the choice', async ({ page, context }) => {
    await page.goto('/product/list?city=kyoto&sort=price_asc')
    const menu = header(page).getByRole('button', { name: new RegExp(tr('zh-TW', 'Language')) })
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await header(page).getByRole('link', { name: 'English' }).click()

    await expect(page).toHaveURL(/\/en\/product\/list\?city=kyoto&sort=price_asc$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByLabel('Sort by')).toHaveValue('price_asc')
    expect((await context.cookies()).find((c) => c.name === 'locale')).toMatchObject({ value: 'en' })

    await page.goto('/')
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('heading', { name: 'Hot cities' })).toBeVisible()

    await header(page).getByRole('button', { name: /Language/ }).click()
    await header(page).getByRole('link', { name: '日本語' }).click()
    await expect(page).toHaveURL(/\/ja$/)
    await expect(page.getByRole('heading', { name: tr('ja', 'Hot cities') })).toBeVisible()

    await header(page).getByRole('button', { name: new RegExp(tr('ja', 'Language')) }).click()
    await header(page).getByRole('link', { name: '繁體中文' }).click()
    await expect(page).toHaveURL(/\/$/)
    expect((await context.cookies()).find((c) => c.name === 'locale')).toMatchObject({ value: 'zh_tw' })
    await page.goto('/')
    await expect(page.getByRole('heading', { name: tr('zh-TW', 'Hot cities') })).toBeVisible()
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  })

  test('the language menu works from the keyboard', async ({ page }) => {
    await page.goto('/en/product/list')
    const menu = header(page).getByRole('button', { name: /Language/ })
    await menu.focus()
    await page.keyboard.press('ArrowDown')
    await expect(header(page).getByRole('link', { name: '繁體中文' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeFocused()
  })
})
