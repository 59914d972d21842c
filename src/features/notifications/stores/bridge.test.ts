import { describe, expect, it, vi } from 'vitest'
import type { Notification } from '../../../../contract/notification'
import { bridgeNotification, shouldBridge, type BridgeFacts } from './bridge'

const facts: BridgeFacts = { installed: true, permission: 'granted', subscribed: false, visibility: 'hidden' }

describe('shouldBridge', () => {
  it('shows a real-time message for the installed app in the background, allowed and without push', () => {
    expect(shouldBridge(facts)).toBe(true)
  })

  it.each<[string, Partial<BridgeFacts>]>([
    ['on screen: the toast says it', { visibility: 'visible' }],
    ['in a browser tab', { installed: false }],
    ['without permission', { permission: 'default' }],
    ['with notifications blocked', { permission: 'denied' }],
    ['where notifications are unsupported', { permission: 'unsupported' }],
    ['with push on this device: the service worker shows it, never twice', { subscribed: true }],
  ])('does not %s', (_, change) => {
    expect(shouldBridge({ ...facts, ...change })).toBe(false)
  })
})

describe('bridgeNotification', () => {
  it('uses the tag of the web push of the same message and carries the page to open', async () => {
    const showNotification = vi.fn(() => Promise.resolve())
    const notification = { id: 42, title: 'Shipped', content: 'On its way' } as Notification
    await bridgeNotification({ showNotification } as unknown as ServiceWorkerRegistration, notification, '/en/purchase/X')
    expect(showNotification).toHaveBeenCalledWith('Shipped', expect.objectContaining({ body: 'On its way', tag: 'notification-42', data: { url: '/en/purchase/X' } }))
  })
})
