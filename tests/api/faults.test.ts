import { execFileSync } from 'node:child_process'
import http from 'node:http'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startShopProcess, type ShopProcess } from '../../scripts/lib/shop-process'

/**
 * Faults the shop must ride out: its Postgres restarting under load, and SIGTERM while requests
 * are running. Each starts the real server (node server/main.ts) as a separate process.
 */

const PG_BIN = (() => {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const version = readdirSync(root).sort().at(-1)
  return version ? path.join(root, version, 'bin') : undefined
})()

/** A Postgres cluster of the test's own (initdb in a temporary folder), so restarting it disturbs no other test. */
class ScratchCluster {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'))
  constructor(readonly port: number) {}
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`
  }
  /** initdb and postgres refuse to run as root: they run as the `postgres` account then */
  private run(tool: string, args: string[]) {
    const asRoot = process.getuid?.() === 0
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN!, tool), ...args]] : [path.join(PG_BIN!, tool), args]
    execFileSync(cmd, argv, { stdio: 'pipe', timeout: 60_000 })
  }
  init() {
    if (process.getuid?.() === 0) {
      const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()
      const group = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()
      chownSync(this.dir, Number(ids), Number(group))
      chmodSync(this.dir, 0o700)
    }
    this.run('initdb', ['-D', path.join(this.dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync'])
    this.start()
  }
  start() {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-l', path.join(this.dir, 'log'), '-w', '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'])
  }
  stop() {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'fast', '-w', 'stop'])
  }
  destroy() {
    try {
      this.stop()
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true })
  }
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

async function signedInMember(url: string, email: string) {
  const password = 'matcha-2026'
  const register = await fetch(`${url}/api/v1/register`, json({ email, password, password_confirmation: password, first_name: '美玲', last_name: '林', phone_number: '0912345678', birthday: '1990-05-17' }))
  expect(register.status, await register.clone().text()).toBe(201)
  const login = await fetch(`${url}/api/v1/login`, json({ email, password }))
  expect(login.status).toBe(200)
  return ((await login.json()) as { data: { token: string } }).data.token
}

interface Outcome {
  /** when the request was sent and when its answer came */
  at: number
  done: number
  status: number
}

describe('Postgres restarted while the shop serves load', () => {
  let cluster: ScratchCluster
  let shop: ShopProcess
  beforeAll(async () => {
    expect(PG_BIN, 'Postgres server binaries (Debian postgresql) are needed for this test').toBeDefined()
    cluster = new ScratchCluster(await freePort())
    cluster.init()
    shop = await startShopProcess({ DATABASE_URL: cluster.url, CATALOGUE_CACHE_SECONDS: '0', AUTH_RATE_LIMIT: '1000', LOG_LEVEL: 'error' })
  }, 180_000)
  afterAll(async () => {
    await shop?.stop()
    cluster?.destroy()
  })

  it('keeps running, fails only during the outage, and loses no acknowledged write', async () => {
    const token = await signedInMember(shop.url, `f${Date.now() % 1e8}@ex.com`)
    const auth = { authorization: `Bearer ${token}` }
    const products = ((await (await fetch(`${shop.url}/api/v1/product?per_page=100`)).json()) as { data: { id: number }[] }).data.map((p) => p.id)
    expect(products.length).toBeGreaterThanOrEqual(60)

    const outcomes: Outcome[] = []
    const acknowledged = new Set<number>()
    let running = true
    const reader = async () => {
      while (running) {
        const at = Date.now()
        const res = await fetch(`${shop.url}/api/v1/product?per_page=5`).catch(() => undefined)
        await res?.arrayBuffer()
        outcomes.push({ at, done: Date.now(), status: res?.status ?? 0 })
      }
    }
    let next = 0
    const writer = async () => {
      while (running && next < products.length) {
        const id = products[next++]!
        const at = Date.now()
        const res = await fetch(`${shop.url}/api/v1/product_wishlist/${id}`, { method: 'POST', headers: auth }).catch(() => undefined)
        await res?.arrayBuffer()
        outcomes.push({ at, done: Date.now(), status: res?.status ?? 0 })
        if (res?.status === 200) acknowledged.add(id)
        await new Promise((resolve) => setTimeout(resolve, 40))
      }
    }
    const load = [reader(), reader(), reader(), writer()]

    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const outageStart = Date.now()
    cluster.stop()
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    cluster.start()
    const outageEnd = Date.now()
    await new Promise((resolve) => setTimeout(resolve, 5_000))
    running = false
    await Promise.all(load)

    expect(shop.child.exitCode, 'the shop process exited').toBeNull()
    const before = outcomes.filter((o) => o.done < outageStart)
    // a pooled connection the restart killed may fail its first query just after the outage: allow a
    // short settling time (on a 2-core machine busy with the rest of the suite, more than a second)
    const after = outcomes.filter((o) => o.at > outageEnd + 2_500)
    const failedOutside = [...before, ...after].filter((o) => o.status !== 200)
    expect(before.length).toBeGreaterThan(10)
    expect(after.length).toBeGreaterThan(10)
    expect(failedOutside.map((o) => ({ ...o, at: o.at - outageStart, done: o.done - outageStart }))).toEqual([])
    // every failure is an answer (no dropped connection) and says the shop is unavailable, not a crash
    const failures = outcomes.filter((o) => o.status !== 200)
    expect(failures.length).toBeGreaterThan(0)
    expect(new Set(failures.map((f) => f.status))).toEqual(new Set([503]))

    const health = await fetch(`${shop.url}/api/v1/health`)
    expect(health.status).toBe(200)
    const saved = (await (await fetch(`${shop.url}/api/v1/product_wishlist`, { headers: auth })).json()) as { data: { id: number }[] }
    const savedIds = new Set(saved.data.map((p) => p.id))
    for (const id of acknowledged) expect(savedIds.has(id), `favourite ${id} was acknowledged but is gone`).toBe(true)
  }, 120_000)
})

describe('SIGTERM while requests are running', () => {
  it('answers the running and late requests in full with Connection: close, then refuses connections, and exits 0', async () => {
    const shop = await startShopProcess({ AUTH_RATE_LIMIT: '1000' })
    const exited = new Promise<number | null>((resolve) => shop.child.once('exit', (code) => resolve(code)))
    try {
      const password = 'matcha-2026'
      const body = JSON.stringify({ email: `t${Date.now() % 1e8}@ex.com`, password, password_confirmation: password, first_name: '美玲', last_name: '林', phone_number: '0912345678', birthday: '1990-05-17' })
      // a registration whose body is still arriving when SIGTERM comes: the request is in flight for certain
      const slow = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
        const req = http.request(`${shop.url}/api/v1/register`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
          let text = ''
          res.on('data', (chunk) => (text += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }))
        })
        req.on('error', reject)
        req.write(body.slice(0, 20))
        setTimeout(() => {
          shop.child.kill('SIGTERM')
          setTimeout(() => req.end(body.slice(20)), 1_000)
        }, 500)
      })
      await new Promise((resolve) => setTimeout(resolve, 800))
      // until the listener closes a late request is answered in full and closes its connection;
      // then a new connection is refused, so a load balancer or a browser goes elsewhere: never a 503
      const late: number[] = []
      for (let refused = false; !refused; ) {
        const answer = await fetch(`${shop.url}/api/v1/product?per_page=1`).then(
          (res) => {
            expect(res.headers.get('connection')).toBe('close')
            return res.status
          },
          () => 0,
        )
        late.push(answer)
        refused = answer === 0
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(late.filter((status) => status !== 0 && status !== 200)).toEqual([])
      const answer = await slow
      expect(answer.status, answer.body).toBe(201)
      expect(answer.connection).toBe('close')
      expect(await exited).toBe(0)
      await expect(fetch(`${shop.url}/api/v1/health`)).rejects.toThrow()
    } finally {
      if (shop.child.exitCode === null) shop.child.kill('SIGKILL')
    }
  }, 120_000)
})
