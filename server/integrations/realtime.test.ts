import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { realtimeSettings } from './realtime'

const hosted = { PUSHER_APP_ID: '1712', PUSHER_KEY: 'key123', PUSHER_SECRET: 'secret-123456' }

describe('realtimeSettings', () => {
  it('uses the embedded server on the shop\'s own address when nothing is configured', () => {
    const settings = realtimeSettings(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://shop.example' }), { host: '0.0.0.0', port: 8080 })
    expect(settings.embedded).toBe(true)
    expect(settings.sdk).toEqual({ host: '127.0.0.1', port: '8080', useTLS: false })
    expect(settings.browser).toMatchObject({ key: settings.app.key, host: null, cluster: null, tls: true })
    expect(settings.connectSources).toEqual(['wss://shop.example'])
  })

  it('sends the SDK and the browser to a hosted Pusher cluster', () => {
    const settings = realtimeSettings(loadConfig({ ...hosted, PUSHER_CLUSTER: 'ap3' }), { host: '127.0.0.1', port: 8080 })
    expect(settings.embedded).toBe(false)
    expect(settings.sdk).toEqual({ cluster: 'ap3', useTLS: true })
    expect(settings.browser).toMatchObject({ key: 'key123', cluster: 'ap3', host: null, tls: true })
    expect(settings.connectSources).toEqual(['wss://ws-ap3.pusher.com'])
  })

  it('or to a self-hosted server (Soketi, Reverb) by host and port', () => {
    const settings = realtimeSettings(loadConfig({ ...hosted, PUSHER_HOST: 'realtime.shop.example', PUSHER_PORT: '6001', PUSHER_TLS: 'false' }), { host: '127.0.0.1', port: 8080 })
    expect(settings.sdk).toEqual({ host: 'realtime.shop.example', port: '6001', useTLS: false })
    expect(settings.browser).toMatchObject({ host: 'realtime.shop.example', port: 6001, tls: false, cluster: null })
    expect(settings.connectSources).toEqual(['ws://realtime.shop.example:6001'])
  })
})
