/**
 * `npm run shop -- <command>`: the operators' commands, through the same order service and Stripe
 * client as the shop, each recorded in the order's events with its time and reason.
 *
 *   order:ship NO --tracking X [--carrier tcat|hct|post] [--reason "..."]
 *   order:ship NO                         (a pick-up order: its shipment is created with ECPay)
 *   parcel:advance NO STEP                (the logistics sandbox: shipped|arrived|picked_up|not_picked_up|store_closed)
 *   order:complete NO [--reason "..."]
 *   order:cancel NO --reason "..."        (a paid order is refunded)
 *   order:show NO                         (the order and its events)
 *   review:reply ID "text"                (the shop's public reply under a review)
 *   review:hide ID --reason "..."         (off the product page and out of its figures)
 *   review:show ID [--reason "..."]       (shown again)
 *
 * The database is DATABASE_URL, or the embedded PGlite under DATA_DIR. PGlite serves one process
 * at a time: when the shop answers at HOST:PORT on PGlite, ship, complete and cancel go through
 * its operator API (key: OPERATOR_KEY or DATA_DIR/operator-key.json), and order:show asks for
 * the shop to be stopped. Payments go to Stripe when STRIPE_* is set; otherwise to the
 * sandbox of the shop running at HOST:PORT (Postgres), or, when no shop runs, to the sandbox
 * opened by this command from DATA_DIR: its webhooks then wait there until the shop starts.
 */
import path from 'node:path'
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { Hono } from 'hono'
import { CARRIER_CODES, type CarrierCode } from '../contract/order'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { systemClock } from '../server/lib/clock'
import { AppError } from '../server/lib/errors'
import { createLogger } from '../server/lib/logger'
import { orderEffects } from '../server/flows/order-effects'
import { paymentsIntegration, sandboxKeys, sandboxRoutes, type PaymentsIntegration } from '../server/integrations/payments'
import { cancelByOperator, completeOrder, orderEvents } from '../server/modules/order/service'
import { shipAnyOrder } from '../server/flows/operator/routes'
import { advanceParcel } from '../server/flows/pickup/parcel'
import { LogisticsClient, logisticsSandboxKeys, logisticsSettings } from '../server/integrations/logistics'
import { moderate } from '../server/modules/review/service'

const USAGE = `Usage: npm run shop -- <command>
  order:ship NO --tracking X [--carrier ${CARRIER_CODES.join('|')}] [--reason "..."]
  order:ship NO                      (pick-up: the shipment is created with ECPay)
  parcel:advance NO STEP             (logistics sandbox: shipped|arrived|picked_up|not_picked_up|store_closed)
  order:complete NO [--reason "..."]
  order:cancel NO --reason "..."
  order:show NO
  review:reply ID "text"
  review:hide ID --reason "..."
  review:show ID [--reason "..."]`

function usage(message?: string): never {
  if (message) process.stderr.write(`${message}\n`)
  process.stderr.write(`${USAGE}\n`)
  process.exit(64)
}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { tracking: { type: 'string' }, carrier: { type: 'string', default: 'tcat' }, reason: { type: 'string' } },
})
const [command, no] = positionals
if (!command || !no || !['order:ship', 'order:complete', 'order:cancel', 'order:show', 'parcel:advance', 'review:reply', 'review:hide', 'review:show'].includes(command)) usage()
if (command === 'parcel:advance' && !positionals[2]) usage('parcel:advance needs the step')
if (command.startsWith('review:') && !/^\d{1,9}$/.test(no)) usage(`${no} is not a review id`)
if (command === 'review:reply' && !positionals[2]?.trim()) usage('review:reply needs the text of the reply')
if (command === 'review:hide' && !values.reason?.trim()) usage('review:hide needs --reason')
if (command === 'order:ship' && !(CARRIER_CODES as string[]).includes(values.carrier!)) usage(`unknown carrier ${values.carrier}`)
if (command === 'order:cancel' && !values.reason?.trim()) usage('order:cancel needs --reason')

const config = loadConfig()
const logger = createLogger(config.logLevel === 'silent' ? 'silent' : 'warn')
const shopUrl = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`
// any answer means a shop holds the database: health says 503 while it starts or its database thread restarts
const shopRunning = await fetch(`${shopUrl}/api/v1/health`, { signal: AbortSignal.timeout(1500) }).then(
  () => true,
  () => false,
)
/** POSTs to the running shop's operator API (key: OPERATOR_KEY or DATA_DIR/operator-key.json); a refusal ends the command with its code and message. */
async function operatorCall<T>(pathname: string, body: unknown): Promise<T> {
  const key = config.operatorKey ?? (JSON.parse(await readFile(path.join(config.dataDir, 'operator-key.json'), 'utf8')) as { key: string }).key
  const res = await fetch(`${shopUrl}/api/v1/operator/${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'x-localization': 'en' },
    body: JSON.stringify(body),
  })
  const answer = (await res.json()) as { data?: T; error?: { code: string; message: string; detail: unknown } }
  if (!res.ok || !answer.data) {
    process.stderr.write(`${answer.error?.code ?? res.status}: ${answer.error?.message ?? ''} ${JSON.stringify(answer.error?.detail ?? {})}\n`)
    process.exit(1)
  }
  return answer.data
}

/** A running shop on the embedded database is asked over its operator API (the same order service). */
async function throughRunningShop() {
  const action = command === 'parcel:advance' ? 'parcel' : command!.slice('order:'.length)
  const body =
    action === 'ship'
      ? { tracking: values.tracking?.trim() || undefined, carrier: values.carrier, reason: values.reason?.trim() || undefined }
      : action === 'parcel'
        ? { step: positionals[2] }
        : { reason: values.reason?.trim() || undefined }
  const order = await operatorCall<Awaited<ReturnType<typeof shipAnyOrder>>>(`orders/${encodeURIComponent(no!)}/${action}`, body)
  console.log(`${order.no}: ${order.order_status}, payment ${order.payment_status}${order.refund ? `, refund ${order.refund.status} NT$${order.refund.amount}` : ''} (through the running shop at ${shopUrl})`)
  if (order.shipment.tracking_url) console.log(`tracking: ${order.shipment.carrier?.name} ${order.shipment.tracking_no} ${order.shipment.tracking_url}`)
  if (order.pickup) console.log(`pick-up: ${order.shipment.carrier?.name ?? order.pickup.store.chain} ${order.pickup.store.name} (${order.pickup.store.id}), parcel ${order.pickup.parcel ?? 'not shipped'}${order.shipment.tracking_no ? `, number ${order.shipment.tracking_no}` : ''}`)
  process.exit(0)
}

/** review:reply|hide|show: through the running shop's operator API (its catalogue cache is dropped at once), else on the database itself */
async function reviewCommand() {
  const action = command!.slice('review:'.length) as 'reply' | 'hide' | 'show'
  const body = action === 'reply' ? { text: positionals[2]!.trim() } : { reason: values.reason?.trim() || 'shown again' }
  let result: Awaited<ReturnType<typeof moderate>>
  if (shopRunning) result = await operatorCall<typeof result>(`reviews/${no}/${action}`, body)
  else {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    try {
      result = await moderate({ db: database.db, clock: systemClock, onFiguresChanged: () => undefined }, Number(no), action === 'reply' ? { kind: 'reply', text: body.text! } : { kind: action, reason: body.reason! })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      process.stderr.write(`${error.code}: ${error.message}\n`)
      process.exit(1)
    } finally {
      await database.close()
    }
  }
  console.log(`review ${result.review.id}: ${result.review.score} stars, ${result.hidden ? `hidden (${result.hidden_reason})` : 'shown'}${result.review.reply ? `, reply: ${result.review.reply.text}` : ''}`)
  for (const event of result.events) console.log(`  ${event.at}  ${event.action.padEnd(6)} ${event.actor.padEnd(8)} ${event.reason ?? ''}`)
  process.exit(0)
}

if (command.startsWith('review:')) await reviewCommand()
if (shopRunning && !config.databaseUrl && command !== 'order:show') await throughRunningShop()
if (shopRunning && !config.databaseUrl) {
  process.stderr.write(
    `The shop at ${shopUrl} is running on the embedded database (${path.join(config.dataDir, 'pglite')}), which one process uses at a time.\n` +
      'Stop the shop to show an order\'s events; or run the shop on Postgres (DATABASE_URL), where this command works while it runs.\n',
  )
  process.exit(75)
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
let sandbox: PaymentsIntegration['sandbox']
try {
  const keys = config.stripe ? undefined : await sandboxKeys(config.dataDir)
  const listening = { host: config.host, port: config.port }
  // a running shop holds the sandbox (its journal is one process's): the command reaches it over HTTP;
  // when no shop runs, this command opens the sandbox in process (its webhooks wait in DATA_DIR for the shop)
  const local = new Hono()
  const payments = paymentsIntegration(config, { listening, sandboxKeys: keys, logger, inProcess: shopRunning ? undefined : (request) => local.fetch(request) })
  if (!shopRunning) for (const mount of sandboxRoutes(payments)) local.route(mount.path, mount.routes)
  sandbox = shopRunning ? undefined : payments.sandbox
  // ECPay, or the sandbox of the shop running at HOST:PORT (its reports need the shop to receive them)
  const logistics = new LogisticsClient(logisticsSettings(config, listening, config.ecpay ? undefined : await logisticsSandboxKeys(config.dataDir)), logger)
  const deps = { db: database.db, clock: systemClock, config, logger, gateway: payments.gateway, orderEffects: orderEffects(config), logistics }
  const reason = values.reason?.trim() || null
  const order =
    command === 'order:ship'
      ? await shipAnyOrder(deps, no!, { tracking: values.tracking?.trim(), carrier: values.carrier as CarrierCode, reason })
      : command === 'parcel:advance'
        ? await advanceParcel(deps, no!, positionals[2]!)
        : command === 'order:complete'
        ? await completeOrder(deps, no!, reason)
        : command === 'order:cancel'
          ? await cancelByOperator(deps, no!, reason!)
          : undefined
  if (order) {
    console.log(`${order.no}: ${order.order_status}, payment ${order.payment_status}${order.refund ? `, refund ${order.refund.status} NT$${order.refund.amount}` : ''}`)
    if (order.shipment.tracking_url) console.log(`tracking: ${order.shipment.carrier?.name} ${order.shipment.tracking_no} ${order.shipment.tracking_url}`)
  }
  for (const event of await orderEvents(deps, no!)) {
    console.log(`  ${event.at.toISOString()}  ${event.subject.padEnd(8)} ${(event.from_status ?? '-').padEnd(12)} -> ${event.to_status.padEnd(12)} ${event.actor.padEnd(8)} ${event.reason ?? ''}`)
  }
} catch (error) {
  if (error instanceof AppError) {
    process.stderr.write(`${error.code}: ${error.message}${Object.keys(error.detail).length ? ` ${JSON.stringify(error.detail)}` : ''}\n`)
    process.exitCode = 1
  } else throw error
} finally {
  await sandbox?.stop()
  await database.close()
}
