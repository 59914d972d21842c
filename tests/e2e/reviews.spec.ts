import type { Order } from '../../contract/order'
import type { ReviewSummary } from '../../contract/review'
import type { APIRequestContext } from '@playwright/test'
import { apiToken, expect, expectAccessible, test, tr, type UiLocale } from './kit'
import { createMember, EXPECTED_API_ERRORS, pathIn, signIn, trPlural, trWith } from './support/accounts'
import { pricedStock } from './support/checkout'
import { completeOrder, paidOrder, shipOrder } from './support/notifications'

test.use({ allowedConsoleErrors: EXPECTED_API_ERRORS })

const STAR = '{position, plural, one {# star} other {# stars}}'
const BAND_STARS = '{rate, plural, one {# star} other {# stars}}'
const BAND_REVIEWS = '{total, plural, one {# review} other {# reviews}}'

async function summaryOf(request: APIRequestContext, productId: number): Promise<ReviewSummary> {
  const response = await request.get(`/api/v1/product/${productId}/comment`)
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { summary: ReviewSummary }).summary
}

const cases: { locale: UiLocale; score: number; text: string }[] = [
  { locale: 'zh-TW', score: 5, text: '抹茶味道濃郁，包裝完整' },
  { locale: 'en', score: 4, text: 'Rich matcha, well packed' },
]

for (const { locale, score, text } of cases) {
  test(`a member reviews a delivered order's product and the product page shows it (${locale})`, async ({ page, request }) => {
    test.slow()
    const member = await createMember(request, { locale })
    const token = await apiToken(request, member)
    // the two languages run side by side: each reviews a product of its own, so neither moves the other's figures
    const no = await paidOrder(page, token, member, locale === 'en' ? (await pricedStock(page, 100, 'en')).product.id : undefined)
    await shipOrder(request, no)
    await completeOrder(request, no)
    const order = ((await (await request.get(`/api/v1/ec-order/${no}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: Order }).data
    const item = order.items[0]!
    const before = await summaryOf(request, item.product_id)
    const review = `${text} ${Date.now().toString(36)}`

    await page.goto(pathIn(locale, '/'))
    await signIn(page, locale, member)
    await page.goto(pathIn(locale, '/user/comment'))
    const card = page.getByRole('article', { name: trWith(locale, 'Order {orderNo}', { orderNo: no }) })
    await expect(card).toBeVisible()
    await card.getByRole('button', { name: new RegExp(`^${tr(locale, 'Write a review')}`) }).first().click()
    await card.getByRole('radio', { name: trPlural(locale, STAR, score), exact: true }).check()
    await card.getByRole('textbox', { name: tr(locale, 'Your review (optional)') }).fill(review)
    await expect(card.getByText(`${review.length}/100`)).toBeVisible()
    await expectAccessible(page, `review form (${locale})`)
    await card.getByRole('button', { name: tr(locale, 'Submit review') }).click()
    await expect(page.getByText(tr(locale, 'Reviews Successful'))).toBeVisible()
    // the pending list refetches: the order's only item is reviewed now
    await expect(card).toBeHidden()

    await page.goto(pathIn(locale, `/product/detail/${item.product_id}`))
    const section = page.getByRole('region', { name: new RegExp(`^${tr(locale, 'Reviews')}`) })
    const exactSum = before.band_list.reduce((sum, band) => sum + band.rate * band.total, 0) + score
    const count = before.reviews_total + 1
    const average = Math.round((exactSum / count) * 10) / 10
    const shown = new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(average)
    await expect(section.getByRole('img', { name: trWith(locale, '{score} out of 5 stars', { score: shown }) }).first()).toBeVisible()
    await expect(section.getByText(review)).toBeVisible()
    const bandTotal = (before.band_list.find((band) => band.rate === score)?.total ?? 0) + 1
    const bar = section.getByRole('button', { name: `${trPlural(locale, BAND_STARS, score)}, ${trPlural(locale, BAND_REVIEWS, bandTotal)}` })
    await expect(bar).toHaveAttribute('aria-pressed', 'false')

    // a bar filters the list by its score; pressing it again shows every review
    await expectAccessible(page, `product reviews (${locale})`)
    await bar.click()
    await expect(bar).toHaveAttribute('aria-pressed', 'true')
    const list = section.getByRole('list').filter({ has: page.getByRole('article') })
    await expect(list.getByRole('article')).toHaveCount(Math.min(bandTotal, 10))
    for (const img of await list.getByRole('img').all()) await expect(img).toHaveAccessibleName(trWith(locale, '{score} out of 5 stars', { score: String(score) }))
    await bar.click()
    await expect(bar).toHaveAttribute('aria-pressed', 'false')
    await expect(list.getByRole('article')).toHaveCount(Math.min(count, 10))
  })
}
