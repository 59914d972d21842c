import { get, set } from 'idb-keyval'
import { proxy, snapshot } from 'valtio'
import * as v from 'valibot'
import type { CartLine, CartLineInput } from '../../../../contract/cart'
import { STOCK_TYPES } from '../../../../contract/constants'
import { getAuthToken, isApiError, onAuthTokenChange } from '../../../lib/api-client'
import { currentLocale } from '../../../lib/i18n'
import { addCartLine } from '../api/add-cart-line'
import { getCart } from '../api/get-cart'
import { initCart } from '../api/init-cart'
import { removeCartLine } from '../api/remove-cart-line'
import { updateCartLine } from '../api/update-cart-line'
import {
  addItem,
  applyChange,
  compareCarts,
  fromServer,
  removeItem,
  setItemQuantity,
  toLineInput,
  type AddResult,
  type CartChange,
  type CartItem,
  type CartNotice,
  type NewCartItem,
} from './cart-rules'

export interface CartData {
  /** whose cart this device holds: a visitor's stays here; a member's is the server's plus queued changes */
  owner: 'visitor' | 'member'
  lines: CartItem[]
  /** changes made for a member that the server has not confirmed yet, oldest first */
  outbox: CartChange[]
  /** price and stock differences found at sync, until the shopper dismisses them */
  notices: CartNotice[]
  /** changes at every write, so other tabs know to read again */
  rev: string
}

export interface CartStatus {
  /** the stored cart has been read */
  ready: boolean
  /** changes are being sent or the server's cart fetched */
  syncing: boolean
  /** why the last sync stopped short; queued changes wait for the next one */
  problem: 'offline' | 'failed' | null
}

export interface KeyValueStorage {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
}

/** The member's cart on the server; every call answers the whole cart. */
export interface CartServer {
  fetch(): Promise<CartLine[]>
  add(line: CartLineInput, key: string): Promise<CartLine[]>
  setQuantity(lineId: number, quantity: number, key: string): Promise<CartLine[]>
  remove(lineId: number, key: string): Promise<CartLine[]>
  merge(items: CartLineInput[], key: string): Promise<CartLine[]>
}

/** Runs `task` while holding the named lock exclusively (across tabs where the browser can). */
export type CartLock = <T>(name: string, task: () => Promise<T>) => Promise<T>

/** Tells the shop's other tabs that the stored cart changed. */
export interface CartChannel {
  post(rev: string): void
  listen(onChange: (rev: string) => void): () => void
}

export interface CartStoreOptions {
  storage?: KeyValueStorage
  server?: CartServer
  /** whether a member is signed in on this tab */
  signedIn?: () => boolean
  online?: () => boolean
  lock?: CartLock
  channel?: CartChannel
  newId?: () => string
  /** runs `task` after `ms`; returns a cancel function (retries after a failed sync) */
  later?: (task: () => void, ms: number) => () => void
}

const STORAGE_KEY = 'cart'
const STATE_LOCK = 'shop-cart-state'
const SYNC_LOCK = 'shop-cart-sync'
const RETRY_MIN_MS = 2_000
const RETRY_MAX_MS = 60_000
/** the most lines one POST /init-cart accepts */
const MERGE_BATCH = 200
const NOTICES_KEPT = 20

const NO_CHANGE = Symbol('no change')

const emptyCart = (): CartData => ({ owner: 'visitor', lines: [], outbox: [], notices: [], rev: '' })

const ItemSchema = v.object({
  product_id: v.number(),
  variant_id: v.number(),
  image: v.string(),
  label: v.string(),
  type: v.string(),
  price: v.number(),
  arrival_date: v.string(),
  stock_type: v.picklist(STOCK_TYPES),
  max_quantity: v.number(),
})
const LineSchema = v.object({ ...ItemSchema.entries, id: v.string(), server_id: v.nullable(v.number()), quantity: v.pipe(v.number(), v.integer(), v.minValue(1)) })
const ChangeSchema = v.variant('kind', [
  v.object({ kind: v.literal('add'), key: v.string(), item: ItemSchema, quantity: v.number() }),
  v.object({ kind: v.literal('set'), key: v.string(), variant_id: v.number(), quantity: v.number() }),
  v.object({ kind: v.literal('remove'), key: v.string(), variant_id: v.number() }),
  v.object({ kind: v.literal('merge'), key: v.string(), items: v.array(v.object({ ...ItemSchema.entries, quantity: v.number() })) }),
])
const NoticeSchema = v.variant('kind', [
  v.object({ id: v.string(), kind: v.picklist(['price', 'stock']), label: v.string(), type: v.string(), from: v.number(), to: v.number() }),
  v.object({ id: v.string(), kind: v.literal('gone'), label: v.string(), type: v.string() }),
])
const listOf = <T extends v.GenericSchema>(item: T) => v.fallback(v.array(v.fallback(v.nullable(item), null)), [])
const StoredSchema = v.object({
  owner: v.fallback(v.picklist(['visitor', 'member']), 'visitor'),
  lines: listOf(LineSchema),
  outbox: listOf(ChangeSchema),
  notices: listOf(NoticeSchema),
  rev: v.fallback(v.string(), ''),
})

/** What was stored, with anything unreadable (an older shape, a damaged entry) left out. */
function readStored(value: unknown): CartData {
  const parsed = v.safeParse(StoredSchema, value)
  if (!parsed.success) return emptyCart()
  const { owner, lines, outbox, notices, rev } = parsed.output
  const known = <T>(list: (T | null)[]) => list.filter((x): x is T => x !== null)
  return { owner, lines: known<CartItem>(lines), outbox: known<CartChange>(outbox), notices: known<CartNotice>(notices), rev }
}

/** An exclusive lock within this page, for browsers without the Web Locks API (and for tests). */
export function createLocalLock(): CartLock {
  const tails = new Map<string, Promise<unknown>>()
  return (name, task) => {
    const run = (tails.get(name) ?? Promise.resolve()).then(task)
    tails.set(
      name,
      run.catch(() => undefined),
    )
    return run
  }
}

const localLock = createLocalLock()

/** Web Locks are shared by the tabs of the shop, so one tab at a time replays the queue. */
const browserLock: CartLock = (name, task) => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(name, task) : localLock(name, task))

function broadcastChannel(): CartChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined
  const channel = new BroadcastChannel('shop-cart')
  return {
    post: (rev) => channel.postMessage(rev),
    listen: (onChange) => {
      const handler = (event: MessageEvent) => onChange(String(event.data))
      channel.addEventListener('message', handler)
      return () => channel.removeEventListener('message', handler)
    },
  }
}

const idbStorage: KeyValueStorage = { get: (key) => get(key), set: (key, value) => set(key, value) }

const httpServer: CartServer = {
  fetch: () => getCart(currentLocale()),
  add: (line, key) => addCartLine(line, { locale: currentLocale(), key }),
  setQuantity: (lineId, quantity, key) => updateCartLine(lineId, quantity, { locale: currentLocale(), key }),
  remove: (lineId, key) => removeCartLine(lineId, { locale: currentLocale(), key }),
  merge: (items, key) => initCart(items, { locale: currentLocale(), key }),
}

const randomId = (): string => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`)

/** Worth trying again later: no network, a server failure, the same key still being processed, a rate limit. */
const isRetryable = (error: unknown): boolean => !isApiError(error) || error.status === 0 || error.status >= 500 || error.status === 429 || error.code === 'IN_PROGRESS'

/** The cart's state once the server's canonical cart is known: its lines, with changes still queued applied on top. */
function reconcile(data: CartData, canonical: CartLine[], newId: () => string): CartNotice[] {
  const seen = data.lines
  let next = canonical.map((line) => fromServer(line, seen))
  for (const change of data.outbox) next = applyChange(next, change, newId)
  const notices = compareCarts(seen, next, newId)
  data.lines = next
  data.notices = [...data.notices, ...notices].slice(-NOTICES_KEPT)
  return notices
}

export function createCartStore(options: CartStoreOptions = {}) {
  const {
    storage = idbStorage,
    server = httpServer,
    signedIn = () => getAuthToken() !== null,
    online = () => typeof navigator === 'undefined' || navigator.onLine !== false,
    lock = browserLock,
    newId = randomId,
    later = (task, ms) => {
      const timer = setTimeout(task, ms)
      return () => clearTimeout(timer)
    },
  } = options
  let channel = options.channel
  const state = proxy<CartData>(emptyCart())
  const status = proxy<CartStatus>({ ready: false, syncing: false, problem: null })
  const noticeListeners = new Set<(notices: CartNotice[]) => void>()
  let storageWorks = true
  let hydrating: Promise<void> | undefined

  const publish = (data: CartData) => {
    state.owner = data.owner
    state.lines = data.lines
    state.outbox = data.outbox
    state.notices = data.notices
    state.rev = data.rev
  }

  /** The stored cart (another tab may have written it); this page's copy if storage is unusable. */
  async function read(): Promise<CartData> {
    if (storageWorks) {
      try {
        const stored = await storage.get(STORAGE_KEY)
        return stored === undefined ? emptyCart() : readStored(stored)
      } catch (error) {
        storageWorks = false
        console.warn('The cart cannot be kept on this device; it lasts for this page only', error)
      }
    }
    return structuredClone(snapshot(state)) as CartData
  }

  async function write(data: CartData): Promise<void> {
    publish(data)
    if (!storageWorks) return
    try {
      // a valtio proxy cannot be cloned into IndexedDB; its snapshot can
      await storage.set(STORAGE_KEY, snapshot(state))
    } catch (error) {
      storageWorks = false
      console.warn('The cart cannot be kept on this device; it lasts for this page only', error)
    }
  }

  function hydrate(): Promise<void> {
    hydrating ??= read().then((data) => {
      publish(data)
      status.ready = true
    })
    return hydrating
  }

  /** Reads, changes and writes the stored cart as one step, so two tabs never overwrite each other. */
  async function mutate<T>(change: (data: CartData) => T | typeof NO_CHANGE): Promise<T | undefined> {
    await hydrate()
    return lock(STATE_LOCK, async () => {
      const data = await read()
      const result = change(data)
      if (result === NO_CHANGE) {
        publish(data)
        return undefined
      }
      data.rev = newId()
      await write(data)
      channel?.post(data.rev)
      return result
    })
  }

  // ---- replaying queued changes -------------------------------------------------------------

  let running: Promise<void> | undefined
  let again = false
  let refreshWanted = false
  let cancelRetry: (() => void) | undefined
  let retryDelay = RETRY_MIN_MS

  function scheduleRetry() {
    cancelRetry?.()
    const delay = retryDelay
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS)
    cancelRetry = later(() => {
      cancelRetry = undefined
      void sync()
    }, delay)
  }

  /** Sends one change; null when the server refused it for good (the canonical cart then shows the outcome). */
  async function send(change: CartChange, serverIds: Map<number, number>): Promise<CartLine[] | null> {
    try {
      switch (change.kind) {
        case 'add':
          return await server.add(toLineInput({ ...change.item, quantity: change.quantity }), change.key)
        case 'merge':
          return await server.merge(change.items.map(toLineInput), change.key)
        case 'set': {
          const lineId = serverIds.get(change.variant_id)
          return lineId === undefined ? null : await server.setQuantity(lineId, change.quantity, change.key)
        }
        case 'remove': {
          const lineId = serverIds.get(change.variant_id)
          return lineId === undefined ? null : await server.remove(lineId, change.key)
        }
      }
    } catch (error) {
      if (isRetryable(error) || (isApiError(error) && error.status === 401)) throw error
      // sold out, a line gone, a refused value: replaying it would fail the same way
      return null
    }
  }

  async function replay(refresh: boolean): Promise<void> {
    let data = await read()
    if (data.owner !== 'member' || !signedIn()) return
    if (data.outbox.length === 0 && !refresh) return
    if (!online()) {
      status.problem = 'offline'
      return
    }
    status.syncing = true
    const serverIds = new Map<number, number>()
    for (const line of data.lines) if (line.server_id !== null) serverIds.set(line.variant_id, line.server_id)
    try {
      for (;;) {
        data = await read()
        if (data.owner !== 'member') return
        const change = data.outbox[0]
        if (!change) break
        const answer = await send(change, serverIds)
        for (const line of answer ?? []) serverIds.set(line.variant_id, line.id)
        // Recorded only now: a crash before this line replays the change with the same key.
        await mutate((d) => {
          const left = d.outbox.filter((c) => c.key !== change.key)
          if (left.length === d.outbox.length) return NO_CHANGE
          d.outbox = left
          return true
        })
      }
      // A replayed change answers with the cart as it was then: the current one is asked for.
      const canonical = await server.fetch()
      const notices = await mutate((d) => (d.owner === 'member' ? reconcile(d, canonical, newId) : NO_CHANGE))
      status.problem = null
      retryDelay = RETRY_MIN_MS
      if (notices?.length) for (const listener of noticeListeners) listener(notices)
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        // The session ended. A keyed write does not tell the session about it; this read does.
        await server.fetch().catch(() => undefined)
        return
      }
      status.problem = isApiError(error) && error.status === 0 ? 'offline' : 'failed'
      if (isRetryable(error)) scheduleRetry()
      else console.warn('The cart could not be brought up to date', error)
    } finally {
      status.syncing = false
    }
  }

  /** Replays queued changes in order, then takes the server's cart (refresh: even with nothing queued). */
  function sync(options: { refresh?: boolean } = {}): Promise<void> {
    if (options.refresh) refreshWanted = true
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        do {
          again = false
          const refresh = refreshWanted
          refreshWanted = false
          await hydrate()
          await lock(SYNC_LOCK, () => replay(refresh))
        } while (again)
      } finally {
        running = undefined
      }
    })()
    return running
  }

  const kick = () => {
    if (state.owner === 'member') void sync()
  }

  // ---- the session --------------------------------------------------------------------------

  /** A sign-in hands the visitor's lines to the member's cart; a sign-out forgets the member's cart here. */
  async function followSession(): Promise<void> {
    await hydrate()
    if (signedIn()) {
      await mutate((d) => {
        if (d.owner === 'member') return NO_CHANGE
        d.owner = 'member'
        const items = d.lines.map(({ id: _id, server_id: _serverId, ...item }) => item)
        for (let i = 0; i < items.length; i += MERGE_BATCH) d.outbox.push({ kind: 'merge', key: newId(), items: items.slice(i, i + MERGE_BATCH) })
        return true
      })
      await sync({ refresh: true })
    } else {
      cancelRetry?.()
      await mutate((d) => (d.owner === 'member' ? Object.assign(d, emptyCart()) : NO_CHANGE))
    }
  }

  function listen(to: CartChannel) {
    to.listen(() => {
      void read().then((data) => {
        publish(data)
        // a change queued in a tab without a session (or while this one was replaying) is sent from here
        if (data.owner === 'member' && data.outbox.length > 0) void sync()
      })
    })
  }
  if (channel) listen(channel)

  let started = false

  return {
    state,
    status,
    hydrate,
    sync,
    followSession,

    /** Adds a quantity of a variant; the same product and type raises the line's quantity, capped at its limit. */
    async add(item: NewCartItem, quantity: number): Promise<AddResult> {
      const result = await mutate((d) => {
        const outcome = addItem(d.lines, item, quantity, newId)
        if (outcome.result.status === 'sold-out') return outcome.result
        d.lines = outcome.lines
        if (d.owner === 'member' && outcome.result.added > 0) d.outbox.push({ kind: 'add', key: newId(), item, quantity: outcome.result.added })
        return outcome.result
      })
      kick()
      return result ?? { status: 'sold-out', added: 0, quantity: 0 }
    },

    /** Sets a line's quantity by its id, between 1 and the line's limit; answers the quantity kept. */
    async setQuantity(id: string, quantity: number): Promise<number | undefined> {
      const kept = await mutate((d) => {
        const before = d.lines.find((l) => l.id === id)
        const { lines, line } = setItemQuantity(d.lines, id, quantity)
        if (!before || !line || line.quantity === before.quantity) return NO_CHANGE
        d.lines = lines
        if (d.owner === 'member') {
          // quantities are absolute: a newer one replaces one still waiting at the end of the queue
          const last = d.outbox.at(-1)
          if (last?.kind === 'set' && last.variant_id === line.variant_id) d.outbox.pop()
          d.outbox.push({ kind: 'set', key: newId(), variant_id: line.variant_id, quantity: line.quantity })
        }
        return line.quantity
      })
      kick()
      return kept
    },

    async remove(id: string): Promise<void> {
      await mutate((d) => {
        const { lines, line } = removeItem(d.lines, id)
        if (!line) return NO_CHANGE
        d.lines = lines
        if (d.owner === 'member') d.outbox.push({ kind: 'remove', key: newId(), variant_id: line.variant_id })
        return true
      })
      kick()
    },

    /** Empties the cart (a member's on the server too). */
    async reset(): Promise<void> {
      await mutate((d) => {
        if (d.owner === 'member') for (const line of d.lines) d.outbox.push({ kind: 'remove', key: newId(), variant_id: line.variant_id })
        d.lines = []
        d.notices = []
        return true
      })
      kick()
    },

    async dismissNotice(id: string): Promise<void> {
      await mutate((d) => {
        const left = d.notices.filter((n) => n.id !== id)
        if (left.length === d.notices.length) return NO_CHANGE
        d.notices = left
        return true
      })
    },

    /** Called with the differences found at each sync (for a toast). */
    onNotices(listener: (notices: CartNotice[]) => void): () => void {
      noticeListeners.add(listener)
      return () => noticeListeners.delete(listener)
    },

    /** Wires the store to the page: the session, the network, the other tabs. Runs once. */
    start({ sessionReady }: { sessionReady: () => Promise<void> }): void {
      if (started) return
      started = true
      void hydrate()
      if (!channel) {
        channel = broadcastChannel()
        if (channel) listen(channel)
      }
      let queue = sessionReady().catch(() => undefined)
      const follow = () => {
        queue = queue.then(followSession).catch((error) => console.warn('The cart could not follow the session', error))
      }
      follow()
      onAuthTokenChange(follow)
      window.addEventListener('online', () => void sync())
    },
  }
}

export type CartStore = ReturnType<typeof createCartStore>

/** The shop's one cart. */
export const cart = createCartStore()
