import type { Locale } from '../../contract/constants'
import type { Mail } from '../integrations/mail'

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

const TEXT = {
  verify: {
    zh_tw: { subject: '請驗證您的電子郵件', greeting: (n: string) => `${n} 您好：`, body: '請點擊下方連結，完成電子郵件驗證。連結 24 小時內有效。', action: '驗證電子郵件', ignore: '如果您沒有註冊帳號，請忽略這封信。' },
    en: { subject: 'Please verify your e-mail', greeting: (n: string) => `Hello ${n},`, body: 'Please follow the link below to verify your e-mail address. The link works for 24 hours.', action: 'Verify e-mail', ignore: 'If you did not create an account, you can ignore this mail.' },
    ja: { subject: 'メールアドレスの確認', greeting: (n: string) => `${n} 様`, body: '下のリンクからメールアドレスの確認を完了してください。リンクの有効期限は24時間です。', action: 'メールアドレスを確認する', ignore: 'お心当たりのない場合は、このメールを破棄してください。' },
  },
  reset: {
    zh_tw: { subject: '重設您的密碼', greeting: (n: string) => `${n} 您好：`, body: '我們收到重設密碼的申請。請點擊下方連結設定新密碼，連結 60 分鐘內有效，且只能使用一次。', action: '重設密碼', ignore: '如果您沒有申請重設密碼，請忽略這封信，您的密碼不會改變。' },
    en: { subject: 'Reset your password', greeting: (n: string) => `Hello ${n},`, body: 'We received a request to reset your password. Follow the link below to choose a new one; it works once, for 60 minutes.', action: 'Reset password', ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.' },
    ja: { subject: 'パスワードの再設定', greeting: (n: string) => `${n} 様`, body: 'パスワード再設定のリクエストを受け付けました。下のリンクから新しいパスワードを設定してください。リンクは60分間、1回のみ有効です。', action: 'パスワードを再設定する', ignore: 'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。' },
  },
  invite: {
    zh_tw: { subject: '您的商品送達了，分享您的心得吧', greeting: (n: string) => `${n} 您好：`, body: '感謝您的購買！您的訂單已送達一段時間了。留下評價，幫助其他顧客挑選伴手禮。', action: '撰寫評價', ignore: '不想再收到評價邀請，可以在會員中心的「通知設定」關閉。' },
    en: { subject: 'Your order arrived: how did you like it?', greeting: (n: string) => `Hello ${n},`, body: 'Thank you for your order! It arrived a few days ago. A short review helps other shoppers choose their gifts.', action: 'Write a review', ignore: 'To stop review invitations, switch them off under Notifications in your account.' },
    ja: { subject: 'ご注文の商品はいかがでしたか', greeting: (n: string) => `${n} 様`, body: 'ご注文ありがとうございました。商品が届いて数日が経ちました。レビューはほかのお客様のお土産選びの参考になります。', action: 'レビューを書く', ignore: 'レビューのお願いが不要な場合は、会員ページの「通知設定」でオフにできます。' },
  },
} as const

/** A mail in the member's language, as HTML and plain text, built around one link. */
export function linkMail(kind: keyof typeof TEXT, locale: Locale, options: { to: string; name: string; link: string; shopName: string }): Mail {
  const t = TEXT[kind][locale]
  const text = [t.greeting(options.name), '', t.body, '', options.link, '', t.ignore, '', options.shopName].join('\n')
  const html = `<!doctype html><html lang="${locale === 'zh_tw' ? 'zh-Hant-TW' : locale}"><body style="font-family:sans-serif;color:#222;line-height:1.6">
<p>${escape(t.greeting(options.name))}</p>
<p>${escape(t.body)}</p>
<p><a href="${escape(options.link)}" style="display:inline-block;background:#e8384f;color:#fff;padding:10px 20px;border-radius:6px;text-decoration:none">${escape(t.action)}</a></p>
<p style="font-size:13px;color:#666">${escape(options.link)}</p>
<p style="font-size:13px;color:#666">${escape(t.ignore)}</p>
<p>${escape(options.shopName)}</p>
</body></html>`
  return { to: options.to, subject: `${t.subject} | ${options.shopName}`, text, html, link: options.link }
}
