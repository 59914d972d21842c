import type { Context } from 'hono'
import { DEFAULT_LOCALE, type Currency, type Locale } from '../../contract/constants'

declare module 'hono' {
  interface ContextVariableMap {
    locale: Locale
    currency: Currency
  }
}

/** The request's language, as requestContext (request-context.ts) read it; zh_tw before that. */
export const localeOf = (c: Context): Locale => c.get('locale') ?? DEFAULT_LOCALE
