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

  // a member who never subscribed is offered the plans (the endpoint may still be on its way: then the page says it failed)
  const own = await request.get('/api/v1/user/subscription', { headers: { authorization: `Bearer ${token}` } })
  if (own.ok()) {
    expect(((await own.json()) as { data: unknown }).data).toBeNull()
    await expect(page.getByRole('main').getByRole('link', { name: tr(locale, 'See the plans') })).toHaveAttribute('href', '/subscribe')
  } else {
    await expect(page.getByRole('main').getByRole('alert')).toContainText(tr(locale, 'Your snack box could not be loaded.'))
  }
})

// The two tests below answer the member's snack-box calls in the browser with the contract's shapes,
// so the page's states are checked whatever the server has of them yet.

test('a member with a snack box sees it, cancels at the end of the term and keeps it again (en)', async ({ page, request }) => {
  const locale: UiLocale = 'en'
  const member = await createMember(request, { locale })
  let box: MemberSubscription = {
    plan_id: 'box-6',
    plan_title: '6-month plan',
    status: 'active',
    current_period_end: '2027-03-01T12:00:00.000Z',
    boxes: [
      { paid_at: '2026-10-01T03:00:00.000Z', amount: 5670, period_start: '2026-10-01T00:00:00.000Z', period_end: '2027-04-01T00:00:00.000Z' },
      { paid_at: '2026-04-01T03:00:00.000Z', amount: 5670, period_start: '2026-04-01T00:00:00.000Z', period_end: '2026-10-01T00:00:00.000Z' },
    ],
    can_manage_payment: true,
  }
  await page.route('**/api/v1/user/subscription', async (route) => {
    if (route.request().method() === 'PUT') {
      const { cancel_at_period_end: cancel } = route.request().postDataJSON() as { cancel_at_period_end: boolean }
      box = { ...box, status: cancel ? 'cancelling' : 'active' }
    }
    await route.fulfill({ json: { data: box } })
  })
  await page.goto(pathIn(locale, '/'))
  await signIn(page, locale, member)
  await page.goto(pathIn(locale, '/user/subscription'))
  const main = page.getByRole('main')
  await expect(main).toContainText('6-month plan')
  await expect(main).toContainText('Active')
  await expect(main).toContainText('Next renewal: Mar 1, 2027')
  await expect(main.getByRole('table').getByRole('row')).toHaveCount(3)
  await expect(main.getByRole('table')).toContainText(ntd(5670))
  await expect(main.getByRole('button', { name: 'Manage payment method' })).toBeVisible()

  await main.getByRole('button', { name: 'Cancel at the end of the term' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel your snack box?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel at the end of the term' }).click()
  await expect(dialog).toBeHidden()
  await expect(main).toContainText('Cancelling at the end of the term')
  await expect(main).toContainText('Ends on Mar 1, 2027')
  await main.getByRole('button', { name: 'Keep my subscription' }).click()
  await expect(main).toContainText('Next renewal: Mar 1, 2027')
  await expect(main.getByRole('button', { name: 'Cancel at the end of the term' })).toBeVisible()
})

test('a member who already has a snack box is told so and pointed to it (zh-TW)', async ({ page, request }) => {
  const locale: UiLocale = 'zh-TW'
  const member = await createMember(request, { locale })
  const message = '您已有訂閱中的零食盒。'
  await page.route('**/api/v1/subscription/checkout', (route) =>
    route.fulfill({ status: 409, json: { error: { code: 'ALREADY_SUBSCRIBED', message, detail: {} } } }),
  )
  await page.goto(pathIn(locale, '/subscribe'))
  await signIn(page, locale, member)
  // signing in from this page's header stays on it
  await expect(page).toHaveURL(/\/subscribe$/)
  await plansRegion(page, locale).getByRole('article').first().getByRole('button', { name: new RegExp(`^${tr(locale, 'Subscribe')}`) }).click()
  const alert = plansRegion(page, locale).getByRole('alert')
  await expect(alert).toContainText(message)
  await expect(alert.getByRole('link', { name: tr(locale, 'My snack box') })).toHaveAttribute('href', '/user/subscription')
})
