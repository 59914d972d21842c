import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import Pusher from 'pusher'
import type { Notification } from '../../../contract/notification'
import type { Order } from '../../../contract/order'
import type { Paged } from '../../../contract/page'
import { sandboxConfirmRequest } from '../../../contract/payment'
import { privateMemberChannel } from '../../../contract/realtime'
import { expect, shopDataDir } from '../kit'
import type { Member } from './accounts'
import { pricedStock, TAIPEI_RECIPIENT } from './checkout'

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

function dataFile(name: string): string {
  const dataDir = shopDataDir()
  return path.join(dataDir, name)
}

export async function memberId(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/v1/user', { headers: bearer(token) })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { data: { id: number } }).data.id
}

/**
 * A paid order of one product with stock (not the product `not`, when given), placed and paid with
 * the sandbox's test card through the API, as the shop's webhook records it; sent to `recipient`.
 */
export async function paidOrder(page: Page, token: string, member: Member, not?: number, recipient = TAIPEI_RECIPIENT): Promise<string> {
  const { request } = page
  const { product, variant } = await pricedStock(page, 100, 'en', not)
  const placed = await request.post('/api/v1/ec-order', {
    headers: { ...bearer(token), 'idempotency-key': `notify-${Date.now()}-${Math.random()}` },
    data: { lines: [{ product_id: product.id, variant_id: variant.id, quantity: 1 }], recipient, invoice: { mode: 'personal', carrier_type: 'none', email: member.email, name: recipient.name } },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const order = ((await placed.json()) as { data: Order }).data
  const config = ((await (await request.get('/api/v1/config')).json()) as { data: { payment: { publishable_key: string } } }).data
  const { url, init } = sandboxConfirmRequest(order.payment.client_secret!, 'pm_card_visa', config.payment.publishable_key)
  const confirmed = await request.post(url, { headers: init.headers, data: init.body })
  expect(confirmed.ok(), await confirmed.text()).toBe(true)
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/ec-order/${order.no}`, { headers: bearer(token) })).json()) as { data: Order }).data.payment_status, { timeout: 15_000 })
    .toBe('SUCCESSED')
  return order.no
}

/** An order placed through the API and paid with the sandbox's declining test card: the shop then tells the member the payment failed. */
export async function declinedPayment(page: Page, token: string, member: Member, recipient = TAIPEI_RECIPIENT): Promise<string> {
  const { request } = page
  const { product, variant } = await pricedStock(page, 100, 'en')
  const placed = await request.post('/api/v1/ec-order', {
    headers: { ...bearer(token), 'idempotency-key': `decline-${Date.now()}-${Math.random()}` },
    data: { lines: [{ product_id: product.id, variant_id: variant.id, quantity: 1 }], recipient, invoice: { mode: 'personal', carrier_type: 'none', email: member.email, name: recipient.name } },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const order = ((await placed.json()) as { data: Order }).data
  const config = ((await (await request.get('/api/v1/config')).json()) as { data: { payment: { publishable_key: string } } }).data
  const { url, init } = sandboxConfirmRequest(order.payment.client_secret!, 'pm_card_chargeDeclined', config.payment.publishable_key)
  const confirmed = await request.post(url, { headers: init.headers, data: init.body })
  expect(confirmed.status(), await confirmed.text()).toBe(402)
  return order.no
}

/** The operators' API (the shop writes its key to DATA_DIR/operator-key.json at start). */
async function operatorKey(): Promise<string> {
  return (JSON.parse(await readFile(dataFile('operator-key.json'), 'utf8')) as { key: string }).key
}

export async function shipOrder(request: APIRequestContext, no: string): Promise<void> {
  const response = await request.post(`/api/v1/operator/orders/${no}/ship`, { headers: bearer(await operatorKey()), data: { tracking: `TW${Date.now()}`, carrier: 'tcat' } })
  expect(response.ok(), await response.text()).toBe(true)
}

/** Marks a shipped order delivered (COMPLETED) through the operators' API. */
export async function completeOrder(request: APIRequestContext, no: string): Promise<void> {
  const response = await request.post(`/api/v1/operator/orders/${no}/complete`, { headers: bearer(await operatorKey()), data: {} })
  expect(response.ok(), await response.text()).toBe(true)
}

export async function unreadCount(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/v1/user/unread_notification_count', { headers: bearer(token) })
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { data: { data: { count: number } } }).data.data.count
}

/** The member's newest notification of a kind, once the server has written it, in `locale` (real time and push speak the member's own language). */
export async function newestNotification(request: APIRequestContext, token: string, type: Notification['type'], locale = 'en'): Promise<Notification> {
  let found: Notification | undefined
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/user/notification?type=${type}`, { headers: { ...bearer(token), 'X-localization': locale } })
        found = response.ok() ? ((await response.json()) as Paged<Notification>).data[0] : undefined
        return found?.id
      },
      { message: `a ${type} notification`, timeout: 10_000 },
    )
    .toBeTruthy()
  return found!
}

/** The shop's real-time service as the shop publishes to it (the embedded server's keys are in DATA_DIR). */
export async function realtimePublisher(baseURL: string): Promise<Pusher> {
  const app = JSON.parse(await readFile(dataFile('realtime-keys.json'), 'utf8')) as { id: string; key: string; secret: string }
  const url = new URL(baseURL)
  return new Pusher({ appId: app.id, key: app.key, secret: app.secret, host: url.hostname, port: url.port, useTLS: false })
}

/** Waits until the page has subscribed to the member's channel: an event sent earlier would be lost. */
export async function waitForSubscription(publisher: Pusher, userId: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await publisher.get({ path: `/channels/${privateMemberChannel(userId)}` })
        return response.ok ? ((await response.json()) as { occupied?: boolean }).occupied === true : false
      },
      { message: 'the page subscribed to the member channel', timeout: 15_000 },
    )
    .toBe(true)
}

interface Shown {
  title: string
  body: string
  tag: string
  data: { url?: string } | null
}

/** The notifications the service worker's registration shows now. */
export const shownNotifications = (page: Page): Promise<Shown[]> =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as { url?: string } | null }))
  })

/** Ships a pick-up order: the shop creates its shipment with the logistics sandbox (no tracking number to give). */
export async function shipPickupOrder(request: APIRequestContext, no: string): Promise<void> {
  const response = await request.post(`/api/v1/operator/orders/${no}/ship`, { headers: bearer(await operatorKey()), data: {} })
  expect(response.ok(), await response.text()).toBe(true)
}

/** The logistics sandbox's operator control: the pick-up parcel moves on a step, which the sandbox reports to the shop. */
export async function advanceParcel(request: APIRequestContext, no: string, step: 'shipped' | 'arrived' | 'picked_up' | 'not_picked_up' | 'store_closed'): Promise<void> {
  const response = await request.post(`/api/v1/operator/orders/${no}/parcel`, { headers: bearer(await operatorKey()), data: { step } })
  expect(response.ok(), await response.text()).toBe(true)
}
