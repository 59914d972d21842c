import { createHash } from 'node:crypto'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from './logger'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  /** the link the mail is about (in the mail's text; never logged: it holds a one-time token) */
  link?: string
  /**
   * The mail's Message-ID (without the angle brackets), the same each time the same mail is sent:
   * a mail sent again after a crash (the outbox's at-least-once delivery) is the same message, which
   * the file outbox keeps once and mail clients show once.
   */
  id?: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/**
 * Sends through `SMTP_URL` when set; otherwise writes each mail as an .eml file under
 * `DATA_DIR/outbox/`, so a shop run on one machine still works end to end. The log says only
 * that a mail was written and its subject: the address is personal data and the link a secret.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...(mail.id ? { messageId: `<${mail.id}>` } : {}) })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  let sequence = 0
  return {
    async send(mail) {
      await mkdir(options.outboxDir, { recursive: true })
      const recipient = mail.to.replace(/[^\w@.-]/g, '_')
      // a mail with an id is written once: the same id again (a retry after a crash) is already there
      const key = mail.id ? `m${createHash('sha256').update(mail.id).digest('hex').slice(0, 16)}` : String(++sequence)
      if (mail.id && (await readdir(options.outboxDir)).some((name) => name.endsWith(`-${key}-${recipient}.eml`))) {
        options.logger.info('mail already in the outbox', { subject: mail.subject, outbox: options.outboxDir })
        return
      }
      const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...(mail.id ? { messageId: `<${mail.id}>` } : {}) })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${key}-${recipient}.eml`
      const file = path.join(options.outboxDir, name)
      await writeFile(file, info.message as Buffer)
      options.logger.info('mail written to the outbox', { subject: mail.subject, outbox: options.outboxDir })
    },
  }
}
