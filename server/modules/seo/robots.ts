import { LOCALE_PREFIXES } from '../../../contract/constants'
import { SERVER_PATHS } from '../../../contract/server-paths'

/**
 * Pages drawn for one shopper (cart, checkout, orders, the member's pages, sign-in) and keyword
 * searches, which are endless and thin. Prefixes, as robots.txt matches them (RFC 9309).
 * `/api/` stays open: a crawler that runs the PWA's scripts needs the catalogue's answers to see the pages.
 */
export const DISALLOWED_PAGES = ['/cart', '/payment', '/purchase', '/user', '/login', '/auth/', '/product/search']

/** The server's own paths that are not for crawlers (the embedded services), which have no language prefix. */
const DISALLOWED_SERVER_PATHS = SERVER_PATHS.filter((entry) => !entry.crawl).map(({ path, kind }) => (kind === 'prefix' ? `${path}/` : path))

export function robotsTxt(publicUrl: string): string {
  const prefixes = ['', ...Object.values(LOCALE_PREFIXES).map((prefix) => `/${prefix}`)]
  const pages = prefixes.flatMap((prefix) => DISALLOWED_PAGES.map((path) => `Disallow: ${prefix}${path}`))
  const server = DISALLOWED_SERVER_PATHS.map((path) => `Disallow: ${path}`)
  return ['User-agent: *', 'Allow: /', ...pages, ...server, '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n')
}
