/**
 * Picking a store on a chain's map (decision 75): the map is opened with the form the API answers,
 * the store comes back from the shopper's browser without a session, tied to the pick by its
 * MerchantTradeNo, and only the member who opened the map can read it.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storePicks } from '../../server/db/schema'
import { databaseTargets, signedInToken, startShop, type TestShop } from './harness'

const targets = await databaseTargets()

describe.each(targets)('store picks on $kind', (target) => {
  let shop: TestShop
  beforeAll(async () => {
    shop = await startShop(target, { env: { AUTH_RATE_LIMIT: '1000' } })
  })
  afterAll(() => shop?.close())

  async function member() {
    const token = await signedInToken(shop)
    const call = (method: string, path: string, body?: unknown) =>
      shop.json(`/api/v1${path}`, { method, locale: 'en', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    return { call }
  }

  /** The store forms of the map page the pick opens, as the shopper's browser gets them. */
  async function mapStores(map: { action: string; fields: Record<string, string> }, query = '') {
    const page = await shop.request(new URL(map.action).pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...map.fields, q: query }) })
    expect(page.status).toBe(200)
    const html = await page.text()
    return [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)].map(([, action, inner]) => ({
      action: action!,
      fields: Object.fromEntries([...inner!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name!, value!.replaceAll('&amp;', '&')])),
    }))
  }
  const reply = (fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded') =>
    shop.request('/api/v1/logistics/map-reply', { method: 'POST', headers: { 'content-type': contentType }, body: new URLSearchParams(fields) })

  it('opens the chain’s map, takes the store picked there back without a session, and shows it to the member who opened it alone', async () => {
    const m = await member()
    const opened = await m.call('POST', '/logistics/store-picks', { chain: 'FAMI', cash_on_pickup: true, locale: 'en' })
    expect(opened.status).toBe(201)
    const pick = opened.body.data
    expect(pick.trade_no).toMatch(/^SP[A-Za-z0-9]{16}$/)
    expect(pick.store).toBeNull()
    expect(pick.map.fields).toMatchObject({ MerchantTradeNo: pick.trade_no, LogisticsType: 'CVS', LogisticsSubType: 'FAMI', IsCollection: 'Y' })
    expect(pick.map.fields.ServerReplyURL).toMatch(/\/api\/v1\/logistics\/map-reply$/)

    const stores = await mapStores(pick.map, '金門')
    expect(stores).toHaveLength(1)
    const answer = await reply(stores[0]!.fields)
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toMatch(new RegExp(`/en/payment\\?store_pick=${pick.trade_no}$`))
    const read = await m.call('GET', `/logistics/store-picks/${pick.trade_no}`)
    expect(read.body.data.store).toEqual({ chain: 'FAMI', id: '019012', name: '金湖店', address: '金門縣金湖鎮復興路 8 號', telephone: '082-33-0111', outlying: true })

    // another member who learnt the number reads nothing, and neither does a visitor
    const other = await member()
    const theirs = await other.call('GET', `/logistics/store-picks/${pick.trade_no}`)
    expect(theirs.status).toBe(404)
    expect(theirs.body.error.code).toBe('NOT_FOUND')
    expect((await shop.request(`/api/v1/logistics/store-picks/${pick.trade_no}`)).status).toBe(401)
  })

  it('refuses a reply the map would not send, and keeps the store picked before', async () => {
    const m = await member()
    const pick = (await m.call('POST', '/logistics/store-picks', { chain: 'UNIMART' })).body.data
    const [store] = await mapStores(pick.map)
    expect((await reply(store!.fields)).headers.get('location')).toMatch(/\/payment\?store_pick=SP/)
    const before = (await m.call('GET', `/logistics/store-picks/${pick.trade_no}`)).body.data.store
    const refused: Record<string, string>[] = [
      { ...store!.fields, MerchantTradeNo: 'SPxxxxxxxxxxxxxxxx' }, // no such pick
      { ...store!.fields, MerchantID: '3002607' }, // another merchant
      { ...store!.fields, LogisticsSubType: 'FAMI', CVSStoreID: '006598' }, // another chain than the pick's
      { ...store!.fields, CVSStoreID: '1234567' },
      { ...store!.fields, CVSStoreName: '<script>alert(1)</script>' },
      { ...store!.fields, Injected: '1' },
      { ...store!.fields, constructor: '1' },
      // another store of the chain for the same pick: the first one stays
      { ...store!.fields, CVSStoreID: '131402', CVSStoreName: '站前門市' },
      { MerchantTradeNo: pick.trade_no, MerchantID: store!.fields.MerchantID! }, // no store
    ]
    for (const fields of refused) {
      const answer = await reply(fields)
      expect(answer.status).toBe(303)
      expect(answer.headers.get('location'), JSON.stringify(fields)).toMatch(/\/payment\?store_pick_error=1$/)
    }
    // not a form: refused before the route, in the API's error shape
    const json = await reply(store!.fields, 'application/json')
    expect(json.status).toBe(400)
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe('MALFORMED_JSON')
    const huge = await shop.request('/api/v1/logistics/map-reply', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `CVSAddress=${'x'.repeat(5000)}` })
    expect(huge.headers.get('location')).toMatch(/store_pick_error=1$/)
    expect((await m.call('GET', `/logistics/store-picks/${pick.trade_no}`)).body.data.store).toEqual(before)
  })

  it('checks what it is asked, and lets a pick lapse after six hours', async () => {
    const m = await member()
    for (const body of [{ chain: 'OKMART' }, { chain: 'FAMI', cash_on_pickup: 'yes' }, { chain: 'FAMI', locale: 'fr' }, {}]) {
      const answer = await m.call('POST', '/logistics/store-picks', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error.code).toBe('VALIDATION_FAILED')
    }
    expect((await m.call('GET', '/logistics/store-picks/not-a-pick')).status).toBe(400)
    const pick = (await m.call('POST', '/logistics/store-picks', { chain: 'HILIFE' })).body.data
    shop.clock.advance(6 * 3_600_000 + 1000)
    expect((await m.call('GET', `/logistics/store-picks/${pick.trade_no}`)).status).toBe(404)
    const [store] = await mapStores(pick.map)
    expect((await reply(store!.fields)).headers.get('location')).toMatch(/store_pick_error=1$/)
    // opening another drops the lapsed one
    await m.call('POST', '/logistics/store-picks', { chain: 'HILIFE' })
    expect(await shop.database.db.select().from(storePicks).where(eq(storePicks.trade_no, pick.trade_no))).toEqual([])
  })
})
