import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import webPush from 'web-push'
import { randomBytes } from 'node:crypto'
import { freshSandboxKeys } from '../../server/integrations/payments'
import { freshPusherApp } from '../../server/integrations/realtime'
import { startBalancer, type Balancer, type Upstream } from './balancer'
import { createPostgresDatabase, type ScratchDatabase } from './postgres'
import { freePort, startShopProcess, type ShopProcess } from './shop-process'

export interface ClusterShop extends Upstream {
  port: number
  process?: ShopProcess
  /** kill -9: no shutdown, whatever it was doing is cut off */
  kill(): Promise<void>
  /** starts it again on the same port, database and data folder */
  start(): Promise<void>
}

export interface Cluster {
  /** the load balancer: the shop's public origin */
  url: string
  balancer: Balancer
  shops: ClusterShop[]
  database: ScratchDatabase
  /** the real-time app every shop publishes to */
  pusher: { key: string; id: string }
  stripe: { publishableKey: string; secretKey: string }
  /**
   * A Postgres restart as the shops see it: every session ended by the server ("terminating
   * connection due to administrator command"), the connections cut, new ones refused for `ms`
   * (the shops reach Postgres through a relay on 127.0.0.1 that stops listening meanwhile). Only
   * this cluster's database goes down: the machine's Postgres serves other tests at the same time.
   */
  interruptDatabase(ms: number): Promise<void>
  stop(): Promise<void>
}

/**
 * Every process a cluster started, killed when this process exits however it exits: a test whose
 * set-up timed out leaves no shop, real-time server or sandbox running behind it.
 */
const spawned = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})
const watch = (child: ChildProcess) => {
  spawned.add(child)
  child.once('exit', () => spawned.delete(child))
  return child
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')

/** Spawns one of the shop's stand-in services and waits until it answers /up. */
async function startService(script: string, env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = watch(spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'inherit', 'inherit'] }))
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/up`)).ok) return child
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${script} did not answer within 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/**
 * Two (or `servers`) shop processes on one Postgres database behind a round-robin load balancer,
 * with one Pusher-protocol server (`npm run realtime`) and one Stripe-compatible sandbox
 * (`npm run stripe-sandbox`) that every shop uses, all on 127.0.0.1 (decision 78). The shops are
 * started at once on the new database, as a deployment would. Search stays each shop's embedded
 * engine, which each shop's indexer keeps in step with the shared database.
 */
export async function startCluster(options: { postgresUrl: string; servers?: number; env?: Record<string, string>; duplicateWebhooks?: boolean }): Promise<Cluster> {
  const database = await createPostgresDatabase(options.postgresUrl, 'shop_cluster')
  const relay = await startRelay(new URL(database.url))
  const shopDatabaseUrl = (() => {
    const url = new URL(database.url)
    url.hostname = '127.0.0.1'
    url.port = String(relay.port)
    return url.toString()
  })()
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-cluster-'))
  const children: ChildProcess[] = []
  const shops: ClusterShop[] = []
  let balancer: Balancer | undefined
  const stop = async () => {
    await balancer?.close()
    await Promise.all(shops.map((s) => s.process?.stop({ keepData: true }).catch(() => undefined)))
    await Promise.all(children.map(stopChild))
    await relay.close()
    await database.drop().catch(() => undefined)
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const [balancerPort, realtimePort, stripePort] = [await freePort(), await freePort(), await freePort()]
    const publicUrl = `http://127.0.0.1:${balancerPort}`
    const app = freshPusherApp()
    const keys = freshSandboxKeys()
    const pusherEnv = { PUSHER_APP_ID: app.id, PUSHER_KEY: app.key, PUSHER_SECRET: app.secret }
    // what the servers must share beside the database (decision 78): browsers subscribe to one VAPID key, operators use one key
    const vapid = webPush.generateVAPIDKeys()
    const sharedEnv = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:shop@example.tw', OPERATOR_KEY: randomBytes(24).toString('base64url') }
    const stripeEnv = { STRIPE_SECRET_KEY: keys.secretKey, STRIPE_PUBLISHABLE_KEY: keys.publishableKey, STRIPE_WEBHOOK_SECRET: keys.webhookSecret }
    children.push(await startService('server/realtime-main.ts', { ...pusherEnv, REALTIME_PORT: String(realtimePort), REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0' }, realtimePort))
    children.push(await startService('server/stripe-sandbox-main.ts', { ...stripeEnv, STRIPE_SANDBOX_PORT: String(stripePort), PUBLIC_URL: publicUrl, DATA_DIR: path.join(dir, 'stripe') }, stripePort))
    const shopEnv = (name: string): Record<string, string> => ({
      DATABASE_URL: shopDatabaseUrl,
      DATA_DIR: path.join(dir, name),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '1',
      ...sharedEnv,
      ...stripeEnv,
      STRIPE_SANDBOX_URL: `http://127.0.0.1:${stripePort}`,
      ...pusherEnv,
      // the shops publish through the balancer, which routes /apps/ to the real-time server; browsers connect through it too
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(balancerPort),
      PUSHER_TLS: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    })
    for (let i = 0; i < (options.servers ?? 2); i++) {
      const name = String.fromCharCode(65 + i)
      const port = await freePort()
      const shop: ClusterShop = {
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        up: false,
        async kill() {
          const child = shop.process?.child
          if (!child || child.exitCode !== null) return
          const exited = new Promise((resolve) => child.once('exit', resolve))
          child.kill('SIGKILL')
          await exited
          shop.up = false
        },
        async start() {
          shop.process = await startShopProcess(shopEnv(name), port)
          watch(shop.process.child)
        },
      }
      shops.push(shop)
    }
    balancer = await startBalancer({ shops, realtime: `http://127.0.0.1:${realtimePort}`, stripe: `http://127.0.0.1:${stripePort}`, duplicateWebhooks: options.duplicateWebhooks }, balancerPort)
    // started at once on the new database: one migrates and seeds, the other waits for it
    await Promise.all(shops.map((s) => s.start()))
    return {
      url: publicUrl,
      balancer,
      shops,
      database,
      pusher: { key: app.key, id: app.id },
      stripe: { publishableKey: keys.publishableKey, secretKey: keys.secretKey },
      async interruptDatabase(ms) {
        const name = new URL(database.url).pathname.slice(1)
        const admin = new pg.Client({ connectionString: options.postgresUrl })
        await admin.connect()
        try {
          await relay.refuse()
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
          relay.cut()
          await new Promise((resolve) => setTimeout(resolve, ms))
          await relay.accept()
        } finally {
          await admin.end()
        }
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** A TCP relay to Postgres that can cut its connections and refuse new ones for a while, on a port that stays the same. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  const listen = (port: number) =>
    new Promise<net.Server>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => undefined)
        }
        client.pipe(upstream).pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      s.once('error', reject)
      s.listen(port, '127.0.0.1', () => resolve(s))
    })
  server = await listen(0)
  const port = (server.address() as net.AddressInfo).port
  const closeServer = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  return {
    port,
    /** new connections refused (the listener closed); those open stay until cut */
    async refuse() {
      const closing = closeServer()
      server = undefined
      // close() waits for the open connections; refusing starts at once
      void closing
    },
    cut() {
      for (const socket of sockets) socket.destroy()
    },
    async accept() {
      server = await listen(port)
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await closeServer()
    },
  }
}
