import type { Page } from '@playwright/test'
import { SUBSCRIPTION_PLANS, SUBSCRIPTION_SAMPLE_REVIEWS, type MemberSubscription, type SubscriptionPlan } from '../../contract/subscription'
import { apiToken, expect, header, lookAt, ntd, test, tr, type UiLocale } from './kit'
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

const TERMS = '{0, plural, one {charged every month, renews until cancelled} other {charged every # months ({monthly} a month), renews until cancelled}}'

/** The card's "charged every 6 months (NT$945 a month), renews until cancelled", in `locale`. */
function termsText(locale: UiLocale, months: number, monthly: number): string {
  const source = tr(locale, TERMS)
  const branch = (name: string) => source.match(new RegExp(`${name} \\{([^}]*\\{monthly\\}[^}]*|[^{}]*)\\}`))?.[1]
  const text = (months === 1 ? (branch('=1') ?? branch('one')) : undefined) ?? branch('other')!
  return text.replace(/#/g, String(months)).replace('{monthly}', ntd(monthly))
}

const subscribeButton = (locale: UiLocale, title: string) => trWith(locale, 'Subscribe to the {title}', { title })

/** A new recipient in the delivery step (the member has none saved). */
async function fillRecipient(page: Page, locale: UiLocale, recipient: { name: string; phone: string; county: string; district: string; address: string }) {
  const form = page.getByRole('form', { name: tr(locale, 'Where should we send your boxes?') })
  await form.getByLabel(tr(locale, 'Name')).fill(recipient.name)
  await form.getByLabel(tr(locale, 'Phone')).fill(recipient.phone)
  await form.getByLabel(tr(locale, 'County or city')).selectOption(recipient.county)
  await form.getByLabel(tr(locale, 'District')).selectOption(recipient.district)
  await form.getByLabel(tr(locale, 'Address')).fill(recipient.address)
  return form
}

const plansRegion = (page: Page, locale: UiLocale) => page.getByRole('region', { name: tr(locale, 'Choose your plan') })
const samples = (page: Page, locale: UiLocale) => page.getByRole('list', { name: tr(locale, 'Sample reviews') }).getByRole('article')

for (const locale of ['zh-TW', 'en', 'ja'] as UiLocale[]) {
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
      // what the payment page charges, how often, the month's share and the renewal
      await expect(card).toContainText(ntd(expected.price * figures.months))
      await expect(card).toContainText(termsText(locale, figures.months, expected.price))
      await expect(card).toContainText(plan.coupon_text)
      if (expected.save > 0) await expect(card).toContainText(trWith(locale, 'Save {saving}', { saving: ntd(expected.save) }))
      else await expect(card).not.toContainText(trWith(locale, 'Save {saving}', { saving: '' }).trim())
      if (expected.label) {
        await expect(card).toContainText(figures.label!.text[API_LOCALE[locale]])
        if (locale === 'en') await expect(card).toContainText(expected.label)
      }
      // the button says which plan it subscribes to, in words (Japanese read only 定期便)
      await expect(card.getByRole('button', { name: subscribeButton(locale, plan.title), exact: true })).toBeEnabled()
      await expect(card.getByRole('button')).toHaveText(subscribeButton(locale, plan.title))
    }
    if (locale === 'en') await expect(plansRegion(page, locale).getByRole('article', { name: '6-month plan' })).toContainText('NT$5,670 charged every 6 months (NT$945 a month), renews until cancelled')

    const reviews = page.getByRole('region', { name: tr(locale, 'What subscribers say') })
    // the average and the count follow from the bars: (43×5 + 20×4 + 7×3) / 70 = 4.5
    await expect(reviews.locator('.review-summary__score')).toHaveText('4.5')
    await expect(reviews.getByRole('img', { name: trWith(locale, '{score} out of 5 stars', { score: '4.5' }) })).toBeVisible()
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

test('a visitor choosing a plan signs in first, comes back to the same plan’s delivery step, and stays on the page when signing out', async ({ page, request }) => {
  const locale: UiLocale = 'en'
  const member = await createMember(request, { locale })
  await page.goto(pathIn(locale, '/subscribe'))
  const card = plansRegion(page, locale).getByRole('article', { name: '6-month plan' })
  await card.getByRole('button', { name: 'Subscribe to the 6-month plan' }).click()
  await expect(page).toHaveURL(`${pathIn(locale, '/login')}?redirect=${encodeURIComponent(`${pathIn(locale, '/subscribe')}?plan=box-6`)}`)
  await expect(authDialog(page, locale)).toBeVisible()

  await submitLogin(page, locale, member)
  await expect(page).toHaveURL(`${pathIn(locale, '/subscribe')}?plan=box-6`)
  await expect(header(page).getByRole('button', { name: new RegExp(tr(locale, 'Member menu')) })).toBeVisible()
  // the plan is still chosen: its delivery step, with what it charges
  const step = plansRegion(page, locale)
  await expect(step.getByRole('heading', { level: 3, name: '6-month plan' })).toBeVisible()
  await expect(step).toContainText('NT$5,670 charged every 6 months (NT$945 a month), renews until cancelled')
  await expect(step.getByRole('form', { name: 'Where should we send your boxes?' })).toBeVisible()
  // "Change plan" goes back to the cards
  await step.getByRole('button', { name: 'Change plan' }).click()
  await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/subscribe')}$`))
  await expect(step.getByRole('article')).toHaveCount(4)

  await chooseInMemberMenu(page, locale, 'Log out')
  await expect(header(page).getByRole('button', { name: tr(locale, 'Log in/Sign up') })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/subscribe')}$`))
})

test('a guest on the default language is sent to its login page (zh-TW)', async ({ page }) => {
  await page.goto('/subscribe')
  await plansRegion(page, 'zh-TW').getByRole('article').last().getByRole('button', { name: subscribeButton('zh-TW', '單月方案') }).click()
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/subscribe?plan=box-1')}`)
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
    await plansRegion(page, locale).getByRole('article', { name: plan.title }).getByRole('button', { name: subscribeButton(locale, plan.title) }).click()

    // who receives the boxes comes before payment, checked as checkout checks it
    const form = await fillRecipient(page, locale, { name: '王小明', phone: '0912', county: '臺北市', district: '大安區', address: '復興南路一段 390 號' })
    await form.getByRole('button', { name: tr(locale, 'Continue to payment') }).click()
    await expect(form.getByLabel(tr(locale, 'Phone'))).toBeFocused()
    await expect(form.getByLabel(tr(locale, 'Phone'))).toHaveAttribute('aria-invalid', 'true')
    await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/subscribe')}\\?plan=${plan.id}$`))
    await form.getByLabel(tr(locale, 'Phone')).fill('0912-345-678')
    await form.getByRole('button', { name: tr(locale, 'Continue to payment') }).click()

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
    expect(box.recipient).toMatchObject({ name: '王小明', phone: '0912345678', county: '臺北市', district: '大安區' })

    // the recipient is changed for the next box not packed yet, and the page says which box that is
    const delivery = main.getByRole('region', { name: tr(locale, 'Delivery') })
    await expect(delivery).toContainText('王小明')
    const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })
    await expect(delivery).toContainText(
      trWith(locale, 'Changes made by {changesUntil} reach the box leaving on {shipsOn}. After that, that box is packed and a change applies from the box after it.', {
        changesUntil: dates.format(new Date(box.next_box!.changes_until)),
        shipsOn: dates.format(new Date(box.next_box!.ships_on)),
      }),
    )
    await delivery.getByRole('button', { name: tr(locale, 'Change recipient') }).click()
    const change = delivery.getByRole('form', { name: tr(locale, 'Who should receive your boxes?') })
    await change.getByRole('radio', { name: tr(locale, 'A new recipient') }).check()
    await change.getByLabel(tr(locale, 'Name')).fill('陳大文')
    await change.getByLabel(tr(locale, 'Phone')).fill('02-2345-6789')
    await change.getByLabel(tr(locale, 'County or city')).selectOption('臺中市')
    await change.getByLabel(tr(locale, 'District')).selectOption('西屯區')
    await change.getByLabel(tr(locale, 'Address')).fill('台灣大道三段 99 號')
    await change.getByRole('button', { name: tr(locale, 'Save recipient') }).click()
    await expect(change).toBeHidden()
    await expect(delivery).toContainText('陳大文')
    await expect.poll(async () => (await ownSubscription(page, token, locale))?.recipient?.name).toBe('陳大文')

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
    const refused = await page.request.post('/api/v1/subscription/checkout', { headers: { authorization: `Bearer ${token}`, 'X-localization': API_LOCALE[locale] }, data: { plan_id: 'box-12', recipient: box.recipient } })
    expect(refused.status()).toBe(409)
    const { error } = (await refused.json()) as { error: { code: string; message: string } }
    expect(error.code).toBe('ALREADY_SUBSCRIBED')
    await page.goto(pathIn(locale, '/subscribe'))
    const first = plans[0]!
    await plansRegion(page, locale).getByRole('article', { name: first.title }).getByRole('button', { name: subscribeButton(locale, first.title) }).click()
    // the saved recipient is chosen already
    await expect(page.getByRole('radio', { name: /王小明/ })).toBeChecked()
    await page.getByRole('button', { name: tr(locale, 'Continue to payment') }).click()
    const alert = plansRegion(page, locale).getByRole('alert')
    await expect(alert).toContainText(error.message)
    await expect(alert.getByRole('link', { name: tr(locale, 'My snack box') })).toHaveAttribute('href', pathIn(locale, '/user/subscription'))
    await expect(alert.getByRole('button', { name: tr(locale, 'Order a second box') })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/subscribe')}\\?plan=${first.id}$`))
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
    plan_months: 6,
    term_amount: 5670,
    recipient: { name: '王小明', phone: '0912345678', zip_code: '106', county: '臺北市', district: '大安區', address: '復興南路一段 390 號' },
    next_box: { ships_on: '2026-12-01T00:00:00.000Z', changes_until: '2026-11-28T00:00:00.000Z' },
    boxes: [{ paid_at: '2026-09-01T03:00:00.000Z', amount: 5670, period_start: '2026-09-01T00:00:00.000Z', period_end: '2027-03-01T00:00:00.000Z' }],
    can_manage_payment: true,
    plan_change: null,
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

/** Screenshots hide the sign-in toast and the focused skip link. */
const SHOT_STYLE = '.toaster-host, .skip-link { display: none !important; }'

/** kit's `lookAt` (nothing unless E2E_SHOTS_DIR is set) once animations have settled, with the toast and skip link hidden. */
async function look(page: Page, name: string, options: Parameters<typeof lookAt>[2] = {}) {
  if (!process.env.E2E_SHOTS_DIR) return
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  const style = await page.addStyleTag({ content: SHOT_STYLE })
  try {
    await lookAt(page, name, options)
  } finally {
    await style.evaluate((element) => (element as Element).remove())
  }
}

for (const locale of ['zh-TW', 'en', 'ja'] as UiLocale[]) {
  test(`the plan cards and the delivery step, as a member meets them (${locale})`, async ({ page }) => {
    const member = await createMember(page.request, { locale })
    await page.goto(pathIn(locale, '/subscribe'))
    await signIn(page, locale, member)
    const region = plansRegion(page, locale)
    const six = SUBSCRIPTION_PLANS.find((p) => p.id === 'box-6')!.title[API_LOCALE[locale]]
    await page.goto(pathIn(locale, '/subscribe'))
    await expect(region.getByRole('article')).toHaveCount(4)
    // the issue's two widths: a phone and a desktop
    await look(page, `snackbox-plans-${locale}`, { target: region, widths: [390, 1440] })

    await region.getByRole('button', { name: subscribeButton(locale, six) }).click()
    await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/subscribe')}\\?plan=box-6$`))
    await expect(region.getByRole('heading', { level: 3, name: six })).toBeFocused()
    await expect(region).toContainText(termsText(locale, 6, 945))
    // nothing filled in: every field says what it needs, in the page's language, and the first is focused
    const form = page.getByRole('form', { name: tr(locale, 'Where should we send your boxes?') })
    await form.getByRole('button', { name: tr(locale, 'Continue to payment') }).click()
    await expect(form.getByLabel(tr(locale, 'Name'))).toBeFocused()
    await expect(form.locator('[aria-invalid="true"]')).toHaveCount(6)
    await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/subscribe')}\\?plan=box-6$`))
    await look(page, `snackbox-address-${locale}`, { target: region, widths: [390, 1440] })
  })
}

/** Opens and pays a plan's payment page as the member's browser would, and waits for the shop to record the first box. */
async function subscribeThroughApi(page: Page, token: string, locale: UiLocale, planId: SubscriptionPlan['id']) {
  const headers = { authorization: `Bearer ${token}`, 'X-localization': API_LOCALE[locale] }
  const recipient = { name: '王小明', phone: '0912345678', zip_code: '106', county: '臺北市', district: '大安區', address: '復興南路一段 390 號' }
  const started = await page.request.post('/api/v1/subscription/checkout', { headers, data: { plan_id: planId, recipient } })
  expect(started.ok(), await started.text()).toBe(true)
  const { url } = ((await started.json()) as { data: { url: string } }).data
  const paid = await page.request.post(url, { form: { email: 'box@example.tw', payment_method: 'pm_card_visa' }, maxRedirects: 0 })
  expect(paid.status()).toBe(303)
  await expect.poll(async () => (await ownSubscription(page, token, locale))?.boxes.length, { timeout: 20_000 }).toBe(1)
  return (await ownSubscription(page, token, locale))!
}

test('a member changes the plan from the next renewal on My snack box, sees the date and the new amount, switches back, and changes it from the subscribe page (zh-TW)', async ({ page }) => {
  test.slow()
  const locale: UiLocale = 'zh-TW'
  const member = await createMember(page.request, { locale })
  const token = await apiToken(page.request, member)
  const box = await subscribeThroughApi(page, token, locale, 'box-1')
  const titleOf = (id: SubscriptionPlan['id'], in_: UiLocale = locale) => SUBSCRIPTION_PLANS.find((p) => p.id === id)!.title[API_LOCALE[in_]]
  const dateIn = (in_: UiLocale) => new Intl.DateTimeFormat(in_, { dateStyle: 'medium' }).format(new Date(box.current_period_end))
  const date = dateIn(locale)
  const shots = Boolean(process.env.E2E_SHOTS_DIR)

  await page.goto(pathIn(locale, '/'))
  await signIn(page, locale, member)
  await page.goto(pathIn(locale, '/user/subscription'))
  const section = page.getByRole('main').getByRole('region', { name: tr(locale, 'Change plan') })
  await expect(section).toContainText(trWith(locale, 'A new plan starts at your next renewal on {date}. Nothing is charged now, and your current term stays as paid.', { date }))
  // the current plan is chosen and cannot be "changed" to itself
  await expect(section.getByRole('radio', { name: new RegExp(titleOf('box-1')) })).toBeChecked()
  const review = section.getByRole('button', { name: tr(locale, 'Review the change') })
  await expect(review).toBeDisabled()

  // the three-month plan: a confirmation says what stays, from when, and the amount per term
  await section.getByRole('radio', { name: new RegExp(titleOf('box-3')) }).check()
  await review.click()
  const dialog = page.getByRole('dialog', { name: trWith(locale, 'Change to the {title}?', { title: titleOf('box-3') }) })
  const renewsAs = trWith(locale, 'From {date}, your box renews as the {title}: {amount} {terms}.', { date, title: titleOf('box-3'), amount: ntd(2895), terms: termsText(locale, 3, 965) })
  await expect(dialog).toContainText(renewsAs)
  await expect(dialog).toContainText(trWith(locale, 'Your {current} stays as paid until {date}.', { current: titleOf('box-1'), date }))
  await expect(dialog).toContainText(trWith(locale, 'Nothing is charged now. You can switch back any time before {date}.', { date }))
  await dialog.getByRole('button', { name: tr(locale, 'Change plan') }).click()
  await expect(dialog).toBeHidden()
  const pending = section.getByRole('status').filter({ hasText: renewsAs })
  await expect(pending).toBeVisible()
  await expect.poll(async () => (await ownSubscription(page, token, locale))?.plan_change).toMatchObject({ plan_id: 'box-3', term_amount: 2895, starts_on: box.current_period_end })
  // nothing was charged: still the one box paid, on the current plan
  await expect(page.getByRole('main').getByRole('table', { name: tr(locale, 'Boxes so far') }).getByRole('row')).toHaveCount(2)
  expect((await ownSubscription(page, token, locale))!.plan_id).toBe('box-1')
  if (shots) {
    // the issue's three languages (and two widths), with the change pending and with another one being confirmed
    for (const other of ['zh-TW', 'en', 'ja'] as UiLocale[]) {
      await page.goto(pathIn(other, '/user/subscription'))
      const there = page.getByRole('main').getByRole('region', { name: tr(other, 'Change plan') })
      await expect(there).toContainText(trWith(other, 'From {date}, your box renews as the {title}: {amount} {terms}.', { date: dateIn(other), title: titleOf('box-3', other), amount: ntd(2895), terms: termsText(other, 3, 965) }))
      await look(page, `plan-change-pending-${other}`, { fullPage: true, widths: [390, 1440] })
      await there.getByRole('radio', { name: new RegExp(titleOf('box-12', other)) }).check()
      await there.getByRole('button', { name: tr(other, 'Review the change') }).click()
      const confirm = page.getByRole('dialog', { name: trWith(other, 'Change to the {title}?', { title: titleOf('box-12', other) }) })
      await expect(confirm).toBeVisible()
      await look(page, `plan-change-confirm-${other}`, { widths: [390, 1440] })
      await confirm.getByRole('button', { name: tr(other, 'Keep my current plan') }).click()
      await expect(confirm).toBeHidden()
    }
    await page.goto(pathIn(locale, '/user/subscription'))
  }

  // switching back before the renewal: the box stays on its plan
  await section.getByRole('button', { name: trWith(locale, 'Keep the {current}', { current: titleOf('box-1') }) }).click()
  await expect(pending).toBeHidden()
  await expect.poll(async () => (await ownSubscription(page, token, locale))?.plan_change).toBeNull()

  // the subscribe page: choosing another plan tells the member they hold a box, and offers the same change there
  await page.goto(pathIn(locale, '/subscribe?plan=box-6'))
  await fillRecipient(page, locale, { name: '王小明', phone: '0912345678', county: '臺北市', district: '大安區', address: '復興南路一段 390 號' })
  await page.getByRole('button', { name: tr(locale, 'Continue to payment') }).click()
  const alert = plansRegion(page, locale).getByRole('alert')
  await expect(alert).toContainText('變更方案')
  await alert.getByRole('button', { name: trWith(locale, 'Change my box to the {title}', { title: titleOf('box-6') }) }).click()
  const there = page.getByRole('dialog', { name: trWith(locale, 'Change to the {title}?', { title: titleOf('box-6') }) })
  await expect(there).toContainText(trWith(locale, 'From {date}, your box renews as the {title}: {amount} {terms}.', { date, title: titleOf('box-6'), amount: ntd(5670), terms: termsText(locale, 6, 945) }))
  await there.getByRole('button', { name: tr(locale, 'Change plan') }).click()
  await expect(alert.getByRole('status')).toHaveText(trWith(locale, 'From {date}, your box renews as the {title}.', { date, title: titleOf('box-6') }))
  await expect.poll(async () => (await ownSubscription(page, token, locale))?.plan_change?.plan_id).toBe('box-6')
})

test('the plan buttons keep the plan’s name on one line, and the zh-TW ones write the number as the titles do', async ({ page }) => {
  for (const [locale, width] of [['en', 1440], ['en', 390], ['zh-TW', 1440]] as const) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(pathIn(locale, '/subscribe'))
    const cards = plansRegion(page, locale).getByRole('article')
    await expect(cards).toHaveCount(4)
    for (const plan of SUBSCRIPTION_PLANS) {
      const title = plan.title[API_LOCALE[locale]]
      const button = plansRegion(page, locale).getByRole('button', { name: subscribeButton(locale, title), exact: true })
      // "12-month plan" never breaks after "12-": every line box of the title's text is on one line
      const lines = await button.evaluate((element, part) => {
        const range = document.createRange()
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
        let text = ''
        const nodes: { node: Text; start: number }[] = []
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          nodes.push({ node: node as Text, start: text.length })
          text += node.textContent
        }
        const at = text.indexOf(part)
        const locate = (offset: number) => nodes.findLast((n) => n.start <= offset)!
        const first = locate(at)
        const last = locate(at + part.length - 1)
        range.setStart(first.node, at - first.start)
        range.setEnd(last.node, at + part.length - last.start)
        return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size
      }, title)
      expect(lines, `${locale} ${width} ${title}`).toBe(1)
      if (locale === 'zh-TW') expect(await button.textContent()).not.toMatch(/[\u4e00-\u9fff]\d/)
    }
  }
})
