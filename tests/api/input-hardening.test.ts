import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Database } from '../../server/db/client'
import { JSON_BODY_LIMIT } from '../../server/lib/body-limit'
import { createLogger } from '../../server/lib/logger'
import { importCatalogue } from '../../server/flows/catalogue-import/import'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { registration } from '../fixtures/member-factory'
import { databaseTargets, freshDatabase, TestClock } from './harness'

const targets = await databaseTargets()

type Answer = { status: number; body: any; headers: Headers; text: string }

/** The whole shop over a fresh database with its real JSON logger, whose lines the test reads. */
async function shopWithLog(target: (typeof targets)[number]) {
  const database: Database = await freshDatabase(target)
  await importCatalogue(database.db, smallCatalogue())
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_DIR: 'tests/fixtures/public', SSR_DIR: 'tests/fixtures/no-ssr', AUTH_RATE_LIMIT: '1000' })
  const { app } = buildApp({ config, database, logger: createLogger('warn'), clock: new TestClock().now, mailer: { send: async () => undefined } })
  const send = async (method: string, path: string, init: { body?: BodyInit; json?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Answer> => {
    const headers: Record<string, string> = { 'x-localization': 'en', ...init.headers }
    if (init.json !== undefined || init.body !== undefined) headers['content-type'] ??= 'application/json'
    if (init.token) headers.authorization = `Bearer ${init.token}`
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.body
    const res = await app.request(path, { method, headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit)
    const text = await res.text()
    let parsed: unknown = null
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = null
    }
    return { status: res.status, body: parsed, headers: res.headers, text }
  }
  const member = async (overrides: Record<string, unknown> = {}) => {
    const details = registration(overrides)
    expect((await send('POST', '/api/v1/register', { json: details })).status).toBe(201)
    const login = await send('POST', '/api/v1/login', { json: { email: details.email, password: details.password } })
    return { ...details, token: login.body.data.token as string }
  }
  return { app, database, send, member, close: () => database.close() }
}

const expectRefusal = (res: Answer, status: number, code: string) => {
  expect(res.status, res.text).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/application\/json/)
  expect(res.body).toEqual({ error: { code, message: expect.any(String), detail: expect.any(Object) } })
}

const JSON_OPERATIONS = async (send: Awaited<ReturnType<typeof shopWithLog>>['send']) => {
  const doc = (await send('GET', '/api/v1/openapi.json')).body
  return Object.entries<Record<string, { requestBody?: unknown }>>(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.requestBody)
      .map(([method, _]) => ({ method: method.toUpperCase(), path: `/api/v1${path.replace(/\{\w+\}/g, '1')}` })),
  )
}

describe.each(targets)('input the API refuses harmlessly, on $kind', (target) => {
  let shop: Awaited<ReturnType<typeof shopWithLog>>
  let token: string
  beforeAll(async () => {
    shop = await shopWithLog(target)
    token = (await shop.member()).token
  })
  afterAll(() => shop?.close())
  afterEach(() => vi.restoreAllMocks())

  const count = async (table: string) => Number(((await shop.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n)

  describe('malformed JSON (finding 7)', () => {
    it('is a 400 MALFORMED_JSON on every route that takes a JSON body', async () => {
      const operations = await JSON_OPERATIONS(shop.send)
      expect(operations.length).toBeGreaterThanOrEqual(15)
      for (const { method, path } of operations) {
        for (const body of ['{"email":', '{bad json}', "{'a':1}", '[1,]']) {
          const res = await shop.send(method, path, { body, token })
          expect(res.status, `${method} ${path} ${body}: ${res.text}`).toBe(400)
          expect(res.body.error.code, `${method} ${path}`).toBe('MALFORMED_JSON')
        }
      }
    })

    it('names the problem in the request language', async () => {
      const res = await shop.send('POST', '/api/v1/login', { body: '{"email":', headers: { 'x-localization': 'ja' } })
      expectRefusal(res, 400, 'MALFORMED_JSON')
      expect(res.body.error.message).toBe('リクエストの本文が正しい JSON ではありません。')
    })
  })

  describe('whole numbers beyond a Postgres integer (finding 7)', () => {
    it('are field errors for ids and quantities in bodies, paths and queries', async () => {
      const big = 2 ** 31
      const lines = [{ product_id: big, variant_id: 1, quantity: 1 }]
      for (const [method, path, json] of [
        ['POST', '/api/v1/cart', { product_id: big, variant_id: big, quantity: 1 }],
        ['POST', '/api/v1/init-cart', { items: lines }],
        ['POST', '/api/v1/checkout/quote', { lines }],
        ['POST', '/api/v1/coupon/check', { code: 'WELCOME', lines }],
        ['POST', '/api/v1/ec-order', { lines: [{ product_id: 1, variant_id: 1, quantity: 1 }], recipient_id: big, invoice: { mode: 'personal', carrier_type: 'none', email: 'a@b.tw', name: 'A' } }],
      ] as const) {
        const res = await shop.send(method, path, { json, token, headers: { 'idempotency-key': `k-${path}` } })
        expectRefusal(res, 400, 'VALIDATION_FAILED')
        expect(JSON.stringify(res.body.error.detail), path).toContain('is too large')
      }
      for (const path of [`/api/v1/cart/${big}`, `/api/v1/recipient/${big}`, `/api/v1/product/${big}`, `/api/v1/product?page=${big}`, `/api/v1/product?category_id=99999999999`]) {
        const method = path.startsWith('/api/v1/product') ? 'GET' : 'DELETE'
        expectRefusal(await shop.send(method, path, { token }), 400, 'VALIDATION_FAILED')
      }
    })

    it('accept the largest integer and answer it as not found', async () => {
      expectRefusal(await shop.send('GET', '/api/v1/product/2147483647'), 404, 'NOT_FOUND')
    })
  })

  describe('NUL, unpaired surrogates and prototype keys (finding 7)', () => {
    it('refuses U+0000 anywhere: body, nested body, query and path', async () => {
      const users = await count('users')
      const nul = await shop.send('POST', '/api/v1/register', { json: registration({ first_name: 'A\u0000B' }) })
      expectRefusal(nul, 400, 'VALIDATION_FAILED')
      expect(nul.body.error.detail).toEqual({ first_name: ['contains characters that are not allowed'] })
      const nested = await shop.send('POST', '/api/v1/recipient', { json: { name: 'A', phone: '0912345678', zip_code: '106', county: '台北市', district: '大安區', address: 'x\u0000' }, token })
      expect(nested.body.error.detail).toEqual({ address: ['contains characters that are not allowed'] })
      expectRefusal(await shop.send('GET', '/api/v1/product?keyword=%00'), 400, 'VALIDATION_FAILED')
      expectRefusal(await shop.send('GET', '/api/v1/user/verify_email/confirm?token=a%00b'), 400, 'VALIDATION_FAILED')
      expectRefusal(await shop.send('GET', '/api/v1/ec-order/%00', { token }), 400, 'VALIDATION_FAILED')
      expect(await count('users')).toBe(users)
    })

    it('refuses unpaired surrogates written as JSON escapes, in values and keys', async () => {
      const lone = await shop.send('POST', '/api/v1/login', { body: '{"email":"a\\ud800@example.tw","password":"x"}' })
      expectRefusal(lone, 400, 'VALIDATION_FAILED')
      expect(lone.body.error.detail).toEqual({ email: ['contains characters that are not allowed'] })
      const trailing = await shop.send('PUT', '/api/v1/user', { body: '{"first_name":"\\udc00","last_name":"A"}', token })
      expect(trailing.body.error.detail).toEqual({ first_name: ['contains characters that are not allowed'] })
      expectRefusal(await shop.send('PUT', '/api/v1/user', { body: '{"\\ud800":1,"first_name":"A","last_name":"B"}', token }), 400, 'VALIDATION_FAILED')
      // a pair is one character: an emoji stays welcome
      const pair = await shop.send('PUT', '/api/v1/user', { body: '{"first_name":"\\ud83c\\udf75","last_name":"B","phone_number":""}', token })
      expect(pair.status, pair.text).toBe(200)
      expect(pair.body.data.first_name).toBe('🍵')
    })

    it('refuses __proto__, constructor and prototype keys at any depth', async () => {
      for (const body of [
        '{"__proto__":{"admin":true},"email":"a@b.tw","password":"x"}',
        '{"email":"a@b.tw","password":"x","constructor":{"prototype":{"x":1}}}',
        '{"lines":[{"product_id":1,"variant_id":1,"quantity":1,"prototype":1}]}',
      ]) {
        const res = await shop.send('POST', '/api/v1/login', { body })
        expectRefusal(res, 400, 'VALIDATION_FAILED')
        expect(JSON.stringify(res.body.error.detail)).toContain('is not a known parameter')
      }
      expectRefusal(await shop.send('GET', '/api/v1/product?__proto__=1'), 400, 'VALIDATION_FAILED')
      expect(({} as Record<string, unknown>).admin).toBeUndefined()
    })
  })

  describe('body size (finding 10)', () => {
    it('answers 413 PAYLOAD_TOO_LARGE for a body over 64 KB, with or without Content-Length', async () => {
      const big = JSON.stringify({ email: 'a@b.tw', password: 'x'.repeat(20 * 1024 * 1024) })
      const declared = await shop.send('POST', '/api/v1/login', { body: big })
      expectRefusal(declared, 413, 'PAYLOAD_TOO_LARGE')
      expect(declared.body.error.detail).toEqual({ limit_bytes: JSON_BODY_LIMIT })
      const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
      let sent = 0
      const chunked = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 1280) controller.enqueue(chunk)
          else controller.close()
        },
      })
      const streamed = await shop.send('POST', '/api/v1/register', { body: chunked })
      expectRefusal(streamed, 413, 'PAYLOAD_TOO_LARGE')
      expect(sent, 'stopped reading soon after the limit').toBeLessThan(10)
    })

    it('takes a body just under the limit, and lets Stripe events be larger', async () => {
      const under = await shop.send('POST', '/api/v1/login', { json: { email: 'a@b.tw', password: 'x'.repeat(JSON_BODY_LIMIT - 100) } })
      expectRefusal(under, 400, 'VALIDATION_FAILED')
      const event = await shop.send('POST', '/api/v1/payment/webhook/stripe', { json: { id: 'evt_1', padding: 'x'.repeat(200 * 1024) }, headers: { 'stripe-signature': 't=1,v1=00' } })
      expectRefusal(event, 400, 'INVALID_SIGNATURE')
    })
  })

  describe('the rest of /api (finding 11)', () => {
    it('answers JSON 404 for paths outside the API version', async () => {
      for (const path of ['/api', '/api/', '/api/v2/x', '/api//v1/config', '/api/v1', '/api/v1/nothing']) {
        for (const accept of ['application/json', 'text/html']) {
          expectRefusal(await shop.send('GET', path, { headers: { accept } }), 404, 'NOT_FOUND')
        }
      }
      expectRefusal(await shop.send('POST', '/api/v2/x', { json: {} }), 404, 'NOT_FOUND')
    })
  })

  describe('profile rules (finding 11)', () => {
    it('takes only Taiwan phone numbers on register and PUT /user, the rule checkout uses', async () => {
      const refused = await shop.send('POST', '/api/v1/register', { json: registration({ phone_number: '+1 555 0100' }) })
      expectRefusal(refused, 400, 'VALIDATION_FAILED')
      expect(refused.body.error.detail).toEqual({ phone_number: ['Please enter a valid Taiwan phone number'] })
      const edit = await shop.send('PUT', '/api/v1/user', { json: { first_name: 'A', last_name: 'B', phone_number: 'call me' }, token })
      expect(edit.body.error.detail).toEqual({ phone_number: ['Please enter a valid Taiwan phone number'] })
      const written = await shop.send('PUT', '/api/v1/user', { json: { first_name: 'A', last_name: 'B', phone_number: '+886 912-345-678' }, token })
      expect(written.body.data.phone_number).toBe('0912345678')
      const cleared = await shop.send('PUT', '/api/v1/user', { json: { first_name: 'A', last_name: 'B', phone_number: '' }, token })
      expect(cleared.body.data.phone_number).toBe('')
    })

    it('refuses a birthday in the future or a day that does not exist', async () => {
      const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`
      const future = await shop.send('POST', '/api/v1/register', { json: registration({ birthday: nextYear }) })
      expect(future.body.error.detail).toEqual({ birthday: ['may not be in the future'] })
      const edit = await shop.send('PUT', '/api/v1/user', { json: { first_name: 'A', last_name: 'B', birthday: nextYear }, token })
      expect(edit.body.error.detail).toEqual({ birthday: ['may not be in the future'] })
      for (const birthday of ['2023-02-31', '0000-01-01']) {
        const impossible = await shop.send('PUT', '/api/v1/user', { json: { first_name: 'A', last_name: 'B', birthday }, token })
        expect(impossible.body.error.detail, birthday).toEqual({ birthday: ['must be a date (yyyy-MM-dd)'] })
      }
    })

    it('refuses control and text-direction characters in names, recipients and invoice names', async () => {
      for (const name of ['A\u202eB', 'A\u2066B', 'A\u0007', 'A\u0085B', 'A\nB']) {
        const reg = await shop.send('POST', '/api/v1/register', { json: registration({ last_name: name }) })
        expect(reg.body.error.detail, JSON.stringify(name)).toEqual({ last_name: ['may not contain control or text-direction characters'] })
        const edit = await shop.send('PUT', '/api/v1/user', { json: { first_name: name, last_name: 'B' }, token })
        expect(edit.body.error.detail).toEqual({ first_name: ['may not contain control or text-direction characters'] })
        const recipient = await shop.send('POST', '/api/v1/recipient', { json: { name, phone: '0912345678', zip_code: '106', county: '台北市', district: '大安區', address: '復興南路一段 390 號' }, token })
        expect(recipient.body.error.detail).toEqual({ name: ['may not contain control or text-direction characters'] })
      }
      const invoice = await shop.send('POST', '/api/v1/ec-order', {
        json: { lines: [{ product_id: 1, variant_id: 1, quantity: 1 }], recipient_id: 1, invoice: { mode: 'personal', carrier_type: 'none', email: 'a@b.tw', name: 'A\u202eB' } },
        token,
        headers: { 'idempotency-key': 'bidi-invoice' },
      })
      expect(invoice.body.error.detail['invoice.name']).toEqual(['may not contain control or text-direction characters'])
    })
  })

  describe('the log of a failure (finding 8)', () => {
    it('names the route and the error class, never the e-mail, phone, address or password hash', async () => {
      const lines: string[] = []
      const write = process.stderr.write.bind(process.stderr)
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk, ...rest: any[]) => {
        if (String(chunk).includes('"level"')) return lines.push(String(chunk)) > 0
        return write(chunk, ...rest)
      })
      const owner = await shop.member({ phone_number: '0987654321' })
      await shop.database.db.execute(sql.raw('alter table users rename column phone_number to phone_number_moved'))
      await shop.database.db.execute(sql.raw('alter table recipients rename column address to address_moved'))
      try {
        const details = registration({ email: 'secret.person@example.tw', phone_number: '0911222333', password: 'hunter2-secret', password_confirmation: 'hunter2-secret' })
        expectRefusal(await shop.send('POST', '/api/v1/register?email=secret.person@example.tw', { json: details }), 500, 'INTERNAL_ERROR')
        const address = '光復南路 1 號 7 樓之 3'
        expectRefusal(await shop.send('POST', '/api/v1/recipient', { json: { name: '陳秘密', phone: '0922333444', zip_code: '106', county: '台北市', district: '大安區', address }, token: owner.token }), 500, 'INTERNAL_ERROR')
        expect(lines.length).toBeGreaterThanOrEqual(2)
        const logged = lines.join('\n')
        for (const secret of ['secret.person', '0911222333', 'hunter2', '$argon2', '陳秘密', '0922333444', '光復南路', 'params:']) expect(logged, secret).not.toContain(secret)
        const entries = lines.map((line) => JSON.parse(line))
        expect(entries.map((e) => e.route)).toEqual(expect.arrayContaining(['/api/v1/register', '/api/v1/recipient']))
        for (const entry of entries) {
          expect(entry).toMatchObject({ level: 'error', method: 'POST', status: 500, request_id: expect.any(String), error: { name: expect.stringMatching(/Error/), code: '42703' } })
          expect(entry.error.frames.length).toBeGreaterThan(0)
        }
      } finally {
        await shop.database.db.execute(sql.raw('alter table users rename column phone_number_moved to phone_number'))
        await shop.database.db.execute(sql.raw('alter table recipients rename column address_moved to address'))
      }
    })
  })
})
