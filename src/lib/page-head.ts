/**
 * A page's head (title, description, canonical address and its languages, what a shared link shows,
 * structured data), written by each route's `head()` beside the route. TanStack Router runs the heads
 * after the loaders, on the server (src/entry-server.tsx writes them into the HTML a crawler or a link
 * preview reads) and in the browser (`HeadContent` in the root keeps them as the visitor moves on).
 *
 * The root gives what every page shares and what a page that failed says; a page's own head wins
 * where both name the same tag. A page without an address of its own is not listed (`noindex`).
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AnyRouteMatch } from '@tanstack/react-router'
import { shareImagePath, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '../../contract/images'
import { isApiError } from './api-client'
import { siteOrigin } from './environment'
import { i18nFor } from './i18n'
import { htmlLang, localizePathname, LOCALES, type Locale } from './locale'

/** TanStack Router also reads `{ title }` and `{ 'script:ld+json': data }` here, which its type does not name */
type Meta = NonNullable<React.JSX.IntrinsicElements['meta']>
type Link = NonNullable<React.JSX.IntrinsicElements['link']>

export interface RouteHead {
  meta: Meta[]
  links: Link[]
}

export interface ShareImage {
  url: string
  width: number
  height: number
  alt: string
}

/** What a page says about itself. */
export interface PageFacts {
  /** the page's name; without one the page is titled with the shop's name alone (the home page) */
  title?: string
  /** what a shared link's preview says instead of the title (a search's words are the visitor's, not the shop's) */
  shareTitle?: string
  description?: string
  /**
   * The page's own address (its path in its language, with the query that makes it a page of its
   * own): given, the page is listed under it in every language; missing, it is not listed.
   */
  canonical?: string
  /** for a listed page's variants (a sort order): followed, not listed */
  robots?: 'noindex, follow'
  /** a product's picture and price for a shared link; other pages show the shop's picture */
  product?: { image: ShareImage; price: number }
  jsonLd?: Record<string, unknown>[]
  /** the picture the page shows first and largest, fetched before the styles ask for it */
  preloadImage?: { srcset: string; sizes: string; type: string; href: string }
}

const OG_LOCALE: Record<Locale, string> = { zh_tw: 'zh_TW', en: 'en_US', ja: 'ja_JP' }
export const BRAND = msg`Japan Souvenir Shop`
export const SITE_DESCRIPTION = msg`Japanese snacks, drinks, ramen and regional gifts, picked in Japan and delivered to Taiwan.`

/** A description as search results show it: one line of text, cut at a word near 155 characters. */
export const shortDescription = (text: string, max = 155): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`
}

export const absoluteUrl = (path: string): string => new URL(path, siteOrigin()).href

/** How a failed page reads: the same choice the error page makes (src/ui/route-error.tsx). */
export function failureOf(error: unknown, online: boolean): 'not-found' | 'offline' | 'failed' {
  if (isApiError(error) && error.isNotFound) return 'not-found'
  if (isApiError(error) && error.status === 0 && !online) return 'offline'
  return 'failed'
}

export const FAILURE_TITLES = {
  'not-found': msg`This page could not be found`,
  offline: msg`This page is not saved for offline use`,
  failed: msg`Oops, something went wrong`,
} as const

function titled(i18n: I18n, title: string | undefined): string {
  const brand = i18n._(BRAND)
  return title && title !== brand ? `${title} · ${brand}` : brand
}

/** The same page in every language, and the default language's for any other. */
function alternatesOf(pathAndQuery: string): Link[] {
  const at = pathAndQuery.indexOf('?')
  const [pathname, query] = at === -1 ? [pathAndQuery, ''] : [pathAndQuery.slice(0, at), pathAndQuery.slice(at)]
  const unprefixed = localizePathname(pathname, 'zh_tw')
  return [
    ...LOCALES.map((other) => ({ rel: 'alternate', hrefLang: htmlLang(other), href: absoluteUrl(`${localizePathname(unprefixed, other)}${query}`) })),
    { rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(`${unprefixed}${query}`) },
  ]
}

function namedMeta(i18n: I18n, name: string | undefined, text: string | undefined, shareName = name): Meta[] {
  const title = titled(i18n, name)
  const shared = titled(i18n, shareName)
  const description = shortDescription(text ?? i18n._(SITE_DESCRIPTION))
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: shared },
    { property: 'og:description', content: description },
    { name: 'twitter:title', content: shared },
    { name: 'twitter:description', content: description },
  ]
}

/** The tags a page's facts make; the root's (siteHead) fill in what a page leaves out. */
export function pageHead(locale: Locale, facts: PageFacts): RouteHead {
  const meta = namedMeta(i18nFor(locale), facts.title, facts.description, facts.shareTitle ?? facts.title)
  const links: Link[] = []
  if (facts.canonical) {
    const url = absoluteUrl(facts.canonical)
    meta.push({ property: 'og:url', content: url })
    links.push({ rel: 'canonical', href: url }, ...alternatesOf(facts.canonical))
  }
  if (!facts.canonical || facts.robots) meta.push({ name: 'robots', content: facts.robots ?? 'noindex' })
  if (facts.product) {
    const { image, price } = facts.product
    meta.push(
      { property: 'og:type', content: 'product' },
      ...shareImageMeta(image),
      { property: 'product:price:amount', content: String(price) },
      { property: 'product:price:currency', content: 'TWD' },
    )
  }
  for (const data of facts.jsonLd ?? []) meta.push({ 'script:ld+json': data } as Meta)
  if (facts.preloadImage) {
    const { srcset, sizes, type, href } = facts.preloadImage
    links.push({ rel: 'preload', as: 'image', type, href, imageSrcSet: srcset, imageSizes: sizes, fetchPriority: 'high' })
  }
  return { meta, links }
}

function shareImageMeta(image: ShareImage): Meta[] {
  return [
    { property: 'og:image', content: image.url },
    { property: 'og:image:type', content: 'image/jpeg' },
    { property: 'og:image:width', content: String(image.width) },
    { property: 'og:image:height', content: String(image.height) },
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:image', content: image.url },
    { name: 'twitter:image:alt', content: image.alt },
  ]
}

/**
 * The root's head: what every page shares (the shop's name, language and picture), and for a page
 * that could not be shown (an address that leads nowhere, a failed load) its title, not listed.
 */
export function siteHead(locale: Locale, matches: readonly AnyRouteMatch[]): RouteHead {
  const i18n = i18nFor(locale)
  const brand = i18n._(BRAND)
  const notFound = matches.some((match) => match.status === 'notFound' || match._notFound === true)
  const failed = matches.find((match) => match.status === 'error')
  const failure = notFound ? 'not-found' : failed ? failureOf(failed.error, typeof window === 'undefined' || navigator.onLine) : undefined
  const meta = namedMeta(i18n, failure ? i18n._(FAILURE_TITLES[failure]) : undefined, undefined)
  // a page's own head says whether it is listed; one that could not be shown never is
  if (failure) meta.push({ name: 'robots', content: 'noindex' })
  meta.push(
    { property: 'og:site_name', content: brand },
    { property: 'og:locale', content: OG_LOCALE[locale] },
    { property: 'og:type', content: 'website' },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...shareImageMeta({ url: absoluteUrl(shareImagePath({ kind: 'site' })), width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: brand }),
  )
  return { meta, links: [] }
}

/** A trail of pages for search results, as schema.org's BreadcrumbList. */
export function breadcrumbList(items: { name: string; path?: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, ...(item.path ? { item: absoluteUrl(item.path) } : {}) })),
  }
}

export interface HeadOf {
  locale: Locale
  /** the page's language's messages (never another request's, on the server) */
  t: (descriptor: MessageDescriptor) => string
}

/**
 * A route's `head()`: the page's facts while it shows, nothing while it failed or was not found
 * (the root's head says so then).
 */
export function routeHead<Context extends { match: AnyRouteMatch }>(facts: (page: HeadOf, context: Context) => PageFacts): (context: Context) => Partial<RouteHead> {
  return (context) => {
    const { match } = context
    if (match.status !== 'success' || match._notFound) return {}
    const locale = (match.context as { locale: Locale }).locale
    const i18n = i18nFor(locale)
    return pageHead(locale, facts({ locale, t: (descriptor) => i18n._(descriptor) }, context))
  }
}
