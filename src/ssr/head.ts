/**
 * The head of a page rendered on the server: what a search engine indexes and what LINE, Facebook
 * or X show when a link is shared (they do not run JavaScript). Written from the data the page's
 * loaders put in the query cache, so the head says what the page shows.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import type { Category, City, Product, TrendGroup } from '../../contract/catalogue'
import { LOCALES, type Locale } from '../../contract/constants'
import { pictureSources, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImagePath } from '../../contract/images'
import type { PublicConfig } from '../../contract/shop'
import { categoriesQueryOptions } from '../features/catalogue/api/get-categories'
import { productQueryOptions } from '../features/catalogue/api/get-product'
import { GALLERY_SIZES } from '../features/catalogue/components/product-gallery'
import { trendCitiesQueryOptions } from '../features/catalogue/api/get-trend-cities'
import { trendGroupListQueryOptions } from '../features/catalogue/api/get-trend-group-list'
import { shopConfigQueryOptions } from '../features/shop/api/get-shop-config'
import { formatPrice, formatPriceRange } from '../lib/format-price'
import { htmlLang, localizePathname } from '../lib/locale'
import type { createAppRouter } from '../router'
import { escapeHtml, scriptJson } from './template'
import type { SiteFacts } from '../../contract/page-renderer'

export type { SiteFacts }

type AppRouter = ReturnType<typeof createAppRouter>

export interface ImageTag {
  url: string
  width: number
  height: number
  alt: string
}

export interface PageHead {
  lang: string
  title: string
  description: string
  canonical: string
  alternates: { hreflang: string; href: string }[]
  /** set for pages a search engine should not list */
  robots?: string
  og: { type: 'website' | 'product'; locale: string; image: ImageTag; price?: number }
  jsonLd: Record<string, unknown>[]
  /** the picture the page shows first and largest, fetched before the styles say so */
  preloadImage?: { srcset: string; sizes: string; type: string; href: string }
  /** the route matched nothing, or the product does not exist: answered 404 */
  notFound: boolean
  /** the response's script nonce, which the app reads back for scripts it adds later */
  nonce?: string
}

const OG_LOCALE: Record<Locale, string> = { zh_tw: 'zh_TW', en: 'en_US', ja: 'ja_JP' }

/** Pages listed on their own: the product list filtered by exactly one of these, and its page number. */
const LANDING_FILTERS = ['trend_group_id', 'city', 'category_id'] as const


const description = (text: string, max = 155): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`
}

function availability(product: Product): string {
  if (product.status !== 'ACTIVE') return 'https://schema.org/Discontinued'
  if (product.stock_type === 'PRE_ORDER') return 'https://schema.org/PreOrder'
  return product.sold_out ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock'
}

interface Context {
  router: AppRouter
  queryClient: QueryClient
  i18n: I18n
  locale: Locale
  site: SiteFacts
}

export function pageHead({ router, queryClient, i18n, locale, site }: Context): PageHead {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor)
  const absolute = (path: string) => new URL(path, site.publicUrl).href
  const location = router.stores.location.get()
  const matches = router.stores.matches.get()
  const leaf = matches.at(-1)
  const notFound = matches.some((match) => match.status === 'notFound' || match._notFound === true)
  const brand = t(msg`Japan Souvenir Shop`)
  const config = queryClient.getQueryData(shopConfigQueryOptions(locale).queryKey) as PublicConfig | undefined
  const siteImage: ImageTag = { url: absolute(shareImagePath({ kind: 'site' })), width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: brand }

  /** The same page in every language, and the default language's for any other. */
  const alternatesOf = (pathAndQuery: string) => {
    const at = pathAndQuery.indexOf('?')
    const [pathname, query] = at === -1 ? [pathAndQuery, ''] : [pathAndQuery.slice(0, at), pathAndQuery.slice(at)]
    return [
      ...LOCALES.map((other) => ({ hreflang: htmlLang(other), href: absolute(`${localizePathname(pathname, other)}${query}`) })),
      { hreflang: 'x-default', href: absolute(`${localizePathname(pathname, 'zh_tw')}${query}`) },
    ]
  }
  const base = (pathAndQuery: string, title: string, text: string): PageHead => ({
    lang: htmlLang(locale),
    title: title === brand ? brand : `${title} · ${brand}`,
    description: description(text),
    canonical: absolute(pathAndQuery),
    alternates: alternatesOf(pathAndQuery),
    og: { type: 'website', locale: OG_LOCALE[locale], image: siteImage },
    jsonLd: [],
    notFound: false,
  })
  const home = absolute(localizePathname('/', locale))
  const crumbs = (items: { name: string; path?: string }[]) => ({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      ...(item.path ? { item: absolute(item.path) } : {}),
    })),
  })
  const siteDescription = t(msg`Japanese snacks, drinks, ramen and regional gifts, picked in Japan and delivered to Taiwan.`)

  if (notFound || !leaf) {
    return { ...base(location.pathname, t(msg`This page could not be found`), siteDescription), robots: 'noindex', notFound: true }
  }

  const listPath = localizePathname('/product/list', locale)
  switch (leaf.routeId) {
    case '/{-$locale}/_home/': {
      const head = base(localizePathname('/', locale), brand, siteDescription)
      head.jsonLd = [
        {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: brand,
          url: home,
          logo: absolute('/icons/icon-512.png'),
          ...(config?.shop.email ? { email: config.shop.email } : {}),
          ...(config?.shop.line_url ? { sameAs: [config.shop.line_url] } : {}),
        },
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: brand,
          url: home,
          inLanguage: htmlLang(locale),
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${absolute(localizePathname('/product/search/', locale))}?keyword={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
      ]
      return head
    }
    case '/{-$locale}/_detail/product/detail/$id': {
      const id = Number((leaf.params as { id: string }).id)
      const product = queryClient.getQueryData(productQueryOptions(locale, id).queryKey) as Product | undefined
      if (!product) return { ...base(location.pathname, t(msg`This page could not be found`), siteDescription), robots: 'noindex', notFound: true }
      const path = localizePathname(`/product/detail/${product.id}`, locale)
      const price = product.price_min === product.price_max ? formatPrice(product.price_min) : formatPriceRange(product.price_min, product.price_max)
      const head = base(path, product.name, `${price} · ${product.description}`)
      const images = product.images.length > 0 ? product.images : [product.thumbnail]
      head.og = {
        type: 'product',
        locale: OG_LOCALE[locale],
        image: { url: absolute(shareImagePath({ kind: 'product', id: product.id })), width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: product.name },
        price: product.price_min,
      }
      const first = pictureSources(images[0]!, 'product')
      if (first.avif) head.preloadImage = { srcset: first.avif, sizes: GALLERY_SIZES, type: 'image/avif', href: first.fallback }
      const url = absolute(path)
      const offers =
        product.variants.length > 1
          ? {
              '@type': 'AggregateOffer',
              priceCurrency: 'TWD',
              lowPrice: product.price_min,
              highPrice: product.price_max,
              offerCount: product.variants.length,
              availability: availability(product),
              url,
            }
          : { '@type': 'Offer', priceCurrency: 'TWD', price: product.price_min, availability: availability(product), url, itemCondition: 'https://schema.org/NewCondition' }
      const category = product.categories[0]?.category
      head.jsonLd = [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: product.name,
          description: product.description.slice(0, 5000),
          sku: product.sku,
          image: images.map((src) => absolute(pictureSources(src, 'product').fallback)),
          ...(category ? { category: category.name } : {}),
          offers,
          ...(product.reviews_total > 0
            ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviews_total, bestRating: 5, worstRating: 1 } }
            : {}),
        },
        crumbs([
          { name: t(msg`Home`), path: localizePathname('/', locale) },
          { name: t(msg`All products`), path: listPath },
          ...(category ? [{ name: category.name, path: `${listPath}?category_id=${category.id}` }] : []),
          { name: product.name },
        ]),
      ]
      return head
    }
    case '/{-$locale}/_default/product/list': {
      const search = leaf.search as Partial<Record<(typeof LANDING_FILTERS)[number] | 'sort' | 'page', string | number>>
      const chosen = LANDING_FILTERS.filter((key) => search[key] !== undefined)
      const categories = (queryClient.getQueryData(categoriesQueryOptions(locale).queryKey) ?? []) as Category[]
      const cities = (queryClient.getQueryData(trendCitiesQueryOptions(locale).queryKey) ?? []) as City[]
      const groups = (queryClient.getQueryData(trendGroupListQueryOptions(locale).queryKey) ?? []) as TrendGroup[]
      const group = groups.find((g) => g.id === search.trend_group_id)
      const category = categories.find((c) => c.id === search.category_id)
      const city = cities.find((c) => c.slug === search.city)
      const name = [group?.name, category?.name, city?.name].filter(Boolean).join(' · ') || t(msg`All products`)
      const query = new URLSearchParams()
      for (const key of chosen) query.set(key, String(search[key]))
      if (search.page !== undefined && Number(search.page) > 1) query.set('page', String(search.page))
      const path = `${listPath}${query.size > 0 ? `?${query}` : ''}`
      const text = group?.description || (city ? `${city.name}, ${city.prefecture} · ${siteDescription}` : siteDescription)
      const head = base(path, name, text)
      // a sort order or several filters at once are views of pages listed on their own
      if (search.sort !== undefined || chosen.length > 1) head.robots = 'noindex, follow'
      head.jsonLd = [crumbs([{ name: t(msg`Home`), path: localizePathname('/', locale) }, ...(chosen.length > 0 ? [{ name: t(msg`All products`), path: listPath }] : []), { name }])]
      return head
    }
    case '/{-$locale}/_default/product/search/{-$search}': {
      // keyword searches are endless and thin: followed, never listed
      const head = base(localizePathname('/product/search/', locale), t(msg`Search`), siteDescription)
      head.robots = 'noindex, follow'
      return head
    }
    case '/{-$locale}/_minimal/subscribe':
      return base(
        localizePathname('/subscribe', locale),
        t(msg`Monthly Japanese snack box`),
        t(msg`A box of Japanese snacks delivered every month: choose a plan of 1, 3, 6 or 12 months and save.`),
      )
    default:
      // pages drawn in the browser (cart, payment, member pages) are never listed
      return { ...base(location.pathname, brand, siteDescription), robots: 'noindex' }
  }
}

/** The head as HTML, every value escaped. */
export function headHtml(head: PageHead): string {
  const tags: string[] = []
  const meta = (attr: 'name' | 'property', key: string, content: string | number) => tags.push(`<meta ${attr}="${key}" content="${escapeHtml(String(content))}" />`)
  tags.push(`<title>${escapeHtml(head.title)}</title>`)
  if (head.nonce) tags.push(`<meta property="csp-nonce" content="${escapeHtml(head.nonce)}" />`)
  meta('name', 'description', head.description)
  if (head.robots) meta('name', 'robots', head.robots)
  if (!head.notFound) {
    tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`)
    for (const alternate of head.alternates) tags.push(`<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}" />`)
  }
  meta('property', 'og:type', head.og.type)
  meta('property', 'og:title', head.title)
  meta('property', 'og:description', head.description)
  if (!head.notFound) meta('property', 'og:url', head.canonical)
  meta('property', 'og:site_name', head.title.split(' · ').at(-1)!)
  meta('property', 'og:locale', head.og.locale)
  for (const other of Object.values(OG_LOCALE)) if (other !== head.og.locale) meta('property', 'og:locale:alternate', other)
  meta('property', 'og:image', head.og.image.url)
  meta('property', 'og:image:type', 'image/jpeg')
  meta('property', 'og:image:width', head.og.image.width)
  meta('property', 'og:image:height', head.og.image.height)
  meta('property', 'og:image:alt', head.og.image.alt)
  if (head.og.price !== undefined) {
    meta('property', 'product:price:amount', head.og.price)
    meta('property', 'product:price:currency', 'TWD')
  }
  meta('name', 'twitter:card', 'summary_large_image')
  meta('name', 'twitter:title', head.title)
  meta('name', 'twitter:description', head.description)
  meta('name', 'twitter:image', head.og.image.url)
  meta('name', 'twitter:image:alt', head.og.image.alt)
  if (head.preloadImage) {
    const { srcset, sizes, type, href } = head.preloadImage
    tags.push(`<link rel="preload" as="image" type="${type}" href="${escapeHtml(href)}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />`)
  }
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`)
  return tags.map((tag) => `    ${tag}\n`).join('')
}
