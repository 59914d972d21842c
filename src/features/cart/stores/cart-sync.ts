import type { CartLine, CartLineInput } from '../../../../contract/cart'
import { isApiError } from '@/lib/api-client'
import { currentLocale } from '@/lib/i18n'
import { addCartLine } from '../api/add-cart-line'
import { getCart } from '../api/get-cart'
import { initCart } from '../api/init-cart'
import { removeCartLine } from '../api/remove-cart-line'
import { updateCartLine } from '../api/update-cart-line'
import { applyChange, compareCarts, fromServer } from './cart-reconcile'
import type { CartChange, CartItem, CartNotice } from './cart-rules'
import type { CartData, CartServer, SyncContext } from './cart-types'
import { MAX_LINE_QUANTITY } from './line-limit'

// Loaded the first time a member's cart has something to send or fetch: a visitor never needs it.

const NOTICES_KEPT = 20

const httpServer: CartServer = {
  fetch: () => getCart(currentLocale()),
  add: (line, key) => addCartLine(line, { locale: currentLocale(), key }),
  setQuantity: (lineId, quantity, key) => updateCartLine(lineId, quantity, { locale: currentLocale(), key }),
  remove: (lineId, key) => removeCartLine(lineId, { locale: currentLocale(), key }),
  merge: (items, key) => initCart(items, { locale: currentLocale(), key }),
}

/** What the server needs of a line. */
const toLineInput = (item: Pick<CartItem, 'product_id' | 'variant_id' | 'quantity'>): CartLineInput => ({
  product_id: item.product_id,
  variant_id: item.variant_id,
  quantity: Math.max(1, Math.min(item.quantity, MAX_LINE_QUANTITY)),
})

/** Worth trying again later: no network, a server failure, the same key still being processed, a rate limit. */
const isRetryable = (error: unknown): boolean => !isApiError(error) || error.status === 0 || error.status >= 500 || error.status === 429 || error.code === 'IN_PROGRESS'

const isUnauthenticated = (error: unknown) => isApiError(error) && error.status === 401

/** Sends one change; null when the server refused it for good (the canonical cart then shows the outcome). */
async function send(server: CartServer, change: CartChange, serverIds: Map<number, number>): Promise<CartLine[] | null> {
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
    if (isRetryable(error) || isUnauthenticated(error)) throw error
    // sold out, a line gone, a refused value: replaying it would fail the same way
    return null
  }
}

/**
 * The cart once the server's canonical cart is known: its lines (current prices and stock) with the
 * changes still queued applied on top, and what differs from what the shopper saw.
 */
export function reconcile(data: CartData, canonical: CartLine[], newId: () => string): CartNotice[] {
  const seen = data.lines
  let next = canonical.map((line) => fromServer(line, seen))
  for (const change of data.outbox) next = applyChange(next, change, newId)
  const notices = compareCarts(seen, next, newId)
  data.lines = next
  data.notices = [...data.notices, ...notices].slice(-NOTICES_KEPT)
  return notices
}

/**
 * Replays the queued changes in order, each with its own Idempotency-Key, then takes the server's
 * cart. Runs under the sync lock, so one tab at a time. Answers 'retry' when it stopped short for a
 * reason that may pass (no network, a server failure).
 */
export async function replay(ctx: SyncContext, refresh: boolean): Promise<'done' | 'retry' | 'stopped'> {
  const server = ctx.server ?? httpServer
  let data = await ctx.read()
  if (data.owner !== 'member' || !ctx.signedIn()) return 'stopped'
  if (data.outbox.length === 0 && !refresh) return 'done'
  if (!ctx.online()) {
    ctx.status.problem = 'offline'
    return 'stopped'
  }
  ctx.status.syncing = true
  const serverIds = new Map<number, number>()
  for (const line of data.lines) if (line.server_id !== null) serverIds.set(line.variant_id, line.server_id)
  try {
    for (;;) {
      data = await ctx.read()
      if (data.owner !== 'member') return 'stopped'
      const change = data.outbox[0]
      if (!change) break
      const answer = await send(server, change, serverIds)
      for (const line of answer ?? []) serverIds.set(line.variant_id, line.id)
      // Recorded only now: a crash before this line replays the change with the same key.
      await ctx.mutate((d) => {
        const left = d.outbox.filter((c) => c.key !== change.key)
        if (left.length === d.outbox.length) return undefined
        d.outbox = left
        return true
      })
    }
    // A replayed change answers with the cart as it was then: the current one is asked for.
    const canonical = await server.fetch()
    const notices = await ctx.mutate((d) => (d.owner === 'member' ? reconcile(d, canonical, ctx.newId) : undefined))
    ctx.status.problem = null
    if (notices?.length) ctx.notify(notices)
    return 'done'
  } catch (error) {
    if (isUnauthenticated(error)) {
      // The session ended. A keyed write does not tell the session about it; this read does.
      await server.fetch().catch(() => undefined)
      return 'stopped'
    }
    ctx.status.problem = isApiError(error) && error.status === 0 ? 'offline' : 'failed'
    if (isRetryable(error)) return 'retry'
    console.warn('The cart could not be brought up to date', error)
    return 'stopped'
  } finally {
    ctx.status.syncing = false
  }
}
