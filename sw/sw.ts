import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { SERVER_PATH_PATTERNS } from '../contract/server-paths'
import { listenForNotifications } from './notifications'
import { CACHE_NAMES, SW_MESSAGES, isCatalogueRequest, localizedCacheKey } from './routes'

declare let self: ServiceWorkerGlobalScope

// The app shell: every built script, style and index.html, replaced as a whole by each release.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Any route opens offline: navigations get the shell, and the router draws the page from the
// persisted query cache (or says it was never saved). What the server answers itself (API, the
// payment sandbox's pages, pictures, files for crawlers) goes to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...SERVER_PATH_PATTERNS] }))

const sameOrigin = (url: URL) => url.origin === self.location.origin

/**
 * Catalogue reads are the same for every visitor, so they may be shared: stale-while-revalidate,
 * keyed by the language asked for (the API answers by `X-localization`). A member's request carries
 * `Authorization` and its answer (favourite flags) is theirs: network first, kept apart in a cache
 * the page deletes at sign-out, and without a network that copy or else the shared one.
 */
const catalogue = new StaleWhileRevalidate({
  cacheName: CACHE_NAMES.catalogue,
  matchOptions: { ignoreVary: true },
  plugins: [
    { cacheKeyWillBeUsed: async ({ request }) => localizedCacheKey(request) },
    { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
    {
      // Tell open pages when a refresh brought something new, so they show it without a reload.
      cacheDidUpdate: async ({ oldResponse, newResponse, request }) => {
        if (!oldResponse) return
        const [before, after] = await Promise.all([oldResponse.clone().text(), newResponse.clone().text()])
        if (before === after) return
        for (const client of await self.clients.matchAll({ type: 'window' })) {
          client.postMessage({ type: SW_MESSAGES.catalogueUpdated, url: request.url })
        }
      },
    },
    new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
  ],
})

const memberCatalogue = new NetworkFirst({
  cacheName: CACHE_NAMES.member,
  networkTimeoutSeconds: 8,
  matchOptions: { ignoreVary: true },
  plugins: [
    { cacheKeyWillBeUsed: async ({ request }) => localizedCacheKey(request) },
    { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
    new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
  ],
})

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isCatalogueRequest(url),
  async (options) => {
    const { request } = options
    if (!request.headers.has('authorization')) return catalogue.handle(options)
    try {
      return await memberCatalogue.handle(options)
    } catch (error) {
      const shared = await caches.open(CACHE_NAMES.catalogue).then((cache) => cache.match(localizedCacheKey(request), { ignoreVary: true }))
      if (shared) return shared
      throw error
    }
  },
)

// Pictures: cache-first, bounded by count (the catalogue's are 2–20 KB each) and age.
registerRoute(
  ({ url, request }) => sameOrigin(url) && (url.pathname.startsWith('/images/') || request.destination === 'image'),
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [
      // a redirected answer stands in for a picture the server has not made yet (or an SVG's old derivative URL): not kept, so the real one is fetched later (decision 65)
      { cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? response : null) },
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

// Web fonts, should a deployment add any (the shop's own styles use the system's fonts).
registerRoute(
  ({ request }) => request.destination === 'font',
  new CacheFirst({ cacheName: CACHE_NAMES.fonts, plugins: [new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 365 * 24 * 3600 })] }),
)

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | undefined
  // The page asks for this when the shopper accepts the update; never on our own.
  if (data?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting()
})

// Web push and clicks on notifications (the shop's messages, issue 11)
listenForNotifications()

// The first worker takes over the page that installed it, so that visit is already kept for
// offline use. Later versions wait until the shopper reloads (see src/lib/pwa.ts).
clientsClaim()
