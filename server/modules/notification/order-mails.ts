import type { Locale } from '../../../contract/constants'
import type { Localized } from '../../../contract/localized'
import { localizePathname } from '../../../contract/locale-paths'
import { CARRIERS, type CarrierCode } from '../../../contract/order'
import { CHAIN_NAMES, isStoreChain, type PickupStore } from '../../../contract/logistics'
import { ORDER_MAIL_KINDS } from '../../../contract/notification'
import type { Mail } from '../../integrations/mail'

export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number]
export const isOrderMailKind = (type: string): type is OrderMailKind => (ORDER_MAIL_KINDS as readonly string[]).includes(type)

/** What an order mail is written from: the order as it was bought, and who it goes to. */
export interface OrderForMail {
  no: string
  to: string
  firstName: string
  lastName: string
  lines: { name: Localized; variant_label: Localized; unit_price: number; quantity: number }[]
  subtotal: number
  discount: number
  couponCode: string | null
  logisticsFee: number
  tax: number
  amount: number
  recipient: { name: string; phone: string; zip_code: string; county: string; district: string; address: string }
  /** a pick-up order's store (the recipient is who collects it) */
  pickupStore: PickupStore | null
  invoice: Record<string, string>
  carrier: string | null
  trackingNo: string | null
  trackingUrl: string | null
}

const money = (n: number) => `NT$${n.toLocaleString('en-US')}`
const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

type Words = {
  subject: Record<OrderMailKind, (no: string) => string>
  greeting: (name: string) => string
  lead: Record<OrderMailKind, (no: string) => string>
  items: string
  quantity: (n: number) => string
  subtotal: string
  discount: (code: string | null) => string
  shipping: string
  free: string
  total: string
  taxIncluded: (tax: string) => string
  recipient: string
  /** a pick-up order's: the store, and the shipment's lead */
  pickup: string
  shippedToStore: (no: string) => string
  invoice: string
  invoiceMail: string
  invoiceChoice: (invoice: Record<string, string>) => string
  carrier: string
  tracking: string
  view: Record<OrderMailKind, string>
  footer: string
}

const WORDS: Record<Locale, Words> = {
  zh_tw: {
    subject: { order_paid: (no) => `訂單 ${no} 付款成功`, order_placed: (no) => `訂單 ${no} 已成立`, order_shipped: (no) => `訂單 ${no} 已出貨`, order_delivered: (no) => `訂單 ${no} 已送達` },
    greeting: (n) => `${n} 您好：`,
    lead: {
      order_paid: (no) => `感謝您的訂購！我們已收到訂單 ${no} 的款項，會盡快為您出貨。以下是您的訂單明細。`,
      order_placed: (no) => `感謝您的訂購！訂單 ${no} 已成立，請於門市取貨時付款。我們會盡快為您出貨，以下是您的訂單明細。`,
      order_shipped: (no) => `您的訂單 ${no} 已經出貨，包裹正在前往您的收件地址。`,
      order_delivered: (no) => `您的訂單 ${no} 已送達。希望您喜歡這些零食，歡迎留下評價，幫助其他顧客挑選。`,
    },
    items: '訂購商品',
    quantity: (n) => `× ${n}`,
    subtotal: '商品小計',
    discount: (code) => (code ? `折扣（${code}）` : '折扣'),
    shipping: '運費',
    free: '免運費',
    total: '訂單總額',
    taxIncluded: (tax) => `含稅 ${tax}`,
    recipient: '收件人',
    pickup: '取貨門市',
    shippedToStore: (no) => `您的訂單 ${no} 已經出貨，正寄往下方的取貨門市，到店後我們會再通知您。`,
    invoice: '電子發票',
    invoiceMail: '發票通知寄送至',
    invoiceChoice: (i) =>
      i.mode === 'company'
        ? `公司發票：統一編號 ${i.tax_id}，抬頭 ${i.company_title}`
        : i.mode === 'donation'
          ? `捐贈發票：捐贈碼 ${i.donation_code}`
          : i.carrier_type === 'mobile'
            ? `個人發票：手機條碼載具 ${i.carrier_code}`
            : i.carrier_type === 'citizen'
              ? `個人發票：自然人憑證載具 ${i.carrier_code}`
              : '個人發票：會員載具（由本店保管，中獎時通知您）',
    carrier: '物流',
    tracking: '追蹤編號',
    view: { order_paid: '查看訂單', order_placed: '查看訂單', order_shipped: '查看訂單與配送狀態', order_delivered: '撰寫評價' },
    footer: '這封信由系統自動寄出，請勿直接回覆。',
  },
  en: {
    subject: { order_paid: (no) => `Order ${no} is confirmed`, order_placed: (no) => `Order ${no} is placed`, order_shipped: (no) => `Order ${no} has shipped`, order_delivered: (no) => `Order ${no} was delivered` },
    greeting: (n) => `Hello ${n},`,
    lead: {
      order_paid: (no) => `Thank you for your order! We received the payment for order ${no} and will ship it soon. Here is what you ordered.`,
      order_placed: (no) => `Thank you for your order! Order ${no} is placed: you pay in cash when you collect it at the store. We will ship it soon. Here is what you ordered.`,
      order_shipped: (no) => `Your order ${no} has shipped and is on its way to the address below.`,
      order_delivered: (no) => `Your order ${no} was delivered. We hope you enjoy your snacks: a short review helps other shoppers choose.`,
    },
    items: 'Items',
    quantity: (n) => `× ${n}`,
    subtotal: 'Subtotal',
    discount: (code) => (code ? `Discount (${code})` : 'Discount'),
    shipping: 'Shipping',
    free: 'Free',
    total: 'Total',
    taxIncluded: (tax) => `including ${tax} tax`,
    recipient: 'Recipient',
    pickup: 'Pick-up store',
    shippedToStore: (no) => `Your order ${no} has shipped to the pick-up store below. We will tell you when it arrives.`,
    invoice: 'E-invoice',
    invoiceMail: 'Invoice notices go to',
    invoiceChoice: (i) =>
      i.mode === 'company'
        ? `Company invoice: tax ID ${i.tax_id}, ${i.company_title}`
        : i.mode === 'donation'
          ? `Donated invoice: donation code ${i.donation_code}`
          : i.carrier_type === 'mobile'
            ? `Personal invoice on mobile barcode ${i.carrier_code}`
            : i.carrier_type === 'citizen'
              ? `Personal invoice on citizen certificate ${i.carrier_code}`
              : 'Personal invoice kept by the shop (we tell you if it wins the lottery)',
    carrier: 'Carrier',
    tracking: 'Tracking number',
    view: { order_paid: 'View your order', order_placed: 'View your order', order_shipped: 'Follow your order', order_delivered: 'Write a review' },
    footer: 'This mail was sent automatically; replies are not read.',
  },
  ja: {
    subject: { order_paid: (no) => `ご注文 ${no} を承りました`, order_placed: (no) => `ご注文 ${no} を受け付けました`, order_shipped: (no) => `ご注文 ${no} を発送しました`, order_delivered: (no) => `ご注文 ${no} が配達されました` },
    greeting: (n) => `${n} 様`,
    lead: {
      order_paid: (no) => `ご注文ありがとうございます。ご注文 ${no} のお支払いを確認しました。まもなく発送いたします。ご注文内容は以下のとおりです。`,
      order_placed: (no) => `ご注文ありがとうございます。ご注文 ${no} を承りました。お支払いは店舗での受け取り時に現金でお願いします。まもなく発送いたします。ご注文内容は以下のとおりです。`,
      order_shipped: (no) => `ご注文 ${no} の商品を発送しました。下記のお届け先へ配送中です。`,
      order_delivered: (no) => `ご注文 ${no} の商品が配達されました。お楽しみいただけましたら、ぜひレビューをお寄せください。`,
    },
    items: 'ご注文商品',
    quantity: (n) => `× ${n}`,
    subtotal: '小計',
    discount: (code) => (code ? `割引（${code}）` : '割引'),
    shipping: '送料',
    free: '無料',
    total: '合計',
    taxIncluded: (tax) => `うち消費税 ${tax}`,
    recipient: 'お届け先',
    pickup: '受け取り店舗',
    shippedToStore: (no) => `ご注文 ${no} の商品を下記の受け取り店舗へ発送しました。店舗に届きましたらお知らせします。`,
    invoice: '電子発票',
    invoiceMail: '発票の通知先',
    invoiceChoice: (i) =>
      i.mode === 'company'
        ? `法人発票：統一編号 ${i.tax_id}、${i.company_title}`
        : i.mode === 'donation'
          ? `寄付：寄付コード ${i.donation_code}`
          : i.carrier_type === 'mobile'
            ? `個人発票：モバイルバーコード ${i.carrier_code}`
            : i.carrier_type === 'citizen'
              ? `個人発票：自然人証明書 ${i.carrier_code}`
              : '個人発票：当店で保管（当選時にお知らせします）',
    carrier: '配送業者',
    tracking: '追跡番号',
    view: { order_paid: 'ご注文を確認する', order_placed: 'ご注文を確認する', order_shipped: '配送状況を確認する', order_delivered: 'レビューを書く' },
    footer: 'このメールは送信専用です。ご返信いただいてもお答えできません。',
  },
}

const HTML_LANG: Record<Locale, string> = { zh_tw: 'zh-Hant-TW', en: 'en', ja: 'ja' }

/**
 * An order's mail in the member's language, as text and HTML: the confirmation once it is paid
 * (lines, totals, recipient, e-invoice choice), the shipment (carrier, tracking) and the delivery.
 * The dispatcher gives it its Message-ID (the delivery's).
 */
export function orderMail(kind: OrderMailKind, locale: Locale, order: OrderForMail, shop: { name: string; publicUrl: string }): Mail {
  const w = WORDS[locale]
  // family name first in Chinese and Japanese, as the shop's own auth mails greet by the given name
  const name = locale === 'en' ? order.firstName : `${order.lastName}${order.firstName}`
  const link = `${shop.publicUrl}${localizePathname(kind === 'order_delivered' ? '/user/comment' : `/purchase/${order.no}`, locale)}`
  const store = order.pickupStore
  // a pick-up parcel goes to the store: its chain and name, and its address
  const address = store ? `${CHAIN_NAMES[store.chain][locale]} ${store.name} · ${store.address}` : `${order.recipient.zip_code} ${order.recipient.county}${order.recipient.district}${order.recipient.address}`
  const lead = store && kind === 'order_shipped' ? w.shippedToStore(order.no) : w.lead[kind](order.no)
  const recipientTitle = store ? w.pickup : w.recipient
  const lines = order.lines.map((l) => ({ name: locale === 'en' ? `${l.name.en} (${l.variant_label.en})` : `${l.name[locale]}（${l.variant_label[locale]}）`, quantity: w.quantity(l.quantity), price: money(l.unit_price * l.quantity) }))
  const totals: [string, string][] = [
    [w.subtotal, money(order.subtotal)],
    ...(order.discount > 0 ? [[w.discount(order.couponCode), `−${money(order.discount)}`] as [string, string]] : []),
    [w.shipping, order.logisticsFee > 0 ? money(order.logisticsFee) : w.free],
    [w.total, `${money(order.amount)} (${w.taxIncluded(money(order.tax))})`],
  ]
  const carrier = isStoreChain(order.carrier) ? CHAIN_NAMES[order.carrier][locale] : order.carrier && order.carrier in CARRIERS ? CARRIERS[order.carrier as CarrierCode].name[locale] : order.carrier
  const shipment: [string, string][] = kind === 'order_shipped' && order.trackingNo ? [[w.carrier, carrier ?? ''], [w.tracking, order.trackingNo]] : []
  const invoice = w.invoiceChoice(order.invoice)

  const text = [
    w.greeting(name),
    '',
    lead,
    '',
    ...(shipment.length ? [...shipment.map(([k, v]) => `${k}: ${v}`), ...(order.trackingUrl ? [order.trackingUrl] : []), ''] : []),
    `${w.items}`,
    ...lines.map((l) => `- ${l.name} ${l.quantity}  ${l.price}`),
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    '',
    `${recipientTitle}: ${order.recipient.name} ${order.recipient.phone}`,
    address,
    '',
    ...(kind === 'order_paid' || kind === 'order_placed' ? [`${w.invoice}: ${invoice}`, `${w.invoiceMail}: ${order.invoice.email ?? ''}`, ''] : []),
    `${w.view[kind]}: ${link}`,
    '',
    w.footer,
    shop.name,
  ].join('\n')

  const row = (k: string, v: string, strong = false) =>
    `<tr><td style="padding:4px 8px 4px 0;color:#555">${escape(k)}</td><td style="padding:4px 0;text-align:right${strong ? ';font-weight:bold' : ''}">${escape(v)}</td></tr>`
  const html = `<!doctype html><html lang="${HTML_LANG[locale]}"><head><meta charset="utf-8"><title>${escape(w.subject[kind](order.no))}</title></head><body style="font-family:sans-serif;color:#222;line-height:1.6;max-width:600px;margin:0 auto">
<p>${escape(w.greeting(name))}</p>
<p>${escape(lead)}</p>
${shipment.length ? `<table role="presentation">${shipment.map(([k, v]) => row(k, v)).join('')}</table>${order.trackingUrl ? `<p><a href="${escape(order.trackingUrl)}">${escape(order.trackingUrl)}</a></p>` : ''}` : ''}
<h2 style="font-size:16px">${escape(w.items)}</h2>
<table role="presentation" style="width:100%;border-collapse:collapse">${lines.map((l) => `<tr><td style="padding:4px 8px 4px 0">${escape(l.name)}</td><td style="padding:4px 8px;white-space:nowrap">${escape(l.quantity)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap">${escape(l.price)}</td></tr>`).join('')}</table>
<table role="presentation" style="width:100%;border-top:1px solid #ddd;margin-top:8px">${totals.map(([k, v], i) => row(k, v, i === totals.length - 1)).join('')}</table>
<h2 style="font-size:16px">${escape(recipientTitle)}</h2>
<p>${escape(order.recipient.name)} ${escape(order.recipient.phone)}<br>${escape(address)}</p>
${kind === 'order_paid' || kind === 'order_placed' ? `<h2 style="font-size:16px">${escape(w.invoice)}</h2><p>${escape(invoice)}<br>${escape(w.invoiceMail)}: ${escape(order.invoice.email ?? '')}</p>` : ''}
<p><a href="${escape(link)}" style="display:inline-block;background:#e8384f;color:#fff;padding:10px 20px;border-radius:6px;text-decoration:none">${escape(w.view[kind])}</a></p>
<p style="font-size:13px;color:#666">${escape(w.footer)}</p>
<p>${escape(shop.name)}</p>
</body></html>`

  return { to: order.to, subject: `${w.subject[kind](order.no)} | ${shop.name}`, text, html, link }
}
