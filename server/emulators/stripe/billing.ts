import { TEST_CARDS, type TestCard } from '../../../contract/payment'
import { addMonths, type CheckoutSession, type Customer, type Invoice, type Price, type Product, type Subscription, type SubscriptionSchedule, type TestClock } from './billing-objects'
import { portalToken } from './portal-token'
import { enterPhase, StripeSchedules } from './schedules'
import { invalidRequest, missingParam, noSuch } from './errors'
import type { FormParams, FormValue } from './form'
import { stripeId, unixNow } from './objects'
import { allowOnly, bool, CURRENCIES, expandOf, integer, MAX_AMOUNT, metadataOf, text, type CallContext, type Outcome, type SandboxHost } from './params'
import type { Op } from './store'

const SESSION_HOURS = 24
/** Stripe keeps a test clock 30 days */
const CLOCK_DAYS = 30
const MAX_INTERVAL_MONTHS = 12
/** a test clock advances at most two intervals of its longest subscription at once, as at Stripe; months here */
const MAX_ADVANCE_MONTHS = 24

/** Stripe's own wording when a subscription was canceled and cannot change any more. */
const canceledAlready = (id: string) => invalidRequest(`A canceled subscription can only update its cancellation_details and metadata. (${id})`, 'resource_missing')

const objectParam = (params: FormParams, name: string): Record<string, FormValue> | undefined => {
  const value = params[name]
  if (value === undefined) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', 'parameter_invalid_object', name)
  return value
}

/**
 * Stripe Billing in test mode, as far as a subscription bought through a hosted Checkout Session
 * needs it: Checkout Sessions in subscription mode (priced inline with `price_data` or by a Price),
 * Customers, Subscriptions (retrieve, `cancel_at_period_end`, cancel), Invoices, the customer
 * portal and test clocks, whose advance renews, fails to renew or ends subscriptions. Each change
 * and its events are one journal unit, like the PaymentIntents'. Renewals charge the customer's
 * default payment method: `pm_card_visa` pays, the declining test cards fail the invoice.
 */
export class StripeBilling {
  /** subscription schedules: a plan change at the next renewal (schedules.ts) */
  readonly schedules: StripeSchedules

  constructor(
    private readonly sandbox: SandboxHost,
    /** the shop's public origin: hosted pages are `{base}/sandbox-checkout/...` */
    private readonly base: string,
  ) {
    this.schedules = new StripeSchedules(sandbox)
  }

  private get store() {
    return this.sandbox.store
  }

  private get<T extends { object: string }>(id: string, object: T['object'], resource: string, param?: string): T {
    const found = this.store.billing.get(id)
    if (!found || found.object !== object) throw noSuch(resource, id, param)
    return found as unknown as T
  }

  /** "now" for a customer: its test clock's frozen time, or the real time */
  private nowFor(customer: Customer | undefined) {
    if (customer?.test_clock) return this.get<TestClock>(customer.test_clock, 'test_helpers.test_clock', 'test_clock').frozen_time
    return unixNow()
  }

  private subscriptionView(sub: Subscription, expand: string[] = []) {
    if (expand.includes('latest_invoice') && sub.latest_invoice) return { ...sub, latest_invoice: this.store.billing.get(sub.latest_invoice) }
    return sub
  }

  private sessionView(session: CheckoutSession, expand: string[] = []) {
    const { line: _line, subscription_metadata: _metadata, ...view } = session
    if (expand.includes('subscription') && session.subscription) return { ...view, subscription: this.store.billing.get(session.subscription) }
    return view
  }

  // ---- customers ----------------------------------------------------------------------------

  /** `POST /v1/customers` */
  createCustomer(params: FormParams): () => Outcome {
    allowOnly(params, ['email', 'name', 'metadata', 'test_clock', 'expand'])
    const email = text(params, 'email') ?? null
    if (email !== null && (email.length > 512 || !/^[^\s@]+@[^\s@]+$/.test(email))) throw invalidRequest('Invalid email address: ' + email.slice(0, 60), 'email_invalid', 'email')
    const name = text(params, 'name') ?? null
    if (name !== null && name.length > 256) throw invalidRequest('Name can be at most 256 characters.', 'parameter_invalid_string', 'name')
    const metadata = metadataOf(params)
    const clock = text(params, 'test_clock')
    if (clock !== undefined) this.get<TestClock>(clock, 'test_helpers.test_clock', 'test_clock', 'test_clock')
    expandOf(params, [])
    return () => {
      const customer: Customer = { id: stripeId('cus', 14), object: 'customer', email, name, metadata, test_clock: clock ?? null, invoice_settings: { default_payment_method: null }, created: unixNow(), livemode: false }
      return { status: 200, body: customer, ops: [{ k: 'b', v: customer }] }
    }
  }

  retrieveCustomer(id: string, params: FormParams) {
    allowOnly(params, ['expand'])
    expandOf(params, [])
    return this.get<Customer>(id, 'customer', 'customer')
  }

  /** `POST /v1/customers/:id`: e-mail, name, metadata and the default payment method (a test PaymentMethod) */
  updateCustomer(id: string, params: FormParams): () => Outcome {
    allowOnly(params, ['email', 'name', 'metadata', 'invoice_settings', 'expand'])
    const current = this.get<Customer>(id, 'customer', 'customer')
    const metadata = metadataOf(params, current.metadata)
    const settings = objectParam(params, 'invoice_settings')
    let method: string | undefined
    if (settings) {
      for (const key of Object.keys(settings)) if (key !== 'default_payment_method') throw invalidRequest(`Received unknown parameter: invoice_settings[${key}]`, 'parameter_unknown', `invoice_settings[${key}]`)
      method = typeof settings.default_payment_method === 'string' ? settings.default_payment_method : undefined
      if (!TEST_CARDS.some((card) => card.payment_method === method)) throw invalidRequest(`No such PaymentMethod: '${String(method).slice(0, 60)}'`, 'resource_missing', 'invoice_settings[default_payment_method]')
    }
    const email = text(params, 'email')
    const name = text(params, 'name')
    expandOf(params, [])
    return () => {
      const customer = this.get<Customer>(id, 'customer', 'customer')
      const next: Customer = {
        ...customer,
        metadata,
        email: email ?? customer.email,
        name: name ?? customer.name,
        invoice_settings: { default_payment_method: method ?? customer.invoice_settings.default_payment_method },
      }
      return { status: 200, body: next, ops: [{ k: 'b', v: next }] }
    }
  }

  // ---- checkout sessions ----------------------------------------------------------------------

  /** `POST /v1/checkout/sessions`, subscription mode, one line item: `price` or `price_data` with `recurring` and `product_data` */
  createCheckoutSession(params: FormParams): () => Outcome {
    allowOnly(params, ['mode', 'line_items', 'success_url', 'cancel_url', 'client_reference_id', 'customer', 'customer_email', 'metadata', 'subscription_data', 'expand', 'locale', 'payment_method_types'])
    if (text(params, 'mode') === undefined) throw missingParam('mode')
    if (text(params, 'mode') !== 'subscription') throw invalidRequest('This sandbox sells subscriptions only: mode must be subscription.', 'parameter_invalid_string', 'mode')
    const successUrl = text(params, 'success_url')
    if (successUrl === undefined) throw missingParam('success_url')
    const cancelUrl = text(params, 'cancel_url') ?? null
    for (const [name, value] of [['success_url', successUrl], ['cancel_url', cancelUrl]] as const) {
      if (value !== null && (value.length > 5000 || !/^https?:\/\//.test(value) || !URL.canParse(value.replace('{CHECKOUT_SESSION_ID}', 'x')))) throw invalidRequest('Not a valid URL', 'url_invalid', name)
    }
    const items = params.line_items
    if (items === undefined) throw missingParam('line_items')
    if (!Array.isArray(items) || items.length !== 1 || typeof items[0] !== 'object' || Array.isArray(items[0])) {
      throw invalidRequest('This sandbox sells one line item per session.', 'parameter_invalid_array', 'line_items')
    }
    const item = items[0] as FormParams
    allowOnly(item, ['price', 'price_data', 'quantity'])
    const quantity = integer(item, 'quantity') ?? 1
    if (quantity !== 1) throw invalidRequest('This sandbox sells a quantity of 1.', 'parameter_invalid_integer', 'line_items[0][quantity]')
    const ops: Op[] = []
    let price: Price
    const priceId = text(item, 'price')
    if (priceId !== undefined) price = this.get<Price>(priceId, 'price', 'price', 'line_items[0][price]')
    else {
      const data = objectParam(item, 'price_data')
      if (!data) throw missingParam('line_items[0][price_data]')
      allowOnly(data as FormParams, ['currency', 'unit_amount', 'recurring', 'product_data', 'product'])
      const currency = text(data as FormParams, 'currency')?.toLowerCase()
      if (currency === undefined || !CURRENCIES.has(currency)) throw invalidRequest('Invalid currency', undefined, 'line_items[0][price_data][currency]')
      const amount = integer(data as FormParams, 'unit_amount')
      if (amount === undefined || amount > MAX_AMOUNT) throw invalidRequest('unit_amount must be a whole number from 1 to 99,999,999.', 'parameter_invalid_integer', 'line_items[0][price_data][unit_amount]')
      const recurring = objectParam(data as FormParams, 'recurring')
      if (!recurring) throw missingParam('line_items[0][price_data][recurring]')
      allowOnly(recurring as FormParams, ['interval', 'interval_count'])
      if (recurring.interval !== 'month') throw invalidRequest('This sandbox bills by the month: interval must be month.', 'parameter_invalid_string', 'line_items[0][price_data][recurring][interval]')
      const count = integer(recurring as FormParams, 'interval_count') ?? 1
      if (count > MAX_INTERVAL_MONTHS) throw invalidRequest('Invalid interval_count: the maximum is one year (12 months).', 'parameter_invalid_integer', 'line_items[0][price_data][recurring][interval_count]')
      const product = objectParam(data as FormParams, 'product_data')
      if (!product) throw missingParam('line_items[0][price_data][product_data]')
      allowOnly(product as FormParams, ['name', 'metadata'])
      const name = text(product as FormParams, 'name')
      if (!name || name.length > 250) throw invalidRequest('A product needs a name of at most 250 characters.', 'parameter_invalid_string', 'line_items[0][price_data][product_data][name]')
      const created = unixNow()
      const prod: Product = { id: stripeId('prod', 14), object: 'product', name, active: true, created, livemode: false, metadata: metadataOf(product as FormParams) }
      price = {
        id: stripeId('price'),
        object: 'price',
        active: true,
        currency,
        unit_amount: amount,
        recurring: { interval: 'month', interval_count: count, usage_type: 'licensed' },
        type: 'recurring',
        product: prod.id,
        created,
        livemode: false,
        lookup_key: null,
        metadata: {},
      }
      ops.push({ k: 'b', v: prod }, { k: 'b', v: price })
    }
    const customerId = text(params, 'customer') ?? null
    if (customerId !== null) this.get<Customer>(customerId, 'customer', 'customer', 'customer')
    const customerEmail = text(params, 'customer_email') ?? null
    if (customerId !== null && customerEmail !== null) throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', undefined, 'customer_email')
    const reference = text(params, 'client_reference_id') ?? null
    if (reference !== null && (reference.length > 200 || !/^[\w-]+$/.test(reference))) throw invalidRequest('client_reference_id can be up to 200 letters, digits, dashes and underscores.', 'parameter_invalid_string', 'client_reference_id')
    const metadata = metadataOf(params)
    const subscriptionData = objectParam(params, 'subscription_data')
    if (subscriptionData) allowOnly(subscriptionData as FormParams, ['metadata'])
    const subscriptionMetadata = subscriptionData ? metadataOf(subscriptionData as FormParams) : {}
    const expand = expandOf(params, ['subscription'])
    text(params, 'locale')
    const types = params.payment_method_types
    if (types !== undefined && (!Array.isArray(types) || types.some((t) => t !== 'card'))) throw invalidRequest('The payment method types available in this sandbox are: card.', undefined, 'payment_method_types')
    return () => {
      const id = `cs_test_${stripeId('x', 56).slice(2)}`
      const created = unixNow()
      const session: CheckoutSession = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        url: `${this.base}/sandbox-checkout/${id}`,
        success_url: successUrl,
        cancel_url: cancelUrl,
        client_reference_id: reference,
        customer: customerId,
        customer_email: customerEmail,
        metadata,
        subscription: null,
        invoice: null,
        amount_total: price.unit_amount,
        currency: price.currency,
        created,
        expires_at: created + SESSION_HOURS * 3600,
        livemode: false,
        line: { price: price.id, quantity: 1 },
        subscription_metadata: subscriptionMetadata,
      }
      return { status: 200, body: this.sessionView(session, expand), ops: [...ops, { k: 'b', v: session }] }
    }
  }

  /** An open session past its `expires_at` is expired, as Stripe expires it. */
  private current(session: CheckoutSession): CheckoutSession {
    return session.status === 'open' && unixNow() >= session.expires_at ? { ...session, status: 'expired', url: null } : session
  }

  retrieveCheckoutSession(id: string, params: FormParams) {
    allowOnly(params, ['expand'])
    const expand = expandOf(params, ['subscription'])
    return this.sessionView(this.current(this.get<CheckoutSession>(id, 'checkout.session', 'checkout.session')), expand)
  }

  /** `POST /v1/checkout/sessions/:id/expire`: an open session can no longer be paid */
  expireCheckoutSession(id: string, params: FormParams): () => Outcome {
    allowOnly(params, ['expand'])
    this.get<CheckoutSession>(id, 'checkout.session', 'checkout.session')
    return () => {
      const session = this.current(this.get<CheckoutSession>(id, 'checkout.session', 'checkout.session'))
      if (session.status !== 'open') throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`, undefined, undefined)
      const next: CheckoutSession = { ...session, status: 'expired', url: null }
      return { status: 200, body: this.sessionView(next), ops: [{ k: 'b', v: next }] }
    }
  }

  /** What the hosted page shows: the session (current), its price and product; undefined for an unknown id. */
  hostedSession(id: string) {
    const found = this.store.billing.get(id)
    if (!found || found.object !== 'checkout.session') return undefined
    const session = this.current(found)
    const price = this.get<Price>(session.line.price, 'price', 'price')
    const product = this.get<Product>(price.product, 'product', 'product')
    const customer = session.customer ? this.get<Customer>(session.customer, 'customer', 'customer') : undefined
    return { session, price, product, email: customer?.email ?? session.customer_email }
  }

  /**
   * The hosted page's "Pay": the first invoice is charged to the test card; when it is paid the
   * customer (created if the session named none), the subscription and the invoice exist and the
   * session is complete. A declined card changes nothing and answers the decline message.
   */
  paySession(id: string, paymentMethod: string, email: string | null): () => { outcome: 'paid'; redirect: string; ops: Op[] } | { outcome: 'declined' | 'closed'; message: string; ops: Op[] } {
    return () => {
      const hosted = this.hostedSession(id)
      if (!hosted) throw noSuch('checkout.session', id)
      const { session, price } = hosted
      if (session.status !== 'open') return { outcome: 'closed', message: 'This checkout session is no longer open.', ops: [] }
      const card = TEST_CARDS.find((c) => c.payment_method === paymentMethod)
      if (!card) return { outcome: 'declined', message: 'Choose one of the test cards.', ops: [] }
      if (card.outcome === 'declined') return { outcome: 'declined', message: 'Your card was declined.', ops: [] }
      const ctx = { apiVersion: '2026-10-28.endive', requestId: null as unknown as string, idempotencyKey: null }
      const ops: Op[] = []
      let customer = session.customer ? this.get<Customer>(session.customer, 'customer', 'customer') : undefined
      if (!customer) {
        customer = { id: stripeId('cus', 14), object: 'customer', email: email ?? session.customer_email, name: null, metadata: {}, test_clock: null, invoice_settings: { default_payment_method: null }, created: unixNow(), livemode: false }
      }
      customer = { ...customer, invoice_settings: { default_payment_method: card.payment_method } }
      ops.push({ k: 'b', v: customer })
      const now = this.nowFor(customer)
      const subId = stripeId('sub')
      const periodEnd = addMonths(now, price.recurring.interval_count)
      const invoice = this.paidInvoice(customer.id, subId, price, now, periodEnd, 'subscription_create', session.subscription_metadata, now)
      const sub: Subscription = {
        id: subId,
        object: 'subscription',
        customer: customer.id,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        start_date: now,
        created: now,
        currency: price.currency,
        default_payment_method: card.payment_method,
        items: { object: 'list', data: [{ id: stripeId('si', 14), object: 'subscription_item', price, quantity: 1, current_period_start: now, current_period_end: periodEnd, subscription: subId, created: now }], has_more: false, url: `/v1/subscription_items?subscription=${subId}` },
        latest_invoice: invoice.id,
        metadata: session.subscription_metadata,
        test_clock: customer.test_clock,
        schedule: null,
        livemode: false,
      }
      const done: CheckoutSession = { ...session, status: 'complete', payment_status: 'paid', url: null, customer: customer.id, subscription: sub.id, invoice: invoice.id }
      ops.push(
        { k: 'b', v: sub },
        { k: 'b', v: invoice },
        { k: 'b', v: done },
        ...this.sandbox.event('customer.subscription.created', sub, ctx),
        ...this.sandbox.event('invoice.paid', invoice, ctx),
        ...this.sandbox.event('checkout.session.completed', this.sessionView(done), ctx),
      )
      return { outcome: 'paid', redirect: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id), ops }
    }
  }

  private paidInvoice(customer: string, subscription: string, price: Price, start: number, end: number, reason: Invoice['billing_reason'], metadata: Record<string, string>, at: number): Invoice {
    const id = stripeId('in')
    return {
      id,
      object: 'invoice',
      customer,
      status: 'paid',
      billing_reason: reason,
      currency: price.currency,
      amount_due: price.unit_amount,
      amount_paid: price.unit_amount,
      amount_remaining: 0,
      attempt_count: 1,
      attempted: true,
      period_start: start,
      period_end: end,
      lines: { object: 'list', data: [{ id: stripeId('il'), object: 'line_item', amount: price.unit_amount, currency: price.currency, period: { start, end }, pricing: { price_details: { price: price.id } } }], has_more: false },
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata } },
      status_transitions: { paid_at: at },
      created: at,
      livemode: false,
      metadata: {},
    }
  }

  // ---- subscriptions --------------------------------------------------------------------------

  retrieveSubscription(id: string, params: FormParams) {
    allowOnly(params, ['expand'])
    const expand = expandOf(params, ['latest_invoice'])
    return this.subscriptionView(this.get<Subscription>(id, 'subscription', 'subscription'), expand)
  }

  /** `POST /v1/subscriptions/:id`: `cancel_at_period_end` and metadata */
  updateSubscription(id: string, params: FormParams, ctx: CallContext): () => Outcome {
    allowOnly(params, ['cancel_at_period_end', 'metadata', 'expand'])
    const current = this.get<Subscription>(id, 'subscription', 'subscription')
    const cancelAtEnd = bool(params, 'cancel_at_period_end')
    const metadata = metadataOf(params, current.metadata)
    const expand = expandOf(params, ['latest_invoice'])
    return () => {
      const sub = this.get<Subscription>(id, 'subscription', 'subscription')
      if (sub.status === 'canceled' && cancelAtEnd !== undefined) throw canceledAlready(id)
      if (sub.schedule && cancelAtEnd !== undefined) {
        throw invalidRequest(`The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`, undefined, 'cancel_at_period_end')
      }
      const end = sub.items.data[0]!.current_period_end
      const next: Subscription = {
        ...sub,
        metadata,
        ...(cancelAtEnd === undefined ? {} : { cancel_at_period_end: cancelAtEnd, cancel_at: cancelAtEnd ? end : null, canceled_at: cancelAtEnd ? this.nowFor(this.customerOf(sub)) : null }),
      }
      const previous = cancelAtEnd !== undefined && cancelAtEnd !== sub.cancel_at_period_end ? { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at, canceled_at: sub.canceled_at } : undefined
      return { status: 200, body: this.subscriptionView(next, expand), ops: [{ k: 'b', v: next }, ...(previous ? this.sandbox.event('customer.subscription.updated', next, ctx, previous) : [])] }
    }
  }

  /** `DELETE /v1/subscriptions/:id`: ends it now */
  cancelSubscription(id: string, params: FormParams, ctx: CallContext): () => Outcome {
    allowOnly(params, ['expand', 'invoice_now', 'prorate'])
    this.get<Subscription>(id, 'subscription', 'subscription')
    const expand = expandOf(params, ['latest_invoice'])
    return () => {
      const sub = this.get<Subscription>(id, 'subscription', 'subscription')
      if (sub.status === 'canceled') throw invalidRequest(`No such subscription: '${id}'`, 'resource_missing', 'id', 404)
      const now = this.nowFor(this.customerOf(sub))
      const next: Subscription = { ...sub, status: 'canceled', canceled_at: now, ended_at: now }
      // a schedule ends with its subscription
      const schedule = sub.schedule ? this.store.billing.get(sub.schedule) : undefined
      const ops: Op[] = schedule?.object === 'subscription_schedule' && schedule.status === 'active' ? [{ k: 'b', v: { ...schedule, status: 'canceled', canceled_at: now, current_phase: null } }] : []
      return { status: 200, body: this.subscriptionView(next, expand), ops: [...ops, { k: 'b', v: next }, ...this.sandbox.event('customer.subscription.deleted', next, ctx)] }
    }
  }

  private customerOf(sub: Subscription) {
    return this.get<Customer>(sub.customer, 'customer', 'customer')
  }

  retrieveInvoice(id: string, params: FormParams) {
    allowOnly(params, ['expand'])
    expandOf(params, [])
    return this.get<Invoice>(id, 'invoice', 'invoice')
  }

  // ---- customer portal ------------------------------------------------------------------------

  /** `POST /v1/billing_portal/sessions`: a page where the customer picks another test card */
  createPortalSession(params: FormParams): () => Outcome {
    allowOnly(params, ['customer', 'return_url', 'locale', 'expand'])
    const customer = text(params, 'customer')
    if (customer === undefined) throw missingParam('customer')
    this.get<Customer>(customer, 'customer', 'customer', 'customer')
    const returnUrl = text(params, 'return_url') ?? null
    if (returnUrl !== null && (returnUrl.length > 5000 || !/^https?:\/\//.test(returnUrl) || !URL.canParse(returnUrl))) throw invalidRequest('Not a valid URL', 'url_invalid', 'return_url')
    text(params, 'locale')
    expandOf(params, [])
    return () => {
      const id = stripeId('bps')
      // the portal page is addressed by the session; it is not kept: a portal link is short-lived at Stripe too
      // the page's way back, signed with the customer into the link's token: only the shop's choice is ever linked
      const back = returnUrl ?? this.base
      const url = `${this.base}/sandbox-checkout/portal/${customer}?token=${portalToken(this.sandbox.keys.secretKey, customer, back)}&return_url=${encodeURIComponent(back)}`
      const body = { id, object: 'billing_portal.session', customer, return_url: returnUrl, url, created: unixNow(), livemode: false }
      return { status: 200, body, ops: [] }
    }
  }

  // ---- test clocks --------------------------------------------------------------------------

  /** `POST /v1/test_helpers/test_clocks` */
  createTestClock(params: FormParams): () => Outcome {
    allowOnly(params, ['frozen_time', 'name', 'expand'])
    const frozen = integer(params, 'frozen_time')
    if (frozen === undefined) throw missingParam('frozen_time')
    if (frozen > 4_102_444_800) throw invalidRequest('frozen_time must be before the year 2100.', 'parameter_invalid_integer', 'frozen_time')
    const name = text(params, 'name') ?? null
    if (name !== null && name.length > 300) throw invalidRequest('Name can be at most 300 characters.', 'parameter_invalid_string', 'name')
    expandOf(params, [])
    return () => {
      const clock: TestClock = { id: stripeId('clock'), object: 'test_helpers.test_clock', frozen_time: frozen, name, status: 'ready', created: unixNow(), deletes_after: unixNow() + CLOCK_DAYS * 86_400, livemode: false }
      return { status: 200, body: clock, ops: [{ k: 'b', v: clock }] }
    }
  }

  retrieveTestClock(id: string, params: FormParams) {
    allowOnly(params, ['expand'])
    expandOf(params, [])
    return this.get<TestClock>(id, 'test_helpers.test_clock', 'test_clock')
  }

  /**
   * `POST /v1/test_helpers/test_clocks/:id/advance`: moves the clock forward and, for each
   * subscription of its customers whose period ends by then, in order: ends it when it was set to
   * cancel at the period's end; otherwise bills the next period to the customer's default payment
   * method (invoice.paid and a new period, or invoice.payment_failed and past_due). At Stripe the
   * clock answers `advancing` and settles a moment later; here it settles before answering.
   */
  advanceTestClock(id: string, params: FormParams, ctx: CallContext): () => Outcome {
    allowOnly(params, ['frozen_time', 'expand'])
    const clock = this.get<TestClock>(id, 'test_helpers.test_clock', 'test_clock')
    const to = integer(params, 'frozen_time')
    if (to === undefined) throw missingParam('frozen_time')
    if (to <= clock.frozen_time) throw invalidRequest('The test clock can only be advanced forward: frozen_time must be after the current one.', undefined, 'frozen_time')
    if (to > addMonths(clock.frozen_time, MAX_ADVANCE_MONTHS)) throw invalidRequest('Cannot advance a test clock more than two years at once.', undefined, 'frozen_time')
    expandOf(params, [])
    return () => {
      const ops: Op[] = []
      const customers = new Map<string, Customer>()
      for (const object of this.store.billing.values()) if (object.object === 'customer' && object.test_clock === id) customers.set(object.id, object)
      for (const object of [...this.store.billing.values()]) {
        if (object.object !== 'subscription' || !customers.has(object.customer) || object.status === 'canceled') continue
        let sub = object
        let schedule = sub.schedule ? this.get<SubscriptionSchedule>(sub.schedule, 'subscription_schedule', 'subscription_schedule') : undefined
        for (;;) {
          const end = sub.items.data[0]!.current_period_end
          if (end > to) break
          if (sub.cancel_at_period_end) {
            sub = { ...sub, status: 'canceled', ended_at: end }
            ops.push(...this.sandbox.event('customer.subscription.deleted', sub, ctx))
            break
          }
          if (sub.status === 'past_due') break
          // the schedule's next phase starts with this renewal (its price is billed), or its last phase ends here
          const previousMetadata = sub.metadata
          const previousItems = sub.items
          const entered = enterPhase(sub, schedule, end, (price) => this.get<Price>(price, 'price', 'price'))
          sub = entered.sub
          if (entered.schedule && entered.schedule !== schedule) ops.push({ k: 'b', v: entered.schedule })
          schedule = entered.schedule?.status === 'active' ? entered.schedule : undefined
          const item = sub.items.data[0]!
          const nextEnd = addMonths(end, item.price.recurring.interval_count)
          const method = customers.get(sub.customer)!.invoice_settings.default_payment_method ?? sub.default_payment_method
          const card: TestCard | undefined = TEST_CARDS.find((c) => c.payment_method === method)
          const invoice = this.paidInvoice(sub.customer, sub.id, item.price, end, nextEnd, 'subscription_cycle', sub.metadata, end)
          if (card?.outcome === 'succeeded') {
            sub = { ...sub, latest_invoice: invoice.id, items: { ...sub.items, data: [{ ...item, current_period_start: end, current_period_end: nextEnd }] } }
            const previous = { items: previousItems, latest_invoice: object.latest_invoice, ...(sub.metadata === previousMetadata ? {} : { metadata: previousMetadata }) }
            ops.push({ k: 'b', v: invoice }, ...this.sandbox.event('invoice.paid', invoice, ctx), ...this.sandbox.event('customer.subscription.updated', sub, ctx, previous))
          } else {
            const failed: Invoice = { ...invoice, status: 'open', amount_paid: 0, amount_remaining: invoice.amount_due, status_transitions: { paid_at: null } }
            sub = { ...sub, status: 'past_due', latest_invoice: failed.id, items: { ...sub.items, data: [{ ...item, current_period_start: end, current_period_end: nextEnd }] } }
            ops.push({ k: 'b', v: failed }, ...this.sandbox.event('invoice.payment_failed', failed, ctx), ...this.sandbox.event('customer.subscription.updated', sub, ctx, { status: 'active', items: previousItems }))
            break
          }
        }
        if (sub !== object) ops.unshift({ k: 'b', v: sub })
      }
      const next: TestClock = { ...clock, frozen_time: to }
      return { status: 200, body: next, ops: [{ k: 'b', v: next }, ...ops] }
    }
  }
}
