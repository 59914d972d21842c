import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import Pusher from 'pusher'
import { expect } from 'vitest'
import { notificationDeliveries, notifications } from '../../../server/db/schema'
import type { Logger } from '../../../server/lib/logger'
import { createMailer, type Mail } from '../../../server/integrations/mail'
import { NotificationDispatcher } from '../../../server/modules/notification/dispatcher'
import type { CheckoutShop } from '../checkout-kit'

/** A logger that keeps every line, to check what the mails leave in the logs. */
export function keepingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const keep = (message: string, extra?: Record<string, unknown>) => void lines.push(`${message} ${JSON.stringify(extra ?? {})}`)
  return { lines, debug: keep, info: keep, warn: keep, error: keep }
}

/** What a run of {@link mailedOnceAfterDying} leaves for the test's own checks. */
export interface DyingRun {
  /** every mail the dispatcher sent, the lost one first */
  sent: Mail[]
  /** the mails sent to the member */
  mine: () => Mail[]
  /** the one .eml file in the outbox */
  raw: string
  logger: Logger & { lines: string[] }
  dispatcher: NotificationDispatcher
  /** the mail delivery as the first pass left it */
  failed: typeof notificationDeliveries.$inferSelect
}

/**
 * The process dies after sending and before recording it: a dispatcher of the shop's outbox
 * whose mailer writes each mail to a file outbox and then, the first time, throws (the
 * connection lost). It runs a pass at `at` (the shop's clock by default), then the next one once
 * the failed mail delivery's backoff has passed, and checks what every such mail must hold: the
 * first delivery not done and its error naming no address, the second done, the member mailed
 * twice with the same Message-ID, one .eml file in the outbox with that Message-ID, and no address
 * in the logs. `own` then checks what the test's own mail must hold, before the outbox is removed.
 */
export async function mailedOnceAfterDying(
  shop: CheckoutShop,
  of: { type: (typeof notifications.$inferSelect)['type']; userId: number; email: string; at?: Date },
  own: (run: DyingRun) => Promise<void> = async () => {},
) {
  const outbox = await mkdtemp(path.join(os.tmpdir(), `${of.type}-mails-`))
  const logger = keepingLogger()
  const files = createMailer({ from: 'shop@example.tw', outboxDir: outbox, logger })
  const sent: Mail[] = []
  // the first send reaches the outbox, then the process "dies" before the delivery is marked done
  const dying = {
    async send(mail: Mail) {
      sent.push(mail)
      await files.send(mail)
      if (sent.length === 1) throw new Error(`connection to ${mail.to} lost`)
    },
  }
  const publisher = new Pusher({ appId: '1', key: 'k', secret: 's', host: '127.0.0.1', port: '9', useTLS: false })
  const clock = of.at ? () => of.at! : shop.clock.now
  const dispatcher = new NotificationDispatcher({ db: shop.database.db, clock, logger, publisher, vapid: { publicKey: '', privateKey: '', subject: 'mailto:shop@example.tw' }, pushServiceHosts: [], mailer: dying, shop: { name: 'Shop', publicUrl: 'http://127.0.0.1' } })
  try {
    const [note] = await shop.database.db.select().from(notifications).where(and(eq(notifications.type, of.type), eq(notifications.user_id, of.userId)))
    expect(note).toBeDefined()
    const mailDelivery = async () => (await shop.database.db.select().from(notificationDeliveries).where(and(eq(notificationDeliveries.notification_id, note!.id), eq(notificationDeliveries.channel, 'mail'))))[0]!
    await dispatcher.runOnce(clock())
    const failed = await mailDelivery()
    expect(failed.done_at).toBeNull()
    expect(failed.last_error).not.toContain(of.email)
    // the next pass, once its backoff has passed
    await dispatcher.runOnce(new Date(failed.due_at.getTime() + 1))
    expect((await mailDelivery()).done_at).not.toBeNull()
    const mine = () => sent.filter((mail) => mail.to === of.email)
    expect(mine()).toHaveLength(2)
    expect(mine()[1]!.id).toBe(mine()[0]!.id)
    const eml = (await readdir(outbox)).filter((name) => name.endsWith('.eml'))
    expect(eml).toHaveLength(1)
    const raw = await readFile(path.join(outbox, eml[0]!), 'utf8')
    expect(raw).toContain(`Message-ID: <${mine()[0]!.id}>`)
    expect(logger.lines.join('\n')).not.toContain(of.email)
    await own({ sent, mine, raw, logger, dispatcher, failed })
  } finally {
    await rm(outbox, { recursive: true, force: true })
  }
}
