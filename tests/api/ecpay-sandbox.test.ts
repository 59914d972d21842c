/**
 * The ECPay-compatible logistics sandbox, spoken to as ECPay is: through the shop's client
 * (server/integrations/logistics.ts) over HTTP, with its status reports received by a stand-in
 * for the shop's endpoint. It faces the internet like the API: forged, malformed and oversized
 * input is refused in ECPay's words and changes nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { embeddedEcpay, type EmbeddedEcpay } from '../../server/emulators/ecpay/embedded'
import { checkMacValue } from '../../server/lib/check-mac-value'
import { createLogger } from '../../server/lib/logger'
import { freshLogisticsKeys, LogisticsClient, LogisticsRefusal, type ShipmentInput } from '../../server/integrations/logistics'

const keys = freshLogisticsKeys()
let dir: string
let sandbox: EmbeddedEcpay
let base: string
let client: LogisticsClient
let close: () => Promise<void>
/** the status reports the shop's stand-in received, in order */
let reports: Record<string, string>[] = []
/** how many of the next reports the stand-in refuses to acknowledge */
let refuseNext = 0

const logger = createLogger('silent')
const open = () => embeddedEcpay({ keys, stateDir: dir, logger })

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ecpay-sandbox-'))
  sandbox = open()
  const app = new Hono()
  app.route('/ecpay-sandbox', sandbox.routes)
  app.post('/status', async (c) => {
    const fields = Object.fromEntries(new URLSearchParams(await c.req.text()))
    if (refuseNext > 0) {
      refuseNext--
      return c.text('0|busy')
    }
    reports.push(fields)
    return c.text('1|OK')
  })
  const server = serve({ fetch: (request) => app.fetch(request), hostname: '127.0.0.1', port: 0 })
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => new Promise((resolve) => server.close(() => resolve()))
  client = new LogisticsClient(
    { keys, apiUrl: `${base}/ecpay-sandbox`, mapUrl: `${base}/ecpay-sandbox/Express/map`, statusUrl: `${base}/status`, senderName: '日本伴手禮', sandbox: true },
    logger,
  )
  await sandbox.start()
})

afterAll(async () => {
  await sandbox.stop()
  await close()
  await rm(dir, { recursive: true, force: true })
})

beforeEach(() => {
  reports = []
  refuseNext = 0
})

let serial = 0
const shipment = (overrides: Partial<ShipmentInput> = {}): ShipmentInput => ({
  tradeNo: `T${Date.now()}${serial++}`.slice(0, 20),
  chain: 'FAMI',
  storeId: '006598',
  goodsAmount: 1280,
  collect: 0,
  goodsName: '日本零食',
  receiverName: '王小美',
  receiverCellPhone: '0933222111',
  at: new Date(),
  ...overrides,
})

/** Posts `fields` to the sandbox as a merchant would, signed unless told otherwise. */
async function post(pathname: string, fields: Record<string, string>, sign = true) {
  const body = new URLSearchParams(sign ? { ...fields, CheckMacValue: checkMacValue(fields, keys) } : fields)
  const response = await fetch(`${base}/ecpay-sandbox${pathname}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
  return { status: response.status, text: await response.text() }
}

const codes = () => reports.map((r) => Number(r.RtnCode))

describe('the store map', () => {
  const mapPage = async (fields: Record<string, string>) => {
    const response = await fetch(`${base}/ecpay-sandbox/Express/map`, { method: 'POST', body: new URLSearchParams(fields) })
    return { status: response.status, html: await response.text() }
  }
  const form = () => client.mapForm({ tradeNo: 'MAP001', chain: 'FAMI', collect: true, replyUrl: 'https://shop.example/api/v1/logistics/map-reply', extra: 'abc' }).fields

  it('lists the chain’s stores, the islands marked, each a form posting the store to ServerReplyURL', async () => {
    const { status, html } = await mapPage(form())
    expect(status).toBe(200)
    expect(html).toContain('006598')
    expect(html).toContain('離島')
    expect(html).toContain('action="https://shop.example/api/v1/logistics/map-reply"')
    for (const name of ['MerchantID', 'MerchantTradeNo', 'LogisticsSubType', 'CVSStoreID', 'CVSStoreName', 'CVSAddress', 'CVSTelephone', 'CVSOutSide', 'ExtraData']) expect(html).toContain(`name="${name}"`)
    expect(html).not.toContain('131386') // a 7-ELEVEN store
  })

  it('searches by name, number or address, and keeps the request’s fields for the next search', async () => {
    const { html } = await mapPage({ ...form(), q: '金門' })
    expect(html).toContain('金湖店')
    expect(html).not.toContain('006598')
    expect(html).toContain('1 間門市')
    expect(html).toContain('name="ServerReplyURL" value="https://shop.example/api/v1/logistics/map-reply"')
  })

  it('refuses another merchant, a script address, an unknown field or chain, with a page that says why', async () => {
    for (const [change, reason] of [
      [{ MerchantID: '3002607' }, 'MerchantID Error'],
      [{ ServerReplyURL: 'javascript:alert(1)' }, 'ServerReplyURL'],
      [{ LogisticsSubType: 'TCAT' }, 'LogisticsSubType'],
      [{ IsCollection: 'X' }, 'IsCollection'],
      [{ Other: '1' }, 'Other is not a parameter'],
      [{ ExtraData: 'x'.repeat(21) }, 'ExtraData'],
    ] as const) {
      const { status, html } = await mapPage({ ...form(), ...change })
      expect(status, reason).toBe(400)
      expect(html, reason).toContain(reason)
      expect(html).not.toContain('<script')
    }
  })
})

describe('shipments', () => {
  it('creates one, signed as ECPay answers, and reports each status of its way to the shop, in order and signed', async () => {
    const created = await client.createShipment(shipment({ chain: 'UNIMART', storeId: '131386' }))
    expect(created.status).toBe(300)
    expect(created.logisticsId).toMatch(/^\d+$/)
    expect(created.paymentNo).not.toBe('')
    await sandbox.idle()
    expect(codes()).toEqual([310])
    for (const step of ['shipped', 'arrived', 'picked_up']) await client.advance(created.logisticsId, step)
    await sandbox.idle()
    expect(codes()).toEqual([310, 2024, 2030, 2063, 2067])
    for (const report of reports) {
      expect(client.isSigned(report)).toBe(true)
      expect(report.AllPayLogisticsID).toBe(created.logisticsId)
    }
    expect((await client.query({ logisticsId: created.logisticsId })).status).toBe(2067)
  })

  it('collects cash on pick-up, and reports a parcel left at the store as returned', async () => {
    const created = await client.createShipment(shipment({ collect: 1280 }))
    const { fields } = await client.query({ logisticsId: created.logisticsId })
    expect(fields.CollectionAmount).toBe('1280')
    for (const step of ['shipped', 'arrived', 'not_picked_up']) await client.advance(created.logisticsId, step)
    await sandbox.idle()
    expect(codes()).toEqual([310, 3024, 3018, 3020, 3023])
  })

  it('lets a closed store be changed for another of the chain, then goes on', async () => {
    const created = await client.createShipment(shipment({ chain: 'HILIFE', storeId: '4001' }))
    await expect(client.changeStore(created.logisticsId, '4012')).rejects.toThrow(/only after the store closed/)
    await client.advance(created.logisticsId, 'store_closed')
    await expect(client.changeStore(created.logisticsId, '006598')).rejects.toThrow(/ReceiverStoreID/)
    await client.changeStore(created.logisticsId, '4012')
    await client.advance(created.logisticsId, 'shipped')
    // statuses reported in the order they came, also within one millisecond (7011 before 2105)
    await sandbox.idle()
    expect(codes()).toEqual([2001, 7011, 2105, 3024])
  })

  it('moves a parcel forward only', async () => {
    const created = await client.createShipment(shipment())
    await expect(client.advance(created.logisticsId, 'picked_up')).rejects.toThrow(/cannot go to picked_up/)
    await expect(client.advance(created.logisticsId, 'teleported')).rejects.toThrow(/cannot go to teleported/)
  })

  it('refuses what ECPay refuses, and keeps nothing of it', async () => {
    const refused: [Partial<ShipmentInput>, RegExp][] = [
      [{ receiverName: '王1' }, /ReceiverName/],
      [{ receiverName: 'Al' }, /ReceiverName/],
      [{ receiverCellPhone: '0212345678' }, /ReceiverCellPhone/],
      [{ storeId: '999999' }, /ReceiverStoreID/],
      [{ storeId: '131386' }, /ReceiverStoreID/], // a 7-ELEVEN store for FamilyMart
      [{ goodsAmount: 20_001 }, /GoodsAmount/],
      [{ collect: 20_001 }, /CollectionAmount/],
      [{ goodsName: 'Pocky <3' }, /GoodsName/],
      [{ tradeNo: 'has space' }, /MerchantTradeNo/],
    ]
    for (const [change, message] of refused) await expect(client.createShipment(shipment(change)), String(message)).rejects.toThrow(message)
    const once = shipment()
    await client.createShipment(once)
    await expect(client.createShipment(once)).rejects.toThrow(/duplicated/)
    await sandbox.idle()
    expect(codes()).toEqual([310])
  })

  it('refuses a forged or unsigned call, another merchant, a stale query and a field ECPay does not know', async () => {
    const fields = { MerchantID: keys.merchantId, MerchantTradeNo: 'FORGED1', MerchantTradeDate: '2026/11/28 10:00:00', LogisticsType: 'CVS', LogisticsSubType: 'FAMI', GoodsAmount: '100', SenderName: '日本伴手禮', ReceiverName: '王小美', ReceiverCellPhone: '0933222111', ServerReplyURL: `${base}/status`, ReceiverStoreID: '006598' }
    expect((await post('/Express/Create', fields, false)).text).toBe('0|CheckMacValue Error')
    expect((await post('/Express/Create', { ...fields, CheckMacValue: checkMacValue(fields, keys), GoodsAmount: '1' }, false)).text).toBe('0|CheckMacValue Error')
    expect((await post('/Express/Create', { ...fields, MerchantID: '2000933' })).text).toBe('0|MerchantID Error')
    expect((await post('/Express/Create', { ...fields, Extra: '1' })).text).toMatch(/^0\|Extra is not a parameter/)
    const created = await client.createShipment(shipment())
    const stale = await post('/Helper/QueryLogisticsTradeInfo/V2', { MerchantID: keys.merchantId, AllPayLogisticsID: created.logisticsId, TimeStamp: String(Math.floor(Date.now() / 1000) - 600) })
    expect(stale.text).toBe('0|TimeStamp Error')
    await expect(client.query({ logisticsId: '1' })).rejects.toBeInstanceOf(LogisticsRefusal)
    const huge = await fetch(`${base}/ecpay-sandbox/Express/Create`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `a=${'x'.repeat(20_000)}` })
    expect(huge.status).toBe(413)
    expect((await post('/Express/Create', { ...fields, GoodsName: 'x'.repeat(501) })).text).toMatch(/^0\|GoodsName is too long/)
    const broken = await fetch(`${base}/ecpay-sandbox/Express/Create`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x\r\nnot a part' })
    expect(await broken.text()).toBe('0|The form could not be read')
  })

  it('answers generated input on every endpoint in ECPay’s words, never 5xx, and keeps nothing of it', async () => {
    const before = (await sandbox.state()).shipments
    const names = ['MerchantID', 'MerchantTradeNo', 'MerchantTradeDate', 'LogisticsType', 'LogisticsSubType', 'GoodsAmount', 'IsCollection', 'CollectionAmount', 'ReceiverName', 'ReceiverCellPhone', 'ReceiverStoreID', 'ServerReplyURL', 'AllPayLogisticsID', 'TimeStamp', 'Step', 'CheckMacValue', '__proto__', 'constructor', 'x']
    const value = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('', '0', '-1', '20001', 'CVS', 'FAMI', 'Y', keys.merchantId, 'javascript:alert(1)', 'x'.repeat(600)))
    const form = fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 12 })
    const endpoint = fc.constantFrom('/Express/Create', '/Helper/QueryLogisticsTradeInfo/V2', '/Helper/UpdateShipmentInfo', '/Sandbox/Advance', '/Express/map')
    await fc.assert(
      fc.asyncProperty(endpoint, form, fc.boolean(), async (pathname, fields, signed) => {
        const { status, text } = await post(pathname, fields, signed && pathname !== '/Express/map')
        expect(status).toBeLessThan(500)
        if (pathname === '/Express/map') expect([200, 400]).toContain(status)
        else expect(text).toMatch(/^0\|/)
      }),
      { numRuns: 300, seed: 20261128 },
    )
    expect((await sandbox.state()).shipments).toBe(before)
  }, 60_000)

  it('reports a status again until the shop answers 1|OK, and keeps its shipments across a restart', async () => {
    refuseNext = 2
    const created = await client.createShipment(shipment())
    await sandbox.idle()
    expect(codes()).toEqual([310])
    await sandbox.stop()
    sandbox = open()
    const app = new Hono().route('/ecpay-sandbox', sandbox.routes)
    const again = new LogisticsClient({ ...client.settings, apiUrl: 'http://in-process/ecpay-sandbox' }, logger)
    const original = globalThis.fetch
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => (String(input).startsWith('http://in-process/') ? app.request(String(input).replace('http://in-process', ''), init) : original(input, init))) as typeof fetch
    try {
      expect((await again.query({ logisticsId: created.logisticsId })).status).toBe(310)
    } finally {
      globalThis.fetch = original
    }
  }, 20_000)
})
