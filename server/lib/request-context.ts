import type { Context, MiddlewareHandler } from 'hono'
import { CURRENCIES, DEFAULT_CURRENCY, DEFAULT_LOCALE, type Currency, type Locale } from '../../contract/constants'
import { isLocale } from '../../contract/localized'
import { AppError } from './errors'

declare module 'hono' {
  interface ContextVariableMap {
    locale: Locale
    currency: Currency
  }
}

export const localeOf = (c: Context): Locale => c.get('locale') ?? DEFAULT_LOCALE

/**
 * Reads `X-localization` (zh_tw default, en, ja) and `currency` (TWD only). An unknown language falls
 * back to zh_tw rather than failing, so a stale client still gets an answer; an unknown currency is
 * refused because prices would be wrong.
 */
export const requestContext = (): MiddlewareHandler => async (c, next) => {
  const rawLocale = c.req.header('x-localization')?.trim().toLowerCase().replace('-', '_')
  c.set('locale', isLocale(rawLocale) ? rawLocale : DEFAULT_LOCALE)
  const rawCurrency = c.req.header('currency')?.trim().toUpperCase()
  if (rawCurrency && !(CURRENCIES as readonly string[]).includes(rawCurrency)) {
    throw new AppError('UNSUPPORTED_CURRENCY', 400, 'Only TWD is supported.', { currency: ['Only TWD is supported.'] })
  }
  c.set('currency', (rawCurrency as Currency | undefined) ?? DEFAULT_CURRENCY)
  await next()
}
