import { describe, expect, it } from 'vitest'
import type { RealtimeConfig } from '../../contract/realtime'
import { echoOptions } from './realtime'

const embedded: RealtimeConfig = { provider: 'pusher', key: 'abc', cluster: null, host: null, port: null, tls: false, auth_endpoint: '/api/v1/broadcasting/auth' }

describe('echoOptions', () => {
  it("reaches the embedded server on the page's own host and port, authorised with the bearer token", () => {
    const options = echoOptions(embedded, 'tok', { hostname: '127.0.0.1', port: '8181', protocol: 'http:' })
    expect(options).toMatchObject({ broadcaster: 'pusher', key: 'abc', wsHost: '127.0.0.1', wsPort: 8181, wssPort: 8181, forceTLS: false, disableStats: true })
    expect(options.channelAuthorization).toEqual({ endpoint: '/api/v1/broadcasting/auth', transport: 'ajax', headers: { Authorization: 'Bearer tok', Accept: 'application/json' } })
  })

  it('uses the default ports and TLS of an https page without a port', () => {
    expect(echoOptions(embedded, 'tok', { hostname: 'shop.example', port: '', protocol: 'https:' })).toMatchObject({ wsHost: 'shop.example', wsPort: 443, wssPort: 443, forceTLS: true })
  })

  it('goes to hosted Pusher by its cluster, without a host', () => {
    const options = echoOptions({ ...embedded, cluster: 'ap3', tls: true }, 'tok', { hostname: 'shop.example', port: '', protocol: 'https:' })
    expect(options).toMatchObject({ cluster: 'ap3', forceTLS: true })
    expect(options).not.toHaveProperty('wsHost')
  })

  it('gives each session its own headers object (Echo writes into it)', () => {
    const a = echoOptions(embedded, 'a', { hostname: 'h', port: '1', protocol: 'http:' })
    const b = echoOptions(embedded, 'b', { hostname: 'h', port: '1', protocol: 'http:' })
    expect(a.auth.headers).not.toBe(b.auth.headers)
    expect(b.auth.headers.Authorization).toBe('Bearer b')
  })
})
