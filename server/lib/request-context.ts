import type { MiddlewareHandler } from 'hono'
import { CURRENCIES, DEFAULT_CURRENCY, DEFAULT_LOCALE, type Currency } from '../../contract/constants'
import { isLocale } from '../../contract/localized'
import { AppError } from './errors'
import './request-locale'

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
