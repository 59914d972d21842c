import type { Locator, Page } from '@playwright/test'
import type { CouponWallet, ReferralProgramme } from '../../contract/coupon'
import type { PublicConfig } from '../../contract/shop'
import { apiToken, expect, expectAccessible, lookAt, ntd, test, tr, type UiLocale } from './kit'
import { authDialog, chooseInSideMenu, createMember, EXPECTED_API_ERRORS, mailLink, pathIn, signIn, trWith, uniqueEmail, type Member } from './support/accounts'
import { addToServerCart, pricedStock, saveRecipient } from './support/checkout'

test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

const API_LOCALE: Record<UiLocale, string> = { 'zh-TW': 'zh_tw', en: 'en', ja: 'ja' }
/** the coupon_granted notice's title, as the server writes it */
const GRANTED: Record<UiLocale, string> = { 'zh-TW': '您獲得一張折價券', en: 'You have a new coupon', ja: 'クーポンが届きました' }
const FRIENDS: Record<UiLocale, { first_name: string; last_name: string }> = {
  'zh-TW': { first_name: '團子', last_name: '陳' },
  en: { first_name: 'Amy', last_name: 'Wu' },
  ja: { first_name: '花子', last_name: '山田' },
}

async function referrerCode(page: Page, member: Member) {
  const token = await apiToken(page.request, member)
  const response = await page.request.get('/api/v1/user/referrer', { headers: { authorization: `Bearer ${token}` } })
  return ((await response.json()) as { data: { data: { referrer_code: string } } }).data.data.referrer_code
}

async function wallet(page: Page, token: string, locale: UiLocale): Promise<CouponWallet> {
  const response = await page.request.get('/api/v1/user/coupons', { headers: { authorization: `Bearer ${token}`, 'X-localization': API_LOCALE[locale] } })
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { data: CouponWallet }).data
}

/** Screenshots of what the page shows now at 390 and 1440 px, for looking at (the project's own width is put back). */
async function shots(page: Page, name: string, target: Locator) {
  if (!process.env.E2E_SHOTS_DIR) return
  const size = page.viewportSize()
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await target.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    await page.waitForTimeout(150)
    await lookAt(page, `${name}-${width}`)
  }
  if (size) await page.setViewportSize(size)
}

for (const L of ['zh-TW', 'en', 'ja'] as const) {
  test(`a friend opens the invitation, signs up, confirms the e-mail, is told of the welcome coupon, finds it in the wallet and checkout offers it (${L})`, async ({ page }) => {
    test.slow()
    const T = (message: string) => tr(L, message)
    const referrer = await createMember(page.request, { locale: L })
    const code = await referrerCode(page, referrer)
    const programme = ((await (await page.request.get('/api/v1/referral/programme')).json()) as { data: ReferralProgramme }).data
    const settings = ((await (await page.request.get('/api/v1/config')).json()) as { data: PublicConfig }).data.checkout

    // the invitation: what the friend gets, on the page the link opens and the next ones
    await page.goto(`${pathIn(L, '/')}?referrer_code=${code}`)
    const invitation = page.getByRole('region', { name: T('A friend invited you') })
    const offer = trWith(L, 'Sign up with their code and confirm your e-mail to get {amount} off your first order of {minSpend} or more.', { amount: ntd(programme.friend.amount), minSpend: ntd(programme.friend.min_spend) })
    await expect(invitation).toContainText(offer)
    await expectAccessible(page, `invitation banner (${L})`)
    await page.goto(pathIn(L, '/cart'))
    await expect(invitation).toContainText(offer)

    // signing up from the banner: the code is filled in
    await invitation.getByRole('button', { name: T('Sign up'), exact: true }).click()
    const register = authDialog(page, L, 'Sign up')
    await expect(register.getByLabel(T('Referral code (optional)'))).toHaveValue(code)
    const friend: Member = { email: uniqueEmail('w'), password: 'sencha-2026', ...FRIENDS[L] }
    await register.getByLabel(T('First name'), { exact: true }).fill(friend.first_name)
    await register.getByLabel(T('Last name'), { exact: true }).fill(friend.last_name)
    await register.getByLabel(T('E-mail'), { exact: true }).fill(friend.email)
    await register.getByLabel(T('Phone number'), { exact: true }).fill(`09${String(Date.now()).slice(-8)}`)
    await register.getByLabel(T('Password'), { exact: true }).fill(friend.password)
    await register.getByLabel(T('Confirm password'), { exact: true }).fill(friend.password)
    await register.getByRole('button', { name: T('Sign up'), exact: true }).click()
    await expect(register.getByText(T('We have sent a verification e-mail to:'))).toBeVisible()
    await expect(register.getByText(T('Your friend’s welcome coupon arrives in My coupons once you confirm your e-mail.'))).toBeVisible()
    await page.keyboard.press('Escape')
    // the welcome coupon waits for the confirmed e-mail
    const token = await apiToken(page.request, friend)
    expect((await wallet(page, token, L)).coupons).toEqual([])
    const link = new URL(await mailLink(friend.email, /verify_email\/confirm/))
    expect((await page.request.get(link.pathname + link.search, { maxRedirects: 0 })).status()).toBe(302)

    const [welcome] = (await wallet(page, token, L)).coupons
    expect(welcome).toMatchObject({ state: 'usable', value: programme.friend.amount, min_spend: programme.friend.min_spend })
    const { product, variant } = await pricedStock(page, programme.friend.min_spend, L, undefined, settings.free_shipping_threshold - 1)
    await addToServerCart(page.request, token, product, variant, 1)
    await saveRecipient(page.request, token)

    await signIn(page, L, friend)
    await expect(invitation).toBeHidden()

    // the notice, in the message centre, leads to the wallet
    await page.goto(pathIn(L, '/user/message'))
    const notice = page.getByRole('main').getByRole('button', { name: new RegExp(GRANTED[L]) }).first()
    await expect(notice).toBeVisible()
    await notice.click()
    await expect(page).toHaveURL(new RegExp(`${pathIn(L, '/user/coupon')}$`))

    // the wallet: code, what it gives, minimum spend, end, state
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: T('My coupons') })).toBeVisible()
    const card = main.getByRole('list', { name: T('Ready to use') }).getByRole('listitem')
    await expect(card).toHaveCount(1)
    await expect(card.getByRole('heading', { level: 3, name: welcome!.title })).toBeVisible()
    await expect(card).toContainText(welcome!.code)
    await expect(card).toContainText(ntd(welcome!.min_spend))
    await expect(card).toContainText(new Intl.DateTimeFormat(L, { dateStyle: 'medium' }).format(new Date(welcome!.ends_at!)))
    await expectAccessible(page, `coupon wallet (${L})`)
    await shots(page, `wallet-${L}`, card)

    // the side menu leads there too
    await page.goto(pathIn(L, '/user/info'))
    await chooseInSideMenu(page, L, 'My coupons')
    await expect(page).toHaveURL(new RegExp(`${pathIn(L, '/user/coupon')}$`))

    // checkout offers it; one click applies it and the total includes the discount
    await page.goto(pathIn(L, '/payment'))
    const offered = main.getByRole('group', { name: new RegExp(T('You have a coupon for this order')) })
    await expect(offered).toContainText(welcome!.code)
    await shots(page, `checkout-offer-${L}`, offered)
    await offered.getByRole('button', { name: T('Use this coupon') }).click()
    await expect(main.getByText(T('Promo code successful'))).toBeVisible()
    await expect(offered).toBeHidden()
    const goods = variant.price - programme.friend.amount
    const amount = goods + (goods >= settings.free_shipping_threshold ? 0 : settings.logistics_fee)
    await expect(main.getByRole('button', { name: new RegExp(`^${T('Place order')}`) })).toHaveAccessibleName(trWith(L, 'Place order · {amount}', { amount: ntd(amount) }))
    await shots(page, `checkout-applied-${L}`, main.getByText(T('Promo code successful')))
  })
}

test('closing the invitation keeps the code for the sign-up form', async ({ page }) => {
  const referrer = await createMember(page.request, { locale: 'en' })
  const code = await referrerCode(page, referrer)
  await page.goto(`/en/?referrer_code=${code}`)
  const invitation = page.getByRole('region', { name: 'A friend invited you' })
  await expect(invitation).toBeVisible()
  await invitation.getByRole('button', { name: 'Close the invitation' }).click()
  await expect(invitation).toBeHidden()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(invitation).toBeHidden()
  expect((await page.context().cookies()).find((c) => c.name === 'referrer_code')?.value).toBe(code)
})
