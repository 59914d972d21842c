import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Verifies a new member's e-mail as the member would: follows the link of the sign-up mail that a
 * shop without SMTP_URL wrote to `DATA_DIR/outbox/`. A member whose e-mail is not verified holds
 * one unpaid order of a few units at most (decision 61); benchmarks and crash tests order more.
 */
export async function verifyByMail(shopUrl: string, dataDir: string, email: string) {
  const outbox = path.join(dataDir, 'outbox')
  const suffix = `-${email.replace(/[^\w@.-]/g, '_')}.eml`
  const deadline = Date.now() + 10_000
  for (;;) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith(suffix))
    for (const name of names) {
      const token = tokenIn(await readFile(path.join(outbox, name), 'utf8'))
      if (!token) continue
      const answer = await fetch(`${shopUrl}/api/v1/user/verify_email/confirm?token=${token}`, { redirect: 'manual' })
      await answer.arrayBuffer()
      if (answer.status !== 302) throw new Error(`the verification link answered ${answer.status}`)
      return
    }
    if (Date.now() > deadline) throw new Error('no verification mail in the outbox')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The verification token in a mail as nodemailer writes it: each part quoted-printable or base64. */
function tokenIn(raw: string): string | undefined {
  for (const part of raw.split(/\r?\n--/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/)
    let body = rest.join('\n\n')
    if (/Content-Transfer-Encoding: base64/i.test(head)) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    else if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) body = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    const token = /verify_email\/confirm\?token=([\w-]+)/.exec(body)?.[1]
    if (token) return token
  }
  return undefined
}
