/**
 * `npm run realtime`: the embedded Pusher-protocol server run on its own, for several shop
 * servers to publish to and browsers to connect to, as they would to hosted Pusher, Soketi or
 * Laravel Reverb (decision 78). The shops point at it with PUSHER_APP_ID, PUSHER_KEY,
 * PUSHER_SECRET, PUSHER_HOST, PUSHER_PORT and PUSHER_TLS=false. It is a stand-in for this
 * machine and tests: one process, its connections in memory, no TLS (put a TLS proxy in front).
 *
 *   REALTIME_HOST (127.0.0.1), REALTIME_PORT (6001): where it listens
 *   PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET: the app, all three or none (then generated once
 *     into DATA_DIR/realtime-keys.json, which the shops' settings are copied from)
 *   REALTIME_MAX_CONNECTIONS, REALTIME_MAX_CONNECTIONS_PER_ADDRESS, REALTIME_SUBSCRIBE_SECONDS:
 *     as for the embedded server (README)
 */
import './lib/harden'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import * as v from 'valibot'
import { embeddedPusherApp, standaloneRealtime } from './integrations/realtime'
import { createLogger } from './lib/logger'
import { standaloneEnv } from './lib/standalone-env'

const whole = (fallback: string) => v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a whole number'), v.transform(Number)), fallback)
const Env = v.object({
  REALTIME_HOST: v.optional(v.pipe(v.string(), v.regex(/^[\w.:-]{1,253}$/, 'must be a host name or address')), '127.0.0.1'),
  REALTIME_PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number), v.maxValue(65535)), '6001'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  PUSHER_APP_ID: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'must be an app id'))),
  PUSHER_KEY: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,128}$/, 'must be an app key'))),
  PUSHER_SECRET: v.optional(v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters'))),
  REALTIME_MAX_CONNECTIONS: whole('10000'),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: whole('100'),
  REALTIME_SUBSCRIBE_SECONDS: whole('30'),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
})

async function main() {
  const { env, given } = standaloneEnv(Env, ['PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET'])
  const logger = createLogger(env.LOG_LEVEL)
  const app = given ? { id: env.PUSHER_APP_ID!, key: env.PUSHER_KEY!, secret: env.PUSHER_SECRET! } : await embeddedPusherApp(env.DATA_DIR)
  const { server: realtime, routes } = standaloneRealtime({
    app,
    maxConnections: env.REALTIME_MAX_CONNECTIONS,
    maxConnectionsPerAddress: env.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
    subscribeGraceMs: env.REALTIME_SUBSCRIBE_SECONDS * 1000,
  })
  const site = new Hono()
  site.get('/up', (c) => c.text('OK'))
  site.route('/apps', routes)
  site.all('*', (c) => c.text('Not found', 404))
  const server = serve({ fetch: site.fetch, hostname: env.REALTIME_HOST, port: env.REALTIME_PORT }, (info) => {
    logger.info(`real-time server listening on ws://${info.address}:${info.port}`, { app: app.id, keys: given ? 'PUSHER_*' : 'DATA_DIR/realtime-keys.json' })
  })
  server.on('upgrade', (request, socket, head) => {
    if (!realtime.handleUpgrade(request, socket, head)) socket.destroy()
  })
  const stop = async () => {
    await realtime.close()
    server.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 5_000).unref()
  }
  process.on('SIGTERM', () => void stop())
  process.on('SIGINT', () => void stop())
}

void main()
