/** What the service worker and the page agree on: cache names, messages, which requests are the catalogue's. */
export const CACHE_NAMES = {
  catalogue: 'catalogue-v1',
  /** catalogue answers sent with the member's token; the page deletes it at sign-out */
  member: 'member-catalogue-v1',
  images: 'images-v1',
  fonts: 'fonts-v1',
} as const

export const SW_MESSAGES = {
  /** page -> waiting worker: the shopper accepted the update */
  skipWaiting: 'SKIP_WAITING',
  /** worker -> pages: a catalogue answer changed; `url` says which */
  catalogueUpdated: 'CATALOGUE_UPDATED',
  /** worker -> page: a notification was clicked; `url` is the shop path (with its language prefix) to show */
  navigate: 'NAVIGATE',
} as const

/** Catalogue reads of the API: products, categories, trend cities and groups, the shop's public settings. */
const CATALOGUE_PATHS = /^\/api\/v1\/(product(\/.*)?|category(\/.*)?|trend_[a-z]+(\/.*)?|config)$/

export const isCatalogueRequest = (url: URL): boolean => CATALOGUE_PATHS.test(url.pathname)

/** The cache key of a catalogue request: its URL plus the language it asked for. */
export function localizedCacheKey(request: Request): string {
  const url = new URL(request.url)
  url.searchParams.set('__lang', request.headers.get('x-localization') ?? '')
  return url.href
}
