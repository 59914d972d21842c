import { COOKIES, DEFAULT_LOCALE, LOCALES, type Locale } from '../../contract/constants'
import { localeFromParam } from '../../contract/locale-paths'
import { getCookie, setCookie } from './cookies'

export type { Locale }
export { LOCALES, DEFAULT_LOCALE }
export { htmlLang, localeFromParam, localizePathname, pathWithoutLocale, prefixOf } from '../../contract/locale-paths'

/** Lingui catalogs are named with BCP 47 tags; the API speaks zh_tw. */
export type LinguiLocale = 'zh-TW' | 'en' | 'ja'

const LINGUI_BY_LOCALE: Record<Locale, LinguiLocale> = { zh_tw: 'zh-TW', en: 'en', ja: 'ja' }

export const toLinguiLocale = (locale: Locale): LinguiLocale => LINGUI_BY_LOCALE[locale]

export const fromLinguiLocale = (tag: string): Locale =>
  (Object.keys(LINGUI_BY_LOCALE) as Locale[]).find((l) => LINGUI_BY_LOCALE[l] === tag) ?? DEFAULT_LOCALE

/** The names each language is listed under in the language menu, always in that language. */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = { zh_tw: '繁體中文', en: 'English', ja: '日本語' }

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** The locale a pathname is in; a first segment that is not a known prefix means the default locale. */
export function localeFromPathname(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? ''
  return localeFromParam(first) ?? DEFAULT_LOCALE
}

export function readLocaleCookie(source?: string): Locale | undefined {
  const value = getCookie(COOKIES.locale, source)
  return isLocale(value) ? value : undefined
}

export function storeLocaleCookie(locale: Locale): void {
  setCookie(COOKIES.locale, locale)
}
