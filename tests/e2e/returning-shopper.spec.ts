import { controlled, expect, test, tr } from './kit'
import { RELEASE, releaseNextBuild, restoreFirstBuild } from './support/release'

// Runs in the `returning` project only, against a shop of its own whose build it replaces; a retry
// starts from build A again.
test.beforeAll(restoreFirstBuild)
test.use({ baseURL: RELEASE.url, allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|NetworkError/] })

test('a new release reaches a returning shopper: the update prompt, then the new build serves every page (en)', async ({ page }) => {
  test.slow()
  const release = () => page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="release"]')?.content ?? null)
  await page.goto('/en/product/list')
  expect(await controlled(page)).toBe(true)
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
  expect(await release()).toBeNull()

  // build B is deployed while the app is open; the browser looks for a new worker at the next navigation
  await releaseNextBuild('B')
  await page.goto('/en/product/list')
  const prompt = page.getByText(tr('en', 'A new version of the shop is ready.'))
  await expect(prompt).toBeVisible({ timeout: 20_000 })
  // the old build keeps serving until the shopper accepts
  expect(await release()).toBeNull()
  const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: tr('en', 'Reload') }).click()])
  await expect.poll(release).toBe('B')
  expect(await controlled(page)).toBe(true)
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(before)
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()

  // every page now opens from build B, offline too
  await page.context().setOffline(true)
  await page.goto('/en/subscribe')
  expect(await release()).toBe('B')
  await page.context().setOffline(false)
})
