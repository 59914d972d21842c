import { expect, navigateInApp, test, tr, type UiLocale } from './kit'

const PREFIX: Record<UiLocale, string> = { 'zh-TW': '', en: '/en', ja: '/ja' }
const LANG: Record<UiLocale, string> = { 'zh-TW': 'zh-Hant-TW', en: 'en', ja: 'ja' }

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1'

interface Manifest {
  id: string
  name: string
  short_name: string
  description: string
  lang: string
  start_url: string
  scope: string
  shortcuts: { url: string }[]
}

test.describe('the web app manifest', () => {
  for (const locale of ['zh-TW', 'en', 'ja'] as UiLocale[]) {
    test(`a ${locale} page links a manifest in ${locale}`, async ({ page, request }) => {
      const html = await (await request.get(`${PREFIX[locale]}/product/list`, { headers: { accept: 'text/html' } })).text()
      const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1]
      expect(href).toBeTruthy()
      const answer = await request.get(href!)
      expect(answer.status()).toBe(200)
      const manifest = (await answer.json()) as Manifest
      expect(manifest.name).toBe(tr(locale, 'Japan Souvenir Shop'))
      expect(manifest.lang).toBe(LANG[locale])
      expect(manifest.start_url).toBe(PREFIX[locale] || '/')
      // one app whatever the language it was installed from, and every language inside its scope
      expect([manifest.id, manifest.scope]).toEqual(['/', '/'])
      for (const shortcut of manifest.shortcuts) expect(shortcut.url.startsWith(`${PREFIX[locale]}/`)).toBe(true)
      if (locale !== 'zh-TW') expect(`${manifest.name} ${manifest.short_name} ${manifest.description}`).not.toMatch(/[伴禮舖零食從灣]/)

      // the app keeps the link in step when the shopper changes language without loading a page
      await page.goto(`${PREFIX[locale]}/product/list`)
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', href!)
      const other: UiLocale = locale === 'en' ? 'ja' : 'en'
      await navigateInApp(page, `${PREFIX[other]}/product/list`)
      await expect(page.locator('html')).toHaveAttribute('lang', LANG[other])
      await expect(page.locator('link[rel="manifest"]')).not.toHaveAttribute('href', href!)
      const switched = (await (await request.get((await page.locator('link[rel="manifest"]').getAttribute('href'))!)).json()) as Manifest
      expect(switched.lang).toBe(LANG[other])
    })
  }
})

test.describe('installing on iPhone', () => {
  test.describe('in Safari', () => {
    test.use({ userAgent: IPHONE_SAFARI })

    for (const locale of ['zh-TW', 'en', 'ja'] as UiLocale[]) {
      test(`shows how to add the shop to the home screen until dismissed (${locale})`, async ({ page }) => {
        await page.goto(`${PREFIX[locale]}/`)
        const hint = page.getByRole('region', { name: tr(locale, 'Install the app') })
        await expect(hint).toBeVisible()
        await expect(hint).toContainText(tr(locale, 'Put the shop on your home screen: tap Share, then “Add to Home Screen”.'))
        await hint.getByRole('button', { name: tr(locale, 'Dismiss') }).click()
        await expect(hint).toBeHidden()
        await page.reload()
        await expect(page.locator('#main')).toBeVisible()
        await expect(hint).toBeHidden()
      })
    }

    test('the home screen gets the shop’s own icon', async ({ page, request }) => {
      // Safari reads the icon from the page, not from the manifest
      await page.goto('/en/')
      const href = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
      expect(href).toBeTruthy()
      const icon = await request.get(href!)
      expect(icon.status()).toBe(200)
      expect(icon.headers()['content-type']).toContain('image/png')
    })

    test('says nothing once the shop runs from the home screen', async ({ page }) => {
      await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }))
      await page.goto('/en/')
      await expect(page.locator('#main')).toBeVisible()
      await page.waitForTimeout(500)
      await expect(page.getByRole('region', { name: 'Install the app' })).toHaveCount(0)
    })
  })

  test.describe('in Chrome on iPhone', () => {
    test.use({ userAgent: IPHONE_CHROME })

    test('shows no Safari instructions', async ({ page }) => {
      await page.goto('/en/')
      await expect(page.locator('#main')).toBeVisible()
      await page.waitForTimeout(500)
      await expect(page.getByRole('region', { name: 'Install the app' })).toHaveCount(0)
    })
  })
})
