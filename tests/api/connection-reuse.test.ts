import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { JSON_BODY_LIMIT } from '../../server/lib/body-limit'
import { listenShop, type ListeningShop } from './harness'

type Answer = { status: number; headers: IncomingHttpHeaders; text: string; socket: Socket }

/**
 * Clients keep connections open between requests (browsers, Node's fetch, load balancers). After
 * the server refuses a request, whatever it refused, the client's next request must be answered:
 * either the connection is still good or the answer said `Connection: close`.
 */
describe('a connection after a refused request', () => {
  let shop: ListeningShop
  // one connection at a time, kept between requests, as a browser's or a proxy's pool would
  let agent: Agent

  beforeAll(async () => {
    shop = await listenShop({ kind: 'pglite' })
  })
  afterAll(() => shop?.close())
  beforeEach(() => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 })
  })
  afterEach(() => agent.destroy())

  const send = (method: string, path: string, options: { body?: Buffer; chunked?: boolean; headers?: Record<string, string> } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const headers = { ...options.headers }
      if (options.body && !options.chunked) headers['content-length'] = String(options.body.length)
      let answered = false
      const req = httpRequest(`${shop.url}${path}`, { method, agent, headers }, (res) => {
        answered = true
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text, socket: req.socket! }))
        res.on('error', reject)
      })
      // a refusal may come while the body is still being sent: once answered, the answer is what counts
      req.on('error', (error) => (answered ? undefined : reject(error)))
      if (options.body && options.chunked) {
        for (let at = 0; at < options.body.length; at += 16 * 1024) req.write(options.body.subarray(at, at + 16 * 1024))
        req.end()
      } else req.end(options.body)
    })

  const expectJsonError = (answer: Answer, status: number, code: string) => {
    expect(answer.status, answer.text).toBe(status)
    expect(answer.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(answer.text)).toEqual({ error: { code, message: expect.any(String), detail: expect.any(Object) } })
  }

  /** A refusal either keeps the connection (keep-alive) or says it closes it; never a keep-alive that is then cut. */
  const expectHonestConnection = (answer: Answer) => {
    if (answer.headers.connection === 'close') return
    expect(answer.headers.connection).toBe('keep-alive')
    expect(answer.socket.destroyed).toBe(false)
  }

  const healthChecksPass = async (count = 4) => {
    for (let i = 0; i < count; i++) {
      const health = await send('GET', '/api/v1/health')
      expect(health.status, health.text).toBe(200)
    }
  }

  const oversized = (bytes: number) => Buffer.from(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(bytes) }))
  const json = { 'content-type': 'application/json', 'x-localization': 'en' }

  it.each([
    ['just over the limit', JSON_BODY_LIMIT + 1024],
    ['of 2 MB', 2 * 1024 * 1024],
  ])('answers a body with Content-Length %s 413 and then answers the next requests', async (_, bytes) => {
    const refused = await send('POST', '/api/v1/login', { body: oversized(bytes), headers: json })
    expectJsonError(refused, 413, 'PAYLOAD_TOO_LARGE')
    expectHonestConnection(refused)
    await healthChecksPass()
  })

  it.each([
    ['just over the limit', JSON_BODY_LIMIT + 1024],
    ['of 256 KB', 256 * 1024],
    ['of 2 MB', 2 * 1024 * 1024],
  ])('answers a chunked body %s 413 and then answers the next requests', async (_, bytes) => {
    const refused = await send('POST', '/api/v1/login', { body: oversized(bytes), chunked: true, headers: json })
    expectJsonError(refused, 413, 'PAYLOAD_TOO_LARGE')
    expectHonestConnection(refused)
    await healthChecksPass()
  })

  it('answers a 20 KB address 431 in the API’s error shape, closing the connection, and then answers the next requests', async () => {
    await healthChecksPass(1)
    const refused = await send('GET', `/api/v1/product?q=${'x'.repeat(20 * 1024)}`)
    expectJsonError(refused, 431, 'REQUEST_HEADER_TOO_LARGE')
    expect(refused.headers.connection).toBe('close')
    expect(JSON.parse(refused.text).error.detail).toEqual({ limit_bytes: 16 * 1024 })
    await healthChecksPass()
  })

  it('answers 20 KB of headers 431 the same way', async () => {
    const refused = await send('GET', '/api/v1/health', { headers: { 'x-padding': 'x'.repeat(20 * 1024) } })
    expectJsonError(refused, 431, 'REQUEST_HEADER_TOO_LARGE')
    expect(refused.headers.connection).toBe('close')
    await healthChecksPass()
  })

  /** What the server writes back on a connection of its own that sends `parts`, 100 ms apart. */
  const rawExchange = (parts: string[]) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(shop.port, '127.0.0.1', async () => {
        for (const part of parts) {
          socket.write(part)
          await new Promise((wait) => setTimeout(wait, 100))
        }
      })
      let text = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => (text += chunk))
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
    })

  it.each([
    ['a Content-Length that is not a number', ['GET /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n']],
    ['a chunked body that breaks off', ['POST /api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\n', 'zz\r\nnot a chunk\r\n']],
  ])('answers %s 400 in the API’s error shape and closes that connection', async (_, parts) => {
    const [head, body] = (await rawExchange(parts)).split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(head).toMatch(/\r\nConnection: close(\r\n|$)/i)
    expect(head).toMatch(/\r\nContent-Type: application\/json/i)
    expect(JSON.parse(body!)).toEqual({ error: { code: 'MALFORMED_REQUEST', message: expect.any(String), detail: {} } })
    await healthChecksPass()
  })

  describe('the embedded emulators on the same server', () => {
    let searchKeys: Record<string, string>
    beforeAll(async () => {
      const { search } = (await (await fetch(`${shop.url}/api/v1/config`)).json()).data
      searchKeys = { 'x-algolia-application-id': search.app_id, 'x-algolia-api-key': search.search_key }
    })

    it.each([
      ['search', () => ['/search/1/indexes/products/query', { ...searchKeys, 'content-type': 'text/plain' }] as const],
      ['the Stripe sandbox', () => ['/v1/payment_intents/pi_x/confirm', { 'content-type': 'application/x-www-form-urlencoded' }] as const],
      ['the Pusher HTTP API', () => ['/apps/1/events', { 'content-type': 'application/json' }] as const],
    ])('%s: a refused body leaves the next requests answered', async (_, target) => {
      const [path, headers] = target()
      for (const chunked of [false, true]) {
        const refused = await send('POST', path, { body: Buffer.alloc(2 * 1024 * 1024, 'a'), chunked, headers })
        expect(refused.status, refused.text).toBe(413)
        expectHonestConnection(refused)
        await healthChecksPass(2)
      }
    })
  })
})
