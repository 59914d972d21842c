import { LOCALE_PREFIXES } from '../../../contract/constants'

/**
 * Pages drawn for one shopper (cart, checkout, orders, the member's pages, sign-in) and keyword
 * searches, which are endless and thin. Prefixes, as robots.txt matches them (RFC 9309).
 * `/api/` stays open: a crawler that runs the PWA's scripts needs the catalogue's answers to see the pages.
 */
export const DISALLOWED_PATHS = ['/cart', '/payment', '/purchase', '/user', '/login', '/auth/', '/product/search', '/sandbox-checkout']

// the embedded payment sandbox's pages are not the shop's; they have no language prefix
const UNPREFIXED = new Set(['/sandbox-checkout'])

export function robotsTxt(publicUrl: string): string {
  const prefixes = ['', ...Object.values(LOCALE_PREFIXES).map((prefix) => `/${prefix}`)]
  const disallowed = prefixes.flatMap((prefix) => DISALLOWED_PATHS.filter((path) => prefix === '' || !UNPREFIXED.has(path)).map((path) => `Disallow: ${prefix}${path}`))
  return ['User-agent: *', 'Allow: /', ...disallowed, '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n')
}
