import { spawn } from 'node:child_process'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviews } from '../../server/db/schema'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { registration } from '../fixtures/member-factory'
import { listenCheckoutShop, type CheckoutShop, type Member } from './checkout-kit'
import { databaseTargets, TEST_OPERATOR_KEY } from './harness'

const targets = await databaseTargets()

const label = (zh: string, en: string) => ({ zh_tw: zh, en, ja: zh })
function catalogue() {
  const file = smallCatalogue()
  file.products.push(
    productRecord('REV-0001', {
      variants: [
        { sku: 'REV-0001-A', label: label('6入', '6 pieces'), price: 300, stock_left: 500 },
        { sku: 'REV-0001-B', label: label('12入', '12 pieces'), price: 550, stock_left: 500 },
      ],
    }),
    productRecord('REV-0002', { variants: [{ sku: 'REV-0002-A', label: label('1盒', '1 box'), price: 200, stock_left: 500 }] }),
    productRecord('REV-0003', { variants: [{ sku: 'REV-0003-A', label: label('1盒', '1 box'), price: 250, stock_left: 500 }] }),
  )
  return file
}

describe.each(targets)('reviews on $kind', (target) => {
  let shop: CheckoutShop
  beforeAll(async () => {
    // the catalogue cache on, as in production: a review must still show at once
    shop = await listenCheckoutShop(target, { catalogue: catalogue(), env: { CATALOGUE_CACHE_SECONDS: '60' } })
  })
  afterAll(() => shop?.close())

  /** A member with a paid order of these lines, moved to `status` by the operator. */
  async function buyer(skus: string[], status: 'PROCESSING' | 'TRANSPORTING' | 'COMPLETED' | 'CANCEL' = 'COMPLETED', m?: Member) {
    const member = m ?? (await shop.member())
    const placed = await member.checkout(skus.map((sku) => shop.line(sku, 1)))
    expect(placed.status).toBe(201)
    const no = placed.body.data.no as string
    if (status === 'CANCEL') {
      expect((await member.call('POST', `/api/v1/ec-order/${no}/cancel`)).status).toBe(200)
      return { member, no }
    }
    expect((await shop.pay(placed.body.data.payment.client_secret, 'pm_card_visa')).status).toBe(200)
    await shop.settle()
    if (status === 'TRANSPORTING' || status === 'COMPLETED') expect((await shop.operate('ship', no, { tracking: '123456789012' })).status).toBe(200)
    if (status === 'COMPLETED') expect((await shop.operate('complete', no)).status).toBe(200)
    return { member, no }
  }
  const productId = (sku: string) => shop.line(sku, 1).product_id
  const review = (m: Member, body: Record<string, unknown>, locale = 'en') => m.call('POST', '/api/v1/comment', body, { 'x-localization': locale })
  const reviewsOf = async (sku: string, query = '') => (await shop.request('GET', `/api/v1/product/${productId(sku)}/comment${query}`)).body

  it('lets only the buyer of a delivered order review its products, once each, and edit it', async () => {
    const { member, no } = await buyer(['REV-0001-B', 'REV-0002-A'], 'TRANSPORTING')
    // shipped, not delivered: nothing pending, and a review is refused
    expect((await member.call('GET', '/api/v1/comment/pending')).body.data).toEqual([])
    const early = await review(member, { order_no: no, product_id: productId('REV-0001-B'), score: 5 })
    expect([early.status, early.body.error.code]).toEqual([409, 'REVIEW_NOT_ALLOWED'])
    expect((await shop.operate('complete', no)).status).toBe(200)

    const pending = (await member.call('GET', '/api/v1/comment/pending')).body.data
    expect(pending).toHaveLength(1)
    expect(pending[0]).toMatchObject({ order_no: no, items: [{ product_id: productId('REV-0001-B'), variant_label: '12 pieces' }, { product_id: productId('REV-0002-A') }] })
    expect(pending[0].completed_at).toMatch(/^\d{4}-/)
    expect((await member.call('GET', `/api/v1/comment/pending/${no}`)).body.data.items).toHaveLength(2)

    // bad input: field errors in the member's language, nothing written
    const bad = await review(member, { order_no: no, product_id: productId('REV-0001-B'), score: 6, evaluation: 'x'.repeat(101) }, 'zh_tw')
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED'])
    expect(bad.body.error.detail).toEqual({ score: ['請選擇 1 到 5 顆星。'], evaluation: ['最多 100 個字。'] })
    expect(await shop.database.db.select().from(reviews).where(eq(reviews.order_id, 0))).toEqual([])

    const written = await review(member, { order_no: no, product_id: productId('REV-0001-B'), score: 4, evaluation: '  抹茶味很濃，包裝精緻。 ' })
    expect(written.status).toBe(201)
    expect(written.body.data).toMatchObject({ score: 4, evaluation: '抹茶味很濃，包裝精緻。', verified_purchase: true, variant_label: '12 pieces', author: '王*明', edited_at: null, reply: null, order_no: no, hidden: false })
    const again = await review(member, { order_no: no, product_id: productId('REV-0001-B'), score: 1 })
    expect([again.status, again.body.error.code]).toEqual([409, 'REVIEW_EXISTS'])
    expect((await member.call('GET', `/api/v1/comment/pending/${no}`)).body.data.items.map((i: { product_id: number }) => i.product_id)).toEqual([productId('REV-0002-A')])

    const edited = await member.call('PUT', `/api/v1/comment/${written.body.data.id}`, { score: 5, evaluation: '回購第二次' })
    expect(edited.body.data).toMatchObject({ score: 5, evaluation: '回購第二次' })
    expect(edited.body.data.edited_at).not.toBeNull()
    const history = (await member.call('GET', '/api/v1/comment/history')).body
    expect(history).toMatchObject({ total: 1, data: [{ id: written.body.data.id, score: 5, product_name: expect.any(String) }] })
  })

  it('keeps members apart: another member’s order and review are 404; a cancelled order has nothing to review', async () => {
    const { member: owner, no } = await buyer(['REV-0002-A'])
    const stranger = await shop.member()
    const foreign = await review(stranger, { order_no: no, product_id: productId('REV-0002-A'), score: 5 })
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'NOT_FOUND'])
    expect((await stranger.call('GET', `/api/v1/comment/pending/${no}`)).status).toBe(404)
    const notInOrder = await review(owner, { order_no: no, product_id: productId('REV-0001-A'), score: 5 })
    expect(notInOrder.status).toBe(404)
    const mine = await review(owner, { order_no: no, product_id: productId('REV-0002-A'), score: 3 })
    expect((await stranger.call('PUT', `/api/v1/comment/${mine.body.data.id}`, { score: 1 })).status).toBe(404)

    const cancelled = await buyer(['REV-0002-A'], 'CANCEL')
    expect((await cancelled.member.call('GET', '/api/v1/comment/pending')).body.data).toEqual([])
    expect((await review(cancelled.member, { order_no: cancelled.no, product_id: productId('REV-0002-A'), score: 5 })).status).toBe(409)
  })

  it('sums up a product’s visible reviews (average, count, bands) on its page, detail, list and search record; hidden reviews leave the figures', async () => {
    const sku = 'REV-0003-A'
    const scores = [5, 4, 4, 2]
    const ids: number[] = []
    for (const score of scores) {
      const { member, no } = await buyer([sku])
      ids.push((await review(member, { order_no: no, product_id: productId(sku), score, evaluation: `${score} stars` })).body.data.id)
    }
    // (5 + 4 + 4 + 2) / 4 = 3.75, one decimal: 3.8
    const page = await reviewsOf(sku)
    expect(page.summary).toEqual({ average: 3.8, reviews_total: 4, band_list: [{ rate: 5, total: 1 }, { rate: 4, total: 2 }, { rate: 3, total: 0 }, { rate: 2, total: 1 }, { rate: 1, total: 0 }] })
    expect(page.data.map((r: { score: number }) => r.score)).toEqual([2, 4, 4, 5])
    expect((await reviewsOf(sku, '?sort=highest')).data.map((r: { score: number }) => r.score)).toEqual([5, 4, 4, 2])
    expect((await reviewsOf(sku, '?sort=lowest')).data.map((r: { score: number }) => r.score)).toEqual([2, 4, 4, 5])
    const fours = await reviewsOf(sku, '?score=4&per_page=1')
    expect(fours).toMatchObject({ total: 2, last_page: 2, per_page: 1 })
    expect((await shop.request('GET', `/api/v1/product/${productId(sku)}`)).body.data).toMatchObject({ rating: 3.8, reviews_total: 4 })

    // the shop hides the 2-star review: (5 + 4 + 4) / 3 = 4.3; the catalogue answers change at once
    const hide = await shop.request('POST', `/api/v1/operator/reviews/${ids[3]}/hide`, { reason: 'names a competitor' }, { authorization: `Bearer ${TEST_OPERATOR_KEY}` })
    expect(hide.status).toBe(200)
    expect(hide.body.data.events.map((e: { action: string }) => e.action)).toEqual(['create', 'hide'])
    expect((await reviewsOf(sku)).summary).toMatchObject({ average: 4.3, reviews_total: 3 })
    expect((await shop.request('GET', `/api/v1/product/${productId(sku)}`)).body.data).toMatchObject({ rating: 4.3, reviews_total: 3 })
    const list = (await shop.request('GET', '/api/v1/product?per_page=100')).body.data.find((p: { id: number }) => p.id === productId(sku))
    expect(list).toMatchObject({ rating: 4.3, reviews_total: 3 })
    const { productRecords } = await import('../../server/modules/search/records')
    expect((await productRecords(shop.database.db, [productId(sku)]))[0]).toMatchObject({ rating: 4.3, reviews_total: 3 })

    // shown again, and a public reply under a review
    await shop.request('POST', `/api/v1/operator/reviews/${ids[3]}/show`, { reason: 'reviewed again' }, { authorization: `Bearer ${TEST_OPERATOR_KEY}` })
    const reply = await shop.request('POST', `/api/v1/operator/reviews/${ids[0]}/reply`, { text: '謝謝您的支持！' }, { authorization: `Bearer ${TEST_OPERATOR_KEY}` })
    expect(reply.status).toBe(200)
    const back = await reviewsOf(sku, '?sort=highest')
    expect(back.summary.reviews_total).toBe(4)
    expect(back.data[0].reply).toMatchObject({ text: '謝謝您的支持！' })
    expect((await shop.request('POST', `/api/v1/operator/reviews/${ids[0]}/hide`, { reason: 'x' })).status).toBe(401)
  })

  it('shows a Latin name as the given name and an initial, and answers 404 for an unknown product', async () => {
    const details = registration({ first_name: 'Mei', last_name: 'Lin' })
    await shop.request('POST', '/api/v1/register', details)
    const token = (await shop.request('POST', '/api/v1/login', { email: details.email, password: details.password })).body.data.token as string
    const call: Member['call'] = (method, pathname, body, headers = {}) => shop.request(method, pathname, body, { authorization: `Bearer ${token}`, ...headers })
    const member = { id: 0, token, call, checkout: (lines: { product_id: number; variant_id: number; quantity: number }[]) => call('POST', '/api/v1/ec-order', { lines, recipient: { name: 'Mei Lin', phone: '0912-345-678', zip_code: '106', county: '台北市', district: '大安區', address: '復興南路一段 390 號' }, invoice: { mode: 'personal', carrier_type: 'none', email: 'mei@example.tw', name: 'Mei' } }, { 'idempotency-key': `mei-${Math.random()}` }) } as Member
    const { no } = await buyer(['REV-0002-A'], 'COMPLETED', member)
    expect((await review(member, { order_no: no, product_id: productId('REV-0002-A'), score: 5 })).body.data.author).toBe('Mei L.')
    expect((await shop.request('GET', '/api/v1/product/999999/comment')).status).toBe(404)
  })

  it('lets operators reply and hide from the command line, through the running shop', async () => {
    const { member, no } = await buyer(['REV-0002-A'])
    const id = (await review(member, { order_no: no, product_id: productId('REV-0002-A'), score: 1, evaluation: 'spam spam' })).body.data.id as number
    const env = { ...process.env, HOST: '127.0.0.1', PORT: String(shop.port), OPERATOR_KEY: TEST_OPERATOR_KEY, DATA_DIR: shop.config.dataDir, LOG_LEVEL: 'silent' }
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/shop.ts', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
        let out = ''
        child.stdout.on('data', (d: Buffer) => (out += d))
        child.stderr.on('data', (d: Buffer) => (out += d))
        child.on('exit', (code) => resolve({ code, out }))
      })
    const [replied, hidden] = await Promise.all([run('review:reply', String(id), '很抱歉，我們會改進包裝。'), run('review:hide', String(id), '--reason', 'advertising')])
    expect([replied.code, hidden.code], replied.out + hidden.out).toEqual([0, 0])
    expect(hidden.out).toMatch(/hide\s+operator advertising/)
    const [row] = await shop.database.db.select().from(reviews).where(eq(reviews.id, id))
    expect(row).toMatchObject({ reply: '很抱歉，我們會改進包裝。', hidden_reason: 'advertising' })
    expect((await reviewsOf('REV-0002-A')).data.map((r: { id: number }) => r.id)).not.toContain(id)
    expect((await run('review:hide', String(id))).code).toBe(64)
  })

  it('invites a member to review REVIEW_INVITE_DAYS after delivery, once, by notification and mail (in their language)', async () => {
    const { member, no } = await buyer(['REV-0001-A'])
    const delivered = Date.now()
    const sweep = (days: number) => shop.workers.sweeper.sweep(new Date(delivered + days * 86_400_000))
    expect((await sweep(6)).invited).toBe(0)
    const mailsBefore = shop.mails.length
    expect((await sweep(7.01)).invited).toBeGreaterThanOrEqual(1)
    expect((await sweep(7.02)).invited).toBe(0)
    const notes = (await member.call('GET', '/api/v1/user/notification?type=review_invite')).body
    expect(notes.total).toBe(1)
    expect(notes.data[0]).toMatchObject({ url: '/user/comment', notification: { order_no: no } })
    // the invitation's mail goes through the notification outbox, due at the sweep's time
    await shop.workers.dispatcher.runOnce(new Date(delivered + 7.02 * 86_400_000))
    const mine = shop.mails.slice(mailsBefore).filter((m) => m.link?.endsWith('/en/user/comment') || m.link?.endsWith('/user/comment'))
    expect(mine.length).toBeGreaterThanOrEqual(1)
  })
})
