import { describe, expect, it } from 'vitest'
import type { Notification } from './notification'
import { notificationIn } from './notification-event'

const data: Notification = {
  id: 7,
  type: 'favourite_price_drop',
  title: '收藏商品降價了',
  content: '抹茶餅乾 從 NT$300 降到 NT$250。',
  url: '/product/detail/3',
  image: null,
  is_read: false,
  created_at: '2026-11-24T01:00:00.000Z',
  datetime: '2026-11-24T01:00:00.000Z',
  notification: { product_id: 3, old_price: 300, new_price: 250, product_name: '抹茶餅乾' },
}
const translations = {
  zh_tw: { title: data.title, content: data.content, product_name: '抹茶餅乾' },
  en: { title: 'A favourite costs less now', content: 'Matcha cookies is now NT$250 (was NT$300).', product_name: 'Matcha cookies' },
  ja: { title: 'お気に入りの商品が値下がりしました', content: '抹茶クッキーがNT$300からNT$250になりました。', product_name: '抹茶クッキー' },
}

describe('a real-time notification in the page’s language', () => {
  it('takes the words of the page’s language, not the member profile’s', () => {
    expect(notificationIn({ data, translations }, 'en')).toEqual({ ...data, title: translations.en.title, content: translations.en.content, notification: { ...data.notification, product_name: 'Matcha cookies' } })
    expect(notificationIn({ data, translations }, 'ja')).toMatchObject({ id: 7, title: translations.ja.title, notification: { product_name: '抹茶クッキー', new_price: 250 } })
  })

  it('keeps the event’s own words when it carries no translations (a server of an older release)', () => {
    expect(notificationIn({ data }, 'en')).toBe(data)
  })
})
