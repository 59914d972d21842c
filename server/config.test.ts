import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, EnvSchema, loadConfig } from './config'

describe('loadConfig', () => {
  it('has a working default for every setting', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, dataDir: path.resolve('data'), databaseUrl: undefined, seedCatalogue: true })
    expect(config.shop.email).toContain('@')
  })

  it('reads the values it is given, treating empty ones as unset', () => {
    const config = loadConfig({ PORT: '9090', HOST: '0.0.0.0', DATA_DIR: '/tmp/shop', DATABASE_URL: '', SEED_CATALOGUE: 'false' })
    expect(config).toMatchObject({ port: 9090, host: '0.0.0.0', dataDir: '/tmp/shop', databaseUrl: undefined, seedCatalogue: false })
  })

  it('refuses bad values, naming each variable and what is wrong', () => {
    const attempt = () => loadConfig({ PORT: '80a', DATABASE_URL: 'mysql://x', SHOP_EMAIL: 'nobody' })
    expect(attempt).toThrow(ConfigError)
    expect(attempt).toThrow(/PORT="80a": must be a port number/)
    expect(attempt).toThrow(/DATABASE_URL="mysql:\/\/x": must start with postgres:\/\//)
    expect(attempt).toThrow(/SHOP_EMAIL="nobody": must be an e-mail address/)
  })

  it('takes a hosted Pusher app only whole, with a cluster or a host', () => {
    expect(loadConfig({}).pusher).toBeUndefined()
    expect(() => loadConfig({ PUSHER_APP_ID: '1', PUSHER_KEY: 'k' })).toThrow(/set together/)
    expect(() => loadConfig({ PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 'secret-123' })).toThrow(/PUSHER_CLUSTER .* or PUSHER_HOST/)
    expect(() => loadConfig({ PUSHER_HOST: 'soketi.internal' })).toThrow(/need PUSHER_APP_ID/)
    expect(loadConfig({ PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 'secret-123', PUSHER_CLUSTER: 'ap3' }).pusher).toMatchObject({ cluster: 'ap3', host: undefined, tls: true })
    expect(loadConfig({ PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 'secret-123', PUSHER_HOST: 'soketi.internal', PUSHER_PORT: '6001', PUSHER_TLS: 'false' }).pusher).toMatchObject({
      host: 'soketi.internal',
      port: 6001,
      tls: false,
    })
  })

  it('takes a shared Stripe sandbox only with its keys, at an http origin', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_PUBLISHABLE_KEY: 'pk_test_a', STRIPE_WEBHOOK_SECRET: 'whsec_a' }
    expect(loadConfig(keys).stripe?.sandboxUrl).toBeUndefined()
    expect(loadConfig({ ...keys, STRIPE_SANDBOX_URL: 'http://127.0.0.1:12111' }).stripe).toMatchObject({ secretKey: 'sk_test_a', sandboxUrl: 'http://127.0.0.1:12111' })
    expect(() => loadConfig({ STRIPE_SANDBOX_URL: 'http://127.0.0.1:12111' })).toThrow(/needs the sandbox's STRIPE_SECRET_KEY/)
    expect(() => loadConfig({ ...keys, STRIPE_SANDBOX_URL: 'https://api.stripe.com/v1' })).toThrow(/STRIPE_SANDBOX_URL/)
  })

  it('limits connections per address unless behind a trusted proxy, which counts the client instead', () => {
    expect(loadConfig({})).toMatchObject({
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, maxConnectionsPerAddress: 256 },
      realtime: { maxConnections: 10_000, maxConnectionsPerAddress: 100, subscribeGraceMs: 30_000 },
    })
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1, proxies: [] })
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2, proxies: [] })
    expect(loadConfig({}).trustProxy).toEqual({ hops: 0, proxies: [] })
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
    // listed proxies: other peers are still capped
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' })).toMatchObject({ trustProxy: { hops: 0, proxies: ['10.0.0.0/8'] }, http: { maxConnectionsPerAddress: 256 } })
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.maxConnectionsPerAddress).toBe(0)
    expect(loadConfig({ TRUST_PROXY: 'true', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '5000' }).http.maxConnectionsPerAddress).toBe(5000)
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0', REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0', REALTIME_SUBSCRIBE_SECONDS: '0' })).toMatchObject({
      http: { maxConnectionsPerAddress: 0 },
      realtime: { maxConnectionsPerAddress: 0, subscribeGraceMs: 0 },
    })
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '0' })).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS=0: must be at least 1/)
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '90' })).toThrow(/must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS/)
  })

  it('lists every variable README documents', async () => {
    const { readFile } = await import('node:fs/promises')
    const readme = await readFile('README.md', 'utf8')
    for (const key of Object.keys(EnvSchema.entries)) expect(readme, `README lacks ${key}`).toContain(`\`${key}\``)
  })
})
