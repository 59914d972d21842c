import { get, set } from 'idb-keyval'
import { proxy, snapshot, subscribe } from 'valtio'
import { STOCK_TYPES } from '../../../../contract/constants'
import { getAuthToken, onAuthTokenChange } from '@/lib/api-client'
import { announceStore, CART_CHANNEL, CART_STORAGE_KEY, showLines } from './cart-badge'
import { addItem, removeItem, setItemQuantity, type AddResult, type CartChange, type CartItem, type CartNotice, type NewCartItem } from './cart-rules'
import type { CartChannel, CartData, CartLock, CartStatus, CartStoreOptions, KeyValueStorage, SyncContext } from './cart-types'

export type { CartChannel, CartData, CartLock, CartServer, CartStatus, CartStoreOptions, KeyValueStorage, SyncContext } from './cart-types'

const STATE_LOCK = 'shop-cart-state'
const SYNC_LOCK = 'shop-cart-sync'
const RETRY_MIN_MS = 2_000
const RETRY_MAX_MS = 60_000
/** the most lines one POST /init-cart accepts */
const MERGE_BATCH = 200

const emptyCart = (): CartData => ({ owner: 'visitor', lines: [], outbox: [], notices: [], rev: '' })

// ---- reading what was stored ----------------------------------------------------------------
// Checked by hand rather than with the contract's valibot schemas: this runs on every page, and the
// schemas would come along in the first bundle.

type Check = (value: unknown) => boolean
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const num: Check = (value) => typeof value === 'number' && Number.isFinite(value)
const str: Check = (value) => typeof value === 'string'
const shape =
  (fields: Record<string, Check>): Check =>
  (value) =>
    isObject(value) && Object.entries(fields).every(([key, check]) => check(value[key]))
const ITEM = {
  product_id: num,
  variant_id: num,
  image: str,
  label: str,
  type: str,
  price: num,
  arrival_date: str,
  stock_type: (value: unknown) => (STOCK_TYPES as readonly unknown[]).includes(value),
  max_quantity: num,
}
const isItem = shape(ITEM)
const isLine = shape({ ...ITEM, id: str, server_id: (value) => value === null || num(value), quantity: (value) => num(value) && (value as number) >= 1 })
const isChange: Check = (value) => {
  if (!isObject(value) || !str(value.key)) return false
  switch (value.kind) {
    case 'add':
      return isItem(value.item) && num(value.quantity)
    case 'set':
      return num(value.variant_id) && num(value.quantity)
    case 'remove':
      return num(value.variant_id)
    case 'merge':
      return Array.isArray(value.items) && value.items.every((item) => isItem(item) && num((item as { quantity: unknown }).quantity))
    default:
      return false
  }
}
const isNotice: Check = (value) =>
  isObject(value) && str(value.id) && str(value.label) && str(value.type) && (value.kind === 'gone' || ((value.kind === 'price' || value.kind === 'stock') && num(value.from) && num(value.to)))

/** What was stored, with anything unreadable (an older shape, a damaged entry) left out. */
export function readStored(value: unknown): CartData {
  if (!isObject(value)) return emptyCart()
  const listOf = <T>(list: unknown, check: Check) => (Array.isArray(list) ? (list.filter(check) as T[]) : [])
  return {
    owner: value.owner === 'member' ? 'member' : 'visitor',
    lines: listOf<CartItem>(value.lines, isLine),
    outbox: listOf<CartChange>(value.outbox, isChange),
    notices: listOf<CartNotice>(value.notices, isNotice),
    rev: str(value.rev) ? (value.rev as string) : '',
  }
}

// ---- the browser's parts ----------------------------------------------------------------------

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
  const channel = new BroadcastChannel(CART_CHANNEL)
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

const randomId = (): string => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`)

export function createCartStore(options: CartStoreOptions = {}) {
  const {
    storage = idbStorage,
    server,
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

  const storageFailed = (error: unknown) => {
    storageWorks = false
    console.warn('The cart cannot be kept on this device; it lasts for this page only', error)
  }

  /** The stored cart (another tab may have written it); this page's copy if storage is unusable. */
  async function read(): Promise<CartData> {
    if (storageWorks) {
      try {
        return readStored(await storage.get(CART_STORAGE_KEY))
      } catch (error) {
        storageFailed(error)
      }
    }
    return structuredClone(snapshot(state)) as CartData
  }

  async function write(data: CartData): Promise<void> {
    publish(data)
    if (!storageWorks) return
    try {
      // a valtio proxy cannot be cloned into IndexedDB; its snapshot can
      await storage.set(CART_STORAGE_KEY, snapshot(state))
    } catch (error) {
      storageFailed(error)
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
  async function mutate<T>(change: (data: CartData) => T | undefined): Promise<T | undefined> {
    await hydrate()
    return lock(STATE_LOCK, async () => {
      const data = await read()
      const result = change(data)
      if (result === undefined) {
        publish(data)
        return undefined
      }
      data.rev = newId()
      await write(data)
      channel?.post(data.rev)
      return result
    })
  }

  // ---- syncing with the server ------------------------------------------------------------------

  const context: SyncContext = {
    read,
    mutate,
    server,
    signedIn,
    online,
    status,
    newId,
    notify: (notices) => noticeListeners.forEach((listener) => listener(notices)),
  }
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
      void sync({ refresh: true })
    }, delay)
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
          const data = await read()
          // a visitor's cart, and a member's with nothing to do, never load the sync code
          if (data.owner !== 'member' || !signedIn() || (data.outbox.length === 0 && !refresh)) continue
          const { replay } = await import('./cart-sync')
          const outcome = await lock(SYNC_LOCK, () => replay(context, refresh))
          if (outcome === 'retry') scheduleRetry()
          else retryDelay = RETRY_MIN_MS
        } while (again)
      } catch (error) {
        status.problem = 'failed'
        console.warn('The cart could not be brought up to date', error)
      } finally {
        running = undefined
      }
    })()
    return running
  }

  const kick = () => {
    if (state.owner === 'member') void sync()
  }

  // ---- the session ------------------------------------------------------------------------------

  /** A sign-in hands the visitor's lines to the member's cart; a sign-out forgets the member's cart here. */
  async function followSession(): Promise<void> {
    await hydrate()
    if (signedIn()) {
      await mutate((d) => {
        if (d.owner === 'member') return undefined
        d.owner = 'member'
        const items = d.lines.map(({ id: _id, server_id: _serverId, ...item }) => item)
        for (let i = 0; i < items.length; i += MERGE_BATCH) d.outbox.push({ kind: 'merge', key: newId(), items: items.slice(i, i + MERGE_BATCH) })
        return true
      })
      await sync({ refresh: true })
    } else {
      cancelRetry?.()
      await mutate((d) => (d.owner === 'member' ? Object.assign(d, emptyCart()) : undefined))
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
        if (!before || !line || line.quantity === before.quantity) return undefined
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
        if (!line) return undefined
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
        if (left.length === d.notices.length) return undefined
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
      // back online: send what waited, and take the server's cart (it may have changed meanwhile)
      window.addEventListener('online', () => void sync({ refresh: true }))
    },
  }
}

/** The shop's one cart: it keeps the badge's count and tells the page it has loaded. */
export const cart = createCartStore()
subscribe(cart.state, () => showLines(cart.state.lines))
announceStore(cart)
