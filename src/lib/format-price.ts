import { CURRENCY_SYMBOL } from '../../contract/constants'

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** Prices are whole TWD and look the same in every language: NT$1,234. */
export const formatPrice = (amount: number): string => `${amount < 0 ? '-' : ''}${CURRENCY_SYMBOL}${grouping.format(Math.abs(Math.round(amount)))}`

export const formatPriceRange = (min: number, max: number): string =>
  min === max ? formatPrice(min) : `${formatPrice(Math.min(min, max))} ~ ${formatPrice(Math.max(min, max))}`
