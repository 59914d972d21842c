import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The file outbox (DATA_DIR/outbox, a shop without SMTP_URL): one .eml file per mail as nodemailer
 * writes it, named `<ISO time with - for : and .>-<key>-<recipient>.eml`. The mailer writes it;
 * scripts and tests read a member's mails from it as the member would from an inbox.
 */

/** the recipient as it stands in a file name */
const recipientInName = (address: string) => address.replace(/[^\w@.-]/g, '_')

/** The file name of the mail to `address` written at `at`; `key` tells mails of the same moment apart. */
export const outboxFileName = (address: string, key: string, at: Date) => `${at.toISOString().replace(/[:.]/g, '-')}-${key}-${recipientInName(address)}.eml`

/** time, key (a number or `m` and hex, never a hyphen) and recipient */
const NAME = /^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z-([^-]+)-(.+)\.eml$/

/** Whether `name` is a mail to `address` (with `key`: that very mail); not to one whose address ends in `-address`. */
export function isMailTo(name: string, address: string, key?: string): boolean {
  const parts = NAME.exec(name)
  return parts !== null && parts[6] === recipientInName(address) && (key === undefined || parts[5] === key)
}

/** When the mail in file `name` was written (milliseconds since the epoch; NaN for a name the outbox does not give). */
export function writtenAt(name: string): number {
  const parts = NAME.exec(name)
  return parts ? Date.parse(`${parts[1]}:${parts[2]}:${parts[3]}.${parts[4]}Z`) : NaN
}

export interface OutboxMail {
  name: string
  writtenAt: number
  /** the whole mail, headers and parts as written */
  read: () => Promise<string>
}

/** The mails to `address` in the outbox, newest first; none while there is no outbox. */
export async function mailsTo(outboxDir: string, address: string): Promise<OutboxMail[]> {
  const names = await readdir(outboxDir).catch(() => [] as string[])
  return names
    .filter((name) => isMailTo(name, address))
    .sort()
    .reverse()
    .map((name) => ({ name, writtenAt: writtenAt(name), read: () => readFile(path.join(outboxDir, name), 'utf8') }))
}

/** Quoted-printable as nodemailer writes it: `=` soft line breaks and `=XX` bytes of UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/**
 * The text/plain part of a mail as nodemailer writes it, decoded: quoted-printable for mostly-ASCII
 * text (`=` soft breaks, `=3D`), base64 when most of it is Chinese or Japanese.
 */
export function plainTextOf(raw: string): string {
  const part = raw.split(/\r?\n--/).find((chunk) => /Content-Type: text\/plain/i.test(chunk)) ?? raw
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/)
  const body = rest.join('\n\n')
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) return decodeQuotedPrintable(body)
  return body
}
