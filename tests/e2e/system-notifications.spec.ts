import type { Notification } from '../../contract/notification'
import { privateMemberChannel } from '../../contract/realtime'
import { apiToken, expect, test } from './kit'
import { createMember, EXPECTED_API_ERRORS, signIn } from './support/accounts'
import { FULL_CHROMIUM } from './support/browsers'
import { memberId, realtimePublisher, shownNotifications, waitForSubscription } from './support/notifications'

/**
 * What the service worker shows as system notifications (a web push, the real-time bridge of an
 * installed app). At phone width only (neither depends on the width), in Chromium itself: its
 * headless shell, which the other specs run in, has no notification centre.
 */
test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS, serviceWorkers: 'allow', launchOptions: FULL_CHROMIUM })

test('a web push makes the service worker show the message; an unreadable one still shows a notice', async ({ page }) => {
  await page.context().grantPermissions(['notifications'])
  await page.goto('/en')
  await page.evaluate(async () => void (await navigator.serviceWorker.ready))
  const cdp = await page.context().newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const own = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(new URL(page.url()).origin) && !r.isDeleted)
      if (own) resolve(own.registrationId)
    })
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const active = versions.find((v: { runningStatus: string }) => v.runningStatus === 'running')
      if (active) resolve(active.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const origin = new URL(page.url()).origin
  const payload = { id: 9001, type: 'order_shipped', title: 'Your order has shipped', body: 'Order 20261124-AB12 is on its way.', url: '/en/purchase/20261124-AB12', icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', image: null, tag: 'notification-9001', lang: 'en' }
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) })
  await expect.poll(() => shownNotifications(page)).toContainEqual({ title: payload.title, body: payload.body, tag: 'notification-9001', data: { url: payload.url } })

  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: 'not json' })
  await expect.poll(async () => (await shownNotifications(page)).find((n) => n.tag === 'notification-unknown')?.data?.url).toMatch(/\/user\/message$/)
})

test('the installed app in the background shows a real-time message as a system notification when this device has no push (bridge)', async ({ page, request, baseURL }) => {
  const member = await createMember(request)
  const token = await apiToken(request, member)
  const userId = await memberId(request, token)
  const publisher = await realtimePublisher(baseURL!)
  await page.context().grantPermissions(['notifications'])
  // running from the home screen: Chromium 156 accepts display-mode in Emulation.setEmulatedMedia
  // but does not apply it, so the page's matchMedia answers for it as an installed app's would
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'display-mode', value: 'standalone' }] })
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window)
    window.matchMedia = (query: string) => (/\(display-mode:\s*standalone\)/.test(query) ? ({ ...original('all'), matches: true, media: query } as MediaQueryList) : original(query))
  })
  await page.goto('/en')
  await signIn(page, 'en', member)
  expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true)
  await page.evaluate(async () => void (await navigator.serviceWorker.ready))
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true)
  await waitForSubscription(publisher, userId)

  // the app goes to the background
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  const notification: Notification = {
    id: 987654,
    type: 'favourite_restock',
    title: 'Back in stock: Matcha KitKat',
    content: 'A favourite of yours is back.',
    url: '/product/detail/1',
    image: null,
    is_read: false,
    created_at: new Date().toISOString(),
    datetime: new Date().toISOString(),
    notification: { product_id: 1 },
  }
  await publisher.trigger(privateMemberChannel(userId), 'SendNotification', { data: notification })
  await expect.poll(() => shownNotifications(page)).toContainEqual({ title: notification.title, body: notification.content, tag: 'notification-987654', data: { url: '/en/product/detail/1' } })
})
