/**
 * The paths the server answers itself and that are never pages of the app: its API, the embedded
 * services' protocols and pages, pictures, and the files for crawlers. One list for three readers:
 * the service worker does not answer these navigations with the app shell (a returning shopper
 * sent to the payment sandbox's page would otherwise see the app's 404), the server answers an
 * unknown path under them with the API's JSON 404 instead of a page, and robots.txt keeps
 * crawlers out of those that are not for them. A test walks the server's router and requires
 * every route it holds to be on this list.
 */
export interface ServerPath {
  /** a prefix matched at a segment boundary (`/api` matches `/api` and `/api/x`, not `/apis`), or an exact file */
  path: string
  kind: 'prefix' | 'file'
  /** whether crawlers may fetch it: a crawler that runs the PWA's scripts needs the catalogue's answers and pictures */
  crawl: boolean
  what: string
}

export const SERVER_PATHS: readonly ServerPath[] = [
  { path: '/api', kind: 'prefix', crawl: true, what: 'the JSON API (and the social sign-in callbacks)' },
  { path: '/search', kind: 'prefix', crawl: true, what: 'the embedded Algolia-compatible search engine' },
  { path: '/v1', kind: 'prefix', crawl: false, what: 'the embedded Stripe-compatible sandbox' },
  { path: '/sandbox-checkout', kind: 'prefix', crawl: false, what: "the payment sandbox's hosted checkout and customer portal pages" },
  { path: '/ecpay-sandbox', kind: 'prefix', crawl: false, what: "the embedded ECPay-compatible logistics sandbox and its store map" },
  { path: '/app', kind: 'prefix', crawl: false, what: 'the embedded Pusher server (WebSocket)' },
  { path: '/apps', kind: 'prefix', crawl: false, what: "the embedded Pusher server's HTTP API" },
  { path: '/images', kind: 'prefix', crawl: true, what: 'pictures uploaded with the catalogue' },
  { path: '/img', kind: 'prefix', crawl: true, what: 'pictures at fixed widths and share images' },
  { path: '/sitemaps', kind: 'prefix', crawl: true, what: 'the sitemap of each language' },
  { path: '/sitemap.xml', kind: 'file', crawl: true, what: 'the sitemap index' },
  { path: '/robots.txt', kind: 'file', crawl: true, what: 'robots.txt' },
]

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** One expression per entry, as Workbox's `NavigationRoute` denylist wants them (matched against path and query). */
export const SERVER_PATH_PATTERNS: readonly RegExp[] = SERVER_PATHS.map(({ path, kind }) =>
  kind === 'file' ? new RegExp(`^${escape(path)}(?:[?#]|$)`) : new RegExp(`^${escape(path)}(?:[/?#]|$)`),
)

/** Whether the server owns this path (a pathname, optionally with its query). */
export const isServerPath = (pathname: string): boolean => SERVER_PATH_PATTERNS.some((pattern) => pattern.test(pathname))
