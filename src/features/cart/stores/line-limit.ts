import { MAX_LINE_QUANTITY } from '../../../../contract/cart'

export { MAX_LINE_QUANTITY }

/** The most a line of a variant with this much stock left may hold (pre-orders: the allocation). */
export const lineLimit = (stockLeft: number): number => Math.max(0, Math.min(Math.floor(stockLeft), MAX_LINE_QUANTITY))
