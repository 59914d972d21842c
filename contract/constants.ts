/** Locales as the API names them (`X-localization`). zh_tw is the default and has no route prefix. */
export const LOCALES = ['zh_tw', 'en', 'ja'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'zh_tw'
/** Route prefixes: zh_tw has none. */
export const LOCALE_PREFIXES = { en: 'en', ja: 'ja' } as const satisfies Partial<Record<Locale, string>>

export const CURRENCIES = ['TWD'] as const
export type Currency = (typeof CURRENCIES)[number]
export const DEFAULT_CURRENCY: Currency = 'TWD'
export const CURRENCY_SYMBOL = 'NT$'

export const DEFAULT_PER_PAGE = 10
export const MAX_PER_PAGE = 100
export const PRODUCT_PAGE_SIZE = 18
export const SEARCH_KEYWORD_MAX = 30

export const COOKIE_MAX_AGE_DAYS = 365
export const COOKIES = {
  locale: 'locale',
  currency: 'currency',
  referrerCode: 'referrer_code',
  gdpr: 'gdpr_accepted',
} as const

export const CHUNK_RELOAD_GUARD_MS = 60_000

export const PRODUCT_SORTS = ['rank', 'price_asc', 'price_desc'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]

export const STOCK_TYPES = ['OFF_SHELF', 'PRE_ORDER'] as const
export type StockType = (typeof STOCK_TYPES)[number]

/** ACTIVE products are sold and listed; INACTIVE ones are kept for orders but hidden from the shop. */
export const PRODUCT_STATUSES = ['ACTIVE', 'INACTIVE'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

/** An order number, `YYMMDD-` and 8 Crockford base-32 characters; here, not in order.ts, so a review form does not bring the order schemas with it */
export const ORDER_NO_PATTERN = /^\d{6}-[0-9A-HJKMNP-TV-Z]{8}$/
