import { i18n, type Messages } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { fromLinguiLocale, htmlLang, prefixOf, toLinguiLocale, type Locale } from './locale'

export { i18n }

// Catalogs are compiled by `lingui compile --typescript` and each becomes its own chunk.
const catalogs = import.meta.glob<{ messages: Messages }>('../../locales/*/messages.ts')

const loaded = new Set<string>()

/** Fetches a language's messages without switching to it (for preloading a language switch). */
export async function loadCatalog(locale: Locale): Promise<void> {
  const tag = toLinguiLocale(locale)
  if (loaded.has(tag)) return
  const load = catalogs[`../../locales/${tag}/messages.ts`]
  if (!load) throw new Error(`No compiled catalog for ${tag}; run lingui compile`)
  const { messages } = await load()
  i18n.load(tag, messages)
  loaded.add(tag)
}

export async function activateLocale(locale: Locale): Promise<void> {
  const tag = toLinguiLocale(locale)
  await loadCatalog(locale)
  if (i18n.locale !== tag) i18n.activate(tag)
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(locale)
}

export const currentLocale = (): Locale => fromLinguiLocale(i18n.locale)

/** The active locale as the API names it; re-renders on a language switch. */
export function useLocale(): Locale {
  const { i18n: active } = useLingui()
  return fromLinguiLocale(active.locale)
}

/** The `{-$locale}` route param for the active locale (undefined for the default, unprefixed one). */
export function useLocalePrefix(): string | undefined {
  return prefixOf(useLocale())
}
