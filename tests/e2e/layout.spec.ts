import type { Locator } from '@playwright/test'
import { allProducts, expect, test, tr } from './kit'
import { createMember, EXPECTED_API_ERRORS } from './support/accounts'

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
const boxOf = async (locator: Locator) => (await locator.boundingBox())!
/** a toast slides in: its box once its transitions have ended */
const settledBoxOf = async (locator: Locator) => {
  await locator.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)))
  return boxOf(locator)
}


test.describe('layout', () => {
  test('the footer lists the links and contact from the configuration', async ({ page, request }) => {
    const { data } = (await (await request.get('/api/v1/config')).json()) as { data: { shop: Record<string, string | null> } }
    await page.goto('/en/product/list')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: /FAQ/ })).toHaveAttribute('href', data.shop.faq_url!)
    await expect(footer.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', data.shop.privacy_url!)
    await expect(footer.getByRole('link', { name: /Terms of use/ })).toHaveAttribute('href', data.shop.terms_url!)
    await expect(footer.getByRole('link', { name: /Operating company/ })).toHaveAttribute('href', data.shop.company_url!)
    await expect(footer.getByRole('link', { name: /LINE/ })).toHaveAttribute('href', data.shop.line_url!)
    // no outside subscribe page configured: the shop's own
    await expect(footer.getByRole('link', { name: /snack box/ })).toHaveAttribute('href', data.shop.subscribe_url ?? '/en/subscribe')
    await expect(footer.getByRole('link', { name: data.shop.email! })).toHaveAttribute('href', `mailto:${data.shop.email}`)
    await expect(footer).toContainText('Monday to Friday, 9:00–18:00 Taiwan time (UTC+8)')
    await expect(footer.getByRole('button', { name: /Language/ })).toBeVisible()
    // the copyright names the shop in the page's language, not in the configured SHOP_NAME's
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Japan Souvenir Shop. All rights reserved.`)
    await expect(footer).not.toContainText(data.shop.name!)
  })

  for (const [locale, prefix] of [['zh-TW', ''], ['en', '/en'], ['ja', '/ja']] as const) {
    test(`service hours are one set in every language, in Taiwan time (${locale})`, async ({ page }) => {
      await page.goto(`${prefix}/product/list`)
      const footer = page.getByRole('contentinfo')
      await expect(footer).toContainText(tr(locale, 'Monday to Friday, 9:00–18:00 Taiwan time (UTC+8)'))
      await expect(footer).toContainText(/9:00\D{1,3}18:00/)
      await expect(footer).toContainText('UTC+8')
      await expect(footer).not.toContainText('19:00')
      await expect(footer).toContainText(`© ${new Date().getFullYear()} ${tr(locale, 'Japan Souvenir Shop')}`)
    })
  }

  test('the subscribe link in the header opens the configured page, or the shop\'s own', async ({ page, request, isMobile }) => {
    const { data } = (await (await request.get('/api/v1/config')).json()) as { data: { shop: Record<string, string | null> } }
    await page.goto('/en/product/list')
    const link = page.getByRole('banner').getByRole('link', { name: /Subscribe/ })
    if (data.shop.subscribe_url) {
      await expect(link).toHaveAttribute('href', data.shop.subscribe_url)
      await expect(link).toHaveAttribute('target', '_blank')
    } else {
      await expect(link).toHaveAttribute('href', '/en/subscribe')
      await expect(link).not.toHaveAttribute('target', '_blank')
    }
    if (isMobile) await expect(page.getByRole('navigation', { name: 'Quick navigation' })).toBeVisible()
    else await expect(page.getByRole('navigation', { name: 'Quick navigation' })).toBeHidden()
  })

  test('the detail page has back and home buttons on phones, the full header on desktops', async ({ page, isMobile }) => {
    await page.goto('/en/product/list')
    await page.getByRole('main').getByRole('article').first().getByRole('link').click()
    await expect(page).toHaveURL(/detail/)
    if (!isMobile) {
      await expect(page.getByRole('button', { name: 'Back' })).toBeHidden()
      await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search products' })).toBeVisible()
      return
    }
    await page.getByRole('button', { name: 'Back' }).click()
    await expect(page).toHaveURL(/\/en\/product\/list$/)
    await page.getByRole('main').getByRole('article').first().getByRole('link').click()
    await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click()
    await expect(page).toHaveURL(/\/en$/)
  })

  test.describe('toasts', () => {
    // the sign-up refused by the server logs its 4xx
    test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

    test('toasts sit top centre, clear of the header, and over a dialog: never on its title bar nor under its backdrop', async ({ page, request }) => {
      const taken = await createMember(request)
      const product = (await allProducts(page.request, 'en')).find((p) => p.status === 'ACTIVE' && p.variants.every((v) => v.stock_left > 0))!
      await page.goto(`/en/product/detail/${product.id}`)
      const toast = page.locator('[data-sonner-toast]')
      // on the page: below the header (the phone's back, home, heart and cart; the desktop's full header)
      await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click()
      await expect(toast.first()).toBeVisible()
      const header = await boxOf(page.getByRole('banner').first())
      const added = await settledBoxOf(toast.first())
      expect(added.y).toBeGreaterThanOrEqual(header.y + header.height)
      const viewport = page.viewportSize()!
      expect(Math.abs(added.x + added.width / 2 - viewport.width / 2)).toBeLessThan(2)

      // a visitor's heart: the sign-in dialog opens with "Please Log In."; then the taller sign-up view
      await page.getByRole('main').getByRole('button', { name: 'Favourite', exact: true }).first().click()
      const dialog = page.getByRole('dialog', { name: 'Log in' })
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: 'Create an account' }).click()
      const signUp = page.getByRole('dialog', { name: 'Sign up' })
      // a fresh toast in the taller sign-up view: an e-mail that is taken is refused by the server
      await signUp.getByLabel('E-mail', { exact: true }).fill(taken.email)
      await signUp.getByLabel('Last name', { exact: true }).fill('王')
      await signUp.getByLabel('First name', { exact: true }).fill('小明')
      await signUp.getByLabel('Password', { exact: true }).fill('matcha-2026')
      await signUp.getByLabel('Confirm password', { exact: true }).fill('matcha-2026')
      await signUp.getByRole('button', { name: 'Sign up', exact: true }).click()
      const shown = toast.filter({ hasText: 'Error' })
      await expect(shown).toBeVisible()
      const box = await settledBoxOf(shown)
      for (const part of [signUp.getByRole('heading', { name: 'Sign up' }), signUp.getByRole('button', { name: 'Back to log in' }), signUp.getByRole('button', { name: 'Close' })]) {
        expect(overlaps(box, await boxOf(part)), `the toast covers the dialog's ${(await part.getAttribute('aria-label')) ?? await part.textContent()}`).toBe(false)
      }
      // drawn above the backdrop: what is under the toast's centre is the toast
      const onTop = await shown.evaluate((element) => {
        const r = element.getBoundingClientRect()
        return element.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))
      })
      expect(onTop).toBe(true)
    })
  })

  test('a row of products reaches its last card: buttons a keyboard and a mouse can use on desktops, a swipe on phones', async ({ page, isMobile }) => {
    // the home page's rows and "You may also like" are one component: the first home row of 8
    await page.goto('/en')
    {
      const row = page.getByRole('main').getByRole('list').filter({ has: page.getByRole('article') }).first()
      await row.scrollIntoViewIfNeeded()
      const frame = row.locator('..')
      const cards = row.getByRole('listitem')
      const last = cards.last()
      const name = await row.getAttribute('aria-label')
      const inRow = async (item: Locator) => {
        const [a, b] = [await settledBoxOf(item), await boxOf(row)]
        return a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1
      }
      expect(await cards.count()).toBeGreaterThan(2)
      const next = frame.getByRole('button', { name: `More products: ${name}` })
      const back = frame.getByRole('button', { name: `Previous products: ${name}` })
      if (isMobile) {
        // a phone swipes: no buttons over the cards
        await expect(next).toBeHidden()
        return
      }
      expect(await inRow(last)).toBe(false)
      await expect(back).toHaveAttribute('aria-disabled', 'true')
      // by keyboard: Tab reaches the button, Enter moves the row until its last card shows
      await next.focus()
      for (let i = 0; i < 5 && (await next.getAttribute('aria-disabled')) !== 'true'; i++) {
        await page.keyboard.press('Enter')
        await expect(back).toHaveAttribute('aria-disabled', 'false')
        await row.evaluate((list) => new Promise((resolve) => (list.scrollLeft > 0 ? setTimeout(resolve, 400) : resolve(null))))
      }
      await expect(next).toHaveAttribute('aria-disabled', 'true')
      await expect(next).toBeFocused()
      await expect.poll(() => inRow(last)).toBe(true)
      // and back to the start with the mouse
      await back.click()
      await expect.poll(() => inRow(cards.first())).toBe(true)
    }
  })

  test('every page has a title and one main landmark', async ({ page }) => {
    for (const path of ['/en', '/en/product/list', '/en/404']) {
      await page.goto(path)
      await expect(page.getByRole('main')).toHaveCount(1)
      await expect(page).toHaveTitle(/Japan Souvenir Shop/)
    }
  })
})
