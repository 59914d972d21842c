import { createContext, useContext, type ReactNode } from 'react'
import type { Product } from '../../../../contract/catalogue'
import { ProductTile, ProductTileSkeleton } from '@/ui/product-tile'
import { stockState } from '@/ui/stock-badge'

/** the widest a card is drawn, in the product grid (2, 3, then 6 columns) or a product row (42% down to 6 a row) */
const PRODUCT_CARD_SIZES = '(min-width: 1200px) 200px, (min-width: 640px) 33vw, 50vw'

/** Controls the app puts on every card's picture (the favourite heart), drawn above the card's link. */
export const ProductCardActionsSlot = createContext<((product: Product) => ReactNode) | null>(null)

export interface ProductCardProps {
  product: Product
  eager?: boolean
  /** h2 in a page's main grid, h3 in rows under a section heading */
  headingLevel?: 2 | 3
}

export function ProductCard({ product, eager = false, headingLevel = 3 }: ProductCardProps) {
  const actions = useContext(ProductCardActionsSlot)
  return (
    <ProductTile
      id={product.id}
      name={product.name}
      thumbnail={product.thumbnail}
      city={product.location.city}
      rating={product.rating}
      reviews={product.reviews_total}
      priceMin={product.price_min}
      priceMax={product.price_max}
      stock={stockState(product)}
      sizes={PRODUCT_CARD_SIZES}
      eager={eager}
      headingLevel={headingLevel}
      actions={actions?.(product)}
    />
  )
}

export const ProductCardSkeleton = ProductTileSkeleton
