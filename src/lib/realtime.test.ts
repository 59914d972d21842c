import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { privateMemberChannel, type RealtimeConfig } from '../../contract/realtime'
import { connectMemberChannel, echoOptions } from './realtime'

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

/** The embedded Pusher server as pusher-js sees it: a socket that closes with 4101 when it held no channel for 30 s. */
class FakeSocket {
  static opened: FakeSocket[] = []
  readyState = 0
  onopen?: () => void
  onmessage?: (message: { data: string }) => void
  onclose?: (event: { code: number; reason: string; wasClean: boolean }) => void
  onerror?: (error: unknown) => void
  private grace?: ReturnType<typeof setTimeout>
  constructor(readonly url: string) {
    FakeSocket.opened.push(this)
    setTimeout(() => {
      this.readyState = 1
      this.onopen?.()
      this.receive('pusher:connection_established', JSON.stringify({ socket_id: `${FakeSocket.opened.length}.1`, activity_timeout: 120 }))
      this.grace = setTimeout(() => this.end(4101, 'no subscription'), 30_000)
    }, 10)
  }
  receive(event: string, data: string, channel?: string) {
    this.onmessage?.({ data: JSON.stringify({ event, data, channel }) })
  }
  send(raw: string) {
    const { event, data } = JSON.parse(raw) as { event: string; data: { channel?: string } }
    if (event !== 'pusher:subscribe') return
    clearTimeout(this.grace)
    this.receive('pusher_internal:subscription_succeeded', '{}', data.channel)
  }
  close() {
    this.end(1000, '')
  }
  private end(code: number, reason: string) {
    if (this.readyState === 3) return
    clearTimeout(this.grace)
    this.readyState = 3
    this.onclose?.({ code, reason, wasClean: true })
  }
}

/** The shop's broadcasting auth endpoint, answering each channel authorisation with `status`. */
function fakeAuthEndpoint(status: number) {
  const posts: string[] = []
  class FakeXhr {
    readyState = 0
    status = 0
    responseText = ''
    withCredentials = false
    onreadystatechange?: () => void
    private url = ''
    open(_method: string, url: string) {
      this.url = url
    }
    setRequestHeader() {}
    send(body: string) {
      posts.push(`${this.url} ${body}`)
      setTimeout(() => {
        this.readyState = 4
        this.status = status
        this.responseText = status === 200 ? JSON.stringify({ auth: 'abc:signature' }) : '{"message":"Unauthenticated."}'
        this.onreadystatechange?.()
      }, 5)
    }
  }
  return { posts, FakeXhr }
}

describe('connectMemberChannel', () => {
  // pusher-js reaches the browser's WebSocket and XMLHttpRequest through its runtime
  let runtime: { getWebSocketAPI: () => unknown; getXHRAPI: () => unknown }
  const answerAuthWith = (status: number) => {
    const auth = fakeAuthEndpoint(status)
    vi.spyOn(runtime, 'getXHRAPI').mockReturnValue(auth.FakeXhr)
    return auth
  }
  beforeEach(async () => {
    runtime = ((await import('pusher-js')).default as unknown as { Runtime: typeof runtime }).Runtime
    FakeSocket.opened = []
    vi.useFakeTimers()
    vi.spyOn(runtime, 'getWebSocketAPI').mockReturnValue(FakeSocket)
    // pusher-js logs the refusal itself
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  const handlers = () => ({ onNotification: vi.fn(), onReconnected: vi.fn() })

  it.each([401, 403])('stops for good when the auth endpoint refuses the token (%i): no reconnect, no second ask', async (status) => {
    const auth = answerAuthWith(status)
    const told = handlers()
    const connection = await connectMemberChannel(embedded, 7, 'expired', told)
    // five of the server's 30-second grace periods
    await vi.advanceTimersByTimeAsync(160_000)
    expect(FakeSocket.opened).toHaveLength(1)
    expect(auth.posts).toHaveLength(1)
    expect(auth.posts[0]).toContain(`channel_name=${privateMemberChannel(7)}`)
    expect(told.onReconnected).not.toHaveBeenCalled()
    connection.close()
  })

  it('keeps the connection when the token is accepted, and reconnects after a loss', async () => {
    const auth = answerAuthWith(200)
    const told = handlers()
    const connection = await connectMemberChannel(embedded, 7, 'good', told)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(FakeSocket.opened).toHaveLength(1)
    FakeSocket.opened[0]!.close()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(FakeSocket.opened).toHaveLength(2)
    expect(auth.posts).toHaveLength(2)
    expect(told.onReconnected).toHaveBeenCalledTimes(1)
    connection.close()
  })

  it('asks again on the next connection after a passing failure of the auth endpoint (500)', async () => {
    const auth = answerAuthWith(500)
    const connection = await connectMemberChannel(embedded, 7, 'good', handlers())
    await vi.advanceTimersByTimeAsync(35_000)
    expect(FakeSocket.opened.length).toBeGreaterThan(1)
    expect(auth.posts.length).toBeGreaterThan(1)
    connection.close()
  })
})
