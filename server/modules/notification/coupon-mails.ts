import type { Locale } from '../../../contract/constants'
import { localizePathname } from '../../../contract/locale-paths'
import type { Mail } from '../../integrations/mail'
import type { StoredPayload } from '../../../contract/notification'

/** The kinds mailed when the member has not switched them off (decision 57). */
export const isCouponMailKind = (type: string): type is 'coupon_granted' => type === 'coupon_granted'

type Grant = 'welcome' | 'reward'

/** What a coupon mail is written from: who it goes to, and the coupon as the member's wallet holds it. */
export interface CouponForMail {
  to: string
  firstName: string
  lastName: string
  grant: Grant
  /** the referred friend's name, masked as on the referral page (reward only) */
  friendName: string | null
  code: string
  /** whole TWD off */
  amount: number
  minSpend: number
  endsAt: Date | null
}

const money = (n: number) => `NT$${n.toLocaleString('en-US')}`
const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

const DATE_LOCALE: Record<Locale, string> = { zh_tw: 'zh-TW', en: 'en-GB', ja: 'ja-JP' }
/** the coupon's end, in Taiwan time (the shop's), to the minute: it ends at the hour it was issued, not at midnight */
const until = (date: Date, locale: Locale) =>
  new Intl.DateTimeFormat(DATE_LOCALE[locale], { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Taipei' }).format(date)

type Words = {
  subject: Record<Grant, (amount: string) => string>
  greeting: (name: string) => string
  lead: Record<Grant, (amount: string, friend: string | null) => string>
  code: string
  gives: string
  off: (amount: string) => string
  minSpend: string
  orMore: (amount: string) => string
  none: string
  validUntil: string
  taiwanTime: string
  noEnd: string
  howTo: string
  view: string
  footer: string
}

const WORDS: Record<Locale, Words> = {
  zh_tw: {
    subject: { welcome: (a) => `歡迎加入！送您 ${a} 見面禮折價券`, reward: (a) => `感謝您推薦好友，送您 ${a} 折價券` },
    greeting: (n) => `${n} 您好：`,
    lead: {
      welcome: (a) => `歡迎加入！您的好友送您一張 ${a} 見面禮折價券，已放進「我的折價券」。`,
      reward: (a, f) => `感謝您推薦 ${f ?? '好友'}！好友的第一筆訂單已送達，送您一張 ${a} 折價券，已放進「我的折價券」。`,
    },
    code: '折價券代碼',
    gives: '優惠',
    off: (a) => `折抵 ${a}`,
    minSpend: '最低消費',
    orMore: (a) => `商品滿 ${a}`,
    none: '無',
    validUntil: '使用期限',
    taiwanTime: '（台灣時間）',
    noEnd: '無期限',
    howTo: '結帳時在付款頁可一鍵套用，或輸入折價券代碼。',
    view: '查看我的折價券',
    footer: '這封信由系統自動寄出，請勿直接回覆。',
  },
  en: {
    subject: { welcome: (a) => `Welcome! A ${a} coupon is waiting for you`, reward: (a) => `Thank you for inviting a friend: a ${a} coupon` },
    greeting: (n) => `Hello ${n},`,
    lead: {
      welcome: (a) => `Welcome! Your friend's gift, a ${a} coupon, is waiting in My coupons.`,
      reward: (a, f) => `Thank you for inviting ${f ?? 'a friend'}! Their first order was delivered, so a ${a} coupon is waiting for you in My coupons.`,
    },
    code: 'Coupon code',
    gives: 'It gives',
    off: (a) => `${a} off`,
    minSpend: 'Minimum spend',
    orMore: (a) => `goods of ${a} or more`,
    none: 'None',
    validUntil: 'Valid until',
    taiwanTime: ' (Taiwan time)',
    noEnd: 'No expiry date',
    howTo: 'Apply it with one tap on the payment page at checkout, or enter its code.',
    view: 'See my coupons',
    footer: 'This mail was sent automatically; replies are not read.',
  },
  ja: {
    subject: { welcome: (a) => `ようこそ！${a} 割引クーポンをお届けしました`, reward: (a) => `お友だちのご紹介ありがとうございます：${a} 割引クーポン` },
    greeting: (n) => `${n} 様`,
    lead: {
      welcome: (a) => `ご登録ありがとうございます。お友だちからの ${a} 割引クーポンを「マイクーポン」にお届けしました。`,
      reward: (a, f) => `${f ?? 'お友だち'}さんのご紹介ありがとうございます。お友だちの初めてのご注文が配達されましたので、${a} 割引クーポンを「マイクーポン」にお届けしました。`,
    },
    code: 'クーポンコード',
    gives: '特典',
    off: (a) => `${a} 割引`,
    minSpend: 'ご利用条件',
    orMore: (a) => `商品 ${a} 以上のご注文`,
    none: 'なし',
    validUntil: '有効期限',
    taiwanTime: '（台湾時間）',
    noEnd: '期限なし',
    howTo: 'お支払いページでワンタップで適用できます。クーポンコードの入力でもご利用いただけます。',
    view: 'マイクーポンを見る',
    footer: 'このメールは送信専用です。ご返信いただいてもお答えできません。',
  },
}

const HTML_LANG: Record<Locale, string> = { zh_tw: 'zh-Hant-TW', en: 'en', ja: 'ja' }

/** The coupon's figures from a coupon_granted notification's payload; undefined when it is not one. */
export function grantOf(payload: StoredPayload): Omit<CouponForMail, 'to' | 'firstName' | 'lastName'> | undefined {
  if (!payload.grant || !payload.coupon_code || payload.amount === undefined) return undefined
  return {
    grant: payload.grant,
    friendName: payload.friend_name ?? null,
    code: payload.coupon_code,
    amount: payload.amount,
    minSpend: payload.min_spend ?? 0,
    endsAt: payload.ends_at ? new Date(payload.ends_at) : null,
  }
}

/**
 * A granted coupon's mail in the member's language, as text and HTML: why it was given, what it
 * takes off, its code, minimum spend and end, and a link to the wallet. The dispatcher gives it its
 * Message-ID (the delivery's).
 */
export function couponMail(locale: Locale, coupon: CouponForMail, shop: { name: string; publicUrl: string }): Mail {
  const w = WORDS[locale]
  const name = locale === 'en' ? coupon.firstName : `${coupon.lastName}${coupon.firstName}`
  const amount = money(coupon.amount)
  const link = `${shop.publicUrl}${localizePathname('/user/coupon', locale)}`
  const subject = w.subject[coupon.grant](amount)
  const lead = w.lead[coupon.grant](amount, coupon.friendName)
  const facts: [string, string][] = [
    [w.code, coupon.code],
    [w.gives, w.off(amount)],
    [w.minSpend, coupon.minSpend > 0 ? w.orMore(money(coupon.minSpend)) : w.none],
    [w.validUntil, coupon.endsAt ? `${until(coupon.endsAt, locale)}${w.taiwanTime}` : w.noEnd],
  ]

  const text = [w.greeting(name), '', lead, '', ...facts.map(([k, v]) => `${k}: ${v}`), '', w.howTo, `${w.view}: ${link}`, '', w.footer, shop.name].join('\n')

  const html = `<!doctype html><html lang="${HTML_LANG[locale]}"><head><meta charset="utf-8"><title>${escape(subject)}</title></head><body style="font-family:sans-serif;color:#222;line-height:1.6;max-width:600px;margin:0 auto">
<p>${escape(w.greeting(name))}</p>
<p>${escape(lead)}</p>
<table role="presentation" style="border:2px dashed #e8384f;border-radius:8px;padding:8px 12px;margin:12px 0">${facts
    .map(([k, v], i) => `<tr><td style="padding:4px 12px 4px 0;color:#555">${escape(k)}</td><td style="padding:4px 0${i === 0 ? ';font-family:monospace;font-size:18px;font-weight:bold;letter-spacing:1px' : ''}">${escape(v)}</td></tr>`)
    .join('')}</table>
<p>${escape(w.howTo)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#e8384f;color:#fff;padding:10px 20px;border-radius:6px;text-decoration:none">${escape(w.view)}</a></p>
<p style="font-size:13px;color:#666">${escape(w.footer)}</p>
<p>${escape(shop.name)}</p>
</body></html>`

  return { to: coupon.to, subject: `${subject} | ${shop.name}`, text, html, link }
}
