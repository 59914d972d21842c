import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recipients } from '../../server/db/schema'
import { databaseTargets, signedInToken, startShop, type TestShop } from './harness'

const targets = await databaseTargets()

const linkou = { name: '王小明', phone: '0912-345-678', zip_code: '24451', county: '新北市', district: '林口區', address: '文化一路一段 100 號 5 樓' }
const daan = { name: '陳美玲', phone: '(02) 2345-6789', zip_code: '106', county: '台北市', district: '大安區', address: '復興南路一段 390 號' }

describe.each(targets)('recipients on $kind', (target) => {
  let shop: TestShop
  beforeAll(async () => {
    shop = await startShop(target, { env: { AUTH_RATE_LIMIT: '1000' } })
  })
  afterAll(() => shop?.close())

  async function member() {
    const token = await signedInToken(shop)
    const call = (method: string, path: string, body?: unknown, locale = 'en') =>
      shop.json(`/api/v1${path}`, { method, locale, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    return { call }
  }
  const stored = async () => shop.database.db.select().from(recipients)

  it('is for members only', async () => {
    expect((await shop.request('/api/v1/recipient')).status).toBe(401)
    const post = await shop.json('/api/v1/recipient', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(linkou) })
    expect(post.status).toBe(401)
    expect(post.body.error.code).toBe('UNAUTHENTICATED')
  })

  it('saves recipients normalised; the first is the default, a later one can take over', async () => {
    const m = await member()
    expect((await m.call('GET', '/recipient')).body).toEqual({ data: [] })
    const first = await m.call('POST', '/recipient', linkou)
    expect(first.status).toBe(201)
    expect(first.body.data).toEqual({
      id: expect.any(Number),
      name: '王小明',
      phone: '0912345678',
      zip_code: '24451',
      county: '新北市',
      district: '林口區',
      address: '文化一路一段 100 號 5 樓',
      is_default: true,
      created_at: '2026-11-21T09:00:00.000Z',
      updated_at: '2026-11-21T09:00:00.000Z',
    })
    shop.clock.advance(1000)
    const second = await m.call('POST', '/recipient', daan)
    expect(second.body.data).toMatchObject({ county: '臺北市', phone: '0223456789', is_default: false })
    shop.clock.advance(1000)
    const third = await m.call('POST', '/recipient', { ...daan, name: '李大同', is_default: true })
    expect(third.body.data.is_default).toBe(true)
    const list = (await m.call('GET', '/recipient')).body.data
    expect(list.map((r: { name: string; is_default: boolean }) => [r.name, r.is_default])).toEqual([
      ['李大同', true],
      ['陳美玲', false],
      ['王小明', false],
    ])
  })

  it('updates a recipient and moves the default only when another one is marked', async () => {
    const m = await member()
    const a = (await m.call('POST', '/recipient', linkou)).body.data
    const b = (await m.call('POST', '/recipient', daan)).body.data
    shop.clock.advance(60_000)
    const edited = await m.call('PUT', `/recipient/${a.id}`, { ...linkou, address: '仁愛路二段 1 號', is_default: false })
    expect(edited.status).toBe(200)
    expect(edited.body.data).toMatchObject({ id: a.id, address: '仁愛路二段 1 號', is_default: true })
    expect(edited.body.data.updated_at).not.toBe(a.updated_at)
    const moved = await m.call('PUT', `/recipient/${b.id}`, { ...daan, is_default: true })
    expect(moved.body.data.is_default).toBe(true)
    const list = (await m.call('GET', '/recipient')).body.data
    expect(list.filter((r: { is_default: boolean }) => r.is_default).map((r: { id: number }) => r.id)).toEqual([b.id])
  })

  it('deletes a recipient; a deleted default passes to the newest remaining one', async () => {
    const m = await member()
    const a = (await m.call('POST', '/recipient', linkou)).body.data
    shop.clock.advance(1000)
    const b = (await m.call('POST', '/recipient', daan)).body.data
    shop.clock.advance(1000)
    const c = (await m.call('POST', '/recipient', { ...daan, name: '第三位' })).body.data
    const afterOther = await m.call('DELETE', `/recipient/${b.id}`)
    expect(afterOther.body.data.map((r: { id: number; is_default: boolean }) => [r.id, r.is_default])).toEqual([
      [a.id, true],
      [c.id, false],
    ])
    const afterDefault = await m.call('DELETE', `/recipient/${a.id}`)
    expect(afterDefault.body.data.map((r: { id: number; is_default: boolean }) => [r.id, r.is_default])).toEqual([[c.id, true]])
    expect((await m.call('DELETE', `/recipient/${a.id}`)).status).toBe(404)
  })

  it('documents what the address book uses in the OpenAPI document: list, add, replace, delete, with 404 for another member’s id', async () => {
    const { body: doc } = await shop.json('/api/v1/openapi.json')
    // paths are relative to the document's server, /api/v1
    const list = doc.paths['/recipient']
    const one = doc.paths['/recipient/{id}']
    expect(Object.keys(list ?? {})).toEqual(expect.arrayContaining(['get', 'post']))
    expect(Object.keys(one ?? {})).toEqual(expect.arrayContaining(['put', 'delete']))
    for (const operation of [one.put, one.delete]) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '404']))
    expect(Object.keys(one.put.responses)).toContain('400')
  })

  it("never shows or changes another member's recipient: 404, and nothing changes", async () => {
    const owner = await member()
    const other = await member()
    const mine = (await owner.call('POST', '/recipient', linkou)).body.data
    expect((await other.call('GET', '/recipient')).body.data).toEqual([])
    const put = await other.call('PUT', `/recipient/${mine.id}`, { ...daan, is_default: true })
    expect(put.status).toBe(404)
    expect(put.body.error).toEqual({ code: 'NOT_FOUND', message: 'This recipient does not exist.', detail: {} })
    expect((await other.call('DELETE', `/recipient/${mine.id}`)).status).toBe(404)
    const [row] = await shop.database.db.select().from(recipients).where(eq(recipients.id, mine.id))
    expect(row).toMatchObject({ name: '王小明', address: linkou.address, is_default: true })
    expect((await owner.call('GET', '/recipient')).body.data).toHaveLength(1)
  })

  it('refuses bad values with the documented error shape and stores nothing', async () => {
    const m = await member()
    const before = (await stored()).length
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...linkou, zip_code: '100' }, { zip_code: ['Please enter the correct postal code format'] }],
      [{ ...linkou, zip_code: '2445' }, { zip_code: ['Please enter the correct postal code format'] }],
      [{ ...linkou, zip_code: '2440123' }, { zip_code: ['Please enter the correct postal code format'] }],
      [{ ...linkou, district: '大安區' }, { district: ['Please choose a district of this county or city'] }],
      [{ ...linkou, county: 'Tokyo' }, { county: ['Please choose a county or city'] }],
      [{ ...linkou, phone: '+81 90 1234 5678' }, { phone: ['Please enter a valid Taiwan phone number'] }],
      [{ ...linkou, name: '', address: 'x'.repeat(101) }, { name: ['is required'], address: ['may be at most 100 characters'] }],
      [{ name: '王小明' }, Object.fromEntries(['phone', 'zip_code', 'county', 'district', 'address'].map((k) => [k, ['is required']]))],
    ]
    for (const [input, detail] of cases) {
      const { status, body } = await m.call('POST', '/recipient', input)
      expect(status, JSON.stringify(input)).toBe(400)
      expect(body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'The given data was invalid.', detail })
    }
    expect((await stored()).length).toBe(before)
    const a = (await m.call('POST', '/recipient', linkou)).body.data
    const bad = await m.call('PUT', `/recipient/${a.id}`, { ...linkou, zip_code: '24' })
    expect(bad.status).toBe(400)
    expect((await m.call('GET', '/recipient')).body.data[0].zip_code).toBe('24451')
    expect((await m.call('PUT', '/recipient/abc', linkou)).status).toBe(400)
  })

  it('speaks the shopper’s language', async () => {
    const m = await member()
    const messages = async (locale: string) => (await m.call('POST', '/recipient', { ...linkou, zip_code: '999', phone: '123' }, locale)).body.error
    expect(await messages('zh_tw')).toEqual({
      code: 'VALIDATION_FAILED',
      message: '輸入的資料有誤。',
      detail: { phone: ['請輸入正確的台灣電話號碼'], zip_code: ['請輸入正確的郵遞區號格式'] },
    })
    expect((await messages('ja')).detail).toEqual({ phone: ['正しい台湾の電話番号を入力してください'], zip_code: ['正しい郵便番号の形式で入力してください'] })
    expect((await messages('en')).detail).toEqual({ phone: ['Please enter a valid Taiwan phone number'], zip_code: ['Please enter the correct postal code format'] })
    const missing = await m.call('DELETE', '/recipient/999999', undefined, 'ja')
    expect(missing.body.error.message).toBe('この受取人は見つかりません。')
  })

  it('keeps at most 20 recipients per member', async () => {
    const m = await member()
    for (let i = 0; i < 20; i++) expect((await m.call('POST', '/recipient', { ...linkou, name: `收件人${i}` })).status).toBe(201)
    const over = await m.call('POST', '/recipient', linkou, 'zh_tw')
    expect(over.status).toBe(409)
    expect(over.body.error).toEqual({ code: 'RECIPIENT_LIMIT', message: '最多只能儲存 20 位收件人。', detail: {} })
  })

  it('keeps one default when defaults are set at the same time', async () => {
    const m = await member()
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push((await m.call('POST', '/recipient', { ...linkou, name: `收件人${i}` })).body.data.id)
    const answers = await Promise.all(ids.map((id, i) => m.call('PUT', `/recipient/${id}`, { ...linkou, name: `收件人${i}`, is_default: true })))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    const defaults = (await m.call('GET', '/recipient')).body.data.filter((r: { is_default: boolean }) => r.is_default)
    expect(defaults).toHaveLength(1)
  })
})
