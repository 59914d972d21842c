import http from 'node:http'
import net from 'node:net'
import { and, eq } from 'drizzle-orm'
import Pusher from 'pusher'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { privateMemberChannel } from '../../contract/realtime'
import { notificationDeliveries } from '../../server/db/schema'
import type { Logger } from '../../server/lib/logger'
import { createMailer } from '../../server/integrations/mail'
import { NotificationDispatcher } from '../../server/modules/notification/dispatcher'
import { notify } from '../../server/core/notify'
import { registration } from '../fixtures/member-factory'
import { databaseTargets, startShop, type TestShop } from './harness'

const targets = await databaseTargets()

/**
 * An SMTP server on a free port: at first it takes connections and never says a word (a hung mail
 * server); once `answer()` is called, new connections get a minimal SMTP dialogue and every message
 * is kept.
 */
async function smtpServer() {
  let answering = false
  const messages: string[] = []
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    if (!answering) return
    socket.write('220 test ESMTP\r\n')
    let buffer = ''
    let inData = false
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          messages.push(buffer.slice(0, end))
          buffer = buffer.slice(end + 5)
          inData = false
          socket.write('250 queued\r\n')
          continue
        }
        const eol = buffer.indexOf('\r\n')
        if (eol < 0) return
        const verb = buffer.slice(0, 4).toUpperCase()
        buffer = buffer.slice(eol + 2)
        if (verb === 'DATA') {
          inData = true
          socket.write('354 go on\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    messages,
    /** connections open now */
    open: () => sockets.size,
    answer: () => void (answering = true),
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}

/** The real-time service's HTTP API as the pusher SDK calls it: every event triggered is kept. */
async function realtimeServer() {
  const events: { channel: string; name: string; data: string }[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const parsed = JSON.parse(body || '{}') as { batch?: typeof events }
      events.push(...(parsed.batch ?? []))
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as net.AddressInfo).port, events, close: () => new Promise((resolve) => server.close(resolve)) }
}

function keepingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const keep = (message: string, extra?: Record<string, unknown>) => void lines.push(`${message} ${JSON.stringify(extra ?? {})}`)
  return { lines, debug: keep, info: keep, warn: keep, error: keep }
}

describe.each(targets)('mail beside real-time and push on $kind', (target) => {
  let shop: TestShop
  beforeAll(async () => {
    shop = await startShop(target)
  })
  afterAll(() => shop?.close())

  async function member() {
    const details = registration()
    const res = await shop.json('/api/v1/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(details) })
    expect(res.status).toBe(201)
    return { id: res.body.data.id as number, email: details.email }
  }

  it('a hung mail server holds up nobody: another member’s real-time notice goes out at once, the mail times out, is retried later and arrives once', async () => {
    const smtp = await smtpServer()
    const realtime = await realtimeServer()
    const logger = keepingLogger()
    const timeoutMs = 1500
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'shop@example.tw', outboxDir: '/nonexistent', logger, timeoutMs })
    const publisher = new Pusher({ appId: '1', key: 'k', secret: 's', host: '127.0.0.1', port: String(realtime.port), useTLS: false })
    const dispatcher = new NotificationDispatcher(
      { db: shop.database.db, clock: shop.clock.now, logger, publisher, vapid: { publicKey: '', privateKey: '', subject: 'mailto:shop@example.tw' }, pushServiceHosts: [], mailer, shop: { name: 'Shop', publicUrl: 'http://127.0.0.1' } },
      50,
    )
    const [invited, other] = [await member(), await member()]
    try {
      const id = await notify(shop.database.db, { userId: invited.id, type: 'review_invite', payload: { order_no: 'A0001' }, url: '/user/comment', dedupeKey: `review_invite:test-${invited.id}` }, shop.clock.now())
      const mailDelivery = async () => (await shop.database.db.select().from(notificationDeliveries).where(and(eq(notificationDeliveries.notification_id, id!), eq(notificationDeliveries.channel, 'mail'))))[0]!
      dispatcher.start()
      // the mail is being sent: the server took the connection and says nothing
      await vi.waitFor(() => expect(smtp.open()).toBe(1), { timeout: 2000 })

      await notify(shop.database.db, { userId: other.id, type: 'payment_failed', payload: { order_no: 'B0001' }, url: null, dedupeKey: `payment_failed:test-${other.id}` }, shop.clock.now())
      dispatcher.wake()
      await vi.waitFor(() => expect(realtime.events.map((e) => e.channel)).toContain(privateMemberChannel(other.id)), { timeout: 1000, interval: 20 })
      // delivered while the mail server still hangs
      expect(smtp.open()).toBe(1)
      expect((await mailDelivery()).done_at).toBeNull()

      // the send times out: the delivery waits for its retry, the hung connection is closed
      await vi.waitFor(async () => expect((await mailDelivery()).last_error).toBeTruthy(), { timeout: timeoutMs * 4, interval: 50 })
      const failed = await mailDelivery()
      expect(failed.done_at).toBeNull()
      expect(failed.due_at.getTime()).toBeGreaterThan(shop.clock.now().getTime())
      await vi.waitFor(() => expect(smtp.open()).toBe(0), { timeout: timeoutMs * 2 })
      expect(smtp.messages).toEqual([])

      // the server answers again; once the backoff has passed the mail goes, and only once
      smtp.answer()
      shop.clock.advance(failed.due_at.getTime() - shop.clock.now().getTime() + 1)
      await vi.waitFor(async () => expect((await mailDelivery()).done_at).not.toBeNull(), { timeout: 5000, interval: 50 })
      shop.clock.advance(120_000) // past any lease
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(smtp.messages).toHaveLength(1)
      expect(smtp.messages[0]).toContain(`Message-ID: <${failed.message_id}@127.0.0.1>`)
      expect(smtp.messages[0]).toContain(`To: ${invited.email}`)
      expect(logger.lines.join('\n')).not.toContain(invited.email)
      expect((await mailDelivery()).last_error).toBeNull()
    } finally {
      await dispatcher.stop()
      await Promise.all([smtp.close(), realtime.close()])
    }
  })
})
