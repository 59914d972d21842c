import { randomBytes } from 'node:crypto'
import type Stripe from 'stripe'
import type { Locale } from '../../../contract/constants'
import { addMonthsUtc, nextBox } from '../../../contract/subscription-boxes'
import { SUBSCRIPTION_PLANS, toBoxRecipient, type BoxRecipient, type MemberSubscription, type SubscriptionPlanId, type SubscriptionStatus } from '../../../contract/subscription'
import type { Db, DbOrTx } from '../../db/client'
import type { subscriptionInvoices } from '../../db/schema'
import { transaction } from '../../db/transaction'
import { AppError, notFound } from '../../lib/errors'
import type { PaymentDeps } from '../../core/deps'
import type { Billing } from '../../integrations/billing'
import { fromStripeAmount, type StripeEventHandler } from '../../integrations/payments'
import { notify } from '../../core/notify'
import { pwaUrl } from '../../core/links'
import * as repo from './repo'

/** the snack box's billing (customers, sessions, schedules, the portal) at the same provider as the orders' payments */
export type SubscriptionDeps = PaymentDeps & { billing: Billing }

export const planById = (id: string) => SUBSCRIPTION_PLANS.find((plan) => plan.id === id)
const planByMonths = (months: number) => SUBSCRIPTION_PLANS.find((plan) => plan.months === months)

export function statusOf(row: Pick<repo.SubscriptionRow, 'provider_status' | 'cancel_at_period_end'>): SubscriptionStatus {
  if (repo.ENDED.includes(row.provider_status)) return 'ended'
  if (row.provider_status === 'past_due' || row.provider_status === 'unpaid' || row.provider_status === 'incomplete') return 'past_due'
  return row.cancel_at_period_end ? 'cancelling' : 'active'
}


const alreadySubscribed = () =>
  new AppError('ALREADY_SUBSCRIBED', 409, 'You already have a snack box subscription. Under My snack box you can change its plan from the next renewal, change where it goes or cancel it; to get another one, order a second box.')

/** The member's customer at the payment provider, created once (the key makes a retry or a double click find the same one). */
async function customerOf(deps: SubscriptionDeps, user: { id: number; email: string }) {
  const known = await repo.customerOfMember(deps.db, user.id)
  if (known) return known.customer_id
  await repo.saveCustomer(deps.db, user.id, await deps.billing.createCustomer(user))
  return (await repo.customerOfMember(deps.db, user.id))!.customer_id
}

/** How long a request may hold the member's checkout while it opens a session: a crashed one frees it after this. */
const CLAIM_MS = 30_000

const checkoutInProgress = () => new AppError('IN_PROGRESS', 409, 'A payment page for your snack box is being opened in another window. Please use that one, or try again in a moment.')

/**
 * Takes the member's checkout for this request, in one short transaction under the member's row
 * lock (decision 56): a member holding a box is refused unless asking for a second one, and a
 * second request while the first is still opening a session is refused too. Stripe is called after
 * the transaction, by the one request holding the claim.
 */
async function claimCheckout(db: Db, userId: number, planId: SubscriptionPlanId, secondBox: boolean, now: Date) {
  return transaction(db, async (tx) => {
    await repo.lockMember(tx, userId)
    if ((await repo.holdsOne(tx, userId)) && !secondBox) throw alreadySubscribed()
    const previous = await repo.checkoutOf(tx, userId)
    if (previous?.claimed_at && previous.claimed_at.getTime() > now.getTime() - CLAIM_MS) throw checkoutInProgress()
    await repo.claimCheckout(tx, userId, planId, previous !== undefined, now)
    return previous
  })
}

/** A session expired this long ago cannot be paid any more: the provider is not asked about it. */
const STALE_SESSION_MS = 24 * 60 * 60_000

/**
 * The member's previous checkout session as the provider knows it now; null when there is none, its
 * expiry is long past, or the provider no longer knows it (its test data was reset, or the shop moved
 * from the sandbox to real keys): such a session can never be paid, so it stops nothing (decision 56).
 */
async function previousSession(deps: SubscriptionDeps, previous: Awaited<ReturnType<typeof repo.checkoutOf>>, now: Date) {
  if (!previous?.session_id) return null
  if (previous.expires_at && previous.expires_at.getTime() < now.getTime() - STALE_SESSION_MS) return null
  return deps.billing.checkoutSession(previous.session_id)
}

/**
 * `POST /subscription/checkout`: where to pay for a plan, its boxes going to `recipient`. A member
 * who holds a box is told so, unless asking for a second box on purpose. The owner's payment link
 * for the plan when configured (with the member's id and e-mail for the provider's page); otherwise
 * a Checkout Session in subscription mode, priced as the plan's months in advance every that many
 * months. Only one session of a member can be paid at a time: a second click for the same plan gets
 * the session still open; another plan (or another window) expires the open one first, and when it
 * cannot be expired because it was just paid, the member is told they hold a box.
 */
export async function startCheckout(
  deps: SubscriptionDeps,
  user: { id: number; email: string },
  input: { plan_id: SubscriptionPlanId; recipient: BoxRecipient; second_box?: boolean },
  locale: Locale,
) {
  const plan = planById(input.plan_id)!
  const recipient = toBoxRecipient(input.recipient)
  const secondBox = input.second_box === true
  const link = deps.config.subscription.planUrls[plan.id]
  const now = deps.clock()
  const previous = await claimCheckout(deps.db, user.id, plan.id, secondBox, now)
  const release = (values: Parameters<typeof repo.releaseCheckout>[3] = {}) => repo.releaseCheckout(deps.db, user.id, now, values)
  try {
    const open = await previousSession(deps, previous, now)
    if (open && previous) {
      const session = open
      if (session.status === 'complete' && !previous.second_box && !secondBox) {
        // paid a moment ago in another window: its webhooks are on their way
        const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id
        const recorded = subscriptionId ? await repo.byProviderId(deps.db, subscriptionId) : undefined
        if (!recorded || repo.HOLDING.includes(recorded.provider_status)) throw alreadySubscribed()
      }
      const reusable = !link && session.status === 'open' && session.url && previous.plan_id === plan.id && previous.second_box === secondBox && session.expires_at * 1000 > now.getTime() + 10 * 60_000
      if (reusable) {
        await release({ recipient })
        return { url: session.url! }
      }
      if (session.status === 'open') {
        // only one page can be paid, a payment link included: a session that cannot be expired stops this one
        if ((await deps.billing.expireCheckoutSession(session.id)) === 'complete') throw alreadySubscribed()
      }
    }
    if (link) {
      await release({ plan_id: plan.id, session_id: null, url: null, expires_at: null, ref: null, recipient, second_box: secondBox })
      const url = new URL(link)
      url.searchParams.set('client_reference_id', String(user.id))
      url.searchParams.set('prefilled_email', user.email)
      return { url: url.toString() }
    }
    const customer = await customerOf(deps, user)
    const ref = randomBytes(12).toString('base64url')
    const metadata = { user_id: String(user.id), plan_id: plan.id, ref, ...(secondBox ? { second_box: 'true' } : {}) }
    const session = await deps.billing.createCheckoutSession({
      customer,
      userId: user.id,
      plan,
      productName: `${deps.config.shop.name}: ${plan.title[locale]}`,
      metadata,
      successUrl: pwaUrl(deps.config, locale, '/user/subscription?session_id={CHECKOUT_SESSION_ID}'),
      cancelUrl: pwaUrl(deps.config, locale, `/subscribe?plan=${plan.id}`),
      locale,
      idempotencyKey: `subscribe-${user.id}-${ref}`,
    })
    await release({ plan_id: plan.id, session_id: session.id, url: session.url!, expires_at: new Date(session.expires_at * 1000), ref, recipient, second_box: secondBox })
    return { url: session.url! }
  } finally {
    // a refusal or a failure leaves the previous session as it was recorded (and no row when there was none)
    if (previous) await release()
    else await repo.dropCheckout(deps.db, user.id, now)
  }
}

function view(row: repo.SubscriptionRow, boxes: (typeof subscriptionInvoices.$inferSelect)[], locale: Locale, now: Date): MemberSubscription {
  const plan = planById(row.plan_id) ?? SUBSCRIPTION_PLANS.at(-1)!
  const status = statusOf(row)
  // the term's start: its invoice's, else counted back from its end
  const termStart = boxes.find((box) => box.period_end.getTime() === row.current_period_end.getTime())?.period_start ?? addMonthsUtc(row.current_period_end, -plan.months)
  const changeTo = row.next_plan_id ? planById(row.next_plan_id) : undefined
  const next = status === 'ended' ? null : nextBox({ termStart, termEnd: row.current_period_end, months: plan.months, renews: status !== 'cancelling', now })
  return {
    plan_id: plan.id,
    plan_title: plan.title[locale],
    status,
    current_period_end: row.current_period_end.toISOString(),
    plan_months: plan.months,
    term_amount: plan.price * plan.months,
    recipient: row.recipient ? toBoxRecipient(row.recipient) : null,
    next_box: next ? { ships_on: next.ships_on.toISOString(), changes_until: next.changes_until.toISOString() } : null,
    boxes: boxes.map((box) => ({
      paid_at: box.paid_at.toISOString(),
      amount: box.amount,
      period_start: box.period_start.toISOString(),
      period_end: box.period_end.toISOString(),
    })),
    can_manage_payment: true,
    plan_change: changeTo && status === 'active' ? { plan_id: changeTo.id, plan_title: changeTo.title[locale], plan_months: changeTo.months, term_amount: changeTo.price * changeTo.months, starts_on: row.current_period_end.toISOString() } : null,
  }
}

/** `GET /user/subscription`: the member's box (the latest not ended, else the latest) and its paid invoices, newest first; null when none. */
export async function memberSubscription(deps: Pick<SubscriptionDeps, 'db' | 'clock'>, userId: number, locale: Locale): Promise<MemberSubscription | null> {
  const row = await repo.latestOf(deps.db, userId)
  if (!row) return null
  const boxes = await repo.boxesOf(deps.db, row.subscription_id)
  return view(row, boxes, locale, deps.clock())
}

/**
 * `PUT /user/subscription/recipient`: who receives the boxes from now on. Boxes already packed (past
 * their cutoff, decision 56) keep the recipient they were packed for; the answer's `next_box` says
 * which box is the first to go to the new one. An ended box has nothing left to send.
 */
export async function setRecipient(deps: Pick<SubscriptionDeps, 'db' | 'clock'>, userId: number, recipient: BoxRecipient, locale: Locale) {
  const row = await repo.latestOf(deps.db, userId)
  if (!row || statusOf(row) === 'ended') throw noSubscription()
  const now = deps.clock()
  await repo.updateSubscription(deps.db, row.id, { recipient: toBoxRecipient(recipient), recipient_changed_at: now })
  return (await memberSubscription(deps, userId, locale))!
}

export const noSubscription = () => notFound('You have no snack box subscription to change.')

/** `PUT /user/subscription`: cancel at the end of the term, or keep it; the provider's answer is recorded at once. */
export async function setCancelAtPeriodEnd(deps: SubscriptionDeps, userId: number, cancel: boolean, locale: Locale) {
  const row = await repo.latestOf(deps.db, userId)
  if (!row || statusOf(row) === 'ended') throw noSubscription()
  // a subscription managed by a schedule is cancelled through it at Stripe: cancelling drops a pending plan change
  if (cancel) await deps.billing.releaseSchedule(row.schedule_id)
  const updated = await deps.billing.setCancelAtPeriodEnd(row.subscription_id, cancel)
  // dated to the second, as events are: an event the provider sends after this answer is not older than it
  const at = new Date(Math.floor(deps.clock().getTime() / 1000) * 1000)
  await recordSubscription(deps.db, updated, at, {
    userId: row.user_id,
    planId: row.plan_id,
  })
  return (await memberSubscription(deps, userId, locale))!
}

/** `POST /user/subscription/portal`: the provider's page where the member changes the card renewals are charged to. */
export async function portalUrl(deps: SubscriptionDeps, userId: number, locale: Locale) {
  const customer = await repo.customerOfMember(deps.db, userId)
  if (!customer) throw noSubscription()
  return { url: await deps.billing.portalUrl(customer.customer_id, pwaUrl(deps.config, locale, '/user/subscription')) }
}

/**
 * Writes what a subscription object says, unless the row holds what a later event said (`at`
 * older than the row's) or the subscription already ended: webhooks may arrive late, twice or out
 * of order, and the latest word wins.
 */
export async function recordSubscription(tx: DbOrTx, sub: Stripe.Subscription, at: Date, owner: { userId: number; planId: string; recipient?: BoxRecipient | null }) {
  const item = sub.items.data[0]
  const scheduleId = (typeof sub.schedule === 'string' ? sub.schedule : sub.schedule?.id) ?? null
  const values = {
    recipient: owner.recipient ?? null,
    recipient_changed_at: owner.recipient ? at : null,
    user_id: owner.userId,
    plan_id: owner.planId,
    subscription_id: sub.id,
    customer_id: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    provider_status: sub.status,
    cancel_at_period_end: sub.cancel_at_period_end,
    current_period_end: new Date((item?.current_period_end ?? sub.start_date) * 1000),
    event_at: at,
    updated_at: at,
    schedule_id: scheduleId,
    next_plan_id: null,
  }
  await repo.upsertFromProvider(tx, values, at)
}

/**
 * Who a subscription belongs to: its metadata (set at checkout), else the member whose customer it
 * is (a payment link); and which plan it is. A subscription billed as none of the shop's plans is
 * not the snack box's: 'unknown plan', never shown as some other plan.
 */
async function ownerOf(tx: DbOrTx, sub: Stripe.Subscription) {
  const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id
  const months = sub.items.data[0]?.price.recurring?.interval_count ?? 1
  // the plan the item is billed as: its metadata's (a schedule's phase sets it at the renewal), else its months'
  const named = planById(sub.metadata?.plan_id ?? '')
  const planId = (named && named.months === months ? named.id : undefined) ?? planByMonths(months)?.id ?? named?.id
  if (planId === undefined) return 'unknown plan' as const
  const fromMetadata = Number(sub.metadata?.user_id)
  const userId = Number.isInteger(fromMetadata) && fromMetadata > 0 ? fromMetadata : (await repo.memberOfCustomer(tx, customerId))?.user_id
  if (userId === undefined) return undefined
  // the recipient given before paying: the checkout this subscription's metadata names (a payment link's: the member's last one)
  const checkout = await repo.checkoutOf(tx, userId)
  const ref = sub.metadata?.ref
  const recipient = checkout && (ref ? checkout.ref === ref : checkout.session_id === null) ? checkout.recipient : null
  return { userId, planId, recipient }
}

const invoiceSubscription = (invoice: Stripe.Invoice) => {
  const ref = invoice.parent?.subscription_details?.subscription
  return typeof ref === 'string' ? ref : ref?.id
}

/**
 * The snack box's webhook events, each in the transaction that records the event id (so each is
 * handled once): subscriptions written as described above; a paid invoice is a box in the
 * member's history (and, for a renewal, a notification); a failed renewal notifies the member
 * with a link to fix the card; a completed checkout links a payment link's customer to the member.
 */
export function subscriptionEventHandler(deps: PaymentDeps): StripeEventHandler {
  return async (tx, event) => {
    const at = new Date(event.created * 1000)
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object
        const owner = await ownerOf(tx, sub)
        if (owner === 'unknown plan') return deps.logger.warn('stripe webhook: a subscription billed as none of the snack box plans; not recorded', { event: event.id, subscription: sub.id })
        if (!owner) return deps.logger.warn('stripe webhook: a subscription of no known member', { event: event.id })
        await recordSubscription(tx, sub, at, owner)
        return
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object
        const subscriptionId = invoiceSubscription(invoice)
        if (!subscriptionId) return
        const row = await repo.byProviderId(tx, subscriptionId)
        const userId = row?.user_id ?? Number(invoice.parent?.subscription_details?.metadata?.user_id)
        if (!Number.isInteger(userId) || userId <= 0) return deps.logger.warn('stripe webhook: an invoice of no known member', { event: event.id })
        if (event.type === 'invoice.paid') {
          await repo.saveBox(tx, {
              invoice_id: invoice.id!,
              subscription_id: subscriptionId,
              amount: fromStripeAmount(invoice.amount_paid),
              paid_at: new Date((invoice.status_transitions?.paid_at ?? event.created) * 1000),
              period_start: new Date(invoice.lines.data[0]!.period.start * 1000),
              period_end: new Date(invoice.lines.data[0]!.period.end * 1000),
          })
          if (invoice.billing_reason === 'subscription_cycle') {
            await notify(
              tx,
              {
                userId,
                type: 'subscription_renewed',
                payload: { amount: fromStripeAmount(invoice.amount_paid) },
                url: '/user/subscription',
                dedupeKey: `subscription-paid-${invoice.id}`,
              },
              deps.clock(),
            )
          }
          return
        }
        await notify(
          tx,
          {
            userId,
            type: 'subscription_renewal_failed',
            payload: { amount: fromStripeAmount(invoice.amount_due) },
            url: '/user/subscription',
            dedupeKey: `subscription-failed-${invoice.id}-${invoice.attempt_count}`,
          },
          deps.clock(),
        )
        return
      }
      case 'checkout.session.completed': {
        const session = event.data.object
        if (session.mode !== 'subscription') return
        const userId = Number(session.client_reference_id)
        const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id
        if (Number.isInteger(userId) && userId > 0 && customerId) await repo.saveCustomer(tx, userId, customerId)
        return
      }
      default:
        return
    }
  }
}

export const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'checkout.session.completed',
]
