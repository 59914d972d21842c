import type { Page } from '@playwright/test'
import { apiToken, expect, serverCart, test } from './kit'
import { createMember, EXPECTED_API_ERRORS, signIn } from './support/accounts'
import { addShownProduct, cartControl, openProduct, stocked } from './support/cart'

// Offline, every request the service worker cannot answer fails in the console by design. (One
// pattern: Playwright would read a two-element array as a fixture's [value, options].)
const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|NetworkError/
test.use({ serviceWorkers: 'allow', allowedConsoleErrors: [new RegExp(`${EXPECTED_API_ERRORS[0]!.source}|${OFFLINE_ERRORS.source}`)] })

const untilControlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 })

test('a member’s cart changed offline reaches the server once when the connection is back (ja)', async ({ page, context, request, isMobile }) => {
  test.setTimeout(90_000)
  const member = await createMember(request, { locale: 'ja' })
  const token = await apiToken(request, member)
  const first = await stocked(page, 10, Infinity, 'ja')
  const second = await stocked(page, 10, Infinity, 'ja', first.product.id)

  // online: both product pages seen under the service worker, one line already on the server
  await openProduct(page, 'ja', second.product, second.variant)
  await untilControlled(page)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: second.product.name })).toBeVisible()
  await page.goto('/ja/product/list')
  await signIn(page, 'ja', member)
  await openProduct(page, 'ja', first.product, first.variant)
  await addShownProduct(page, 'ja', 1)
  await expect.poll(() => serverCart(request, token)).toEqual({ [first.variant.id]: 1 })

  // offline: add two of the second product, and the same first product once more; reload offline
  await context.setOffline(true)
  await openProduct(page, 'ja', second.product, second.variant)
  await addShownProduct(page, 'ja', 2)
  await openProduct(page, 'ja', first.product, first.variant)
  await addShownProduct(page, 'ja', 1)
  await page.reload()
  await expect(cartControl(page, 'ja', 4, isMobile)).toBeVisible()
  expect(await serverCart(request, token)).toEqual({ [first.variant.id]: 1 })

  // back online: the queued changes are replayed, each once
  await context.setOffline(false)
  const expected = { [first.variant.id]: 2, [second.variant.id]: 2 }
  await expect.poll(() => serverCart(request, token), { timeout: 15_000 }).toEqual(expected)

  // another reload, another lost-and-found connection: nothing is sent twice
  await page.reload()
  await expect(cartControl(page, 'ja', 4, isMobile)).toBeVisible()
  await context.setOffline(true)
  await context.setOffline(false)
  await page.waitForTimeout(1500)
  expect(await serverCart(request, token)).toEqual(expected)
})

test('a visitor’s cart filled offline survives an offline reload (zh-TW)', async ({ page, context, isMobile }) => {
  const { product, variant } = await stocked(page, 5, Infinity, 'zh-TW')
  await openProduct(page, 'zh-TW', product, variant)
  await untilControlled(page)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()

  await context.setOffline(true)
  await page.reload()
  await addShownProduct(page, 'zh-TW', 3)
  await page.reload()
  await expect(cartControl(page, 'zh-TW', 3, isMobile)).toBeVisible()
})
