import type { MiddlewareHandler } from 'hono'
import { etag } from 'hono/etag'
import { addVary } from './vary'

/**
 * Same for every visitor: browsers, the service worker and shared caches may keep it, and must ask
 * again before each use. The question is cheap (`If-None-Match` -> 304 without a body). No
 * `max-age` or `stale-while-revalidate`: the service worker already shows its copy at once and
 * refreshes behind it (sw/sw.ts); a fresh or stale-while-revalidate HTTP cache entry would hand
 * that refresh the old answer, so a change would surface one visit later.
 */
export const PUBLIC_REVALIDATE = 'public, no-cache'
/** Sent with a member's token (favourite flags): their browser may keep it, shared caches may not. */
export const PRIVATE_REVALIDATE = 'private, no-cache'
/** Kept by no cache at all, not even the browser's own on disk. */
export const PRIVATE_NO_STORE = 'private, no-store'

/**
 * A page drawn on the server, the same for every visitor (decision 66): a shared cache (a CDN) may
 * serve it for a minute without asking, and for five more minutes while it fetches a fresh copy in
 * the background; the browser asks again each time (a 304 when nothing changed). A minute is the
 * app's own staleTime: the app fetches data older than that again once it runs, so a page served
 * from the cache shows current prices and stock moments after it starts, and checkout always uses
 * the server's current price and stock.
 */
export const PUBLIC_PAGE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'
/** The not-found page: a shared cache answers repeated dead links for a minute; a product added later shows within one. */
export const NOT_FOUND_PAGE = 'public, max-age=0, s-maxage=60'

/**
 * The API's default: an answer whose route sets no Cache-Control of its own is `private, no-store`.
 * Most API answers depend on who asks (a member's token, the device cookie: profile, cart, orders,
 * addresses, a fresh token); a default rather than a header per route covers every member route,
 * its refusals and errors, and each new one. Without any header, a cache could keep an answer
 * heuristically.
 */
export const privateByDefault = (): MiddlewareHandler => async (c, next) => {
  await next()
  if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', PRIVATE_NO_STORE)
}

export interface ValidatorOptions {
  /** the answer is in the language of `X-localization` */
  localized?: boolean
  /** the answer marks the member's favourites when a bearer token comes with the request */
  perViewer?: boolean
}

// Weak: one ETag stands for the JSON whatever Content-Encoding carries it (compression runs outside).
const tagged = etag({ weak: true })

/**
 * Validators for public reads: a weak ETag over the JSON, `If-None-Match` answered 304, and
 * Cache-Control and Vary saying who may keep the answer. Only successful answers get them; errors
 * pass as they are (never 304).
 */
export function revalidated({ localized = false, perViewer = false }: ValidatorOptions = {}): MiddlewareHandler {
  const vary = [...(perViewer ? ['Authorization'] : []), ...(localized ? ['X-localization'] : [])]
  return (c, next) =>
    tagged(c, async () => {
      await next()
      if (!c.res.ok) return
      const personal = perViewer && c.req.header('authorization') !== undefined
      c.res.headers.set('cache-control', personal ? PRIVATE_REVALIDATE : PUBLIC_REVALIDATE)
      addVary(c.res.headers, ...vary)
    })
}
