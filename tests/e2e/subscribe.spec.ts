import type { Page } from '@playwright/test'
import { SUBSCRIPTION_PLANS, SUBSCRIPTION_SAMPLE_REVIEWS, type MemberSubscription, type SubscriptionPlan } from '../../contract/subscription'
import { apiToken, expect, header, ntd, test, tr, type UiLocale } from './kit'
import { authDialog, chooseInMemberMenu, chooseInSideMenu, createMember, EXPECTED_API_ERRORS, pathIn, signIn, submitLogin, trPlural, trWith } from './support/accounts'

test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

const API_LOCALE: Record<UiLocale, 'zh_tw' | 'en' | 'ja'> = { 'zh-TW': 'zh_tw', en: 'en', ja: 'ja' }
const REVIEWS = '{total, plural, one {# review} other {# reviews}}'
const STARS = '{rate, plural, one {# star} other {# stars}}'

/** The figures the page must show (spec §9), written out so a change to the contract is noticed here too. */
const EXPECTED = [
  { id: 'box-12', price: 920, save: 948, label: 'Best Value' },
  { id: 'box-6', price: 945, save: 324, label: 'Popular' },
  { id: 'box-3', price: 965, save: 102, label: null },
  { id: 'box-1', price: 999, save: 0, label: null },
] as const

const plansRegion = (page: Page, locale: UiLocale) => page.getByRole('region', { name: tr(locale, 'Choose your plan') })
const samples = (page: Page, locale: UiLocale) => page.getByRole('list', { name: tr(locale, 'Sample reviews') }).getByRole('article')

for (const locale of ['zh-TW', 'en'] as UiLocale[]) {
  test(`the subscribe page shows the four plans and the review summary (${locale})`, async ({ page, request }) => {
    const response = await request.get('/api/v1/subscription/plans', { headers: { 'X-localization': API_LOCALE[locale] } })
    expect(response.ok()).toBe(true)
    const plans = ((await response.json()) as { data: SubscriptionPlan[] }).data
    expect(plans.map((plan) => [plan.id, plan.price, plan.save])).toEqual(EXPECTED.map((plan) => [plan.id, plan.price, plan.save]))

    await page.goto(pathIn(locale, '/subscribe'))
    await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'Monthly Japanese snack box') })).toBeVisible()
    // the minimal layout: no shop footer, no search
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    await expect(page.getByRole('region', { name: tr(locale, 'Snack box pictures') }).getByRole('img')).toHaveCount(5)

    const cards = plansRegion(page, locale).getByRole('article')
    await expect(cards).toHaveCount(4)
    for (const expected of EXPECTED) {
      const plan = plans.find((p) => p.id === expected.id)!
      const figures = SUBSCRIPTION_PLANS.find((p) => p.id === expected.id)!
      const card = plansRegion(page, locale).getByRole('article', { name: plan.title })
      await expect(card).toContainText(ntd(expected.price))
      await expect(card).toContainText(plan.coupon_text)
      if (expected.save > 0) await expect(card).toContainText(trWith(locale, 'Save {saving}', { saving: ntd(expected.save) }))
      else await expect(card).not.toContainText(trWith(locale, 'Save {saving}', { saving: '' }).trim())
      if (expected.label) {
        await expect(card).toContainText(figures.label!.text[API_LOCALE[locale]])
        if (locale === 'en') await expect(card).toContainText(expected.label)
      }
      await expect(card.getByRole('button', { name: new RegExp(`^${tr(locale, 'Subscribe')}`) })).toBeEnabled()
    }
    await expect(cards.first()).toContainText(locale === 'en' ? 'per month' : '每月')

    const reviews = page.getByRole('region', { name: tr(locale, 'What subscribers say') })
    await expect(reviews).toContainText('4.7')
    await expect(reviews.getByRole('img', { name: trWith(locale, '{score} out of 5 stars', { score: '4.7' }) })).toBeVisible()
    await expect(reviews).toContainText(trPlural(locale, REVIEWS, 70))
    for (const [rate, total] of [[5, 43], [4, 20], [3, 7], [2, 0], [1, 0]] as const) {
      await expect(reviews.getByRole('button', { name: `${trPlural(locale, STARS, rate)}, ${trPlural(locale, REVIEWS, total)}` })).toBeVisible()
    }
  })

  test(`the sample reviews filter by rating (${locale})`, async ({ page }) => {
    await page.goto(pathIn(locale, '/subscribe'))
    const chips = page.getByRole('group', { name: tr(locale, 'Show reviews by rating') })
    await expect(samples(page, locale)).toHaveCount(SUBSCRIPTION_SAMPLE_REVIEWS.length)

    const threeStars = SUBSCRIPTION_SAMPLE_REVIEWS.filter((review) => review.score === 3)
    const chip = chips.getByRole('button', { name: trPlural(locale, STARS, 3), exact: true })
    await chip.click()
    await expect(chip).toHaveAttribute('aria-pressed', 'true')
    await expect(samples(page, locale)).toHaveCount(threeStars.length)
    for (const review of threeStars) await expect(samples(page, locale).filter({ hasText: review.text[API_LOCALE[locale]] })).toHaveCount(1)
    for (const img of await samples(page, locale).getByRole('img').all()) await expect(img).toHaveAccessibleName(trWith(locale, '{score} out of 5 stars', { score: '3' }))

    // the summary's bar for 2 stars filters too: nobody gave 2 stars
    const twoStars = page.getByRole('button', { name: `${trPlural(locale, STARS, 2)}, ${trPlural(locale, REVIEWS, 0)}` })
    await twoStars.click()
    await expect(twoStars).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByText(tr(locale, 'No reviews with this rating yet.'))).toBeVisible()
    await expect(samples(page, locale)).toHaveCount(0)

    await chips.getByRole('button', { name: tr(locale, 'All'), exact: true }).click()
    await expect(samples(page, locale)).toHaveCount(SUBSCRIPTION_SAMPLE_REVIEWS.length)
    await expect(twoStars).toHaveAttribute('aria-pressed', 'false')
  })
}

test('a visitor choosing a plan signs in first, comes back, and stays on the page when signing out', async ({ page, request }) => {
  const locale: UiLocale = 'en'
  const member = await createMember(request, { locale })
  await page.goto(pathIn(locale, '/subscribe'))
  const card = plansRegion(page, locale).getByRole('article').first()
  await card.getByRole('button', { name: /^Subscribe/ }).click()
  await expect(page).toHaveURL(`${pathIn(locale, '/login')}?redirect=${encodeURIComponent(pathIn(locale, '/subscribe'))}`)
  await expect(authDialog(page, locale)).toBeVisible()

  await submitLogin(page, locale, member)
  await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/subscribe')}$`))
  await expect(header(page).getByRole('button', { name: new RegExp(tr(locale, 'Member menu')) })).toBeVisible()

  await chooseInMemberMenu(page, locale, 'Log out')
  await expect(header(page).getByRole('button', { name: tr(locale, 'Log in/Sign up') })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/subscribe')}$`))
})

test('a guest on the default language is sent to its login page (zh-TW)', async ({ page }) => {
  await page.goto('/subscribe')
  await plansRegion(page, 'zh-TW').getByRole('article').last().getByRole('button', { name: new RegExp(`^${tr('zh-TW', 'Subscribe')}`) }).click()
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/subscribe')}`)
})

test('the member area has a snack box section (zh-TW)', async ({ page, request }) => {
  const locale: UiLocale = 'zh-TW'
  const member = await createMember(request, { locale })
  const token = await apiToken(request, member)
  await page.goto(pathIn(locale, '/'))
  await signIn(page, locale, member)
  await chooseInMemberMenu(page, locale, 'My snack box')
  await expect(page).toHaveURL(/\/user\/subscription$/)
  await expect(page.getByRole('heading', { level: 1, name: tr(locale, 'My snack box') })).toBeVisible()
  await page.goto(pathIn(locale, '/user/info'))
  await chooseInSideMenu(page, locale, 'My snack box')
  await expect(page).toHaveURL(/\/user\/subscription$/)

  // a member who never subscribed is offered the plans
  const own = await request.get('/api/v1/user/subscription', { headers: { authorization: `Bearer ${token}` } })
  expect(own.ok(), await own.text()).toBe(true)
  expect(((await own.json()) as { data: unknown }).data).toBeNull()
  await expect(page.getByRole('main').getByRole('link', { name: tr(locale, 'See the plans') })).toHaveAttribute('href', '/subscribe')
})

/** What the server holds of the member's snack box, in `locale`. */
async function ownSubscription(page: Page, token: string, locale: UiLocale): Promise<MemberSubscription | null> {
  const response = await page.request.get('/api/v1/user/subscription', { headers: { authorization: `Bearer ${token}`, 'X-localization': API_LOCALE[locale] } })
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { data: MemberSubscription | null }).data
}

const PLAN_OF: Record<UiLocale, SubscriptionPlan['id']> = { 'zh-TW': 'box-3', en: 'box-1', ja: 'box-6' }

for (const locale of ['zh-TW', 'en'] as UiLocale[]) {
  test(`a member pays on the payment page, sees the box, cancels at the end of the term and keeps it (${locale})`, async ({ page }) => {
    test.slow()
    const member = await createMember(page.request, { locale })
    const token = await apiToken(page.request, member)
    const plans = ((await (await page.request.get('/api/v1/subscription/plans', { headers: { 'X-localization': API_LOCALE[locale] } })).json()) as { data: SubscriptionPlan[] }).data
    const plan = plans.find((p) => p.id === PLAN_OF[locale])!
    await page.goto(pathIn(locale, '/subscribe'))
    await signIn(page, locale, member)
    await plansRegion(page, locale).getByRole('article', { name: plan.title }).getByRole('button', { name: new RegExp(`^${tr(locale, 'Subscribe')}`) }).click()

    // the payment provider's hosted page, in its sandbox
    await expect(page).toHaveURL(/\/sandbox-checkout\/cs_test_\w+$/)
    await expect(page.getByRole('note')).toContainText('Test mode')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(plan.title)
    const email = page.getByLabel('E-mail')
    if ((await email.inputValue()) === '') await email.fill(member.email)
    await expect(page.getByRole('radio', { name: /4242/ })).toBeChecked()
    await page.getByRole('button', { name: 'Subscribe' }).click()

    await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/user/subscription')}\\?session_id=cs_test_\\w+$`))
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: tr(locale, 'My snack box') })).toBeVisible()
    // the provider's webhooks reach the shop a moment after the browser: the page asks again until the first box is paid for
    await expect(main.getByRole('table', { name: tr(locale, 'Boxes so far') }).getByRole('row')).toHaveCount(2, { timeout: 20_000 })
    const box = (await ownSubscription(page, token, locale))!
    expect(box.status).toBe('active')
    const periodEnd = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(box.current_period_end))
    await expect(main).toContainText(plan.title)
    await expect(main).toContainText(tr(locale, 'Active'))
    await expect(main).toContainText(trWith(locale, 'Next renewal: {periodEnd}', { periodEnd }))
    expect(box.boxes).toHaveLength(1)
    await expect(main.getByRole('table')).toContainText(ntd(box.boxes[0]!.amount))

    await main.getByRole('button', { name: tr(locale, 'Cancel at the end of the term') }).click()
    const dialog = page.getByRole('dialog', { name: tr(locale, 'Cancel your snack box?') })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: tr(locale, 'Cancel at the end of the term') }).click()
    await expect(dialog).toBeHidden()
    await expect(main).toContainText(tr(locale, 'Cancelling at the end of the term'))
    await expect(main).toContainText(trWith(locale, 'Ends on {periodEnd}', { periodEnd }))
    await expect.poll(async () => (await ownSubscription(page, token, locale))?.status).toBe('cancelling')

    await main.getByRole('button', { name: tr(locale, 'Keep my subscription') }).click()
    await expect(main).toContainText(trWith(locale, 'Next renewal: {periodEnd}', { periodEnd }))
    await expect(main.getByRole('button', { name: tr(locale, 'Cancel at the end of the term') })).toBeVisible()
    await expect.poll(async () => (await ownSubscription(page, token, locale))?.status).toBe('active')

    // the card for renewals is changed on the provider's customer portal, and the member comes back to the box
    expect(box.can_manage_payment).toBe(true)
    await main.getByRole('button', { name: tr(locale, 'Manage payment method') }).click()
    await expect(page).toHaveURL(/\/sandbox-checkout\/portal\/cus_\w+\?/)
    await expect(page.getByRole('heading', { level: 1, name: 'Payment method' })).toBeVisible()
    const cards = page.getByRole('group', { name: 'Card for renewals' }).getByRole('radio')
    const other = (await cards.nth(0).isChecked()) ? cards.nth(1) : cards.nth(0)
    await other.check()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status')).toContainText('Saved')
    await expect(page.getByRole('group', { name: 'Card for renewals' }).getByRole('radio', { checked: true })).toHaveCount(1)
    await page.getByRole('link', { name: 'Back to the shop' }).click()
    await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/user/subscription')}$`))
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: tr(locale, 'My snack box') })).toBeVisible()

    // a second plan is refused: the member is pointed to the box they hold
    const refused = await page.request.post('/api/v1/subscription/checkout', { headers: { authorization: `Bearer ${token}`, 'X-localization': API_LOCALE[locale] }, data: { plan_id: 'box-12' } })
    expect(refused.status()).toBe(409)
    const { error } = (await refused.json()) as { error: { code: string; message: string } }
    expect(error.code).toBe('ALREADY_SUBSCRIBED')
    await page.goto(pathIn(locale, '/subscribe'))
    await plansRegion(page, locale).getByRole('article').first().getByRole('button', { name: new RegExp(`^${tr(locale, 'Subscribe')}`) }).click()
    const alert = plansRegion(page, locale).getByRole('alert')
    await expect(alert).toContainText(error.message)
    await expect(alert.getByRole('link', { name: tr(locale, 'My snack box') })).toHaveAttribute('href', pathIn(locale, '/user/subscription'))
    await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/subscribe')}$`))
  })
}

// A renewal the card declined cannot be reached in a test's time: the member's snack-box call is
// answered in the browser with the contract's shape for that state.
test('a member whose renewal failed is asked to check the payment method (en)', async ({ page, request }) => {
  const locale: UiLocale = 'en'
  const member = await createMember(request, { locale })
  const box: MemberSubscription = {
    plan_id: 'box-6',
    plan_title: '6-month plan',
    status: 'past_due',
    current_period_end: '2027-03-01T12:00:00.000Z',
    boxes: [{ paid_at: '2026-09-01T03:00:00.000Z', amount: 5670, period_start: '2026-09-01T00:00:00.000Z', period_end: '2027-03-01T00:00:00.000Z' }],
    can_manage_payment: true,
  }
  await page.route('**/api/v1/user/subscription', (route) => route.fulfill({ json: { data: box } }))
  await page.goto(pathIn(locale, '/'))
  await signIn(page, locale, member)
  await page.goto(pathIn(locale, '/user/subscription'))
  const main = page.getByRole('main')
  await expect(main).toContainText('6-month plan')
  await expect(main).toContainText('Payment overdue')
  await expect(main).toContainText('The last payment did not go through. Please check your payment method.')
  await expect(main.getByRole('button', { name: 'Manage payment method' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Cancel at the end of the term' })).toBeVisible()
})
