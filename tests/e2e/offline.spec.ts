import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, findProduct, LOCALE_PATH_PREFIX, test, tr, type UiLocale } from './kit'

// Offline, every request the service worker cannot answer fails in the console by design.
test.use({ serviceWorkers: 'allow', allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|NetworkError/] })

const cards = (page: Page) => page.getByRole('main').getByRole('article')

/** Waits until the service worker controls the page, as it does from the first visit on. */
async function untilControlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 })
}

const allPicturesDrawn = (page: Page) =>
  page.evaluate(() => {
    const images = [...document.querySelectorAll<HTMLImageElement>('main img')].filter((image) => image.loading !== 'lazy' || image.getBoundingClientRect().top < innerHeight)
    return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0)
  })

for (const locale of ['zh-TW', 'en', 'ja'] as const satisfies UiLocale[]) {
  test(`pages seen online open offline after a reload, with their pictures (${locale})`, async ({ page, context, request }) => {
    const prefix = LOCALE_PATH_PREFIX[locale]
    const product = await findProduct(request, (p) => p.images.length > 0, locale)
    await page.goto(`${prefix}/product/list`)
    await untilControlled(page)
    // this visit happens under the worker, so its answers and pictures are kept
    await page.reload()
    await expect(cards(page).first()).toBeVisible()
    const listed = await cards(page).count()
    await page.goto(`${prefix}/product/detail/${product.id}`)
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
    await expect.poll(() => allPicturesDrawn(page)).toBe(true)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
    await expect.poll(() => allPicturesDrawn(page)).toBe(true)
    await expect(page.getByRole('status').filter({ hasText: tr(locale, 'You are offline. You can keep browsing what you have seen; the cart sends your changes when you are back online.') })).toBeVisible()

    await page.goto(`${prefix}/product/list`)
    await expect(cards(page)).toHaveCount(listed)
    await expect.poll(() => allPicturesDrawn(page)).toBe(true)

    // a product never opened on this device: the offline page, which opens the product by itself once online
    const unseen = await findProduct(request, (p) => p.id !== product.id && p.images.length > 0, locale)
    await page.goto(`${prefix}/product/detail/${unseen.id}`)
    await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'This page is not saved for offline use') })).toBeVisible()
    await context.setOffline(false)
    await expect(page.getByRole('heading', { level: 1, name: unseen.name })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: tr(locale, 'You are offline. You can keep browsing what you have seen; the cart sends your changes when you are back online.') })).toBeHidden()
  })
}

test('a new version waits for the shopper: a toast with a reload button, then the new worker serves', async ({ page }) => {
  await page.goto('/product/list')
  await untilControlled(page)
  // A release changes the worker's script; registering it under another address is the same for the
  // browser: a new worker installs and waits while the old one keeps serving this page.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?release=next'))
  await expect(page.getByText(tr('zh-TW', 'A new version of the shop is ready.'))).toBeVisible({ timeout: 15_000 })
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/)
  // the page reloads itself once the new worker has taken over
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: tr('zh-TW', 'Reload') }).click()])
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/release=next$/)
  await expect(cards(page).first()).toBeVisible()
})

test('the update prompt keeps quiet while the shopper is on the payment page', async ({ page }) => {
  await page.goto('/payment')
  await untilControlled(page)
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?release=next'))
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)), { timeout: 15_000 }).toBe(true)
  await expect(page.getByText(tr('zh-TW', 'A new version of the shop is ready.'))).toBeHidden()
  await page.goto('/product/list')
  await expect(page.getByText(tr('zh-TW', 'A new version of the shop is ready.'))).toBeVisible({ timeout: 15_000 })
})

test('the shop is installable: a manifest with names, icons and shortcuts, and no installability errors', async ({ playwright, baseURL, request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json()
  expect(manifest).toMatchObject({ name: '日本伴手禮小舖', display: 'standalone', start_url: '/', lang: 'zh-Hant-TW' })
  expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
  expect(manifest.shortcuts.map((shortcut: { url: string }) => shortcut.url)).toEqual(['/product/search', '/cart', '/user/favorite'])
  for (const icon of manifest.icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png')

  // Chromium does not install from an incognito context, which is what Playwright's contexts are.
  const profile = await mkdtemp(path.join(os.tmpdir(), 'shop-install-'))
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(baseURL!)
    await untilControlled(page)
    const session = await context.newCDPSession(page)
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
  } finally {
    await context.close()
    await rm(profile, { recursive: true, force: true })
  }
})

test('the footer offers to install the shop when the browser does, and thanks the shopper (en)', async ({ page }) => {
  await page.goto('/en')
  const install = page.getByRole('contentinfo').getByRole('button', { name: 'Install the app' })
  await expect(install).toBeHidden()
  // what Chromium fires when the shop meets its install criteria
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void ((window as unknown as { prompted: boolean }).prompted = true),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    })
    window.dispatchEvent(offer)
  })
  await install.click()
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true)
  await expect(page.getByText('The shop is on your home screen.')).toBeVisible()
  await expect(install).toBeHidden()
})

test.describe('on an iPhone', () => {
  test.use({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' })

  test('the footer says how to add the shop to the home screen (ja)', async ({ page }) => {
    await page.goto('/ja')
    await expect(page.getByRole('contentinfo').getByText(tr('ja', 'Add the shop to your home screen: tap the Share button in Safari, then "Add to Home Screen".'))).toBeVisible()
  })
})
