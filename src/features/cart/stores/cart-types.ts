/**
 * The cart's shapes: what it stores, what it asks of the server, the storage, the lock and the
 * other tabs, and what its parts see of it (the sync code, the page's runtime).
 */
import type { CartLine, CartLineInput } from '../../../../contract/cart'
import type { CartChange, CartItem, CartNotice } from './cart-rules'

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
  /** the cart API; by default the shop's, loaded with the sync code when a member first needs it */
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

/** What the sync code (cart-sync.ts, loaded when a member's cart first needs the server) works with. */
export interface SyncContext {
  read(): Promise<CartData>
  /** `change` answers undefined when it changed nothing */
  mutate<T>(change: (data: CartData) => T | undefined): Promise<T | undefined>
  server: CartServer | undefined
  signedIn(): boolean
  online(): boolean
  status: CartStatus
  newId(): string
  notify(notices: CartNotice[]): void
}

/** What the page's runtime does with the store once it has loaded (cart-badge.ts keeps it until then). */
export interface LoadedCart {
  readonly state: Pick<CartData, 'owner'>
  start(options: { sessionReady: () => Promise<void> }): void
  onNotices(listener: (notices: CartNotice[]) => void): () => void
  sync(options?: { refresh?: boolean }): Promise<unknown>
}
