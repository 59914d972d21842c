import type { Locale } from '../../contract/constants'
import { localizePathname } from '../../contract/locale-paths'
import type { Config } from '../config'

/** A page of the PWA in a language, as an absolute URL (mails, Stripe's return links, redirects). */
export const pwaUrl = (config: Config, locale: Locale, path: string) => `${config.publicUrl}${localizePathname(path, locale)}`
