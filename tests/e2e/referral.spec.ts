import type { Browser, Page } from '@playwright/test'
import type * as v from 'valibot'
import type { ReferralSchema } from '../../contract/auth'
import { apiToken, expect, expectAccessible, ntd, test, tr, type UiLocale } from './kit'
import { authDialog, createMember, EXPECTED_API_ERRORS, mailLink, openAuthModal, pathIn, signIn, trPlural, trWith, uniqueEmail, type Member } from './support/accounts'
import { completeOrder, paidOrder, shipOrder } from './support/notifications'

test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

type Referrals = v.InferOutput<typeof ReferralSchema>

const API_LOCALE: Record<UiLocale, string> = { 'zh-TW': 'zh_tw', en: 'en', ja: 'ja' }
const PEOPLE = '{count, plural, one {# person} other {# people}}'

/**
 * The friend in each language, with the name the referrer sees (masked) and a phone number and
 * delivery address of their own: sharing the referrer's would make the referral not eligible.
 */
const FRIENDS = {
  'zh-TW': {
    first_name: '小華',
    last_name: '陳',
    masked: '陳*華',
    phone: '0933222111',
    recipient: { name: '陳小華', phone: '0933222111', zip_code: '300', county: '新竹市', district: '東區', address: '光復路二段 101 號' },
  },
  en: {
    first_name: 'Ken',
    last_name: 'Sato',
    masked: 'K***o',
    phone: '0955666777',
    recipient: { name: 'Ken Sato', phone: '0955666777', zip_code: '300', county: '新竹市', district: '北區', address: '中正路 120 號' },
  },
} as const

async function referralsOf(page: Page, token: string, locale: UiLocale): Promise<Referrals> {
  const response = await page.request.get('/api/v1/user/referrer', { headers: { authorization: `Bearer ${token}`, 'X-localization': API_LOCALE[locale] } })
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { data: { data: Referrals } }).data.data
}

/** A friend opens the invitation in a browser of their own and signs up through the form, which the link's cookie fills with the code. */
async function friendSignsUp(browser: Browser, page: Page, baseURL: string, isMobile: boolean, locale: UiLocale, code: string): Promise<Member> {
  const friend = FRIENDS[locale as keyof typeof FRIENDS]
  const member: Member = { email: uniqueEmail('f'), password: 'sencha-2026', first_name: friend.first_name, last_name: friend.last_name }
  const context = await browser.newContext({ baseURL, isMobile, hasTouch: isMobile, viewport: page.viewportSize() ?? undefined })
  try {
    await context.addCookies([{ name: 'gdpr_accepted', value: '1', url: baseURL }])
    const friendPage = await context.newPage()
    await friendPage.goto(`${pathIn(locale, '/')}?referrer_code=${code}`)
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'referrer_code')?.value).toBe(code)
    const dialog = await openAuthModal(friendPage, locale)
    await dialog.getByRole('button', { name: tr(locale, 'Create an account') }).click()
    const register = authDialog(friendPage, locale, 'Sign up')
    await expect(register.getByLabel(tr(locale, 'Referral code (optional)'))).toHaveValue(code)
    await register.getByLabel(tr(locale, 'First name'), { exact: true }).fill(member.first_name)
    await register.getByLabel(tr(locale, 'Last name'), { exact: true }).fill(member.last_name)
    await register.getByLabel(tr(locale, 'E-mail'), { exact: true }).fill(member.email)
    await register.getByLabel(tr(locale, 'Phone number'), { exact: true }).fill(friend.phone)
    await register.getByLabel(tr(locale, 'Password'), { exact: true }).fill(member.password)
    await register.getByLabel(tr(locale, 'Confirm password'), { exact: true }).fill(member.password)
    await register.getByRole('button', { name: tr(locale, 'Sign up'), exact: true }).click()
    await expect(register.getByText(tr(locale, 'We have sent a verification e-mail to:'))).toBeVisible()
  } finally {
    await context.close()
  }
  const link = new URL(await mailLink(member.email, /verify_email\/confirm/))
  expect((await page.request.get(link.pathname + link.search, { maxRedirects: 0 })).status()).toBe(302)
  return member
}

for (const locale of ['zh-TW', 'en'] as const) {
  test(`a friend who joins with the member's code and gets a first order delivered earns the member a coupon (${locale})`, async ({ page, browser, baseURL, isMobile }) => {
    test.slow()
    const friend = FRIENDS[locale]
    const member = await createMember(page.request, { locale })
    const token = await apiToken(page.request, member)
    const { referrer_code: code } = await referralsOf(page, token, locale)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])

    await page.goto(pathIn(locale, '/'))
    await signIn(page, locale, member)
    await page.goto(pathIn(locale, '/user/referrer'))
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: tr(locale, 'Invite friends') })).toBeVisible()
    await expect(main.getByText(code, { exact: true })).toBeVisible()
    const link = `${baseURL}/?referrer_code=${code}`
    await expect(main.getByRole('textbox', { name: tr(locale, 'Invitation link') })).toHaveValue(link)
    // LINE's share page gets the message in the member's language, the link with the code on a line of its own
    const lineHref = new URL((await main.getByRole('link', { name: new RegExp(`^${tr(locale, 'Share on LINE')}`) }).getAttribute('href'))!)
    expect(`${lineHref.origin}${lineHref.pathname}`).toBe('https://line.me/R/share')
    expect(lineHref.searchParams.get('text')).toBe(`${trWith(locale, 'Sign up with my referral code {code} and confirm your e-mail to get a welcome coupon.', { code })}\n${link}`)
    await expect(main.getByRole('list', { name: tr(locale, 'How it works') }).getByRole('listitem')).toHaveCount(3)
    await expect(main.getByText(tr(locale, 'No one has joined with your code yet. Share your link to invite friends.'))).toBeVisible()
    await expect(main.getByText(tr(locale, 'No coupons yet. You earn one when a friend’s first order is delivered.'))).toBeVisible()
    await main.getByRole('button', { name: tr(locale, 'Copy code') }).click()
    await expect(page.getByText(tr(locale, 'Code copied'))).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)

    const friendMember = await friendSignsUp(browser, page, baseURL!, isMobile, locale, code)
    const friendToken = await apiToken(page.request, friendMember)
    const no = await paidOrder(page, friendToken, friendMember, undefined, friend.recipient)

    const invitees = main.getByRole('list', { name: tr(locale, 'People who joined') })
    const person = invitees.getByRole('listitem').filter({ hasText: friend.masked })
    await page.reload()
    await expect(person).toContainText(tr(locale, 'Ordered, waiting for delivery'))
    await expect(person).toContainText(trWith(locale, 'Joined {date}', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date()) }))
    await expect(main.getByText(trPlural(locale, PEOPLE, 1))).toBeVisible()

    await shipOrder(page.request, no)
    await completeOrder(page.request, no)
    await expect.poll(async () => (await referralsOf(page, token, locale)).coupons.length, { timeout: 10_000 }).toBe(1)
    const [coupon] = (await referralsOf(page, token, locale)).coupons

    await page.reload()
    await expect(invitees.getByRole('listitem')).toHaveCount(1)
    await expect(person).toContainText(tr(locale, 'Rewarded'))
    // the friend's full name never reaches the referrer
    await expect(main).not.toContainText(`${friend.last_name}${friend.first_name}`)
    const earned = main.getByRole('list', { name: tr(locale, 'Coupons earned') }).getByRole('listitem')
    await expect(earned).toHaveCount(1)
    await expect(earned.getByRole('heading', { level: 3, name: coupon!.title })).toBeVisible()
    await expect(earned).toContainText(coupon!.code)
    await expect(earned).toContainText(ntd(coupon!.min_spend))
    await expect(earned).toContainText(tr(locale, 'Not used yet'))
    const endsOn = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(coupon!.ends_at!))
    await expect(earned).toContainText(endsOn)
    await expectAccessible(page, `referral page with a rewarded friend (${locale})`)
  })
}
