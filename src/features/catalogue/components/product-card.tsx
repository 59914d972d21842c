import { Link } from '@tanstack/react-router'
import { createContext, useContext, type ReactNode } from 'react'
import type { Product } from '../../../../contract/catalogue'
import { useLocalePrefix } from '@/lib/i18n'
import { PinIcon } from '@/ui/icons'
import { Picture } from '@/ui/picture'
import { Price } from '@/ui/price'
import { Stars } from '@/ui/stars'
import { StockBadge, stockState } from './stock-badge'
import './product-card.css'

/** the widest a card is drawn, in the product grid (2, 3, then 6 columns) or a product row (42% down to 6 a row) */
const PRODUCT_CARD_SIZES = '(min-width: 1200px) 200px, (min-width: 640px) 33vw, 50vw'
/** a card is at most about 330 CSS pixels wide (a third of a tablet): 640 device pixels are sharp enough */
const CARD_LARGEST = 640

/** Controls the app puts on every card's picture (the favourite heart), drawn above the card's link. */
export const ProductCardActionsSlot = createContext<((product: Product) => ReactNode) | null>(null)

export interface ProductCardProps {
  product: Product
  eager?: boolean
  /** h2 in a page's main grid, h3 in rows under a section heading */
  headingLevel?: 2 | 3
}

export function ProductCard({ product, eager = false, headingLevel = 3 }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const locale = useLocalePrefix()
  const state = stockState(product)
  const actions = useContext(ProductCardActionsSlot)
  return (
    <article className={`product-card${state === 'out-of-stock' ? ' is-sold-out' : ''}`}>
      <div className="product-card__media">
        <Picture src={product.thumbnail} alt="" preset="product" sizes={PRODUCT_CARD_SIZES} largest={CARD_LARGEST} eager={eager} className="product-card__image" />
        <span className="product-card__badge">
          <StockBadge state={state} />
        </span>
        {actions ? <span className="product-card__actions">{actions(product)}</span> : null}
      </div>
      <div className="product-card__body">
        <Heading className="product-card__name">
          <Link to="/{-$locale}/product/detail/$id" params={{ locale, id: String(product.id) }} className="product-card__link">
            {product.name}
          </Link>
        </Heading>
        <p className="product-card__city">
          <PinIcon size={13} />
          {product.location.city}
        </p>
        {product.reviews_total > 0 ? (
          <p className="product-card__rating">
            <Stars value={product.rating} size={13} />
            <span className="product-card__reviews">({product.reviews_total})</span>
          </p>
        ) : null}
        <Price min={product.price_min} max={product.price_max} className="product-card__price" />
      </div>
    </article>
  )
}

export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <div className="product-card__media skeleton" />
      <div className="product-card__body">
        <div className="skeleton" style={{ height: 14, width: '90%' }} />
        <div className="skeleton" style={{ height: 14, width: '60%', marginTop: 6 }} />
        <div className="skeleton" style={{ height: 16, width: '40%', marginTop: 12 }} />
      </div>
    </div>
  )
}
