import { execFileSync } from 'node:child_process'
import { createECDH, randomBytes, type ECDH } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
// @ts-expect-error http_ece ships no types
import ece from 'http_ece'
import { pushAgent } from '../../../server/integrations/push'

export interface ReceivedPush {
  path: string
  headers: Record<string, string | string[] | undefined>
  /** the decrypted body, parsed */
  message: Record<string, unknown>
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushManager makes them. */
export function browserKeys() {
  const ecdh: ECDH = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } }
}

/**
 * A push service on https://127.0.0.1:PORT with a self-signed certificate (made with openssl): it
 * answers each POST with `respond(path)` (201 by default) and decrypts (aes128gcm, RFC 8291) what
 * it accepted with the key of the subscription registered for that path. The shop's push agent
 * (which every push goes through) is told to trust the certificate, as a real push service's
 * would be by its CA.
 */
export async function startPushService() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'push-service-'))
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' })
  const cert = readFileSync(path.join(dir, 'cert.pem'))
  const key = readFileSync(path.join(dir, 'key.pem'))
  rmSync(dir, { recursive: true, force: true })
  const ca = pushAgent.options.ca
  pushAgent.options.ca = [...(Array.isArray(ca) ? ca : ca ? [ca] : []), cert] as string[]

  const browsers = new Map<string, ReturnType<typeof browserKeys>>()
  const received: ReceivedPush[] = []
  /** requests left without an answer ('hang') */
  const hanging: string[] = []
  const waiters: (() => void)[] = []
  let respond: (path: string) => number | 'hang' = () => 201

  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const status = respond(req.url ?? '/')
      if (status === 'hang') {
        hanging.push(req.url ?? '/')
        return
      }
      if (status === 201) {
        const browser = browsers.get(req.url ?? '')
        const plain = browser ? (ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth.toString('base64url') }) as Buffer) : Buffer.from('{}')
        received.push({ path: req.url ?? '/', headers: req.headers, message: JSON.parse(plain.toString('utf8')) })
        waiters.splice(0).forEach((wake) => wake())
      }
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port

  return {
    host: `127.0.0.1:${port}`,
    /** the certificate, for a shop in another process (NODE_EXTRA_CA_CERTS) */
    certPem: cert.toString('utf8'),
    received,
    hanging,
    /** a new browser: its subscription (PushSubscription.toJSON()) at a path of its own */
    subscription(name: string) {
      const browser = browserKeys()
      browsers.set(`/push/${name}`, browser)
      return { endpoint: `https://127.0.0.1:${port}/push/${name}`, expirationTime: null, keys: browser.keys }
    },
    answer(fn: (path: string) => number | 'hang') {
      respond = fn
    },
    /** resolves once `count` messages (to `path`, when given) have been accepted */
    async until(count: number, timeoutMs = 10_000, path?: string) {
      const deadline = Date.now() + timeoutMs
      const seen = () => (path ? received.filter((p) => p.path === path).length : received.length)
      while (seen() < count) {
        if (Date.now() > deadline) throw new Error(`push service received ${seen()} of ${count}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
      return received
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
