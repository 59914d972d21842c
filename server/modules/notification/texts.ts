import { CARRIERS, type CarrierCode } from '../../../contract/order'
import { CHAIN_NAMES, isStoreChain } from '../../../contract/logistics'
import type { Locale } from '../../../contract/constants'
import type { Localized } from '../../../contract/localized'
import type { NotificationPayload, NotificationStatus, NotificationType, StoredPayload } from '../../../contract/notification'

/** What a notification row keeps: the payload, with product names in every language. */

type Words = { title: Localized; content: (p: StoredPayload, locale: Locale) => Localized }

const money = (n: number | undefined) => `NT$${(n ?? 0).toLocaleString('en-US')}`
const carrierName = (code: string | undefined, locale: Locale) =>
  isStoreChain(code) ? CHAIN_NAMES[code][locale] : code && code in CARRIERS ? CARRIERS[code as CarrierCode].name[locale] : (code ?? '')
/** the last day to collect a parcel, as the shopper's calendar shows it in Taiwan */
const day = (iso: string | undefined, locale: Locale) =>
  iso ? new Intl.DateTimeFormat(locale === 'zh_tw' ? 'zh-TW' : locale, { month: 'long', day: 'numeric', weekday: 'short', timeZone: 'Asia/Taipei' }).format(new Date(iso)) : ''
const cash = (p: StoredPayload, words: Localized) => (p.cash ? words : { zh_tw: '', en: '', ja: '' })
/** the reminder's deadline, in Taiwan time (the shop's) */
const clock = (iso: string | undefined) => (iso ? new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Taipei' }).format(new Date(iso)) : '')
const product = (p: StoredPayload, locale: Locale) => p.product_name?.[locale] ?? ''

/** Titles and contents of each kind in the shop's three languages. */
const WORDS: Record<NotificationType, Words> = {
  order_paid: {
    title: { zh_tw: '付款成功', en: 'Payment received', ja: 'お支払いを確認しました' },
    content: (p) => ({
      zh_tw: `訂單 ${p.order_no} 已付款，我們會盡快為您出貨。`,
      en: `Order ${p.order_no} is paid. We will ship it soon.`,
      ja: `ご注文 ${p.order_no} のお支払いを確認しました。まもなく発送いたします。`,
    }),
  },
  order_placed: {
    title: { zh_tw: '訂單成立', en: 'Order placed', ja: 'ご注文を承りました' },
    content: (p) => ({
      zh_tw: `訂單 ${p.order_no} 已成立，取貨時於門市付款。我們會盡快為您出貨。`,
      en: `Order ${p.order_no} is placed; you pay when you collect it at the store. We will ship it soon.`,
      ja: `ご注文 ${p.order_no} を承りました。お支払いは店舗での受け取り時です。まもなく発送いたします。`,
    }),
  },
  order_shipped: {
    title: { zh_tw: '訂單已出貨', en: 'Your order has shipped', ja: 'ご注文の商品を発送しました' },
    content: (p) =>
      p.store_name
        ? {
            zh_tw: `訂單 ${p.order_no} 已寄往${carrierName(p.carrier, 'zh_tw')} ${p.store_name}門市，到店後會再通知您取貨。`,
            en: `Order ${p.order_no} is on its way to ${carrierName(p.carrier, 'en')} ${p.store_name}. We will tell you when it is at the store.`,
            ja: `ご注文 ${p.order_no} を${carrierName(p.carrier, 'ja')} ${p.store_name}店へ発送しました。店舗に届きましたらお知らせします。`,
          }
        : {
            zh_tw: `訂單 ${p.order_no} 已由${carrierName(p.carrier, 'zh_tw')}寄出，追蹤編號 ${p.tracking_no}。`,
            en: `Order ${p.order_no} is on its way with ${carrierName(p.carrier, 'en')}, tracking number ${p.tracking_no}.`,
            ja: `ご注文 ${p.order_no} を${carrierName(p.carrier, 'ja')}で発送しました。追跡番号 ${p.tracking_no}。`,
          },
  },
  order_delivered: {
    title: { zh_tw: '訂單已送達', en: 'Your order was delivered', ja: 'ご注文の商品が配達されました' },
    content: (p) =>
      p.store_name
        ? {
            zh_tw: `訂單 ${p.order_no} 已在 ${p.store_name}門市取貨，歡迎留下您的評價。`,
            en: `Order ${p.order_no} was collected at ${p.store_name}. We would love your review.`,
            ja: `ご注文 ${p.order_no} を${p.store_name}店でお受け取りいただきました。ぜひレビューをお寄せください。`,
          }
        : {
            zh_tw: `訂單 ${p.order_no} 已送達，歡迎留下您的評價。`,
            en: `Order ${p.order_no} was delivered. We would love your review.`,
            ja: `ご注文 ${p.order_no} が配達されました。ぜひレビューをお寄せください。`,
          },
  },
  parcel_arrived: {
    title: { zh_tw: '包裹已到店', en: 'Your parcel is at the store', ja: '商品が店舗に到着しました' },
    content: (p) => ({
      zh_tw: `訂單 ${p.order_no} 已送達 ${p.store_name}門市，請於 ${day(p.collect_by, 'zh_tw')}前取貨${cash(p, { zh_tw: `並付款 ${money(p.cash)}`, en: '', ja: '' }).zh_tw}。`,
      en: `Order ${p.order_no} is at ${p.store_name}. Please collect it by ${day(p.collect_by, 'en')}${cash(p, { zh_tw: '', en: ` and pay ${money(p.cash)} there`, ja: '' }).en}.`,
      ja: `ご注文 ${p.order_no} が${p.store_name}店に到着しました。${day(p.collect_by, 'ja')}までにお受け取りください${cash(p, { zh_tw: '', en: '', ja: `（店頭で ${money(p.cash)} をお支払い）` }).ja}。`,
    }),
  },
  pickup_reminder: {
    title: { zh_tw: '包裹即將退回', en: 'Please collect your parcel', ja: '商品のお受け取りをお忘れなく' },
    content: (p) => ({
      zh_tw: `訂單 ${p.order_no} 仍在 ${p.store_name}門市等您，${day(p.collect_by, 'zh_tw')}後將退回。`,
      en: `Order ${p.order_no} is waiting at ${p.store_name}. It goes back after ${day(p.collect_by, 'en')}.`,
      ja: `ご注文 ${p.order_no} が${p.store_name}店でお待ちしています。${day(p.collect_by, 'ja')}を過ぎると返送されます。`,
    }),
  },
  pickup_store_closed: {
    title: { zh_tw: '取貨門市暫停營業', en: 'Your pick-up store has closed', ja: '受け取り店舗が休業しました' },
    content: (p) =>
      p.returned
        ? {
            zh_tw: `訂單 ${p.order_no} 的取貨門市 ${p.store_name} 已關轉，包裹將退回，訂單已取消。`,
            en: `${p.store_name}, the store for order ${p.order_no}, has closed. The parcel goes back to us and the order is cancelled.`,
            ja: `ご注文 ${p.order_no} の受け取り店舗（${p.store_name}）が休業したため、商品は返送され、ご注文はキャンセルされました。`,
          }
        : {
            zh_tw: `訂單 ${p.order_no} 的取貨門市 ${p.store_name} 已關轉，請重新選擇取貨門市。`,
            en: `${p.store_name}, the store for order ${p.order_no}, has closed. Please choose another store.`,
            ja: `ご注文 ${p.order_no} の受け取り店舗（${p.store_name}）が休業しました。別の店舗をお選びください。`,
          },
  },
  parcel_returned: {
    title: { zh_tw: '包裹未取已退回', en: 'Your parcel was not collected', ja: '商品が返送されました' },
    content: (p) => ({
      zh_tw: `訂單 ${p.order_no} 未在期限內於 ${p.store_name}門市取貨，包裹已退回，訂單已取消。`,
      en: `Order ${p.order_no} was not collected at ${p.store_name} in time. The parcel went back and the order is cancelled.`,
      ja: `ご注文 ${p.order_no} が期限内に${p.store_name}店で受け取られなかったため返送され、ご注文はキャンセルされました。`,
    }),
  },
  payment_failed: {
    title: { zh_tw: '付款失敗', en: 'Payment failed', ja: 'お支払いができませんでした' },
    content: (p) => ({
      zh_tw: `訂單 ${p.order_no} 付款未成功，請重新付款。`,
      en: `The payment for order ${p.order_no} did not go through. Please pay again.`,
      ja: `ご注文 ${p.order_no} のお支払いが完了しませんでした。もう一度お支払いください。`,
    }),
  },
  payment_reminder: {
    title: { zh_tw: '訂單即將取消', en: 'Your order will be cancelled soon', ja: 'まもなくご注文がキャンセルされます' },
    content: (p) => ({
      zh_tw: `訂單 ${p.order_no} 尚未付款，將於 ${clock(p.pay_before)}（台灣時間）自動取消。`,
      en: `Order ${p.order_no} is not paid yet and will be cancelled at ${clock(p.pay_before)} (Taiwan time).`,
      ja: `ご注文 ${p.order_no} は未払いのため、${clock(p.pay_before)}（台湾時間）に自動でキャンセルされます。`,
    }),
  },
  favourite_restock: {
    title: { zh_tw: '收藏商品到貨了', en: 'A favourite is back in stock', ja: 'お気に入りの商品が再入荷しました' },
    content: (p) => ({
      zh_tw: `${product(p, 'zh_tw')} 已重新到貨，數量有限。`,
      en: `${product(p, 'en')} is back in stock. Quantities are limited.`,
      ja: `${product(p, 'ja')}が再入荷しました。数量限定です。`,
    }),
  },
  favourite_price_drop: {
    title: { zh_tw: '收藏商品降價了', en: 'A favourite costs less now', ja: 'お気に入りの商品が値下がりしました' },
    content: (p) => ({
      zh_tw: `${product(p, 'zh_tw')} 從 ${money(p.old_price)} 降到 ${money(p.new_price)}。`,
      en: `${product(p, 'en')} is now ${money(p.new_price)} (was ${money(p.old_price)}).`,
      ja: `${product(p, 'ja')}が${money(p.old_price)}から${money(p.new_price)}になりました。`,
    }),
  },
  review_invite: {
    title: { zh_tw: '商品用得還滿意嗎？', en: 'How did you like it?', ja: '商品はいかがでしたか？' },
    content: (p) => ({
      zh_tw: `訂單 ${p.order_no} 已送達一段時間了，留下評價，幫助其他顧客挑選伴手禮。`,
      en: `Order ${p.order_no} arrived a few days ago. A review helps other shoppers choose.`,
      ja: `ご注文 ${p.order_no} の商品が届いて数日が経ちました。レビューはほかのお客様の参考になります。`,
    }),
  },
  referral_joined: {
    title: { zh_tw: '好友加入了', en: 'A friend joined', ja: 'お友だちが登録しました' },
    content: (p) => ({
      zh_tw: `${p.friend_name} 使用您的推薦碼加入了會員。`,
      en: `${p.friend_name} joined with your referral code.`,
      ja: `${p.friend_name}さんがあなたの紹介コードで登録しました。`,
    }),
  },
  coupon_granted: {
    title: { zh_tw: '您獲得一張折價券', en: 'You have a new coupon', ja: 'クーポンが届きました' },
    content: (p) =>
      p.grant === 'reward'
        ? {
            zh_tw: `感謝推薦 ${p.friend_name ?? ''}！送您 ${money(p.amount)} 折價券（滿 ${money(p.min_spend)} 可用），已放進「我的折價券」。`,
            en: `Thank you for inviting ${p.friend_name ?? 'a friend'}! A ${money(p.amount)} coupon (on orders of ${money(p.min_spend)} or more) is waiting in My coupons.`,
            ja: `${p.friend_name ?? 'お友だち'}さんのご紹介ありがとうございます。${money(p.amount)} 割引クーポン（${money(p.min_spend)} 以上のご注文で利用可）を「マイクーポン」にお届けしました。`,
          }
        : {
            zh_tw: `歡迎加入！好友送您 ${money(p.amount)} 見面禮折價券（滿 ${money(p.min_spend)} 可用），已放進「我的折價券」，結帳時可一鍵套用。`,
            en: `Welcome! Your friend's gift, a ${money(p.amount)} coupon (on orders of ${money(p.min_spend)} or more), is waiting in My coupons. Apply it at checkout with one tap.`,
            ja: `ようこそ！お友だちからの ${money(p.amount)} 割引クーポン（${money(p.min_spend)} 以上のご注文で利用可）を「マイクーポン」にお届けしました。ご注文手続きでワンタップで使えます。`,
          },
  },
  subscription_renewed: {
    title: { zh_tw: '零食箱已續訂', en: 'Your snack box renewed', ja: 'スナックボックスを更新しました' },
    content: (p) => ({
      zh_tw: `已收到零食箱續訂款項 ${money(p.amount)}，下一箱準備中。`,
      en: `We received ${money(p.amount)} for your snack box renewal. Your next box is on its way.`,
      ja: `スナックボックスの更新料金 ${money(p.amount)} を受け取りました。次のボックスを準備しています。`,
    }),
  },
  subscription_renewal_failed: {
    title: { zh_tw: '零食箱續訂扣款失敗', en: 'Your snack box renewal failed', ja: 'スナックボックスの更新に失敗しました' },
    content: (p) => ({
      zh_tw: `零食箱續訂的 ${money(p.amount)} 未能扣款，請更新付款方式，以免錯過下一箱。`,
      en: `We could not charge ${money(p.amount)} for your snack box renewal. Please update your card so you do not miss a box.`,
      ja: `スナックボックスの更新料金 ${money(p.amount)} をお支払いいただけませんでした。次のボックスのためにカードを更新してください。`,
    }),
  },
}

export const KIND_NAMES: Record<NotificationType, Localized> = {
  order_paid: { zh_tw: '訂單付款成功', en: 'Order paid', ja: 'お支払い完了' },
  order_placed: { zh_tw: '訂單成立（取貨付款）', en: 'Order placed (cash on pick-up)', ja: 'ご注文の受付（代金引換）' },
  order_shipped: { zh_tw: '訂單出貨', en: 'Order shipped', ja: '発送' },
  order_delivered: { zh_tw: '訂單送達', en: 'Order delivered', ja: '配達完了' },
  payment_failed: { zh_tw: '付款失敗', en: 'Payment failed', ja: 'お支払いの失敗' },
  payment_reminder: { zh_tw: '未付款訂單提醒', en: 'Unpaid order reminder', ja: '未払いのご注文のお知らせ' },
  parcel_arrived: { zh_tw: '包裹到店', en: 'Parcel at the store', ja: '店舗への到着' },
  pickup_reminder: { zh_tw: '取貨提醒', en: 'Pick-up reminder', ja: '受け取りのお知らせ' },
  pickup_store_closed: { zh_tw: '取貨門市關轉', en: 'Pick-up store closed', ja: '受け取り店舗の休業' },
  parcel_returned: { zh_tw: '包裹未取退回', en: 'Parcel not collected', ja: '未受け取りによる返送' },
  favourite_restock: { zh_tw: '收藏商品到貨', en: 'Favourite back in stock', ja: 'お気に入りの再入荷' },
  favourite_price_drop: { zh_tw: '收藏商品降價', en: 'Favourite price drop', ja: 'お気に入りの値下げ' },
  referral_joined: { zh_tw: '好友加入', en: 'Friend joined', ja: 'お友だちの登録' },
  coupon_granted: { zh_tw: '獲得折價券', en: 'New coupon', ja: 'クーポンの付与' },
  review_invite: { zh_tw: '評價邀請', en: 'Review invitation', ja: 'レビューのお願い' },
  subscription_renewed: { zh_tw: '零食箱續訂成功', en: 'Snack box renewed', ja: 'スナックボックスの更新' },
  subscription_renewal_failed: { zh_tw: '零食箱續訂失敗', en: 'Snack box renewal failed', ja: 'スナックボックス更新の失敗' },
}

export const STATUS_NAMES: Record<NotificationStatus, Localized> = {
  unread: { zh_tw: '未讀', en: 'Unread', ja: '未読' },
  read: { zh_tw: '已讀', en: 'Read', ja: '既読' },
}

/** The title and content of a notification in one language. */
export function wordsOf(type: NotificationType, payload: StoredPayload, locale: Locale) {
  const words = WORDS[type]
  return { title: words.title[locale], content: words.content(payload, locale)[locale] }
}

/** The payload as the API shows it: the product's name in the reader's language. */
export const payloadFor = (payload: StoredPayload, locale: Locale): NotificationPayload => {
  const { product_name, ...rest } = payload
  return product_name ? { ...rest, product_name: product_name[locale] } : rest
}
