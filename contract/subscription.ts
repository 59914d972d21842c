import * as v from 'valibot'
import type { Locale } from './constants'
import { RecipientInputSchema } from './recipient'
import type { Localized } from './localized'
import { SUBSCRIPTION_PLAN_IDS, type SubscriptionPlanId } from './subscription-plan-ids'

export { SUBSCRIPTION_PLAN_IDS, type SubscriptionPlanId }

/**
 * The monthly snack box: its plans and every figure the subscribe page shows, in one place
 * (spec §9). Prices are whole TWD a month; a plan's saving is what its months would cost at the
 * one-month price, less what they cost on the plan.
 */
export const SUBSCRIPTION_LABEL_VARIANTS = ['best_value', 'popular'] as const
export type SubscriptionLabelVariant = (typeof SUBSCRIPTION_LABEL_VARIANTS)[number]

export interface SubscriptionPlanFigures {
  id: SubscriptionPlanId
  months: number
  /** TWD a month */
  price: number
  title: Localized
  coupon_text: Localized
  label: { variant: SubscriptionLabelVariant; text: Localized } | null
}

const BEST_VALUE: Localized = { zh_tw: '最划算', en: 'Best Value', ja: 'いちばんお得' }
const POPULAR: Localized = { zh_tw: '人氣方案', en: 'Popular', ja: '人気' }

export const SUBSCRIPTION_PLANS: readonly SubscriptionPlanFigures[] = [
  {
    id: 'box-12',
    months: 12,
    price: 920,
    title: { zh_tw: '12 個月方案', en: '12-month plan', ja: '12か月プラン' },
    coupon_text: { zh_tw: '每月享 NT$920，一年省下 NT$948', en: 'NT$920 a month: save NT$948 over the year', ja: '毎月 NT$920、1 年で NT$948 お得' },
    label: { variant: 'best_value', text: BEST_VALUE },
  },
  {
    id: 'box-6',
    months: 6,
    price: 945,
    title: { zh_tw: '6 個月方案', en: '6-month plan', ja: '6か月プラン' },
    coupon_text: { zh_tw: '每月享 NT$945，半年省下 NT$324', en: 'NT$945 a month: save NT$324 over six months', ja: '毎月 NT$945、半年で NT$324 お得' },
    label: { variant: 'popular', text: POPULAR },
  },
  {
    id: 'box-3',
    months: 3,
    price: 965,
    title: { zh_tw: '3 個月方案', en: '3-month plan', ja: '3か月プラン' },
    coupon_text: { zh_tw: '每月享 NT$965，三個月省下 NT$102', en: 'NT$965 a month: save NT$102 over three months', ja: '毎月 NT$965、3 か月で NT$102 お得' },
    label: null,
  },
  {
    id: 'box-1',
    months: 1,
    price: 999,
    title: { zh_tw: '單月方案', en: '1-month plan', ja: '1か月プラン' },
    coupon_text: { zh_tw: '先試一個月，隨時可取消', en: 'Try one month, cancel any time', ja: 'まずは 1 か月、いつでも解約できます' },
    label: null,
  },
]

/** What a plan saves against paying the one-month price for each of its months: 948, 324, 102, 0. */
export function planSaving(plan: Pick<SubscriptionPlanFigures, 'months' | 'price'>) {
  const monthly = SUBSCRIPTION_PLANS.find((p) => p.months === 1)!.price
  return (monthly - plan.price) * plan.months
}

export const SUBSCRIPTION_FEATURES: readonly { key: 'drinks' | 'snacks' | 'gifts' | 'ramen'; title: Localized; text: Localized }[] = [
  { key: 'drinks', title: { zh_tw: '日本限定飲料', en: 'Japan-limited drinks', ja: '日本限定ドリンク' }, text: { zh_tw: '只在日本販售的季節與地區限定飲品', en: 'Seasonal and regional drinks sold only in Japan', ja: '日本でしか買えない季節・地域限定の飲み物' } },
  { key: 'snacks', title: { zh_tw: '限定零食', en: 'Limited snacks', ja: '限定スナック' }, text: { zh_tw: '期間限定口味與便利商店新品', en: 'Limited-time flavours and new convenience-store finds', ja: '期間限定フレーバーとコンビニの新商品' } },
  { key: 'gifts', title: { zh_tw: '在地伴手禮', en: 'Local gift items', ja: 'ご当地みやげ' }, text: { zh_tw: '各縣市的人氣伴手禮', en: 'Favourite souvenirs from a different prefecture', ja: '各地の人気のおみやげ' } },
  { key: 'ramen', title: { zh_tw: '道地拉麵', en: 'Authentic ramen', ja: '本格ラーメン' }, text: { zh_tw: '名店監修的泡麵與乾麵', en: 'Instant and dried ramen from famous shops', ja: '名店監修のカップ麺・乾麺' } },
]

/** The five banner pictures, generated like the catalogue's (`npm run images`). */
export const SUBSCRIPTION_BANNERS = [1, 2, 3, 4, 5].map((i) => `/images/subscribe/box-${i}.svg`)

export type RatingCounts = Record<1 | 2 | 3 | 4 | 5, number>

/**
 * The figures a rating summary shows, all from its bars: the count is their sum and the average
 * their weighted mean, rounded to one decimal as shown. `more` adds other counts (real subscribers'
 * reviews) to the sample's. The specification's sample said 4.7 from 70 reviews beside bars of
 * 43, 20 and 7, which make 4.5: the bars are the data, the summary follows from them.
 */
export function ratingSummary(counts: RatingCounts, ...more: RatingCounts[]) {
  const all = { ...counts }
  for (const other of more) for (const rate of [1, 2, 3, 4, 5] as const) all[rate] += other[rate]
  const total = all[1] + all[2] + all[3] + all[4] + all[5]
  const sum = all[1] + 2 * all[2] + 3 * all[3] + 4 * all[4] + 5 * all[5]
  return { average: total > 0 ? Math.round((sum / total) * 10) / 10 : 0, total, counts: all }
}

/** The subscribe page's sample ratings (spec §9: 43 five-star, 20 four-star, 7 three-star). */
export const SUBSCRIPTION_SAMPLE_RATINGS: RatingCounts = { 5: 43, 4: 20, 3: 7, 2: 0, 1: 0 }

/** The subscribe page's review summary: 4.5 from 70 reviews, computed from the bars. */
export const SUBSCRIPTION_REVIEW_SUMMARY = ratingSummary(SUBSCRIPTION_SAMPLE_RATINGS)

export const SUBSCRIPTION_SAMPLE_REVIEWS: readonly { id: number; name: string; score: 3 | 4 | 5; text: Localized }[] = [
  { id: 1, name: '林*美', score: 5, text: { zh_tw: '每個月開箱都很期待，拉麵特別好吃！', en: 'I look forward to every box, the ramen is especially good!', ja: '毎月の開封が楽しみ。ラーメンが特においしい！' } },
  { id: 2, name: 'K*n', score: 5, text: { zh_tw: '有很多台灣買不到的限定口味。', en: 'Lots of limited flavours you cannot buy in Taiwan.', ja: '台湾では買えない限定の味がたくさん。' } },
  { id: 3, name: '陳*豪', score: 4, text: { zh_tw: '份量剛好，飲料有點甜。', en: 'Just the right amount; the drinks are a little sweet.', ja: '量はちょうどいい。飲み物は少し甘め。' } },
  { id: 4, name: '佐*木', score: 5, text: { zh_tw: '送給朋友當禮物，大家都很喜歡。', en: 'Gave one to friends as a present: everyone loved it.', ja: '友人へのプレゼントにしたら大好評でした。' } },
  { id: 5, name: '王*安', score: 4, text: { zh_tw: '伴手禮很有地方特色，包裝也很精美。', en: 'The gifts really taste of their region, and the packing is lovely.', ja: 'おみやげに地方色があって包装もきれい。' } },
  { id: 6, name: 'M*y', score: 3, text: { zh_tw: '有幾樣零食不合我的口味，但整體還不錯。', en: 'A few snacks were not to my taste, but good overall.', ja: '口に合わないお菓子もあったけれど、全体的には満足。' } },
]

/** A plan as the API answers it, in the asking locale. */
export const SubscriptionPlanSchema = v.object({
  id: v.picklist(SUBSCRIPTION_PLAN_IDS),
  title: v.string(),
  months: v.number(),
  coupon_text: v.string(),
  label: v.nullable(v.object({ text: v.string(), variant: v.picklist(SUBSCRIPTION_LABEL_VARIANTS) })),
  /** TWD a month */
  price: v.number(),
  per: v.literal('month'),
  /** TWD charged up front for each term of `months` months, again at every renewal until cancelled */
  term_price: v.number(),
  /** TWD saved over the plan's months against the one-month price */
  save: v.number(),
  /** the owner's hosted payment link for this plan (SUBSCRIPTION_PLAN_URLS), or null: the shop opens a checkout session */
  url: v.nullable(v.string()),
})
export type SubscriptionPlan = v.InferOutput<typeof SubscriptionPlanSchema>

export function planIn(plan: SubscriptionPlanFigures, locale: Locale, url: string | null): SubscriptionPlan {
  return {
    id: plan.id,
    title: plan.title[locale],
    months: plan.months,
    coupon_text: plan.coupon_text[locale],
    label: plan.label ? { text: plan.label.text[locale], variant: plan.label.variant } : null,
    price: plan.price,
    per: 'month',
    term_price: plan.price * plan.months,
    save: planSaving(plan),
    url,
  }
}

export const SUBSCRIPTION_MESSAGES = { plan: 'Choose one of the plans.', secondBox: 'Say whether this is a second box.' } as const

/** A box recipient as the API answers it: the fields of a saved recipient, copied. */
export const BoxRecipientSchema = v.object({ name: v.string(), phone: v.string(), zip_code: v.string(), county: v.string(), district: v.string(), address: v.string() })

/** The recipient's fields without the saved-recipient flag: checked as checkout checks them (Taiwan phone, county, district, postal code). */
export const toBoxRecipient = ({ name, phone, zip_code, county, district, address }: BoxRecipient): BoxRecipient => ({ name, phone, zip_code, county, district, address })

/**
 * POST /subscription/checkout: the plan, who receives the boxes, and `second_box: true` when a
 * member who holds a box asks for another one on purpose (otherwise one box per member).
 */
export const SubscriptionCheckoutInputSchema = v.object({
  plan_id: v.picklist(SUBSCRIPTION_PLAN_IDS, SUBSCRIPTION_MESSAGES.plan),
  recipient: RecipientInputSchema,
  second_box: v.optional(v.boolean(SUBSCRIPTION_MESSAGES.secondBox)),
})
export type SubscriptionCheckoutInput = v.InferOutput<typeof SubscriptionCheckoutInputSchema>

export const SubscriptionCheckoutSchema = v.object({
  /** where to send the shopper: the hosted payment page */
  url: v.string(),
})

/** Who receives the boxes: a saved recipient's fields, copied, so a later edit of the saved one changes no box. */
export interface BoxRecipient {
  name: string
  phone: string
  zip_code: string
  county: string
  district: string
  address: string
}

export const SUBSCRIPTION_STATUSES = ['active', 'cancelling', 'past_due', 'ended'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** The member's snack box (GET /user/subscription): null data when the member never subscribed. */
export const MemberSubscriptionSchema = v.object({
  plan_id: v.picklist(SUBSCRIPTION_PLAN_IDS),
  plan_title: v.string(),
  status: v.picklist(SUBSCRIPTION_STATUSES),
  /** ISO time the current term ends: the next renewal, or the end when cancelling */
  current_period_end: v.string(),
  plan_months: v.number(),
  /** TWD charged for each term */
  term_amount: v.number(),
  /** who receives the boxes; null when none was given (a subscription bought through a payment link) */
  recipient: v.nullable(BoxRecipientSchema),
  /** the next box a recipient change still reaches (ISO times), or null when no box is to leave */
  next_box: v.nullable(v.object({ ships_on: v.string(), changes_until: v.string() })),
  /** one line per paid invoice, newest first */
  boxes: v.array(v.object({ paid_at: v.string(), amount: v.number(), period_start: v.string(), period_end: v.string() })),
  /** whether "manage payment method" (the payment provider's customer portal) is offered */
  can_manage_payment: v.boolean(),
  /** the plan chosen for the terms from the next renewal on (`starts_on`, ISO: the current term is kept as paid); null: none pending */
  plan_change: v.nullable(v.object({ plan_id: v.picklist(SUBSCRIPTION_PLAN_IDS), plan_title: v.string(), plan_months: v.number(), term_amount: v.number(), starts_on: v.string() })),
})
export type MemberSubscription = v.InferOutput<typeof MemberSubscriptionSchema>

/** PUT /user/subscription/recipient: who receives the boxes from the next one a change still reaches. */
export const UpdateSubscriptionRecipientInputSchema = v.object({ recipient: RecipientInputSchema })

/** PUT /user/subscription: cancel at the end of the term, or keep it. */
export const UpdateSubscriptionInputSchema = v.object({ cancel_at_period_end: v.boolean('Say whether to cancel at the end of the term.') })

/**
 * PUT /user/subscription/plan: the plan the box renews as from the next renewal. Nothing is charged
 * now and the current term stays as paid; choosing the current plan again drops a pending change.
 */
export const ChangeSubscriptionPlanInputSchema = v.object({ plan_id: v.picklist(SUBSCRIPTION_PLAN_IDS, SUBSCRIPTION_MESSAGES.plan) })
export type ChangeSubscriptionPlanInput = v.InferOutput<typeof ChangeSubscriptionPlanInputSchema>
