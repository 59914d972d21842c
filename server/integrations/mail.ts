import { createHash } from 'node:crypto'
import { readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import SMTPTransport from 'nodemailer/lib/smtp-transport'
import type { Logger } from '../lib/logger'
import { isMailTo, outboxFileName } from '../lib/outbox-files'
import { closeDir, PRIVATE_FILE_MODE, privateDir } from '../lib/private-files'

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

/** How long an SMTP server may take to accept the connection, greet, or answer each command. */
export const MAIL_TIMEOUT_MS = 10_000

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/**
 * Sends through `SMTP_URL` when set; otherwise writes each mail as an .eml file under
 * `DATA_DIR/outbox/`, so a shop run on one machine still works end to end. The log says only
 * that a mail was written and its subject: the address is personal data and the link a secret.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger; timeoutMs?: number }): Mailer {
  if (options.smtpUrl) {
    // nodemailer waits minutes by default (2 min to connect, 10 min of silence): a hung server would
    // hold each mail that long; the outbox retries a mail that timed out
    const timeout = options.timeoutMs ?? MAIL_TIMEOUT_MS
    // the transport built here: createTransport({ url, ... }) keeps only what the URL says
    const transport = nodemailer.createTransport(new SMTPTransport({ url: options.smtpUrl, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout, dnsTimeout: timeout }))
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...(mail.id ? { messageId: `<${mail.id}>` } : {}) })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  let sequence = 0
  // owner-only, folder and files: a mail holds a live link and its file name the address. An outbox
  // an earlier version left open is closed at start, with the mails it holds; a missing one is made
  // by the first mail
  void closeDir(options.outboxDir)
  return {
    async send(mail) {
      await privateDir(options.outboxDir)
      // a mail with an id is written once: the same id again (a retry after a crash) is already there
      const key = mail.id ? `m${createHash('sha256').update(mail.id).digest('hex').slice(0, 16)}` : String(++sequence)
      if (mail.id && (await readdir(options.outboxDir)).some((name) => isMailTo(name, mail.to, key))) {
        options.logger.info('mail already in the outbox', { subject: mail.subject, outbox: options.outboxDir })
        return
      }
      const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...(mail.id ? { messageId: `<${mail.id}>` } : {}) })
      const file = path.join(options.outboxDir, outboxFileName(mail.to, key, new Date()))
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE })
      options.logger.info('mail written to the outbox', { subject: mail.subject, outbox: options.outboxDir })
    },
  }
}
