import { COOKIES, DEFAULT_LOCALE, LOCALE_PREFIXES, LOCALES, type Locale } from '../../contract/constants'
import { getCookie, setCookie } from './cookies'

export type { Locale }
export { LOCALES, DEFAULT_LOCALE }

/** Lingui catalogs are named with BCP 47 tags; the API speaks zh_tw. */
export type LinguiLocale = 'zh-TW' | 'en' | 'ja'

const LINGUI_BY_LOCALE: Record<Locale, LinguiLocale> = { zh_tw: 'zh-TW', en: 'en', ja: 'ja' }
const HTML_LANG: Record<Locale, string> = { zh_tw: 'zh-Hant-TW', en: 'en', ja: 'ja' }

export const toLinguiLocale = (locale: Locale): LinguiLocale => LINGUI_BY_LOCALE[locale]

export const fromLinguiLocale = (tag: string): Locale =>
  (Object.keys(LINGUI_BY_LOCALE) as Locale[]).find((l) => LINGUI_BY_LOCALE[l] === tag) ?? DEFAULT_LOCALE

export const htmlLang = (locale: Locale): string => HTML_LANG[locale]

/** The names each language is listed under in the language menu, always in that language. */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = { zh_tw: '繁體中文', en: 'English', ja: '日本語' }

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** The route prefix of a locale: undefined for the default (zh_tw). */
export const prefixOf = (locale: Locale): string | undefined =>
  locale === DEFAULT_LOCALE ? undefined : (LOCALE_PREFIXES as Partial<Record<Locale, string>>)[locale]

/** The locale a `{-$locale}` param names: undefined when absent, null when it is not a locale prefix. */
export function localeFromParam(param: string | undefined): Locale | null {
  if (param === undefined || param === '') return DEFAULT_LOCALE
  const found = (Object.entries(LOCALE_PREFIXES) as [Locale, string][]).find(([, prefix]) => prefix === param)
  return found ? found[0] : null
}

/** The locale a pathname is in; a first segment that is not a known prefix means the default locale. */
export function localeFromPathname(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? ''
  return localeFromParam(first) ?? DEFAULT_LOCALE
}

/** The same page in another locale: swaps (or adds, or drops) the prefix and keeps the rest. */
export function localizePathname(pathname: string, locale: Locale): string {
  const segments = pathname.split('/').slice(1)
  const first = segments[0] ?? ''
  const rest = first !== '' && localeFromParam(first) !== DEFAULT_LOCALE && localeFromParam(first) !== null ? segments.slice(1) : segments
  const prefix = prefixOf(locale)
  const tail = rest.join('/')
  if (!prefix) return `/${tail}`
  return tail ? `/${prefix}/${tail}` : `/${prefix}`
}

export function readLocaleCookie(source?: string): Locale | undefined {
  const value = getCookie(COOKIES.locale, source)
  return isLocale(value) ? value : undefined
}

export function storeLocaleCookie(locale: Locale): void {
  setCookie(COOKIES.locale, locale)
}
