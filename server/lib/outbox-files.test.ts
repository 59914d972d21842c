import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLogger } from './logger'
import { createMailer } from '../integrations/mail'
import { decodeQuotedPrintable, isMailTo, mailsTo, outboxFileName, plainTextOf, writtenAt } from './outbox-files'

describe('the file outbox', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-files-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('reads back, newest first and decoded, the mails the mailer wrote to an address', async () => {
    const outbox = path.join(dir, 'outbox')
    const mailer = createMailer({ from: 'shop@example.tw', outboxDir: outbox, logger: createLogger('silent') })
    const before = Date.now()
    // mostly Chinese: base64; mostly ASCII with a long link: quoted-printable with soft breaks
    await mailer.send({ to: 'mei+1@example.tw', subject: '歡迎', text: '歡迎光臨，美玲！請點選下方連結完成驗證。'.repeat(3), html: '<p>歡迎</p>' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    const link = `https://shop.example/api/v1/user/verify_email/confirm?token=${'a1-'.repeat(40)}end`
    await mailer.send({ to: 'mei+1@example.tw', subject: 'Verify', text: `Hello = friend, follow ${link}`, html: `<a href="${link}">Verify</a>` })
    await mailer.send({ to: 'someone@example.tw', subject: 'Other', text: 'Not yours', html: '<p>Not yours</p>' })

    const mails = await mailsTo(outbox, 'mei+1@example.tw')
    expect(mails).toHaveLength(2)
    expect(plainTextOf(await mails[0]!.read())).toBe(`Hello = friend, follow ${link}`)
    expect(plainTextOf(await mails[1]!.read())).toBe('歡迎光臨，美玲！請點選下方連結完成驗證。'.repeat(3))
    for (const mail of mails) expect(mail.writtenAt).toBeGreaterThanOrEqual(before - 1)
    expect(await mailsTo(path.join(dir, 'none'), 'mei+1@example.tw')).toEqual([])
  })

  it('names a mail by its time, key and recipient, and tells whose it is', () => {
    const name = outboxFileName('a b/c@example.tw', 'm1', new Date('2026-03-04T05:06:07.089Z'))
    expect(name).toBe('2026-03-04T05-06-07-089Z-m1-a_b_c@example.tw.eml')
    expect(writtenAt(name)).toBe(Date.parse('2026-03-04T05:06:07.089Z'))
    expect(writtenAt('notes.txt')).toBeNaN()
    expect(isMailTo(name, 'a b/c@example.tw')).toBe(true)
    expect(isMailTo(name, 'a b/c@example.tw', 'm1')).toBe(true)
    expect(isMailTo(name, 'a b/c@example.tw', 'm2')).toBe(false)
    expect(isMailTo(name, 'c@example.tw')).toBe(false)
    expect(isMailTo('2026-03-04T05-06-07-089Z-m1-mei-lin@example.tw.eml', 'lin@example.tw')).toBe(false)
  })

  it('decodes quoted-printable as UTF-8 bytes', () => {
    expect(decodeQuotedPrintable('=E7=BE=8E=E7=8E=B2 =3D=\n ok')).toBe('美玲 = ok')
  })
})
