import { useLingui } from '@lingui/react/macro'
import type { Product } from '../../contract/catalogue'
import './stock-badge.css'

export type StockState = 'in-stock' | 'out-of-stock' | 'pre-order'

/** Pre-orders can always be ordered; otherwise a product (or the chosen type) without stock is out of stock. */
export function stockState(product: Pick<Product, 'stock_type' | 'sold_out'>, variantStock?: number): StockState {
  if (product.stock_type === 'PRE_ORDER') return 'pre-order'
  if (variantStock !== undefined) return variantStock > 0 ? 'in-stock' : 'out-of-stock'
  return product.sold_out ? 'out-of-stock' : 'in-stock'
}

export function StockBadge({ state, size = 'sm' }: { state: StockState; size?: 'sm' | 'md' }) {
  const { t } = useLingui()
  if (state === 'in-stock') return null
  return (
    <span className={`stock-badge stock-badge--${state} stock-badge--${size}`}>{state === 'pre-order' ? t`Pre-order` : t`Out of stock`}</span>
  )
}
