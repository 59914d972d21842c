import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createProxyServer } from 'http-proxy-3'

export interface Upstream {
  /** how the balancer names it in `x-upstream` */
  name: string
  url: string
  /** as the last health check found it */
  up: boolean
}

export interface BalancerOptions {
  shops: Upstream[]
  /** the Pusher-protocol server: WebSocket upgrades of /app/… and its HTTP API /apps/… */
  realtime: string
  /** the Stripe-compatible sandbox: /v1/… and /sandbox-checkout/… */
  stripe: string
  /** Stripe's webhooks posted to every shop, in a random order, some held back a moment (so later ones overtake them) */
  duplicateWebhooks?: boolean
  /** how often each shop's health is checked (ms) */
  healthEveryMs?: number
}

export interface Balancer {
  url: string
  port: number
  /** requests each shop answered, by name */
  served: Record<string, number>
  /** webhook deliveries made, and how many each shop answered 2xx */
  webhooks: { events: number; deliveries: number; answered: Record<string, number> }
  /** each shop's health as it changed: "B down 12.3 s (503)" */
  transitions: string[]
  close(): Promise<void>
}

const WEBHOOK_PATH = '/api/v1/payment/webhook/stripe'
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The cluster's load balancer for tests and benchmarks (decision 78), on 127.0.0.1: round robin
 * over the shops whose health check answers, no sticky sessions, with X-Forwarded-For (the shops
 * trust one proxy). A shop that refuses a connection is marked down at once and the request gets
 * a 502, as a load balancer's would, for the client to send again. `x-upstream` on each answer
 * names the shop that gave it; `x-upstream-not: NAME` asks for another shop than NAME (so a retry
 * lands on the other server). The real-time server and the Stripe sandbox sit behind the same
 * origin, as a shop's load balancer would route them.
 */
export async function startBalancer(options: BalancerOptions, port = 0): Promise<Balancer> {
  const proxy = createProxyServer({ xfwd: true, proxyTimeout: 30_000, timeout: 30_000 })
  const served: Record<string, number> = Object.fromEntries(options.shops.map((s) => [s.name, 0]))
  const webhooks = { events: 0, deliveries: 0, answered: Object.fromEntries(options.shops.map((s) => [s.name, 0])) as Record<string, number> }
  let next = 0
  const pick = (not?: string) => {
    const live = options.shops.filter((s) => s.up && s.name !== not)
    const pool = live.length ? live : options.shops.filter((s) => s.up)
    if (pool.length === 0) return undefined
    return pool[next++ % pool.length]
  }

  const transitions: string[] = []
  const since = performance.now()
  const check = async () => {
    await Promise.all(
      options.shops.map(async (shop) => {
        let up: boolean
        let why: string
        try {
          const res = await fetch(`${shop.url}/api/v1/health`, { signal: AbortSignal.timeout(2_000) })
          up = res.ok
          why = String(res.status)
        } catch (error) {
          up = false
          why = (error as Error).name
        }
        if (up !== shop.up) transitions.push(`${shop.name} ${up ? 'up' : 'down'} ${((performance.now() - since) / 1000).toFixed(1)} s (${why})`)
        shop.up = up
      }),
    )
  }
  await check()
  const healthTimer = setInterval(() => void check(), options.healthEveryMs ?? 250)

  const readBody = (req: http.IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => resolve(Buffer.concat(chunks)))
      req.on('error', reject)
    })

  /** one event to every shop that is up, in a random order, some a moment late */
  const fanOutWebhook = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const body = await readBody(req)
    webhooks.events++
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)) headers[k] = v
    // to every shop, up or not (a copy to one that is down fails, as it would)
    const shops = [...options.shops].sort(() => Math.random() - 0.5)
    const outcomes = await Promise.all(
      shops.map(async (shop, i) => {
        // the second copy, and one event in three, held back: later events overtake them
        if (i > 0 || Math.random() < 1 / 3) await pause(Math.floor(Math.random() * 300))
        webhooks.deliveries++
        try {
          const answer = await fetch(shop.url + WEBHOOK_PATH, { method: 'POST', headers, body: new Uint8Array(body), signal: AbortSignal.timeout(20_000) })
          await answer.arrayBuffer()
          if (answer.ok) webhooks.answered[shop.name] = (webhooks.answered[shop.name] ?? 0) + 1
          return answer.status
        } catch {
          return 502
        }
      }),
    )
    const ok = outcomes.find((s) => s >= 200 && s < 300)
    res.writeHead(ok ?? outcomes.at(-1) ?? 502, { 'content-type': 'application/json' }).end('{}')
  }

  const server = http.createServer((req, res) => {
    const path = req.url ?? '/'
    if (path.startsWith('/v1/') || path.startsWith('/sandbox-checkout')) return proxy.web(req, res, { target: options.stripe }, () => bad(res))
    if (path.startsWith('/apps/')) return proxy.web(req, res, { target: options.realtime }, () => bad(res))
    if (options.duplicateWebhooks && req.method === 'POST' && path === WEBHOOK_PATH) return void fanOutWebhook(req, res).catch(() => bad(res))
    const not = req.headers['x-upstream-not']
    const shop = pick(typeof not === 'string' ? not : undefined)
    if (!shop) return bad(res, 503)
    res.setHeader('x-upstream', shop.name)
    served[shop.name] = (served[shop.name] ?? 0) + 1
    proxy.web(req, res, { target: shop.url }, (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') shop.up = false
      bad(res)
    })
  })
  server.on('upgrade', (req, socket, head) => {
    if (!(req.url ?? '').startsWith('/app/')) return socket.destroy()
    proxy.ws(req, socket, head, { target: options.realtime }, () => socket.destroy())
  })
  const bad = (res: http.ServerResponse, status = 502) => {
    if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain' })
    res.end(status === 503 ? 'no server is up' : 'bad gateway')
  }
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const listening = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${listening}`,
    port: listening,
    served,
    webhooks,
    transitions,
    async close() {
      clearInterval(healthTimer)
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      proxy.close()
    },
  }
}
