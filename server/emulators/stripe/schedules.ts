import { addMonths, type Customer, type Price, type Product, type SchedulePhase, type Subscription, type SubscriptionSchedule, type TestClock } from './billing-objects'
import { invalidRequest, missingParam, noSuch } from './errors'
import type { FormParams, FormValue } from './form'
import { stripeId, unixNow } from './objects'
import { allowOnly, CURRENCIES, expandOf, integer, MAX_AMOUNT, metadataOf, oneOf, text, type Outcome, type SandboxHost } from './params'
import type { Op } from './store'

const MAX_PHASES = 10
const MAX_INTERVAL_MONTHS = 12
/** a phase of a schedule lasts at most this many of its price's intervals here */
const MAX_PHASE_PERIODS = 24
const PRORATION = ['create_prorations', 'none', 'always_invoice'] as const

const objectAt = (value: FormValue | undefined, param: string): FormParams | undefined => {
  if (value === undefined) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', 'parameter_invalid_object', param)
  return value
}

const listAt = (value: FormValue | undefined, param: string): FormValue[] | undefined => {
  if (value === undefined) return undefined
  if (!Array.isArray(value)) throw invalidRequest('Invalid array', 'parameter_invalid_array', param)
  return value
}

/** `allowOnly` for a nested object, naming the parameter as Stripe does (`phases[1][items][0][plan]`). */
const allowOnlyAt = (params: FormParams, allowed: string[], prefix: string) => {
  for (const key of Object.keys(params)) if (!allowed.includes(key)) throw invalidRequest(`Received unknown parameter: ${prefix}[${key}]`, 'parameter_unknown', `${prefix}[${key}]`)
}

const integerAt = (params: FormParams, name: string, prefix: string) => {
  try {
    return integer(params, name)
  } catch {
    throw invalidRequest(`Invalid integer: ${String(params[name]).slice(0, 40)}`, 'parameter_invalid_integer', `${prefix}[${name}]`)
  }
}

const stringAt = (params: FormParams, name: string, prefix: string) => {
  const value = params[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw invalidRequest('Invalid string', 'parameter_invalid_string', `${prefix}[${name}]`)
  return value
}

/**
 * Subscription schedules, as far as changing a subscription's price at its next renewal needs them
 * (docs.stripe.com/billing/subscriptions/subscription-schedules, "upgrading or downgrading"):
 * `POST /v1/subscription_schedules` with `from_subscription`, retrieve, update of `phases` (each one
 * price, by id or `price_data` of an existing product), `end_behavior: release`, and release. Phases
 * change at the subscription's renewals only: the current phase keeps the subscription's price and
 * ends with its current period, and every later phase lasts whole billing periods of its own price,
 * so no proration ever arises; anything else is refused in Stripe's error shape, with nothing written.
 * The test clock's advance (billing.ts) enters the next phase at the renewal and releases the
 * schedule when its last phase ends.
 */
export class StripeSchedules {
  constructor(private readonly sandbox: SandboxHost) {}

  private get store() {
    return this.sandbox.store
  }

  private get<T extends { object: string }>(id: string, object: T['object'], resource: string, param?: string): T {
    const found = this.store.billing.get(id)
    if (!found || found.object !== object) throw noSuch(resource, id, param)
    return found as unknown as T
  }

  private nowFor(customerId: string) {
    const customer = this.get<Customer>(customerId, 'customer', 'customer')
    if (customer.test_clock) return this.get<TestClock>(customer.test_clock, 'test_helpers.test_clock', 'test_clock').frozen_time
    return unixNow()
  }

  /** `POST /v1/subscription_schedules`: from an existing subscription only; its current period becomes the first phase. */
  create(params: FormParams): () => Outcome {
    for (const name of ['customer', 'phases', 'start_date', 'end_behavior', 'default_settings']) {
      if (params[name] !== undefined && params.from_subscription !== undefined) throw invalidRequest(`You cannot set \`${name}\` if \`from_subscription\` is set.`, undefined, name)
    }
    allowOnly(params, ['from_subscription', 'metadata', 'expand'])
    const subscriptionId = text(params, 'from_subscription')
    if (subscriptionId === undefined) throw invalidRequest('This sandbox makes schedules from an existing subscription only: from_subscription is required.', 'parameter_missing', 'from_subscription')
    this.get<Subscription>(subscriptionId, 'subscription', 'subscription', 'from_subscription')
    const metadata = metadataOf(params)
    expandOf(params, [])
    return () => {
      const sub = this.get<Subscription>(subscriptionId, 'subscription', 'subscription', 'from_subscription')
      if (sub.schedule) throw invalidRequest(`You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`, undefined, 'from_subscription')
      if (sub.status === 'canceled') throw invalidRequest(`You cannot migrate a canceled subscription to a subscription schedule: \`${sub.id}\`.`, undefined, 'from_subscription')
      if (sub.cancel_at_period_end) throw invalidRequest('This sandbox does not schedule a subscription set to cancel at its period’s end: keep it first.', undefined, 'from_subscription')
      const item = sub.items.data[0]!
      const phase: SchedulePhase = {
        start_date: item.current_period_start,
        end_date: item.current_period_end,
        currency: sub.currency,
        items: [{ price: item.price.id, quantity: 1, metadata: {} }],
        metadata: {},
        proration_behavior: 'create_prorations',
      }
      const schedule: SubscriptionSchedule = {
        id: stripeId('sub_sched'),
        object: 'subscription_schedule',
        customer: sub.customer,
        subscription: sub.id,
        status: 'active',
        end_behavior: 'release',
        current_phase: { start_date: phase.start_date, end_date: phase.end_date },
        phases: [phase],
        released_at: null,
        released_subscription: null,
        canceled_at: null,
        completed_at: null,
        created: this.nowFor(sub.customer),
        metadata,
        test_clock: sub.test_clock,
        livemode: false,
      }
      const next: Subscription = { ...sub, schedule: schedule.id }
      return { status: 200, body: schedule, ops: [{ k: 'b', v: schedule }, { k: 'b', v: next }] }
    }
  }

  retrieve(id: string, params: FormParams) {
    allowOnly(params, ['expand'])
    expandOf(params, [])
    return this.get<SubscriptionSchedule>(id, 'subscription_schedule', 'subscription_schedule')
  }

  /** `POST /v1/subscription_schedules/:id`: the phases from the current one on, `end_behavior`, `proration_behavior`, metadata. */
  update(id: string, params: FormParams): () => Outcome {
    allowOnly(params, ['phases', 'end_behavior', 'proration_behavior', 'metadata', 'expand'])
    const current = this.get<SubscriptionSchedule>(id, 'subscription_schedule', 'subscription_schedule')
    const endBehavior = oneOf(params, 'end_behavior', ['release', 'cancel'])
    if (endBehavior === 'cancel') throw invalidRequest('This sandbox ends schedules by releasing their subscription: end_behavior must be release.', 'parameter_invalid_string', 'end_behavior')
    oneOf(params, 'proration_behavior', [...PRORATION])
    const metadata = metadataOf(params, current.metadata)
    expandOf(params, [])
    const rawPhases = listAt(params.phases, 'phases')
    if (rawPhases !== undefined && (rawPhases.length === 0 || rawPhases.length > MAX_PHASES)) throw invalidRequest(`A schedule has from 1 to ${MAX_PHASES} phases.`, 'parameter_invalid_array', 'phases')
    const sub = current.subscription ? this.get<Subscription>(current.subscription, 'subscription', 'subscription') : undefined
    const ops: Op[] = []
    let phases: SchedulePhase[] | undefined
    if (rawPhases && sub) phases = this.phasesOf(rawPhases, current, sub, ops)
    return () => {
      const schedule = this.get<SubscriptionSchedule>(id, 'subscription_schedule', 'subscription_schedule')
      if (schedule.status !== 'active') throw invalidRequest(`You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`)
      if (schedule.current_phase?.start_date !== current.current_phase?.start_date) throw invalidRequest('The schedule moved to its next phase meanwhile; retrieve it and try again.')
      const next: SubscriptionSchedule = { ...schedule, metadata, ...(phases ? { phases } : {}) }
      return { status: 200, body: next, ops: [...ops, { k: 'b', v: next }] }
    }
  }

  /** Checks the phases against the subscription: the current phase as it is, later ones at renewals, each one known price. */
  private phasesOf(raw: FormValue[], schedule: SubscriptionSchedule, sub: Subscription, ops: Op[]): SchedulePhase[] {
    const phases: SchedulePhase[] = []
    const item = sub.items.data[0]!
    for (const [i, value] of raw.entries()) {
      const at = `phases[${i}]`
      const phase = objectAt(value, at)
      if (!phase) throw invalidRequest('Invalid object', 'parameter_invalid_object', at)
      allowOnlyAt(phase, ['items', 'start_date', 'end_date', 'duration', 'metadata', 'proration_behavior', 'currency'], at)
      const proration = stringAt(phase, 'proration_behavior', at) ?? 'create_prorations'
      if (!(PRORATION as readonly string[]).includes(proration)) throw invalidRequest(`Invalid ${at}[proration_behavior]: must be one of ${PRORATION.join(', ')}`, 'parameter_invalid_string', `${at}[proration_behavior]`)
      const currency = stringAt(phase, 'currency', at)?.toLowerCase()
      if (currency !== undefined && currency !== sub.currency) throw invalidRequest(`The phase's currency must be the subscription's (${sub.currency}).`, 'parameter_invalid_string', `${at}[currency]`)
      const price = this.phasePrice(phase, at, sub, ops)

      const start = i === 0 ? integerAt(phase, 'start_date', at) : phases[i - 1]!.end_date
      if (i > 0 && phase.start_date !== undefined) throw invalidRequest('Only the first phase can have a start_date; the others start when the one before ends.', undefined, `${at}[start_date]`)
      if (i === 0 && start === undefined) throw missingParam(`${at}[start_date]`)
      if (i === 0 && start !== schedule.current_phase?.start_date) throw invalidRequest('You can not modify the start date of the current phase.', undefined, `${at}[start_date]`)
      if (i === 0 && price.id !== item.price.id) {
        throw invalidRequest(`This sandbox changes a subscription's price at a renewal only: ${at}[items][0] must keep the current price (${item.price.id}).`, undefined, `${at}[items][0][price]`)
      }

      const duration = objectAt(phase.duration, `${at}[duration]`)
      const endDate = integerAt(phase, 'end_date', at)
      if (duration && endDate !== undefined) throw invalidRequest(`You may only specify one of these parameters: ${at}[duration], ${at}[end_date].`, undefined, `${at}[duration]`)
      let end: number
      if (duration) {
        allowOnlyAt(duration, ['interval', 'interval_count'], `${at}[duration]`)
        if (duration.interval !== 'month') throw invalidRequest('This sandbox bills by the month: the duration interval must be month.', 'parameter_invalid_string', `${at}[duration][interval]`)
        const count = integerAt(duration, 'interval_count', `${at}[duration]`) ?? 1
        if (count > MAX_PHASE_PERIODS * MAX_INTERVAL_MONTHS) throw invalidRequest('The duration is too long.', 'parameter_invalid_integer', `${at}[duration][interval_count]`)
        end = addMonths(start!, count)
      } else if (endDate !== undefined) end = endDate
      else if (i === raw.length - 1) end = addMonths(start!, price.recurring.interval_count)
      else throw missingParam(`${at}[end_date]`)

      if (i === 0 && end !== item.current_period_end) {
        throw invalidRequest(`This sandbox changes phases at the subscription's renewals: the current phase must end with the current period (${item.current_period_end}).`, undefined, `${at}[end_date]`)
      }
      if (i > 0 && !this.isRenewal(start!, end, price.recurring.interval_count)) {
        throw invalidRequest(`This sandbox changes phases at the subscription's renewals: ${at} must last a whole number of its price's billing periods (${price.recurring.interval_count} months each).`, undefined, `${at}[${duration ? 'duration' : 'end_date'}]`)
      }
      phases.push({ start_date: start!, end_date: end, currency: sub.currency, items: [{ price: price.id, quantity: 1, metadata: {} }], metadata: metadataOf(phase), proration_behavior: proration as SchedulePhase['proration_behavior'] })
    }
    return phases
  }

  private isRenewal(start: number, end: number, months: number) {
    for (let n = 1; n <= MAX_PHASE_PERIODS; n++) if (addMonths(start, n * months) === end) return true
    return false
  }

  /** A phase's one item: a known recurring Price in the subscription's currency, or `price_data` for an existing product (the Price is made now, as Stripe makes it). */
  private phasePrice(phase: FormParams, at: string, sub: Subscription, ops: Op[]): Price {
    const items = listAt(phase.items, `${at}[items]`)
    if (items === undefined) throw missingParam(`${at}[items]`)
    if (items.length !== 1) throw invalidRequest('This sandbox sells one item per subscription: each phase has exactly one item.', 'parameter_invalid_array', `${at}[items]`)
    const prefix = `${at}[items][0]`
    const item = objectAt(items[0], prefix)
    if (!item) throw invalidRequest('Invalid object', 'parameter_invalid_object', prefix)
    allowOnlyAt(item, ['price', 'price_data', 'quantity', 'metadata'], prefix)
    const quantity = integerAt(item, 'quantity', prefix) ?? 1
    if (quantity !== 1) throw invalidRequest('This sandbox sells a quantity of 1.', 'parameter_invalid_integer', `${prefix}[quantity]`)
    const priceId = stringAt(item, 'price', prefix)
    const data = objectAt(item.price_data, `${prefix}[price_data]`)
    if (priceId !== undefined && data) throw invalidRequest(`You may only specify one of these parameters: ${prefix}[price], ${prefix}[price_data].`, undefined, `${prefix}[price_data]`)
    if (priceId !== undefined) {
      const price = this.get<Price>(priceId, 'price', 'price', `${prefix}[price]`)
      if (price.currency !== sub.currency) throw invalidRequest(`The price's currency (${price.currency}) must be the subscription's (${sub.currency}).`, undefined, `${prefix}[price]`)
      return price
    }
    if (!data) throw missingParam(`${prefix}[price]`)
    const at2 = `${prefix}[price_data]`
    allowOnlyAt(data, ['currency', 'product', 'unit_amount', 'recurring'], at2)
    const currency = stringAt(data, 'currency', at2)?.toLowerCase()
    if (currency === undefined) throw missingParam(`${at2}[currency]`)
    if (!CURRENCIES.has(currency)) throw invalidRequest('Invalid currency', undefined, `${at2}[currency]`)
    if (currency !== sub.currency) throw invalidRequest(`The price's currency (${currency}) must be the subscription's (${sub.currency}).`, undefined, `${at2}[currency]`)
    const productId = stringAt(data, 'product', at2)
    if (productId === undefined) throw missingParam(`${at2}[product]`)
    this.get<Product>(productId, 'product', 'product', `${at2}[product]`)
    const amount = integerAt(data, 'unit_amount', at2)
    if (amount === undefined) throw missingParam(`${at2}[unit_amount]`)
    if (amount > MAX_AMOUNT) throw invalidRequest('unit_amount must be a whole number from 1 to 99,999,999.', 'parameter_invalid_integer', `${at2}[unit_amount]`)
    const recurring = objectAt(data.recurring, `${at2}[recurring]`)
    if (!recurring) throw missingParam(`${at2}[recurring]`)
    allowOnlyAt(recurring, ['interval', 'interval_count'], `${at2}[recurring]`)
    if (recurring.interval !== 'month') throw invalidRequest('This sandbox bills by the month: interval must be month.', 'parameter_invalid_string', `${at2}[recurring][interval]`)
    const count = integerAt(recurring, 'interval_count', `${at2}[recurring]`) ?? 1
    if (count > MAX_INTERVAL_MONTHS) throw invalidRequest('Invalid interval_count: the maximum is one year (12 months).', 'parameter_invalid_integer', `${at2}[recurring][interval_count]`)
    const price: Price = {
      id: stripeId('price'),
      object: 'price',
      active: true,
      currency,
      unit_amount: amount,
      recurring: { interval: 'month', interval_count: count, usage_type: 'licensed' },
      type: 'recurring',
      product: productId,
      created: unixNow(),
      livemode: false,
      lookup_key: null,
      metadata: {},
    }
    ops.push({ k: 'b', v: price })
    return price
  }

  /** `POST /v1/subscription_schedules/:id/release`: the subscription goes on as it is now, without the phases to come. */
  release(id: string, params: FormParams): () => Outcome {
    allowOnly(params, ['preserve_cancel_date', 'expand'])
    this.get<SubscriptionSchedule>(id, 'subscription_schedule', 'subscription_schedule')
    expandOf(params, [])
    return () => {
      const schedule = this.get<SubscriptionSchedule>(id, 'subscription_schedule', 'subscription_schedule')
      if (schedule.status !== 'active') throw invalidRequest(`You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in one of the following statuses: \`active\`, \`not_started\`.`)
      const ops: Op[] = []
      const sub = schedule.subscription ? this.get<Subscription>(schedule.subscription, 'subscription', 'subscription') : undefined
      if (sub) ops.push({ k: 'b', v: { ...sub, schedule: null } })
      const next = released(schedule, this.nowFor(schedule.customer))
      return { status: 200, body: next, ops: [...ops, { k: 'b', v: next }] }
    }
  }
}

export const released = (schedule: SubscriptionSchedule, at: number): SubscriptionSchedule => ({
  ...schedule,
  status: 'released',
  released_at: at,
  released_subscription: schedule.subscription,
  subscription: null,
  current_phase: null,
})

/**
 * What a renewal at `end` does to a scheduled subscription: its schedule releases it when the last
 * phase ends there; otherwise the phase starting there sets the item's price and the subscription's
 * metadata. Answers the subscription and schedule to bill and store (unchanged when none applies).
 */
export function enterPhase(sub: Subscription, schedule: SubscriptionSchedule | undefined, end: number, priceOf: (id: string) => Price): { sub: Subscription; schedule?: SubscriptionSchedule } {
  if (!schedule || schedule.status !== 'active') return { sub }
  const next = schedule.phases.find((phase) => phase.start_date === end)
  if (!next) {
    if (schedule.phases.at(-1)!.end_date <= end) return { sub: { ...sub, schedule: null }, schedule: released(schedule, end) }
    return { sub, schedule }
  }
  const item = sub.items.data[0]!
  const price = priceOf(next.items[0]!.price)
  const metadata = { ...sub.metadata }
  for (const [key, value] of Object.entries(next.metadata)) {
    if (value === '') delete metadata[key]
    else metadata[key] = value
  }
  return {
    sub: { ...sub, metadata, items: { ...sub.items, data: [{ ...item, price }] } },
    schedule: { ...schedule, current_phase: { start_date: next.start_date, end_date: next.end_date } },
  }
}
