import { describe, expect, it } from 'vitest'
import { NOTIFICATION_HEAD_SIZE, type Notification } from '../../../../contract/notification'
import type { Paged } from '../../../../contract/page'
import { localizedUrl, receive } from './head-list'

const notification = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  type: 'order_shipped',
  title: `Shipped ${id}`,
  content: 'On its way',
  url: `/purchase/20261124-${id}`,
  image: null,
  is_read: false,
  created_at: '2026-11-24T10:00:00Z',
  datetime: '2026-11-24 18:00',
  notification: { order_no: `20261124-${id}` },
  ...overrides,
})

const page = (ids: number[], total = ids.length): Paged<Notification> => ({
  data: ids.map((id) => notification(id, { is_read: true })),
  current_page: 1,
  per_page: NOTIFICATION_HEAD_SIZE,
  total,
  last_page: Math.max(1, Math.ceil(total / NOTIFICATION_HEAD_SIZE)),
})

describe('receive', () => {
  it('puts a new notification on top, and counts it in the total and the unread count', () => {
    const next = receive({ head: page([3, 2, 1]), count: 4 }, notification(7), new Set())
    expect(next.fresh).toBe(true)
    expect(next.head?.data.map((n) => n.id)).toEqual([7, 3, 2, 1])
    expect(next.head?.total).toBe(4)
    expect(next.count).toBe(5)
  })

  it(`keeps the head list at ${NOTIFICATION_HEAD_SIZE}, dropping the oldest, and updates the page count`, () => {
    const full = page([10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 10)
    const next = receive({ head: full, count: 0 }, notification(11), new Set())
    expect(next.head?.data).toHaveLength(NOTIFICATION_HEAD_SIZE)
    expect(next.head?.data[0]?.id).toBe(11)
    expect(next.head?.data.at(-1)?.id).toBe(2)
    expect(next.head?.total).toBe(11)
    expect(next.head?.last_page).toBe(2)
  })

  it('changes nothing when the same id arrives twice', () => {
    const seen = new Set<number>()
    const first = receive({ head: page([1]), count: 0 }, notification(2), seen)
    const again = receive({ head: first.head, count: first.count }, notification(2), seen)
    expect(again.fresh).toBe(false)
    expect(again.head).toBe(first.head)
    expect(again.count).toBe(1)
    expect(again.head?.data.map((n) => n.id)).toEqual([2, 1])
  })

  it('ignores a notification the refetched list already holds', () => {
    const next = receive({ head: page([5, 4]), count: 2 }, notification(5), new Set())
    expect(next.fresh).toBe(false)
    expect(next.count).toBe(2)
  })

  it('remembers ids when no list was fetched yet, and leaves unknown numbers unknown', () => {
    const seen = new Set<number>()
    const first = receive({ head: undefined, count: undefined }, notification(9), seen)
    expect(first).toEqual({ head: undefined, count: undefined, fresh: true })
    expect(receive({ head: undefined, count: 3 }, notification(9), seen).fresh).toBe(false)
  })
})

describe('localizedUrl', () => {
  it('adds the language prefix to a shop path', () => {
    expect(localizedUrl('/purchase/20261124-AB12', 'en')).toBe('/en/purchase/20261124-AB12')
    expect(localizedUrl('/purchase/20261124-AB12', undefined)).toBe('/purchase/20261124-AB12')
    expect(localizedUrl('/', 'ja')).toBe('/ja')
  })

  it('refuses anything that is not a path of the shop', () => {
    expect(localizedUrl(null, 'en')).toBeNull()
    expect(localizedUrl('https://evil.example/', 'en')).toBeNull()
    expect(localizedUrl('//evil.example/x', undefined)).toBeNull()
    expect(localizedUrl('/\\evil.example', undefined)).toBeNull()
  })
})
