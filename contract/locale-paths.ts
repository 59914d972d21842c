import { DEFAULT_LOCALE, LOCALE_PREFIXES, type Locale } from './constants'

/**
 * How a language shows in addresses and markup, shared by the PWA (links, the page head) and the
 * server (the sitemap), so a page's own alternates and the sitemap's always agree.
 */

/** The BCP 47 tag of `<html lang>` and of hreflang alternates. */
const HTML_LANG: Record<Locale, string> = { zh_tw: 'zh-Hant-TW', en: 'en', ja: 'ja' }

export const htmlLang = (locale: Locale): string => HTML_LANG[locale]

/** The route prefix of a locale: undefined for the default (zh_tw). */
export const prefixOf = (locale: Locale): string | undefined =>
  locale === DEFAULT_LOCALE ? undefined : (LOCALE_PREFIXES as Partial<Record<Locale, string>>)[locale]

/** The locale a `{-$locale}` param names: the default when absent, null when it is not a locale prefix. */
export function localeFromParam(param: string | undefined): Locale | null {
  if (param === undefined || param === '') return DEFAULT_LOCALE
  const found = (Object.entries(LOCALE_PREFIXES) as [Locale, string][]).find(([, prefix]) => prefix === param)
  return found ? found[0] : null
}

/** The same page in another locale: swaps (or adds, or drops) the prefix and keeps the rest, query included. */
export function localizePathname(pathname: string, locale: Locale): string {
  const segments = pathname.split('/').slice(1)
  const first = segments[0] ?? ''
  const rest = first !== '' && localeFromParam(first) !== DEFAULT_LOCALE && localeFromParam(first) !== null ? segments.slice(1) : segments
  const prefix = prefixOf(locale)
  const tail = rest.join('/')
  if (!prefix) return `/${tail}`
  return tail ? `/${prefix}/${tail}` : `/${prefix}`
}

/** The page's path without its language prefix (/en/subscribe and /subscribe are both /subscribe): what a test of "which page" reads. */
export const pathWithoutLocale = (pathname: string): string => localizePathname(pathname, DEFAULT_LOCALE)
