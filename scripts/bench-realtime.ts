/**
 * `npm run bench:realtime`: the embedded Pusher protocol 7 server under load, measured in the real
 * shop (`node server/main.ts` through scripts/lib/shop-process.ts, fresh DATA_DIR, PGlite), so the
 * server measured is the one members use: the shop's HTTP server, its upgrade handler, `ws`, the
 * PusherServer and the signed HTTP API (Hono) on the same port as the API.
 *
 * Load generator (this process, not the server): BENCH_SOCKETS raw `ws` clients (default 1000)
 * speaking protocol 7 as pusher-js does (`/app/{key}?protocol=7&client=js&version=8.6.0`, subscribe,
 * answer pings), each on its own private channel `private-User.{n}.Notification`. Private channels
 * are authorised HERE, not through POST /api/v1/broadcasting/auth: registering 1,000 members (argon2
 * per member) would take minutes. The bench signs each subscription with the app's secret read from
 * DATA_DIR/realtime-keys.json through the `pusher` SDK's `authorizeChannel`, which is exactly what
 * the shop's endpoint does; one real member is registered first and the endpoint's answer is compared
 * with the bench's own signature for the same socket and channel (printed as "auth check").
 *
 * Phases:
 *  1. connect: BENCH_SOCKETS sockets, BENCH_CONNECT_CONCURRENCY at a time (default 100); per socket the
 *     time to `pusher:connection_established` and to `pusher_internal:subscription_succeeded`.
 *  2. server heap per idle socket: the shop runs with `--inspect` on a free local port; the bench
 *     asks it (HeapProfiler.collectGarbage, then process.memoryUsage()) before the sockets connect
 *     (after a small warm-up, so compiled code is not counted) and once they all sit idle.
 *  3. steady: BENCH_SECONDS (default 10) of triggers through the HTTP API with the `pusher` SDK at
 *     BENCH_RATE API requests per second (default 200), every fifth a `triggerBatch` of 10 events,
 *     the others one `trigger`, each event to a random member's channel, carrying its send time
 *     (performance.now() in this process, taken just before the SDK call) in its data. Latency is
 *     receive time minus send time: SDK signing + HTTP + server + WebSocket + client parse.
 *  4. churn: the same load for BENCH_CHURN_SECONDS (default BENCH_SECONDS) while BENCH_CHURN clients
 *     (default 250) keep disconnecting (half cleanly, half abruptly) and reconnecting+resubscribing
 *     after 0.2-1 s each; latency and loss are counted on the other (stable) clients.
 *  5. all sockets closed: heap and occupied channels again (a leak check).
 * Targets printed beside the results: delivery p99 < 50 ms at 1,000 sockets, < 2 KB server heap per
 * idle socket (anchor: Soketi's CI bar, p95 < 100 ms with 250 busy + 250 churning clients on 2 vCPU).
 * The machine's CPU count and load average, and the CPU time of the shop and of this process per
 * phase, are printed so a busy machine can be told from a slow server.
 * SHOP_NODE_ARGS adds flags for the shop, e.g. "--cpu-prof --cpu-prof-dir=prof" (written at its exit).
 */
import { randomInt } from 'node:crypto'
import { Agent } from 'node:http'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import Pusher from 'pusher'
import WebSocket from 'ws'
import type { PusherApp } from '../server/emulators/pusher/protocol'
import { freePort, startShopProcess } from './lib/shop-process'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CHURN_SECONDS = Number(process.env.BENCH_CHURN_SECONDS ?? SECONDS)
const CHURN = Math.min(Number(process.env.BENCH_CHURN ?? 250), Math.floor(SOCKETS / 2))
const RATE = Number(process.env.BENCH_RATE ?? 200)
const CONCURRENCY = Number(process.env.BENCH_CONNECT_CONCURRENCY ?? 100)
const BATCH_EVERY = 5
const BATCH_SIZE = 10
const MAX_IN_FLIGHT = 64
const EVENT = 'SendNotification'
const TARGET_P99_MS = 50
const TARGET_HEAP_KB = 2

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const now = () => performance.now()
const ms = (value: number | undefined) => (value === undefined ? '-' : value < 10 ? value.toFixed(2) : value.toFixed(1))
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] : undefined)
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { n: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted.at(-1) }
}
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/** A Chrome DevTools Protocol session on the shop's inspector: the server's own heap and CPU time. */
class Inspector {
  private next = 1
  private readonly pending = new Map<number, (value: unknown) => void>()
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { id?: number; result?: unknown; error?: unknown }
      if (message.id === undefined) return
      this.pending.get(message.id)?.(message.error ? Promise.reject(new Error(JSON.stringify(message.error))) : message.result)
      this.pending.delete(message.id)
    })
  }

  static async open(port: number) {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[]
    const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl, { perMessageDeflate: false })
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    return new Inspector(ws)
  }

  call(method: string, params: Record<string, unknown> = {}) {
    const id = this.next++
    return new Promise<unknown>((resolve) => {
      this.pending.set(id, resolve)
      this.ws.send(JSON.stringify({ id, method, params }))
    })
  }

  async evaluate<T>(expression: string): Promise<T> {
    const answer = (await this.call('Runtime.evaluate', { expression, returnByValue: true })) as { result: { value: T } }
    return answer.result.value
  }

  /**
   * the shop's process.memoryUsage() after two full collections, and `objects`: the heap without
   * V8's code spaces (code compiled while the sockets connected is not a per-socket cost)
   */
  async memory() {
    await this.call('HeapProfiler.collectGarbage')
    await sleep(100)
    await this.call('HeapProfiler.collectGarbage')
    return this.evaluate<NodeJS.MemoryUsage & { objects: number }>(
      `(() => {
        const m = process.memoryUsage()
        const v8 = process.getBuiltinModule?.('v8')
        const objects = v8 ? v8.getHeapSpaceStatistics().filter((s) => !s.space_name.startsWith('code')).reduce((a, s) => a + s.space_used_size, 0) : m.heapUsed
        return { ...m, objects }
      })()`,
    )
  }

  cpu() {
    return this.evaluate<NodeJS.CpuUsage>('process.cpuUsage()')
  }

  close() {
    this.ws.close()
  }
}

interface Client {
  n: number
  channel: string
  ws?: WebSocket
  subscribed: boolean
}

interface Timing {
  established: number
  subscribed: number
}

type Phase = 'warmup' | 'steady' | 'churn'
interface PhaseStats {
  latencies: number[]
  /** events whose trigger the API accepted, by kind of recipient */
  sent: { stable: number; churner: number }
  received: { stable: number; churner: number }
  requests: number
  failures: number
  skipped: number
  firstFailure?: string
}
const newStats = (): PhaseStats => ({ latencies: [], sent: { stable: 0, churner: 0 }, received: { stable: 0, churner: 0 }, requests: 0, failures: 0, skipped: 0 })

async function main() {
  const cpus = os.availableParallelism()
  const loadAtStart = load()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-realtime-'))
  const inspectPort = await freePort()
  process.env.SHOP_NODE_ARGS = `${process.env.SHOP_NODE_ARGS ?? ''} --inspect=127.0.0.1:${inspectPort}`.trim()
  // every bench socket comes from 127.0.0.1: the per-address caps (decision 60) would refuse all but the first hundred
  const shop = await startShopProcess({
    DATA_DIR: dataDir,
    SEED_CATALOGUE: 'false',
    AUTH_RATE_LIMIT: '1000',
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
    REALTIME_MAX_CONNECTIONS: String(Math.max(10_000, SOCKETS + CONCURRENCY)),
  })
  const inspector = await Inspector.open(inspectPort)
  const port = Number(new URL(shop.url).port)
  const app = JSON.parse(await readFile(path.join(dataDir, 'realtime-keys.json'), 'utf8')) as PusherApp
  const agent = new Agent({ keepAlive: true, maxSockets: 32 })
  const sdk = new Pusher({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1', port: String(port), useTLS: false, agent, timeout: 10_000 })
  const wsUrl = `ws://127.0.0.1:${port}/app/${app.key}?protocol=7&client=js&version=8.6.0&flash=false`
  const sign = (socketId: string, channel: string) => sdk.authorizeChannel(socketId, channel).auth

  // the shop's endpoint signs the same as the bench does (one real member, one socket id)
  let authCheck = 'not checked'
  try {
    const post = async (pathname: string, body: string, headers: Record<string, string>) =>
      (await fetch(shop.url + pathname, { method: 'POST', headers, body })).json() as Promise<{ data: Record<string, unknown>; auth?: string }>
    const json = { 'content-type': 'application/json' }
    const member = { first_name: '小明', last_name: '王', email: 'bench@example.tw', phone_number: '0912345678', password: 'matcha-2026', password_confirmation: 'matcha-2026', birthday: '1990-05-17' }
    await post('/api/v1/register', JSON.stringify(member), json)
    const token = (await post('/api/v1/login', JSON.stringify({ email: member.email, password: member.password }), json)).data.token as string
    const id = ((await (await fetch(`${shop.url}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: number } }).data.id
    const channel = `private-User.${id}.Notification`
    const answer = await post('/api/v1/broadcasting/auth', new URLSearchParams({ socket_id: '1234.5678', channel_name: channel }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${token}`,
    })
    authCheck = answer.auth === sign('1234.5678', channel) ? 'identical to POST /api/v1/broadcasting/auth' : `DIFFERS from the endpoint (${JSON.stringify(answer)})`
  } catch (error) {
    authCheck = `endpoint not reachable (${(error as Error).message})`
  }

  const clients: Client[] = Array.from({ length: SOCKETS }, (_, n) => ({ n, channel: `private-User.${n + 1}.Notification`, subscribed: false }))
  const isChurner = (c: Client) => c.n < CHURN
  const stats: Record<Phase, PhaseStats> = { warmup: newStats(), steady: newStats(), churn: newStats() }
  let pings = 0

  function receive(c: Client, raw: string) {
    const at = now()
    const frame = JSON.parse(raw) as { event: string; data?: unknown }
    if (frame.event === EVENT) {
      const data = JSON.parse(frame.data as string) as { t: number; p: Phase }
      const phase = stats[data.p]
      phase.latencies.push(at - data.t)
      phase.received[isChurner(c) ? 'churner' : 'stable']++
    } else if (frame.event === 'pusher:ping') {
      pings++
      c.ws?.send('{"event":"pusher:pong","data":{}}')
    }
  }

  /** opens one socket and subscribes it to its channel, as pusher-js does */
  function connect(c: Client): Promise<Timing> {
    return new Promise((resolve, reject) => {
      const started = now()
      let established = 0
      let done = false
      const ws = new WebSocket(wsUrl, { perMessageDeflate: false })
      c.ws = ws
      c.subscribed = false
      ws.on('message', (raw) => {
        const text = raw.toString()
        if (done) return receive(c, text)
        const frame = JSON.parse(text) as { event: string; data?: unknown; channel?: string }
        if (frame.event === 'pusher:connection_established') {
          established = now() - started
          const socketId = (JSON.parse(frame.data as string) as { socket_id: string }).socket_id
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: c.channel, auth: sign(socketId, c.channel) } }))
        } else if (frame.event === 'pusher_internal:subscription_succeeded') {
          done = true
          c.subscribed = true
          resolve({ established, subscribed: now() - started })
        } else if (frame.event === 'pusher:error' || frame.event === 'pusher:subscription_error') {
          done = true
          reject(new Error(`${c.channel}: ${text}`))
        }
      })
      ws.on('error', (error) => {
        if (!done) reject(error)
        done = true
      })
      ws.on('close', (code) => {
        c.subscribed = false
        if (!done) reject(new Error(`${c.channel}: closed with ${code} before subscribing`))
        done = true
      })
    })
  }

  async function connectAll(list: Client[], concurrency: number) {
    const timings: Timing[] = []
    let next = 0
    const started = now()
    await Promise.all(
      Array.from({ length: Math.min(concurrency, list.length) }, async () => {
        while (next < list.length) timings.push(await connect(list[next++]!))
      }),
    )
    return { totalMs: now() - started, timings }
  }

  function closeClient(c: Client, abrupt: boolean): Promise<void> {
    const ws = c.ws
    c.subscribed = false
    if (!ws || ws.readyState === WebSocket.CLOSED) return Promise.resolve()
    return new Promise((resolve) => {
      ws.once('close', () => resolve())
      if (abrupt) ws.terminate()
      else ws.close(1000)
    })
  }

  /** triggers through the HTTP API at RATE requests per second for `seconds`; each event names its phase */
  async function publish(phase: Phase, seconds: number) {
    const s = stats[phase]
    const started = now()
    const until = started + seconds * 1000
    let inFlight = 0
    let request = 0
    const event = (target: Client) => ({ channel: target.channel, name: EVENT, data: { t: now(), p: phase, title: '已出貨', body: 'order 2026-0001 shipped' } })
    const accepted = (targets: Client[]) => {
      for (const target of targets) s.sent[isChurner(target) ? 'churner' : 'stable']++
    }
    const fail = (error: unknown) => {
      s.failures++
      s.firstFailure ??= String((error as { status?: number; body?: string }).status ?? '') + ' ' + ((error as Error).message ?? String(error))
    }
    const sendOne = async () => {
      const batch = request++ % BATCH_EVERY === BATCH_EVERY - 1
      const targets = Array.from({ length: batch ? BATCH_SIZE : 1 }, () => clients[randomInt(SOCKETS)]!)
      inFlight++
      s.requests++
      try {
        if (batch) await sdk.triggerBatch(targets.map(event))
        else {
          const e = event(targets[0]!)
          await sdk.trigger(e.channel, e.name, e.data)
        }
        accepted(targets)
      } catch (error) {
        fail(error)
      } finally {
        inFlight--
      }
    }
    let issued = 0
    while (now() < until) {
      const due = Math.floor(((now() - started) / 1000) * RATE)
      while (issued < due) {
        issued++
        if (inFlight >= MAX_IN_FLIGHT) s.skipped++
        else void sendOne()
      }
      await sleep(5)
    }
    const sending = now() - started
    while (inFlight > 0) await sleep(5)
    await sleep(500) // the last deliveries
    return sending
  }

  async function churn(seconds: number) {
    const until = now() + seconds * 1000
    const reconnects: number[] = []
    let errors = 0
    let firstError: string | undefined
    await Promise.all(
      clients.filter(isChurner).map(async (c, i) => {
        let abrupt = i % 2 === 0
        while (now() < until) {
          await sleep(200 + Math.random() * 800)
          if (now() >= until) break
          await closeClient(c, abrupt)
          abrupt = !abrupt
          try {
            reconnects.push((await connect(c)).subscribed)
          } catch (error) {
            errors++
            firstError ??= (error as Error).message
          }
        }
      }),
    )
    return { reconnects, errors, firstError }
  }

  const occupied = async () => {
    const answer = await sdk.get({ path: '/channels', params: { filter_by_prefix: 'private-User.' } })
    return Object.keys(((await answer.json()) as { channels: Record<string, unknown> }).channels).length
  }
  const serverCpu = async <T>(work: () => Promise<T>) => {
    const before = await inspector.cpu()
    const own = process.cpuUsage()
    const wall = now()
    const result = await work()
    const after = await inspector.cpu()
    const mine = process.cpuUsage(own)
    const elapsed = (now() - wall) * 1000
    const share = (u: number) => `${((u / elapsed) * 100).toFixed(0)}%`
    return { result, server: share(after.user + after.system - before.user - before.system), bench: share(mine.user + mine.system) }
  }

  // warm-up: the server's code paths compiled before the heap baseline is taken
  const warm = clients.slice(Math.max(0, SOCKETS - 100))
  await connectAll(warm, CONCURRENCY)
  await publish('warmup', 1)
  await Promise.all(warm.map((c) => closeClient(c, false)))
  await sleep(300)
  const heapBefore = await inspector.memory()

  // 1. connect
  const connected = await serverCpu(() => connectAll(clients, CONCURRENCY))
  const established = summary(connected.result.timings.map((t) => t.established))
  const subscribed = summary(connected.result.timings.map((t) => t.subscribed))
  const occupiedAfterConnect = await occupied()

  // 2. idle heap
  await sleep(1000)
  const heapIdle = await inspector.memory()
  const perSocket = (a: number, b: number) => (b - a) / 1024 / SOCKETS
  const heapKb = perSocket(heapBefore.heapUsed, heapIdle.heapUsed)
  const objectsKb = perSocket(heapBefore.objects, heapIdle.objects)

  // 3. steady
  const steady = await serverCpu(() => publish('steady', SECONDS))
  // 4. churn
  const churned = await serverCpu(async () => {
    const churning = churn(CHURN_SECONDS)
    const elapsed = await publish('churn', CHURN_SECONDS)
    return { churning: await churning, elapsed }
  })

  // 5. all closed
  await Promise.all(clients.map((c) => closeClient(c, false)))
  await sleep(500)
  const occupiedAfterClose = await occupied()
  const heapAfter = await inspector.memory()
  const loadAtEnd = load()
  inspector.close()
  await shop.stop()
  await rm(dataDir, { recursive: true, force: true })

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
  const line = (name: string, s: PhaseStats, elapsedMs: number, stableOnly: boolean) => {
    const l = summary(s.latencies)
    const delivered = s.received.stable + s.received.churner
    const lost = s.sent.stable - s.received.stable
    return [
      `${name}: ${s.requests} API requests (${s.failures} failed${s.firstFailure ? `: ${s.firstFailure}` : ''}, ${s.skipped} skipped at ${MAX_IN_FLIGHT} in flight), ` +
        `${s.sent.stable + s.sent.churner} events accepted, ${delivered} delivered = ${((delivered / elapsedMs) * 1000).toFixed(0)} events/s`,
      `  latency (send -> client) p50 ${ms(l.p50)} ms, p95 ${ms(l.p95)} ms, p99 ${ms(l.p99)} ms, max ${ms(l.max)} ms over ${l.n} deliveries` +
        (stableOnly ? `; stable clients lost ${lost} of ${s.sent.stable}; churning clients got ${s.received.churner} of ${s.sent.churner}` : `; lost ${s.sent.stable + s.sent.churner - delivered}`),
    ]
  }

  const steadyLatency = summary(stats.steady.latencies)
  const churnLatency = summary(stats.churn.latencies)
  const reconnect = summary(churned.result.churning.reconnects)
  const out = [
    `bench:realtime: embedded Pusher server in the shop process (node server/main.ts, ${process.version}), ${SOCKETS} sockets on private-User.{n}.Notification`,
    `machine: ${cpus} CPUs, load average ${loadAtStart} at start, ${loadAtEnd} at end`,
    `auth check: the bench's own signature (realtime-keys.json secret) is ${authCheck}`,
    `load: ${RATE} API requests/s (1 in ${BATCH_EVERY} a triggerBatch of ${BATCH_SIZE}) = ${(RATE * (BATCH_EVERY - 1 + BATCH_SIZE)) / BATCH_EVERY} events/s to random members, ${SECONDS} s steady, ${CHURN_SECONDS} s churn`,
    '',
    `connect: ${SOCKETS} sockets, ${CONCURRENCY} at a time, in ${connected.result.totalMs.toFixed(0)} ms (${((SOCKETS / connected.result.totalMs) * 1000).toFixed(0)}/s); ` +
      `server CPU ${connected.server}, bench CPU ${connected.bench}`,
    `  per socket to connection_established p50 ${ms(established.p50)} ms, p99 ${ms(established.p99)} ms; to subscription_succeeded p50 ${ms(subscribed.p50)} ms, p99 ${ms(subscribed.p99)} ms, max ${ms(subscribed.max)} ms`,
    `  occupied channels reported by GET /apps/{id}/channels: ${occupiedAfterConnect}`,
    `server heap (after GC): ${mb(heapBefore.heapUsed)} before, ${mb(heapIdle.heapUsed)} with ${SOCKETS} idle sockets = ${heapKb.toFixed(2)} KB heap per socket` +
      ` (${objectsKb.toFixed(2)} KB without code spaces; rss ${perSocket(heapBefore.rss, heapIdle.rss).toFixed(2)} KB, external+arrayBuffers ${perSocket(heapBefore.external, heapIdle.external).toFixed(2)} KB per socket)`,
    '',
    ...line(`steady (${SECONDS} s)`, stats.steady, steady.result, false),
    `  server CPU ${steady.server}, bench CPU ${steady.bench}; pings answered ${pings}`,
    ...line(`churn (${CHURN_SECONDS} s, ${CHURN} clients reconnecting, latency over all deliveries)`, stats.churn, churned.result.elapsed, true),
    `  ${churned.result.churning.reconnects.length} reconnects (${((churned.result.churning.reconnects.length / churned.result.elapsed) * 1000).toFixed(0)}/s, ${churned.result.churning.errors} failed${churned.result.churning.firstError ? `: ${churned.result.churning.firstError}` : ''}), ` +
      `reconnect+subscribe p50 ${ms(reconnect.p50)} ms, p99 ${ms(reconnect.p99)} ms; server CPU ${churned.server}, bench CPU ${churned.bench}`,
    `after closing all: occupied channels ${occupiedAfterClose}, server heap ${mb(heapAfter.heapUsed)} (${((heapAfter.heapUsed - heapBefore.heapUsed) / 1024).toFixed(0)} KB vs before, ` +
      `${((heapAfter.objects - heapBefore.objects) / 1024).toFixed(0)} KB without code spaces)`,
    '',
    'summary (target):',
    `  delivery p99 at ${SOCKETS} sockets: ${ms(steadyLatency.p99)} ms (< ${TARGET_P99_MS} ms) ${steadyLatency.p99 !== undefined && steadyLatency.p99 < TARGET_P99_MS ? 'MET' : 'MISSED'}`,
    `  server heap per idle socket: ${heapKb.toFixed(2)} KB, ${objectsKb.toFixed(2)} KB without code (< ${TARGET_HEAP_KB} KB) ${heapKb < TARGET_HEAP_KB ? 'MET' : 'MISSED'}`,
    `  under churn p95 ${ms(churnLatency.p95)} ms, p99 ${ms(churnLatency.p99)} ms (Soketi CI bar: p95 < 100 ms, 250 busy + 250 churning, 2 vCPU) ${churnLatency.p95 !== undefined && churnLatency.p95 < 100 ? 'MET' : 'MISSED'}`,
    `  delivery: ${stats.steady.sent.stable + stats.steady.sent.churner - stats.steady.received.stable - stats.steady.received.churner} lost steady, ${stats.churn.sent.stable - stats.churn.received.stable} lost to stable clients under churn`,
  ]
  console.log(out.join('\n'))
  agent.destroy()
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
