import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../contract/constants'
import { htmlLang, localizePathname } from '../../../contract/locale-paths'
import type { DbOrTx } from '../../db/client'
import * as repo from './repo'

/** A page of the shop as the default language addresses it (no prefix), with its last change when known. */
export interface SitemapPage {
  path: string
  lastmod?: Date
}

/** Each language's sitemap file; its hreflang is the pages' own (`htmlLang`, contract/locale-paths.ts). */
const SITEMAP_FILES: Record<Locale, string> = { zh_tw: 'zh-TW', en: 'en', ja: 'ja' }

export const sitemapPath = (locale: Locale) => `/sitemaps/${SITEMAP_FILES[locale]}.xml`

export const localeOfSitemapFile = (file: string): Locale | undefined => LOCALES.find((locale) => SITEMAP_FILES[locale] === file)

const newest = (dates: Date[]): Date | undefined => (dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : undefined)

/**
 * Every page a search engine should list, in every language alike: home, the product list, one
 * list per trend group, city and category that has products on sale, the snack-box page and each
 * product on sale. A list's `lastmod` is the newest change among its products; lists without any
 * product are left out (they would be empty pages). Hidden products answer 404, so are not listed.
 */
export async function sitemapPages(db: DbOrTx): Promise<SitemapPage[]> {
  const [items, categories, groups, cities] = await Promise.all([repo.listedProducts(db), repo.categoriesWithProducts(db), repo.trendGroupIds(db), repo.citySlugs(db)])
  const all = newest(items.map((p) => p.updated_at))
  const lists = [
    ...groups.map((g) => ({ path: `/product/list?trend_group_id=${g.id}`, lastmod: newest(items.filter((p) => p.trend_group_id === g.id).map((p) => p.updated_at)) })),
    ...cities.map((c) => ({ path: `/product/list?city=${encodeURIComponent(c.slug)}`, lastmod: newest(items.filter((p) => p.city === c.slug).map((p) => p.updated_at)) })),
    ...categories.map((c) => ({ path: `/product/list?category_id=${c.id}`, lastmod: c.lastmod ? new Date(c.lastmod) : undefined })),
  ].filter((page) => page.lastmod !== undefined)
  return [
    { path: '/', lastmod: all },
    { path: '/product/list', lastmod: all },
    ...lists,
    // the plans come from the configuration, which has no date of change
    { path: '/subscribe' },
    ...items.map((p) => ({ path: `/product/detail/${p.id}`, lastmod: p.updated_at })),
  ]
}

/**
 * The absolute address of every `<loc>` the locale sitemaps list, all languages, in sitemap order.
 * For tests and for the server-side rendering's check that each of them answers 200.
 */
export async function sitemapUrls(db: DbOrTx, publicUrl: string): Promise<string[]> {
  const pages = await sitemapPages(db)
  return LOCALES.flatMap((locale) => pages.map((page) => `${publicUrl}${localizePathname(page.path, locale)}`))
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!)

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>'

/** The sitemap of one language: each page with its equivalents in every language (sitemaps.org, Google's hreflang in sitemaps). */
export function urlsetXml(pages: SitemapPage[], locale: Locale, publicUrl: string): string {
  const entries = pages.map((page) => {
    const loc = (other: Locale) => escapeXml(`${publicUrl}${localizePathname(page.path, other)}`)
    const alternates = [
      ...LOCALES.map((other) => `<xhtml:link rel="alternate" hreflang="${htmlLang(other)}" href="${loc(other)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${loc(DEFAULT_LOCALE)}"/>`,
    ]
    const lastmod = page.lastmod ? `<lastmod>${page.lastmod.toISOString()}</lastmod>` : ''
    return `<url><loc>${loc(locale)}</loc>${lastmod}${alternates.join('')}</url>`
  })
  return [XML_HEAD, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">', ...entries, '</urlset>', ''].join('\n')
}

/** The index: one sitemap per language. */
export function sitemapIndexXml(publicUrl: string, lastmod: Date | undefined): string {
  const entries = LOCALES.map(
    (locale) => `<sitemap><loc>${escapeXml(`${publicUrl}${sitemapPath(locale)}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</sitemap>`,
  )
  return [XML_HEAD, '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</sitemapindex>', ''].join('\n')
}
