import { i18n, setupI18n, type I18n, type Messages } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { LATER_MESSAGES_HOOK } from './later-messages-hook'
import { fromLinguiLocale, htmlLang, prefixOf, toLinguiLocale, type Locale } from './locale'

export { i18n }

// Catalogs are compiled by `lingui compile --typescript` and each becomes its own chunk. In the
// browser build a catalogue holds only the first screen's messages and loads the others with `later`
// (scripts/lib/split-messages.ts, decision 70); the server and the development server get them all.
interface Catalog {
  messages: Messages
  later?: () => Promise<{ messages: Messages }>
}
const catalogs = import.meta.glob<Catalog>('../../locales/*/messages.ts')

const loaded = new Map<string, Catalog>()
/** one instance per language, for code that runs beside other languages' (a page's head on the server) */
const fixed = new Map<string, I18n>()

function fixedI18n(tag: string): I18n {
  let one = fixed.get(tag)
  if (!one) {
    one = setupI18n({ locale: tag, messages: { [tag]: {} } })
    fixed.set(tag, one)
  }
  return one
}

function loadMessages(tag: string, messages: Messages): void {
  i18n.load(tag, messages)
  fixedI18n(tag).load(tag, messages)
}
const laterLoaded = new Map<string, Promise<void>>()
/** set by the first chunk that uses a message beyond the first screen's: every language loaded from then on comes whole */
let laterWanted = false

function loadLater(tag: string): Promise<void> {
  const later = loaded.get(tag)?.later
  if (!later) return Promise.resolve()
  let loading = laterLoaded.get(tag)
  if (!loading) {
    loading = later().then(({ messages }) => loadMessages(tag, messages))
    // a failed download (offline, a build replaced) is tried again by the next chunk that needs it
    loading.catch(() => laterLoaded.delete(tag))
    laterLoaded.set(tag, loading)
  }
  return loading
}

/** The rest of every loaded language's messages; awaited by each chunk that uses one of them. */
export async function loadLaterMessages(): Promise<void> {
  laterWanted = true
  await Promise.all([...loaded.keys()].map(loadLater))
}

if (typeof window !== 'undefined') Object.assign(globalThis, { [LATER_MESSAGES_HOOK]: loadLaterMessages })

/** Fetches a language's messages without switching to it (for preloading a language switch). */
export async function loadCatalog(locale: Locale): Promise<void> {
  const tag = toLinguiLocale(locale)
  if (!loaded.has(tag)) {
    const load = catalogs[`../../locales/${tag}/messages.ts`]
    if (!load) throw new Error(`No compiled catalog for ${tag}; run lingui compile`)
    const catalog = await load()
    if (!loaded.has(tag)) {
      loadMessages(tag, catalog.messages)
      loaded.set(tag, catalog)
    }
  }
  if (laterWanted) await loadLater(tag)
}

export async function activateLocale(locale: Locale): Promise<void> {
  const tag = toLinguiLocale(locale)
  await loadCatalog(locale)
  if (i18n.locale !== tag) i18n.activate(tag)
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(locale)
}

/**
 * A language's messages whatever language is active. The shared `i18n` follows the page being
 * drawn; on the server, requests in several languages load at once, and what runs between their
 * awaits (a route's head) must not read another request's language.
 */
export const i18nFor = (locale: Locale): I18n => fixedI18n(toLinguiLocale(locale))

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
