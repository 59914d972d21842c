import { COOKIES, CURRENCIES, DEFAULT_CURRENCY, type Currency } from '../../contract/constants'
import { getCookie, setCookie } from './cookies'

const isCurrency = (value: string | undefined): value is Currency => (CURRENCIES as readonly string[]).includes(value ?? '')

/**
 * The currency the API is asked for. The `currency` cookie is shared with every site on the domain,
 * and one the API refuses (another shop's USD) would fail every request: it is set back to the
 * shop's currency instead of being sent.
 */
export function shopCurrency(): Currency {
  const stored = getCookie(COOKIES.currency)
  if (isCurrency(stored)) return stored
  resetCurrency()
  return DEFAULT_CURRENCY
}

/** Sets the cookie back to the shop's currency (also after the API refused the one it held). */
export function resetCurrency(): void {
  setCookie(COOKIES.currency, DEFAULT_CURRENCY)
}
