import { request as httpRequest } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenShop, type ListeningShop } from './harness'

/**
 * Issue 24: about 20,000 connections sending half a request's headers, from two addresses, held
 * the shop's file descriptors until Node's own header timeout (60 s, checked every 30 s): sign-up,
 * cart and pages were reset for 90-105 s. The shop here runs with short limits so the test is quick.
 */
describe('connections that never finish their request', () => {
  let shop: ListeningShop
  const PER_ADDRESS = 20

  beforeAll(async () => {
    shop = await listenShop(
      { kind: 'pglite' },
      { env: { HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2', HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) } },
    )
  })
  afterAll(() => shop?.close())

  /** A raw connection from `localAddress` (127.0.0.x is another client on loopback) that writes `text` and keeps what it is answered. */
  const open = (text: string, localAddress = '127.0.0.1') =>
    new Promise<{ socket: Socket; answer: Promise<{ text: string; at: number }> }>((resolve, reject) => {
      const socket = connect({ port: shop.port, host: '127.0.0.1', localAddress }, () => {
        if (text) socket.write(text)
        resolve({ socket, answer })
      })
      let received = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => (received += chunk))
      const answer = new Promise<{ text: string; at: number }>((done) => socket.on('close', () => done({ text: received, at: performance.now() })))
      socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)))
    })

  const health = (localAddress = '127.0.0.1') =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${shop.url}/api/v1/health`, { localAddress, agent: false }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode!))
      })
      req.on('error', reject)
      req.end()
    })

  const expectTimedOut = (text: string) => {
    const [head, body] = text.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/)
    expect(head).toMatch(/\r\nConnection: close/i)
    expect(JSON.parse(body!)).toEqual({ error: { code: 'REQUEST_TIMEOUT', message: expect.any(String), detail: {} } })
  }

  it('answers half-sent headers, and a connection that sends nothing, 408 within the header timeout and closes them', async () => {
    const started = performance.now()
    const partial = await Promise.all(Array.from({ length: 10 }, (_, i) => open(i % 2 ? `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Slow-${i}: ` : '')))
    for (const { answer } of partial) {
      const { text, at } = await answer
      expectTimedOut(text)
      // 1 s, checked every 250 ms, then the answer's own 2 s of lingering at most
      expect(at - started).toBeLessThan(4_000)
    }
  })

  it('answers a body that trickles in 408 at the request timeout', async () => {
    const started = performance.now()
    const { socket, answer } = await open('POST /api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":')
    const trickle = setInterval(() => socket.writable && socket.write(' '), 300)
    try {
      const { text, at } = await answer
      expectTimedOut(text)
      expect(at - started).toBeGreaterThan(1_500)
      expect(at - started).toBeLessThan(5_000)
    } finally {
      clearInterval(trickle)
    }
  })

  it(`holds ${PER_ADDRESS} connections from one address, closes more at once, and keeps serving other addresses`, async () => {
    const held = await Promise.all(Array.from({ length: PER_ADDRESS }, () => open('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n')))
    const started = performance.now()
    const flood = await Promise.all(Array.from({ length: 100 }, () => open('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n')))
    for (const { answer } of flood) {
      const { text, at } = await answer
      expect(text).toBe('')
      expect(at - started).toBeLessThan(800)
    }
    // a shopper at another address is answered while the flood holds its places
    expect(await health('127.0.0.2')).toBe(200)
    // and the flooding address again once the server has seen its connections go
    held.forEach(({ socket }) => socket.end())
    await Promise.all(held.map(({ answer }) => answer))
    expect(await health()).toBe(200)
  })

  it('does not cap a listed proxy (TRUST_PROXY as addresses), whose connections carry many clients, and still caps everyone else', async () => {
    const proxied = await listenShop({ kind: 'pglite' }, { env: { TRUST_PROXY: '127.0.0.3', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2' } })
    const sockets: Socket[] = []
    const hold = (localAddress: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect({ port: proxied.port, host: '127.0.0.1', localAddress }, () => resolve(socket))
        socket.on('error', reject)
        sockets.push(socket)
      })
    const healthVia = (localAddress: string) =>
      new Promise<number>((resolve) => {
        const req = httpRequest(`${proxied.url}/api/v1/health`, { localAddress, agent: false }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode!))
        })
        req.on('error', () => resolve(0))
        req.end()
      })
    try {
      for (let i = 0; i < 5; i++) await hold('127.0.0.3')
      expect(await healthVia('127.0.0.3')).toBe(200)
      for (let i = 0; i < 2; i++) await hold('127.0.0.4')
      // the third from an address that is not a listed proxy is closed unanswered
      expect(await healthVia('127.0.0.4')).toBe(0)
    } finally {
      sockets.forEach((socket) => socket.destroy())
      await proxied.close()
    }
  })
})

/**
 * A client keeps its connection for the next request (browsers, keep-alive agents, a load
 * balancer's pool). With Node's 5 s, the shop closed an idle connection just as a client reused
 * it, and that request was reset (ECONNRESET; a load balancer answers 502). The idle time is
 * HTTP_KEEP_ALIVE_SECONDS, longer than the header timeout, which does not apply between requests.
 */
describe('connections kept for the next request', () => {
  let shop: ListeningShop

  beforeAll(async () => {
    shop = await listenShop({ kind: 'pglite' }, { env: { HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2', HTTP_KEEP_ALIVE_SECONDS: '4' } })
  })
  afterAll(() => shop?.close())

  it('serves a request on a connection idle longer than the header timeout, says how long it waits, and closes it after that', async () => {
    const socket = connect({ port: shop.port, host: '127.0.0.1' })
    await new Promise((resolve) => socket.once('connect', resolve))
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (received += chunk))
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now())))
    // each answer's status line (the one before ends with its JSON body, not a line break)
    const answers = () => received.match(/HTTP\/1\.1 \d{3}/g) ?? []
    const ask = async () => {
      const before = answers().length
      socket.write('GET /api/v1/health HTTP/1.1\r\nHost: shop\r\n\r\n')
      await expect.poll(() => answers().length, { timeout: 5_000 }).toBe(before + 1)
    }

    await ask()
    expect(received).toMatch(/\r\nKeep-Alive: timeout=4/i)
    // idle for twice the header timeout: still open, and the next request is answered
    await new Promise((resolve) => setTimeout(resolve, 2_200))
    await ask()
    expect(answers()).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200'])
    const lastAnswer = performance.now()
    // then idle past the keep-alive time: the shop closes it
    const at = await closed
    expect(at - lastAnswer).toBeGreaterThan(3_000)
    expect(at - lastAnswer).toBeLessThan(7_000)
  }, 20_000)
})
