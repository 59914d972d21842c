import { i18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CartLine, CartLineInput } from '../../../../contract/cart'
import { ApiError } from '@/lib/api-client'
import type { NewCartItem } from './cart-rules'
import { lineLimit } from './line-limit'
import { createCartStore, createLocalLock, type CartChannel, type CartServer, type CartStoreOptions, type KeyValueStorage } from './cart-store'

interface Variant {
  product_id: number
  label: string
  type: string
  price: number
  stock: number
}

const CATALOGUE: Record<number, Variant> = {
  11: { product_id: 1, label: 'Takoyaki rice crackers', type: '8 pieces', price: 320, stock: 5 },
  12: { product_id: 1, label: 'Takoyaki rice crackers', type: '16 pieces', price: 520, stock: 4 },
  21: { product_id: 2, label: 'Uji matcha', type: '40 g tin', price: 600, stock: 30 },
  31: { product_id: 3, label: 'Kobe pudding', type: 'Box of 6', price: 880, stock: 0 },
}

/** What the product page hands the cart for a variant. */
const item = (variantId: number): NewCartItem => {
  const v = CATALOGUE[variantId]!
  return {
    product_id: v.product_id,
    variant_id: variantId,
    image: `/images/${variantId}.svg`,
    label: v.label,
    type: v.type,
    price: v.price,
    arrival_date: '2026-12-01',
    stock_type: 'OFF_SHELF',
    max_quantity: lineLimit(v.stock),
  }
}

/**
 * The cart API as the server implements it (server/modules/cart): quantities added and capped at
 * stock, and a change sent again with the same Idempotency-Key answered from the first run.
 */
function fakeServer() {
  const catalogue = structuredClone(CATALOGUE)
  let lines: { id: number; variant_id: number; quantity: number }[] = []
  const answers = new Map<string, CartLine[]>()
  const log: string[] = []
  let nextId = 100
  /** thrown after the change is applied: the answer is lost on the way back */
  let loseNextAnswer = false
  let offline = false

  const cart = (): CartLine[] =>
    lines.map((line) => {
      const v = catalogue[line.variant_id]!
      const max = lineLimit(v.stock)
      return {
        id: line.id,
        product_id: v.product_id,
        variant_id: line.variant_id,
        image: `/images/${line.variant_id}.svg`,
        label: v.label,
        type: v.type,
        quantity: line.quantity,
        price: v.price,
        arrival_date: '2026-12-01',
        stock_type: 'OFF_SHELF',
        stock_left: v.stock,
        max_quantity: max,
      }
    })
  const addLines = (items: CartLineInput[]) => {
    let added = 0
    for (const input of items) {
      const v = catalogue[input.variant_id]
      if (!v || v.product_id !== input.product_id || lineLimit(v.stock) === 0) continue
      const cap = lineLimit(v.stock)
      const line = lines.find((l) => l.variant_id === input.variant_id)
      if (line) line.quantity = Math.min(line.quantity + input.quantity, cap)
      else lines.push({ id: nextId++, variant_id: input.variant_id, quantity: Math.min(input.quantity, cap) })
      added++
    }
    return added
  }
  async function once(entry: string, key: string, change: () => void): Promise<CartLine[]> {
    if (offline) throw new ApiError(0, 'NETWORK_ERROR', 'offline')
    log.push(entry)
    const stored = answers.get(key)
    if (stored) return structuredClone(stored)
    change()
    const answer = cart()
    answers.set(key, answer)
    if (loseNextAnswer) {
      loseNextAnswer = false
      throw new ApiError(0, 'NETWORK_ERROR', 'the connection dropped')
    }
    return structuredClone(answer)
  }
  const server: CartServer = {
    fetch: async () => {
      if (offline) throw new ApiError(0, 'NETWORK_ERROR', 'offline')
      return cart()
    },
    add: (line, key) =>
      once(`add ${line.variant_id}x${line.quantity} ${key}`, key, () => {
        if (addLines([line]) === 0) throw new ApiError(409, 'OUT_OF_STOCK', 'Out of stock')
      }),
    setQuantity: (lineId, quantity, key) =>
      once(`set ${lineId}=${quantity} ${key}`, key, () => {
        const line = lines.find((l) => l.id === lineId)
        if (!line) throw new ApiError(404, 'NOT_FOUND', 'This cart line does not exist.')
        line.quantity = Math.min(quantity, lineLimit(catalogue[line.variant_id]!.stock))
      }),
    remove: (lineId, key) => once(`remove ${lineId} ${key}`, key, () => void (lines = lines.filter((l) => l.id !== lineId))),
    merge: (items, key) => once(`merge ${items.map((i) => `${i.variant_id}x${i.quantity}`).join(',')} ${key}`, key, () => void addLines(items)),
  }
  return {
    server,
    log,
    catalogue,
    /** the server's cart as variant -> quantity */
    quantities: () => Object.fromEntries(lines.map((l) => [l.variant_id, l.quantity])),
    put: (variantId: number, quantity: number) => addLines([{ product_id: catalogue[variantId]!.product_id, variant_id: variantId, quantity }]),
    loseNextAnswer: () => void (loseNextAnswer = true),
    setOffline: (value: boolean) => void (offline = value),
  }
}

/** IndexedDB as idb-keyval uses it: structured clones in, structured clones out. */
function memoryStorage() {
  const data = new Map<string, unknown>()
  let frozen = false
  const storage: KeyValueStorage = {
    get: async (key) => structuredClone(data.get(key)),
    set: async (key, value) => {
      // a tab that died mid-sync never finishes writing
      if (frozen) return new Promise<void>(() => undefined)
      data.set(key, structuredClone(value))
    },
  }
  return { storage, data, freeze: () => void (frozen = true) }
}

/** BroadcastChannel between stores of one test: every other store hears a post. */
function memoryBus() {
  const listeners = new Set<(rev: string) => void>()
  return (): CartChannel => {
    let mine: ((rev: string) => void) | undefined
    return {
      post: (rev) => listeners.forEach((l) => l !== mine && l(rev)),
      listen: (onChange) => {
        mine = onChange
        listeners.add(onChange)
        return () => listeners.delete(onChange)
      },
    }
  }
}

function counter(prefix: string) {
  let n = 0
  return () => `${prefix}-${++n}`
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function store(options: CartStoreOptions & { member?: boolean } = {}) {
  let member = options.member ?? false
  let online = true
  const s = createCartStore({
    lock: createLocalLock(),
    newId: counter(Math.random().toString(36).slice(2, 6)),
    later: () => () => undefined,
    ...options,
    signedIn: () => member,
    online: () => online,
  })
  return Object.assign(s, {
    setMember: (value: boolean) => void (member = value),
    setOnline: (value: boolean) => void (online = value),
    summary: () => s.state.lines.map((l) => [l.variant_id, l.quantity]),
  })
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})

describe('cart store: a visitor', () => {
  it('keeps the cart on the device only, and finds it again on the next visit', async () => {
    const { storage, data } = memoryStorage()
    const shop = fakeServer()
    const first = store({ storage, server: shop.server })
    await first.hydrate()
    expect(await first.add(item(11), 2)).toEqual({ status: 'added', added: 2, quantity: 2 })
    await first.add(item(21), 1)
    await first.add(item(11), 1)
    const matcha = first.state.lines.find((l) => l.variant_id === 21)!
    await first.setQuantity(matcha.id, 3)
    expect(first.summary()).toEqual([
      [11, 3],
      [21, 3],
    ])
    expect(shop.log).toEqual([])
    expect(data.get('cart')).toMatchObject({ owner: 'visitor', outbox: [] })

    const next = store({ storage, server: shop.server })
    await next.hydrate()
    expect(next.summary()).toEqual([
      [11, 3],
      [21, 3],
    ])
    await next.remove(next.state.lines[0]!.id)
    expect(next.summary()).toEqual([[21, 3]])
    await next.reset()
    expect(next.state.lines).toEqual([])
    expect((data.get('cart') as { lines: unknown[] }).lines).toEqual([])
  })

  it('refuses a sold-out variant and caps at the stock', async () => {
    const s = store({ storage: memoryStorage().storage, server: fakeServer().server })
    expect((await s.add(item(31), 1)).status).toBe('sold-out')
    expect(await s.add(item(12), 3)).toMatchObject({ status: 'added', quantity: 3 })
    expect(await s.add(item(12), 3)).toEqual({ status: 'capped', added: 1, quantity: 4 })
    expect(await s.setQuantity(s.state.lines[0]!.id, 9)).toBeUndefined()
    expect(s.summary()).toEqual([[12, 4]])
  })

  it('ignores a stored cart it cannot read', async () => {
    const { storage, data } = memoryStorage()
    data.set('cart', { owner: 'member', lines: [{ id: 'x', quantity: 'lots' }, 'junk'], outbox: 7 })
    const s = store({ storage, server: fakeServer().server })
    await s.hydrate()
    expect(s.state.owner).toBe('member')
    expect(s.state.lines).toEqual([])
    expect(s.state.outbox).toEqual([])
  })
})

describe('cart store: a member', () => {
  it('queues changes made offline and replays them in order when the connection returns', async () => {
    const shop = fakeServer()
    const s = store({ storage: memoryStorage().storage, server: shop.server, member: true })
    await s.followSession()
    s.setOnline(false)
    await s.add(item(11), 2)
    await s.add(item(21), 1)
    await s.setQuantity(s.state.lines[0]!.id, 4)
    await s.add(item(12), 1)
    await s.remove(s.state.lines.find((l) => l.variant_id === 21)!.id)
    await s.sync()
    expect(shop.log).toEqual([])
    expect(s.state.outbox.map((c) => c.kind)).toEqual(['add', 'add', 'set', 'add', 'remove'])
    expect(s.status.problem).toBe('offline')

    s.setOnline(true)
    await s.sync()
    expect(shop.log.map((entry) => entry.split(' ').slice(0, 2).join(' '))).toEqual(['add 11x2', 'add 21x1', 'set 100=4', 'add 12x1', 'remove 101'])
    expect(s.state.outbox).toEqual([])
    expect(shop.quantities()).toEqual({ 11: 4, 12: 1 })
    expect(s.summary()).toEqual([
      [11, 4],
      [12, 1],
    ])
    expect(s.state.lines.every((l) => l.server_id !== null)).toBe(true)
    expect(s.state.notices).toEqual([])
  })

  it('does not double a quantity when an answer is lost and the change is sent again', async () => {
    const shop = fakeServer()
    const s = store({ storage: memoryStorage().storage, server: shop.server, member: true })
    await s.followSession()
    s.setOnline(false)
    await s.add(item(21), 2)
    await s.sync()
    s.setOnline(true)
    shop.loseNextAnswer()
    await s.sync()
    // the server applied it, the shop did not hear back: the change is still queued
    expect(shop.quantities()).toEqual({ 21: 2 })
    expect(s.state.outbox).toHaveLength(1)
    expect(s.status.problem).toBe('offline')

    await s.sync()
    const sends = shop.log.filter((entry) => entry.startsWith('add'))
    expect(sends).toHaveLength(2)
    expect(sends[0]).toBe(sends[1]) // the same key both times
    expect(shop.quantities()).toEqual({ 21: 2 })
    expect(s.summary()).toEqual([[21, 2]])
    expect(s.state.outbox).toEqual([])
  })

  it('replays safely after the tab died between sending a change and recording it', async () => {
    const shop = fakeServer()
    const disk = memoryStorage()
    const dying = store({ storage: disk.storage, server: shop.server, member: true })
    await dying.followSession()
    dying.setOnline(false)
    await dying.add(item(11), 3)
    dying.setOnline(true)
    // the request reaches the server, then the tab is gone before it can write down the success
    const serverAdd = shop.server.add
    shop.server.add = async (line, key) => {
      const answer = await serverAdd(line, key)
      disk.freeze()
      return answer
    }
    void dying.sync()
    await settle()
    await settle()
    expect(shop.quantities()).toEqual({ 11: 3 })
    shop.server.add = serverAdd

    const reopened = memoryStorage()
    reopened.data.set('cart', disk.data.get('cart'))
    const next = store({ storage: reopened.storage, server: shop.server, member: true })
    await next.hydrate()
    expect(next.state.outbox.map((c) => c.kind)).toEqual(['add'])
    await next.followSession()
    const sends = shop.log.filter((entry) => entry.startsWith('add'))
    expect(sends).toHaveLength(2)
    expect(sends[1]).toBe(sends[0])
    expect(shop.quantities()).toEqual({ 11: 3 })
    expect(next.summary()).toEqual([[11, 3]])
    expect(next.state.outbox).toEqual([])
  })

  it('merges the visitor’s cart at sign-in: quantities added, capped at stock', async () => {
    const shop = fakeServer()
    shop.put(12, 3)
    shop.put(21, 1)
    const s = store({ storage: memoryStorage().storage, server: shop.server })
    await s.hydrate()
    await s.add(item(12), 2)
    await s.add(item(11), 1)
    s.setMember(true)
    await s.followSession()
    expect(shop.log.filter((e) => e.startsWith('merge')).map((e) => e.split(' ')[1])).toEqual(['12x2,11x1'])
    expect(shop.quantities()).toEqual({ 12: 4, 21: 1, 11: 1 })
    expect(s.state.owner).toBe('member')
    expect(s.summary()).toEqual([
      [12, 4],
      [21, 1],
      [11, 1],
    ])
    // signing in again (a reload) does not merge a second time
    await s.followSession()
    expect(shop.log.filter((e) => e.startsWith('merge'))).toHaveLength(1)
  })

  it('forgets the member’s cart on the device at sign-out, and finds it on the server at the next sign-in', async () => {
    const shop = fakeServer()
    const disk = memoryStorage()
    const s = store({ storage: disk.storage, server: shop.server, member: true })
    await s.followSession()
    await s.add(item(21), 2)
    await s.sync()
    s.setMember(false)
    await s.followSession()
    expect(s.state.lines).toEqual([])
    expect(s.state.owner).toBe('visitor')
    expect(disk.data.get('cart')).toMatchObject({ owner: 'visitor', lines: [], outbox: [] })
    s.setMember(true)
    await s.followSession()
    expect(s.summary()).toEqual([[21, 2]])
  })

  it('shows a price or stock change found at sync instead of applying it silently', async () => {
    const shop = fakeServer()
    const s = store({ storage: memoryStorage().storage, server: shop.server, member: true })
    await s.followSession()
    await s.add(item(11), 4)
    await s.add(item(21), 1)
    await s.sync()
    const heard: string[] = []
    s.onNotices((notices) => heard.push(...notices.map((n) => n.kind)))

    shop.catalogue[21]!.price = 650
    shop.catalogue[11]!.stock = 2
    await s.sync({ refresh: true })
    expect(s.state.notices).toEqual([
      { id: expect.any(String), kind: 'stock', label: 'Takoyaki rice crackers', type: '8 pieces', from: 4, to: 2 },
      { id: expect.any(String), kind: 'price', label: 'Uji matcha', type: '40 g tin', from: 600, to: 650 },
    ])
    expect(heard).toEqual(['stock', 'price'])
    // the server keeps the quantity; the shopper lowers it
    expect(s.summary()).toEqual([
      [11, 4],
      [21, 1],
    ])
    await s.setQuantity(s.state.lines[0]!.id, 3)
    await s.sync()
    expect(shop.quantities()).toEqual({ 11: 2, 21: 1 })
    expect(s.summary()).toEqual([
      [11, 2],
      [21, 1],
    ])
    await s.dismissNotice(s.state.notices[0]!.id)
    expect(s.state.notices.map((n) => n.kind)).toEqual(['price'])
  })

  it('drops a change the server refuses for good and says the line is gone', async () => {
    const shop = fakeServer()
    const s = store({ storage: memoryStorage().storage, server: shop.server, member: true })
    await s.followSession()
    s.setOnline(false)
    await s.add(item(12), 1)
    shop.catalogue[12]!.stock = 0
    s.setOnline(true)
    await s.sync()
    expect(s.state.outbox).toEqual([])
    expect(s.state.lines).toEqual([])
    expect(s.state.notices).toMatchObject([{ kind: 'gone', label: 'Takoyaki rice crackers', type: '16 pieces' }])
  })
})

describe('cart store: two tabs', () => {
  it('agree: a change in one shows in the other, and concurrent changes are all kept', async () => {
    const { storage } = memoryStorage()
    const bus = memoryBus()
    const lock = createLocalLock()
    const shop = fakeServer()
    const a = store({ storage, server: shop.server, channel: bus(), lock })
    const b = store({ storage, server: shop.server, channel: bus(), lock })
    await Promise.all([a.hydrate(), b.hydrate()])
    await a.add(item(11), 1)
    await settle()
    expect(b.summary()).toEqual([[11, 1]])

    await Promise.all([a.add(item(21), 1), b.add(item(12), 2), a.add(item(11), 1)])
    await settle()
    expect(a.summary()).toEqual([
      [11, 2],
      [21, 1],
      [12, 2],
    ])
    expect(b.summary()).toEqual(a.summary())
    await b.remove(b.state.lines[0]!.id)
    await settle()
    expect(a.summary()).toEqual([
      [21, 1],
      [12, 2],
    ])
  })

  it('a change queued in a tab without the session is replayed by the tab that has it, once', async () => {
    const { storage } = memoryStorage()
    const bus = memoryBus()
    const lock = createLocalLock()
    const shop = fakeServer()
    const signedIn = store({ storage, server: shop.server, channel: bus(), lock, member: true })
    const other = store({ storage, server: shop.server, channel: bus(), lock })
    await signedIn.followSession()
    await other.hydrate()
    await other.add(item(21), 2)
    await settle()
    await signedIn.sync()
    await settle()
    expect(shop.log.filter((e) => e.startsWith('add'))).toHaveLength(1)
    expect(shop.quantities()).toEqual({ 21: 2 })
    expect(other.summary()).toEqual([[21, 2]])
    expect(other.state.lines[0]!.server_id).not.toBeNull()
  })
})
