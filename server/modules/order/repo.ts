import { type Placeholder, and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm'
import type { OrderStatus } from '../../../contract/order-states'
import type { DbOrTx } from '../../db/client'
import { rowFromJson, rowsOf } from '../../db/json-rows'
import { preparedOn, statementByShape } from '../../db/prepared'
import { cartItems, coupons, notifications, orderEvents, orderLines, orderRequests, orders, payments, reviews, users, variants } from '../../db/schema'

export type OrderRow = typeof orders.$inferSelect
export type OrderLineRow = typeof orderLines.$inferSelect
export type PaymentRow = typeof payments.$inferSelect
export type NewOrder = typeof orders.$inferInsert
export type OrderEvent = Omit<typeof orderEvents.$inferInsert, 'id'>

// ---- checkout requests by idempotency key -----------------------------------

/** Placeholders for a statement built once (statementByShape): `o_no`, `l0_quantity`, or the column's own name without a prefix. */
const placeholders = (prefix: string, columns: string[]) => Object.fromEntries(columns.map((column) => [column, sql.placeholder(prefix ? `${prefix}_${column}` : column)]))


/**
 * Claims the key and then locks the member's row (see lockMember), in one statement. A key
 * claimed before (a retry) fails it with a unique violation on the key, which ends the
 * transaction; a concurrent checkout with the same key waits for the first one's commit and then fails so.
 */
export function claimAndLockMember(tx: DbOrTx, userId: number, key: string, bodyHash: string, now: Date): Promise<unknown> {
  // sent before this returns (not on a later tick, as awaiting a query builder would): the write
  // that placeOrder sends right behind it must reach the database after it
  return claimStatement(tx, 'one', { user_id: userId, key, body_hash: bodyHash, created_at: now })
}

const claimStatement = statementByShape('claim', (tx) => {
  const claim = tx.insert(orderRequests).values(placeholders('', ['user_id', 'key', 'body_hash', 'created_at']) as unknown as typeof orderRequests.$inferInsert).returning({ user_id: orderRequests.user_id })
  return sql`with claim as (${claim.getSQL()}) select (select count(*) from claim)::int as claimed, (${lockMember(tx, sql.placeholder('user_id'))}) as member`
})

export async function requestFor(tx: DbOrTx, userId: number, key: string) {
  const [row] = await tx.select().from(orderRequests).where(and(eq(orderRequests.user_id, userId), eq(orderRequests.key, key)))
  return row
}

// ---- unpaid orders per member ---------------------------------------------------

/**
 * Locks the member's row until the transaction ends, so that two checkouts of one member count
 * their unpaid orders one after the other. NO KEY UPDATE: rows that merely reference the member
 * (sessions, cart lines, the order itself) can still be written meanwhile.
 */
export const lockMember = (tx: DbOrTx, userId: number | Placeholder) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')

/** Orders of the member still waiting for their payment (they hold stock until paid, cancelled or expired). */
const unpaidOrders = (userId: number | Placeholder) => and(eq(orders.user_id, userId), eq(orders.status, 'PROCESSING'), ne(orders.payment_status, 'SUCCESSED'))

/** Whether an order of the member was ever paid (refunded or not): a card that works lifts the unverified member's limit (decision 61). */
const paidBefore = (userId: number | Placeholder) => sql`exists (select 1 from ${orders} where ${and(eq(orders.user_id, userId), isNotNull(orders.paid_at))})`

/**
 * What the member holds now, read without locks for the quote (the checkout's statement reads the
 * same under its locks, and decides): whether their e-mail is verified, whether an order of theirs
 * was paid, their unpaid orders, and their unpaid units of each of these variants.
 */
export async function memberHolds(db: DbOrTx, userId: number, variantIds: number[]) {
  const held = db
    .select({ variant_id: orderLines.variant_id, held: sql<number>`sum(${orderLines.quantity})::int`.as('held') })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.order_id))
    .where(and(unpaidOrders(userId), inArray(orderLines.variant_id, variantIds.length > 0 ? variantIds : [0])))
    .groupBy(orderLines.variant_id)
    .as('h')
  const [row] = rowsOf<{ verified: boolean; paid: boolean; unpaid: number; held: { id: number; held: number }[] }>(
    await db.execute(sql`
      select (select ${users.email_verified_at} is not null from ${users} where ${eq(users.id, userId)}) as verified,
             ${paidBefore(userId)} as paid,
             (select count(*) from ${orders} where ${unpaidOrders(userId)})::int as unpaid,
             (select coalesce(json_agg(json_build_object('id', h.variant_id, 'held', h.held)), '[]') from ${held}) as held`),
  )
  return { verified: row!.verified, paidBefore: row!.paid, unpaid: row!.unpaid, held: new Map(row!.held.map((h) => [h.id, h.held])) }
}

// ---- stock ------------------------------------------------------------------


export interface CheckoutWrite {
  order: NewOrder
  lines: Omit<typeof orderLines.$inferInsert, 'order_id'>[]
  payment: Omit<typeof payments.$inferInsert, 'order_id'>
  events: Omit<OrderEvent, 'order_id'>[]
  userId: number
  /** the Idempotency-Key the order answers from now on */
  key: string
}

/**
 * Everything a checkout writes, in one statement (one round trip instead of ten): the order, its
 * lines, payment and events; the ordered lines leave the cart; the key is linked to the order; and
 * each variant gives its quantity if that much is left. The variants are locked in id order first,
 * so two checkouts never wait on each other, and as the statement's last step, so those contended
 * locks are held only until the commit that follows. Answers the rows written, the ids of the
 * variants whose stock was taken, how many unpaid orders the member held before this one, whether
 * the member's e-mail is verified and whether an order of theirs was ever paid, and for each variant the stock left before this order (as
 * locked: the latest, which the update compared) and the units the member holds of it unpaid: the
 * caller rolls back when a variant is missing or a cap is passed (decisions 27 and 61). The counts
 * see every order committed before the statement began, so (run after lockMember) they see the
 * order of a concurrent checkout of the same member that the lock waited for; not this statement's own.
 */
export async function writeCheckout(tx: DbOrTx, write: CheckoutWrite) {
  const values: Record<string, unknown> = { user_id: write.userId, key: write.key }
  for (const [column, value] of Object.entries(write.order)) values[`o_${column}`] = value
  for (const [column, value] of Object.entries(write.payment)) values[`p_${column}`] = value
  write.lines.forEach((line, i) => Object.entries(line).forEach(([column, value]) => (values[`l${i}_${column}`] = value)))
  write.events.forEach((event, i) => Object.entries(event).forEach(([column, value]) => (values[`e${i}_${column}`] = value)))
  // the statement's text depends only on these: built once for each
  const shape = [write.lines.length, write.events.length, Object.keys(write.order).join(), Object.keys(write.payment).join(), Object.keys(write.lines[0]!).join(), Object.keys(write.events[0]!).join()].join('|')
  const result = await checkoutStatement(tx, shape, values)
  const [row] = rowsOf<{
    order: Record<string, unknown>
    lines: Record<string, unknown>[]
    payment: Record<string, unknown>
    taken: number[]
    unpaid: number
    verified: boolean
    paid: boolean
    stock: { id: number; left: number; held: number }[]
  }>(result)
  return {
    order: rowFromJson(orders, row!.order),
    lines: row!.lines.map((line) => rowFromJson(orderLines, line)),
    payment: rowFromJson(payments, row!.payment),
    taken: new Set(row!.taken),
    unpaidBefore: row!.unpaid,
    verified: row!.verified,
    /** whether an order of the member was ever paid */
    paidBefore: row!.paid,
    /** by variant id: the stock left before this order, and the member's unpaid units of it before this order */
    stock: new Map(row!.stock.map((v) => [v.id, { left: v.left, held: v.held }])),
  }
}


const checkoutStatement = statementByShape('checkout', (tx, shape) => {
  const [lineCount, eventCount, orderColumns, paymentColumns, lineColumns, eventColumns] = shape.split('|') as [string, string, string, string, string, string]
  const lineIndexes = Array.from({ length: Number(lineCount) }, (_, i) => i)
  const userId = sql.placeholder('user_id')
  const variantIds = lineIndexes.map((i) => sql.placeholder(`l${i}_variant_id`))
  const orderId = sql`(select id from o)`
  const order = tx.insert(orders).values(placeholders('o', orderColumns.split(',')) as unknown as NewOrder).returning()
  const lines = tx
    .insert(orderLines)
    .values(lineIndexes.map((i) => ({ ...placeholders(`l${i}`, lineColumns.split(',')), order_id: orderId }) as unknown as typeof orderLines.$inferInsert))
    .returning()
  const payment = tx
    .insert(payments)
    .values({ ...placeholders('p', paymentColumns.split(',')), order_id: orderId } as unknown as typeof payments.$inferInsert)
    .returning()
  const events = tx
    .insert(orderEvents)
    .values(Array.from({ length: Number(eventCount) }, (_, i) => ({ ...placeholders(`e${i}`, eventColumns.split(',')), order_id: orderId }) as unknown as typeof orderEvents.$inferInsert))
  const cart = tx.delete(cartItems).where(and(eq(cartItems.user_id, userId), inArray(cartItems.variant_id, variantIds)))
  const link = tx
    .update(orderRequests)
    .set({ order_id: orderId })
    .where(and(eq(orderRequests.user_id, userId), eq(orderRequests.key, sql.placeholder('key'))))
  const wanted = sql.join(
    lineIndexes.map((i) => sql`(${sql.placeholder(`l${i}_variant_id`)}::int, ${sql.placeholder(`l${i}_quantity`)}::int)`),
    sql`, `,
  )
  // the variants locked in id order; a row a concurrent checkout changed is locked and read as it now is
  const locked = sql`select ${variants.id} as id, ${variants.stock_left} as stock_left from ${variants} where ${inArray(variants.id, variantIds)} order by ${variants.id} for no key update`
  // the member's unpaid units of these variants (the member's row is locked: no checkout of theirs commits meanwhile)
  const held = tx
    .select({ variant_id: orderLines.variant_id, held: sql<number>`sum(${orderLines.quantity})::int`.as('held') })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.order_id))
    .where(and(unpaidOrders(userId), inArray(orderLines.variant_id, variantIds)))
    .groupBy(orderLines.variant_id)
  const stock = tx
    .update(variants)
    .set({ stock_left: sql`${variants.stock_left} - wanted.quantity`, updated_at: sql.placeholder('o_created_at') as unknown as Date })
    .from(sql`v as locked join (values ${wanted}) as wanted (id, quantity) on wanted.id = locked.id`)
    .where(and(sql`${variants.id} = locked.id`, sql`${variants.stock_left} >= wanted.quantity`))
    .returning({ id: variants.id })
  return sql`
    with o as (${order.getSQL()}), l as (${lines.getSQL()}), p as (${payment.getSQL()}), e as (${events.getSQL()}), c as (${cart.getSQL()}), r as (${link.getSQL()}), v as (${locked}), h as (${held.getSQL()}), s as (${stock.getSQL()})
    select (select row_to_json(o) from o) as order,
           (select json_agg(l order by l.id) from l) as lines,
           (select row_to_json(p) from p) as payment,
           (select coalesce(json_agg(s.id), '[]') from s) as taken,
           (select count(*) from ${orders} where ${unpaidOrders(userId)})::int as unpaid,
           (select ${users.email_verified_at} is not null from ${users} where ${eq(users.id, userId)}) as verified,
           ${paidBefore(userId)} as paid,
           (select coalesce(json_agg(json_build_object('id', v.id, 'left', v.stock_left, 'held', coalesce(h.held, 0))), '[]') from v left join h on h.variant_id = v.id) as stock`
})

/**
 * Gives an order's quantities back to stock, once: the flag is cleared by a conditional update, so of
 * two servers (or a retry) releasing the same order only one puts the stock back.
 */
/** Gives an order's stock back once; answers what came back to which variant (nothing the second time). */
export async function releaseStock(tx: DbOrTx, orderId: number, now: Date) {
  const released = await tx.update(orders).set({ holds_stock: false }).where(and(eq(orders.id, orderId), eq(orders.holds_stock, true))).returning({ id: orders.id })
  if (released.length === 0) return []
  // in variant id order, as the checkout takes them (decision 48)
  const lines = await tx.select({ variant_id: orderLines.variant_id, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.order_id, orderId)).orderBy(asc(orderLines.variant_id))
  for (const line of lines) {
    await tx
      .update(variants)
      .set({ stock_left: sql`${variants.stock_left} + ${line.quantity}`, updated_at: now })
      .where(eq(variants.id, line.variant_id))
  }
  return lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity }))
}

export async function couponTitle(tx: DbOrTx, couponId: number) {
  const [row] = await tx.select({ title: coupons.title }).from(coupons).where(eq(coupons.id, couponId))
  return row?.title ?? null
}

// ---- orders -----------------------------------------------------------------


export const insertPayment = async (tx: DbOrTx, payment: typeof payments.$inferInsert) => (await tx.insert(payments).values(payment).returning())[0]!

export const recordEvents = (tx: DbOrTx, events: OrderEvent[]) => (events.length ? tx.insert(orderEvents).values(events) : Promise.resolve())

export async function orderById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id))
  return row
}

/** A member's order by number; another member's order is as good as missing. */
export async function orderOf(db: DbOrTx, userId: number | null, no: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(userId === null ? eq(orders.no, no) : and(eq(orders.no, no), eq(orders.user_id, userId)))
  return row
}

/**
 * Locks the order's row for the rest of the transaction, before any other row of the order's
 * (decision 48; PGlite runs one transaction at a time anyway). NO KEY UPDATE, as an update of the
 * row takes: rows merely referring to the order (events, a review) can still be written meanwhile.
 */
export async function lockOrder(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('no key update')
  return row!
}

/** The order's current (latest) payment, locked: taken right after its order's lock (decision 48). */
export async function lockCurrentPayment(tx: DbOrTx, orderId: number) {
  const [row] = await tx.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(desc(payments.attempt)).limit(1).for('no key update')
  return row!
}

export async function pageOf(db: DbOrTx, userId: number, statuses: readonly OrderStatus[], page: number, perPage: number) {
  const where = and(eq(orders.user_id, userId), inArray(orders.status, [...statuses]))
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function linesOf(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, OrderLineRow[]>()
  const rows = await db.select().from(orderLines).where(inArray(orderLines.order_id, orderIds)).orderBy(asc(orderLines.id))
  const byOrder = new Map<number, OrderLineRow[]>()
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row])
  return byOrder
}

/** The current (latest) payment of each order. */
export async function currentPayments(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, PaymentRow>()
  const rows = await db.select().from(payments).where(inArray(payments.order_id, orderIds)).orderBy(asc(payments.attempt))
  return new Map(rows.map((r) => [r.order_id, r]))
}

export async function currentPayment(db: DbOrTx, orderId: number) {
  return (await currentPayments(db, [orderId])).get(orderId)!
}

export async function paymentById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id))
  return row
}

export async function paymentByIntent(db: DbOrTx, intentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.intent_id, intentId))
  return row
}

export async function paymentByAttempt(db: DbOrTx, orderNo: string, attempt: number) {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(and(eq(orders.no, orderNo), eq(payments.attempt, attempt)))
  return row?.payment
}

/** Records the intent of a payment that had none yet; answers the row as stored (another request may have been first). */
/** Every new order records its intent right after the checkout's commit: built once per database handle and prepared. */
const recordIntent = preparedOn((db: DbOrTx) =>
  db
    .update(payments)
    .set({ intent_id: sql`${sql.placeholder('intentId')}`, client_secret: sql`${sql.placeholder('clientSecret')}`, updated_at: sql`${sql.placeholder('now')}` })
    .where(and(eq(payments.id, sql.placeholder('paymentId')), sql`${payments.intent_id} is null`))
    .returning()
    .prepare('record_intent'),
)

export async function setIntent(db: DbOrTx, paymentId: number, intentId: string, clientSecret: string, now: Date) {
  const [updated] = await recordIntent(db).execute({ paymentId, intentId, clientSecret, now: now.toISOString() })
  if (updated) return updated
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId))
  return row!
}

/** Marks a refund done, once: answers false when it was already marked (by the webhook or by the shop's own request). */
export async function markRefunded(db: DbOrTx, id: number, amount: number, now: Date) {
  const rows = await db
    .update(payments)
    .set({ refund_status: 'REFUNDED', refunded_amount: amount, updated_at: now })
    .where(and(eq(payments.id, id), sql`${payments.refund_status} is distinct from 'REFUNDED'`))
    .returning({ id: payments.id })
  return rows.length === 1
}

export const updatePayment = (db: DbOrTx, id: number, set: Partial<typeof payments.$inferInsert>) => db.update(payments).set(set).where(eq(payments.id, id))

export const updateOrder = (db: DbOrTx, id: number, set: Partial<typeof orders.$inferInsert>) => db.update(orders).set(set).where(eq(orders.id, id))

export const updateOrderReturning = async (db: DbOrTx, id: number, set: Partial<typeof orders.$inferInsert>) => (await db.update(orders).set(set).where(eq(orders.id, id)).returning())[0]!

/** Unpaid orders due within `lead` of now that have not been reminded yet (their reminder's dedupe key is unused). */
export const ordersToRemind = (db: DbOrTx, now: Date, leadMs: number, limit: number) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'PROCESSING'),
        ne(orders.payment_status, 'SUCCESSED'),
        eq(orders.payment_method, 'card'),
        sql`${orders.payment_due_at} > ${now.toISOString()}::timestamptz`,
        sql`${orders.payment_due_at} <= ${new Date(now.getTime() + leadMs).toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${notifications} where ${notifications.dedupe_key} = 'payment_reminder:' || ${orders.id})`,
      ),
    )
    .orderBy(asc(orders.payment_due_at))
    .limit(limit)

/**
 * Orders delivered `afterMs` ago (within a month of that) whose member was not invited to review
 * yet and still has a product of them to review; with the member's address, name and language.
 */
export const ordersToInvite = (db: DbOrTx, now: Date, afterMs: number, limit: number) =>
  db
    .select({ order: orders, email: users.email, first_name: users.first_name, locale: users.locale })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.user_id))
    .where(
      and(
        eq(orders.status, 'COMPLETED'),
        sql`${orders.completed_at} <= ${new Date(now.getTime() - afterMs).toISOString()}::timestamptz`,
        sql`${orders.completed_at} > ${new Date(now.getTime() - afterMs - 30 * 86_400_000).toISOString()}::timestamptz`,
        isNull(orders.review_invited_at),
        sql`exists (select 1 from ${orderLines} where ${orderLines.order_id} = ${orders.id} and not exists (select 1 from ${reviews} where ${reviews.user_id} = ${orders.user_id} and ${reviews.product_id} = ${orderLines.product_id}))`,
      ),
    )
    .orderBy(asc(orders.completed_at))
    .limit(limit)

/** Unpaid orders whose time to pay is over, oldest first (cash on pick-up is paid at the store: never overdue). */
export const overdueOrders = (db: DbOrTx, now: Date, limit: number) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'PROCESSING'), ne(orders.payment_status, 'SUCCESSED'), lte(orders.payment_due_at, now), eq(orders.payment_method, 'card')))
    .orderBy(asc(orders.payment_due_at))
    .limit(limit)

export const pendingRefunds = (db: DbOrTx, limit: number) =>
  db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(eq(payments.refund_status, 'PENDING'))
    .limit(limit)

export const eventsOf = (db: DbOrTx, orderId: number) => db.select().from(orderEvents).where(eq(orderEvents.order_id, orderId)).orderBy(asc(orderEvents.at), asc(orderEvents.id))

/** Moves an order on from the state it was read in; undefined when it was no longer in it (another change came first). */
export const moveOrder = async (tx: DbOrTx, order: Pick<OrderRow, 'id' | 'status'>, values: Partial<NewOrder>) =>
  (await tx.update(orders).set(values).where(and(eq(orders.id, order.id), eq(orders.status, order.status))).returning())[0]

/** Moves a payment on from the state it was read in; false when it was no longer in it. */
export const movePayment = async (tx: DbOrTx, payment: Pick<PaymentRow, 'id' | 'status'>, values: Partial<typeof payments.$inferInsert>) =>
  (await tx.update(payments).set(values).where(and(eq(payments.id, payment.id), eq(payments.status, payment.status))).returning({ id: payments.id })).length > 0
