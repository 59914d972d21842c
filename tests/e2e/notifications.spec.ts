import { apiToken, expect, header, lookAt, test } from './kit'
import { createMember, EXPECTED_API_ERRORS, signIn } from './support/accounts'
import { addToServerCart, pricedStock } from './support/checkout'
import { declinedPayment, memberId, newestNotification, paidOrder, realtimePublisher, shipOrder, unreadCount, waitForSubscription } from './support/notifications'

test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

const messagesName = (count: number) => (count === 0 ? 'Messages' : `Messages, ${count} unread`)

test('a shipped order is announced on the open page without a reload; opening the message shows the order and marks it read (en)', async ({ page, request, baseURL, isMobile }) => {
  test.slow()
  const member = await createMember(request)
  const token = await apiToken(request, member)
  const no = await paidOrder(page, token, member)
  const publisher = await realtimePublisher(baseURL!)
  const userId = await memberId(request, token)

  await page.goto('/en/product/list')
  await signIn(page, 'en', member)
  // the member watches the order's page: the notification brings its new state without a reload
  await page.goto(`/en/purchase/${no}`)
  await expect(page.getByRole('main').getByText(no).first()).toBeVisible()
  await expect(page.getByText('Your parcel is on its way.')).toBeHidden()
  const before = await unreadCount(request, token)
  // desktops: the header's bell; phones: the dock's entry
  const messages = isMobile ? page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link', { name: messagesName(before), exact: true }) : header(page).getByRole('button', { name: messagesName(before), exact: true })
  await expect(messages).toBeVisible()
  await waitForSubscription(publisher, userId)

  await shipOrder(request, no)
  const shipped = await newestNotification(request, token, 'order_shipped')
  expect(shipped.url).toBe(`/purchase/${no}`)
  const toast = page.getByRole('button', { name: new RegExp(shipped.title) }).filter({ hasText: shipped.content })
  await expect(toast).toBeVisible()
  await expect(page.getByText('Your parcel is on its way.')).toBeVisible()
  const after = isMobile ? page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link', { name: messagesName(before + 1), exact: true }) : header(page).getByRole('button', { name: messagesName(before + 1), exact: true })
  await expect(after).toBeVisible()

  if (isMobile) {
    await toast.click()
  } else {
    await after.click()
    const dropdown = header(page).getByRole('region', { name: 'Messages' })
    const item = dropdown.getByRole('button', { name: new RegExp(`Unread: ${shipped.title}`) })
    await expect(item).toBeVisible()
    await expect(dropdown.getByRole('link', { name: 'All messages' })).toHaveAttribute('href', '/en/user/message')
    await item.click()
  }
  await expect(page).toHaveURL(new RegExp(`/en/purchase/${no}$`))
  await expect(page.getByRole('main').getByText(no).first()).toBeVisible()
  await expect.poll(() => unreadCount(request, token)).toBe(before)
  await expect(isMobile ? page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link', { name: messagesName(before), exact: true }) : header(page).getByRole('button', { name: messagesName(before), exact: true })).toBeVisible()
})

test('a real-time notice speaks the page’s language, not the member profile’s: a declined payment on /en, a payment on /ja', async ({ page, request, baseURL }) => {
  test.slow()
  // the profile keeps Chinese: real time and push are written in it
  const member = await createMember(request, { locale: 'zh-TW' })
  const token = await apiToken(request, member)
  const userId = await memberId(request, token)
  const publisher = await realtimePublisher(baseURL!)

  await page.goto('/en')
  await signIn(page, 'en', member)
  await waitForSubscription(publisher, userId)
  const no = await declinedPayment(page, token, member)
  const failed = await newestNotification(request, token, 'payment_failed', 'en')
  const chinese = await newestNotification(request, token, 'payment_failed', 'zh_tw')
  expect(failed.content).toContain(no)
  const toast = page.getByRole('button', { name: failed.title }).filter({ hasText: failed.content })
  await expect(toast).toBeVisible()
  await expect(page.getByText(chinese.title)).toHaveCount(0)
  await lookAt(page, `toast-en-${test.info().project.name}`)

  await page.goto('/ja')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  await waitForSubscription(publisher, userId)
  await paidOrder(page, token, member)
  const paid = await newestNotification(request, token, 'order_paid', 'ja')
  await expect(page.getByRole('button', { name: paid.title }).filter({ hasText: paid.content })).toBeVisible()
  await expect(page.getByText((await newestNotification(request, token, 'order_paid', 'zh_tw')).title)).toHaveCount(0)
  await lookAt(page, `toast-ja-${test.info().project.name}`)
})

test('toasts keep clear of an open header panel at 1440 px: the bell’s messages and the mini-cart', async ({ page, request, baseURL, isMobile }) => {
  test.skip(isMobile, 'the bell and the mini-cart are desktop panels')
  test.slow()
  await page.setViewportSize({ width: 1440, height: 900 })
  const member = await createMember(request)
  const token = await apiToken(request, member)
  const userId = await memberId(request, token)
  const publisher = await realtimePublisher(baseURL!)
  const { product, variant } = await pricedStock(page, 100, 'en')
  await addToServerCart(request, token, product, variant, 1)

  await page.goto('/en/product/list')
  await signIn(page, 'en', member)
  await waitForSubscription(publisher, userId)
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

  // the bell's dropdown open: the new message is its newest entry, and the toast sits beside it
  await header(page).getByRole('button', { name: /^Messages/ }).click()
  const messages = header(page).getByRole('region', { name: 'Messages' })
  await expect(messages).toBeVisible()
  const first = await declinedPayment(page, token, member)
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: first })
  await expect(toast).toBeVisible()
  await expect(messages.getByRole('button', { name: /Payment failed/ }).first()).toBeVisible()
  await expect.poll(async () => overlap((await toast.boundingBox())!, (await messages.boundingBox())!)).toBe(false)
  await lookAt(page, 'toast-beside-messages-1440')

  // the mini-cart open instead
  await header(page).getByRole('button', { name: /^Cart, 1 item/ }).click()
  const cart = header(page).getByRole('region', { name: 'Cart' })
  await expect(cart.getByText(product.name)).toBeVisible()
  await expect(messages).toBeHidden()
  const second = await declinedPayment(page, token, member)
  const cartToast = page.locator('[data-sonner-toast]').filter({ hasText: second })
  await expect(cartToast).toBeVisible()
  await expect.poll(async () => overlap((await cartToast.boundingBox())!, (await cart.boundingBox())!)).toBe(false)
  await lookAt(page, 'toast-beside-cart-1440')

  // every panel closed: toasts are back at the top centre, under the header
  await page.keyboard.press('Escape')
  await expect(cart).toBeHidden()
  await expect.poll(async () => { const box = (await cartToast.boundingBox())!; return Math.abs(box.x + box.width / 2 - 720) < 40 }).toBe(true)
})
