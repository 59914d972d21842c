import type Pusher from 'pusher'
import { localizePathname } from '../../../contract/locale-paths'
import { NOTIFICATION_EVENT, privateMemberChannel } from '../../../contract/realtime'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/logger'
import type { Mail, Mailer } from '../../integrations/mail'
import { linkMail } from '../../core/link-mail'
import { couponMail, grantOf, isCouponMailKind } from './coupon-mails'
import { isOrderMailKind, orderMail } from './order-mails'
import { toNotificationEvent, toPushMessage } from './present'
import { checkEndpoint, DELIVERY, sendPush, type VapidKeys } from '../../integrations/push'
import * as repo from './repo'

export interface DispatcherDeps {
  db: Db
  clock: Clock
  logger: Logger
  publisher: Pusher
  vapid: VapidKeys
  pushServiceHosts: readonly string[]
  /** order, coupon and review-invitation mails (decision 57) */
  mailer: Mailer
  shop: { name: string; publicUrl: string }
}

const BATCH = 50
/** a claimed delivery not finished within this time (a crash, a kill) is claimed again */
const LEASE_MS = 30_000
/** mails sent at once in a mail pass: each waits on the mail server, the pass on the slowest */
const MAIL_BATCH = 5
/**
 * A send that has not ended by then counts as failed and is retried with backoff. Well inside the
 * lease, so a pass never outlives its claim (another server would claim the mail again and send it
 * twice); the mailer's own SMTP timeouts (`MAIL_TIMEOUT_MS`) end a hung connection before this.
 */
const MAIL_DEADLINE_MS = 20_000
const MAX_ATTEMPTS = 10
/** 2 s, 4 s, 8 s ... at most 10 minutes between attempts */
const backoffMs = (attempts: number) => Math.min(600_000, 1000 * 2 ** attempts)

type Row = { notification: repo.NotificationRow; locale: 'zh_tw' | 'en' | 'ja' }

/**
 * Runs a pass again and again while it answers a full batch; a wake during a pass runs one more.
 * Each channel group has its own: a slow mail server never holds up real-time notices or pushes.
 */
class Loop {
  private running?: Promise<unknown>
  private again = false

  constructor(
    private readonly pass: () => Promise<number>,
    private readonly batch: number,
    private readonly onError: (error: Error) => void,
    /** false once the dispatcher stopped: a wake that came during the last pass runs nothing */
    private readonly active: () => boolean,
  ) {}

  wake() {
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.drain()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined
        if (this.again) {
          this.again = false
          if (this.active()) this.wake()
        }
      })
  }

  idle = () => this.running

  private async drain() {
    while ((await this.pass()) === this.batch);
  }
}

/**
 * Delivers the outbox after commit: each notification to the member's real-time channel (through
 * the pusher SDK) and to the member's browsers by web push, retrying failures with backoff. Rows
 * stay until delivered, so a restart (even after SIGKILL) delivers what was pending; a delivery cut
 * off mid-way is done again once its lease passes, and the notification's id lets the PWA and the
 * service worker (its tag) show it once. Safe on several servers (claims skip locked rows).
 * Mails go in passes of their own, a few at a time with a deadline (decision 57).
 */
export class NotificationDispatcher {
  private timer?: NodeJS.Timeout
  private readonly loops: Loop[]

  constructor(
    private readonly deps: DispatcherDeps,
    private readonly intervalMs = 1000,
  ) {
    const onError = (error: Error) => this.deps.logger.warn('notification delivery failed', { error: error.message })
    const active = () => this.timer !== undefined
    this.loops = [new Loop(() => this.runSignals(), BATCH, onError, active), new Loop(() => this.runMail(), MAIL_BATCH, onError, active)]
  }

  start() {
    this.timer ??= setInterval(() => this.wake(), this.intervalMs)
    this.timer.unref()
    this.wake()
  }

  /** Runs the passes now (after a commit that wrote notifications); a pass already running runs once more. */
  wake() {
    if (!this.timer) return
    for (const loop of this.loops) loop.wake()
  }

  async stop() {
    clearInterval(this.timer)
    this.timer = undefined
    await Promise.all(this.loops.map((loop) => loop.idle()))
  }

  /** One pass of each kind over what is due; answers how many deliveries they claimed. */
  async runOnce(now = this.deps.clock()) {
    const [signals, mails] = await Promise.all([this.runSignals(now), this.runMail(now)])
    return signals + mails
  }

  /** One pass over the real-time and push deliveries that are due; answers how many it claimed. */
  async runSignals(now = this.deps.clock()) {
    const claimed = await repo.claimDue(this.deps.db, now, LEASE_MS, BATCH, ['realtime', 'push'])
    if (claimed.length === 0) return 0
    const rows = await this.rowsOf(claimed)
    await this.publish(
      claimed.filter((d) => d.channel === 'realtime'),
      rows,
    )
    // side by side: a slow push service holds the batch for one timeout, not one per message, well inside the lease
    await Promise.all(claimed.filter((d) => d.channel === 'push').map((delivery) => this.push(delivery, rows.get(delivery.notification_id))))
    return claimed.length
  }

  /** One pass over the mails that are due, sent side by side; answers how many it claimed. */
  async runMail(now = this.deps.clock()) {
    const claimed = await repo.claimDue(this.deps.db, now, LEASE_MS, MAIL_BATCH, ['mail'])
    if (claimed.length === 0) return 0
    const rows = await this.rowsOf(claimed)
    await Promise.all(claimed.map((delivery) => this.mail(delivery, rows.get(delivery.notification_id))))
    return claimed.length
  }

  private async rowsOf(claimed: repo.DeliveryRow[]) {
    return new Map((await repo.notificationsWithMembers(this.deps.db, [...new Set(claimed.map((d) => d.notification_id))])).map((r) => [r.notification.id, r]))
  }

  private async fail(delivery: repo.DeliveryRow, error: string) {
    const now = this.deps.clock()
    if (delivery.attempts >= MAX_ATTEMPTS) {
      this.deps.logger.warn('notification delivery given up', { delivery: delivery.id, channel: delivery.channel, error })
      return repo.finishDelivery(this.deps.db, delivery, now, `gave up: ${error}`)
    }
    return repo.retryDelivery(this.deps.db, delivery, new Date(now.getTime() + backoffMs(delivery.attempts)), error)
  }

  /** Real-time events go out in batches of 10 (Pusher's limit per batch call). */
  private async publish(deliveries: repo.DeliveryRow[], rows: Map<number, Row>) {
    for (let i = 0; i < deliveries.length; i += 10) {
      const chunk = deliveries.slice(i, i + 10)
      const events = chunk.flatMap((d) => {
        const row = rows.get(d.notification_id)
        return row ? [{ channel: privateMemberChannel(row.notification.user_id), name: NOTIFICATION_EVENT, data: toNotificationEvent(row.notification, row.locale) }] : []
      })
      try {
        if (events.length) await this.deps.publisher.triggerBatch(events)
        const now = this.deps.clock()
        await Promise.all(chunk.map((d) => repo.finishDelivery(this.deps.db, d, now)))
      } catch (error) {
        const message = (error as { status?: number }).status ? `real-time service answered ${(error as { status: number }).status}` : (error as Error).message
        for (const d of chunk) await this.fail(d, message)
      }
    }
  }

  /**
   * An order's mail, written from the order as it is now, a granted coupon's or a review
   * invitation, in the member's language. Sent before the delivery is marked done: a crash between the two sends it again after
   * the lease, with the same Message-ID (the delivery's, stored with it), so the file outbox keeps it once and
   * mail clients show it once.
   */
  private async mail(delivery: repo.DeliveryRow, row: Row | undefined) {
    const mail = row ? await this.mailOf(row.notification, row.locale) : 'notification deleted'
    if (typeof mail === 'string') return repo.finishDelivery(this.deps.db, delivery, this.deps.clock(), mail)
    try {
      await withDeadline(this.deps.mailer.send({ ...mail, id: messageIdOf(delivery, this.deps.shop.publicUrl) }), MAIL_DEADLINE_MS)
    } catch (error) {
      // an SMTP answer may quote the address: what is kept and logged leaves it out
      return this.fail(delivery, redactAddresses((error as Error).message ?? 'mail not sent'))
    }
    return repo.finishDelivery(this.deps.db, delivery, this.deps.clock())
  }

  /** The mail a notification sends, or why there is none. */
  private async mailOf(notification: repo.NotificationRow, locale: 'zh_tw' | 'en' | 'ja'): Promise<Mail | string> {
    const shop = this.deps.shop
    const { type, payload } = notification
    if (isOrderMailKind(type) && payload.order_no) {
      const order = await repo.orderForMail(this.deps.db, notification.user_id, payload.order_no)
      return order ? orderMail(type, locale, order, shop) : 'order deleted'
    }
    const grant = isCouponMailKind(type) ? grantOf(payload) : undefined
    if (!grant && type !== 'review_invite') return 'nothing to mail'
    const member = await repo.memberForMail(this.deps.db, notification.user_id)
    if (!member) return 'member deleted'
    if (grant) return couponMail(locale, { ...member, ...grant }, shop)
    const link = `${shop.publicUrl}${localizePathname('/user/comment', locale)}`
    return linkMail('invite', locale, { to: member.to, name: member.firstName, link, shopName: shop.name })
  }

  private async push(delivery: repo.DeliveryRow, row: Row | undefined) {
    const now = this.deps.clock()
    if (!row) return repo.finishDelivery(this.deps.db, delivery, now, 'notification deleted')
    // held past its worth (by quiet hours, or retries): "will be cancelled at 23:30" is not sent at 08:00
    if (now.getTime() - row.notification.created_at.getTime() > DELIVERY[row.notification.type].ttlSeconds * 1000) {
      return repo.finishDelivery(this.deps.db, delivery, now, 'expired before it could be sent')
    }
    const message = toPushMessage(row.notification, row.locale)
    const subscriptions = (await repo.subscriptionsOf(this.deps.db, row.notification.user_id)).filter((s) => !delivery.sent_to.includes(s.id))
    const failures = await Promise.all(
      subscriptions.map(async (subscription) => {
        // checked again: the list may have changed, and one stored before decision 59 may be a spelling that is refused now
        const target = checkEndpoint(subscription.endpoint, this.deps.pushServiceHosts)
        if (!target) {
          await repo.forgetEndpoint(this.deps.db, subscription.endpoint)
          return undefined
        }
        const outcome = await sendPush(this.deps.vapid, target, subscription, message)
        if (outcome.ok) {
          // a retry sends only to the browsers that did not take it
          await repo.recordSentTo(this.deps.db, delivery.id, subscription.id)
          await repo.markSent(this.deps.db, subscription.id, this.deps.clock())
          return undefined
        }
        if (outcome.gone) await repo.forgetEndpoint(this.deps.db, subscription.endpoint)
        if (outcome.refused) this.deps.logger.warn('push connection refused', { host: target.hostname, error: outcome.error })
        return outcome.retry ? outcome.error : undefined
      }),
    )
    const failure = failures.find((f) => f !== undefined)
    if (failure) return this.fail(delivery, failure)
    return repo.finishDelivery(this.deps.db, delivery, this.deps.clock())
  }
}

/**
 * A mail delivery's Message-ID: the delivery's random `message_id`, not the notification's id,
 * because ids start at 1 again in a new database (a reset, a restore, `memory://`) while the
 * outbox directory and the members' mailboxes remember the old mails.
 */
const messageIdOf = (delivery: repo.DeliveryRow, publicUrl: string) => `${delivery.message_id}@${new URL(publicUrl).hostname}`

/** The send, or a failure once `ms` have passed without its end (the send itself cannot be called off). */
function withDeadline(send: Promise<void>, ms: number) {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the mail server did not answer within ${ms / 1000} s`)), ms)
  })
  return Promise.race([send, late]).finally(() => clearTimeout(timer))
}

const redactAddresses = (message: string) => message.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '<address>')
