import { describe, expect, it } from 'vitest'
import { MEMBER_QUERY_ROOT } from '@/lib/query-client'
import { notificationSettingsQueryOptions } from './get-notification-settings'
import { headQueryOptions, notificationsQueryOptions } from './get-notifications'
import { unreadCountQueryOptions } from './get-unread-count'

// src/lib/query-persistence.ts keeps every successful query in IndexedDB (messages seen once stay
// readable offline) and drops the member's root at sign-out: these must live under it.
describe('notification query keys', () => {
  it('sit under the member root, so they are kept offline and forgotten at sign-out', () => {
    for (const key of [headQueryOptions('en').queryKey, notificationsQueryOptions('ja', { page: 2, type: 'order_shipped' }).queryKey, unreadCountQueryOptions('zh_tw').queryKey, notificationSettingsQueryOptions('en').queryKey]) {
      expect(key[0]).toBe(MEMBER_QUERY_ROOT)
    }
  })

  it('make the head list the first unfiltered page', () => {
    expect(headQueryOptions('en').queryKey).toEqual(notificationsQueryOptions('en', { page: 1 }).queryKey)
    expect(headQueryOptions('en').queryKey).not.toEqual(notificationsQueryOptions('en', { page: 1, status: 'unread' }).queryKey)
  })
})
