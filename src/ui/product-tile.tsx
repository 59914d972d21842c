import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useLocalePrefix } from '../lib/i18n'
import { PinIcon } from './icons'
import { Picture } from './picture'
import { Price } from './price'
import { Stars } from './stars'
import { StockBadge, type StockState } from './stock-badge'
import './product-tile.css'

/** a tile is at most about 330 CSS pixels wide (a third of a tablet): 640 device pixels are sharp enough */
const TILE_LARGEST = 640

export interface ProductTileProps {
  id: number
  /** the product's name, or the name with a search's matches marked */
  name: ReactNode
  thumbnail: string
  city: string
  rating: number
  reviews: number
  priceMin: number
  priceMax: number
  stock: StockState
  /** the `sizes` of the grid the tile is drawn in */
  sizes: string
  eager?: boolean
  /** h2 in a page's main grid, h3 in rows under a section heading */
  headingLevel?: 2 | 3
  /** controls drawn on the picture, above the tile's link (the favourite heart) */
  actions?: ReactNode
}

/**
 * A product as the lists, rows and search results show it: its picture, stock, name (a link that
 * covers the tile, so the tile is one target with one accessible name), city, stars and price.
 */
export function ProductTile({ id, name, thumbnail, city, rating, reviews, priceMin, priceMax, stock, sizes, eager = false, headingLevel = 3, actions }: ProductTileProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const locale = useLocalePrefix()
  return (
    <article className={`product-card${stock === 'out-of-stock' ? ' is-sold-out' : ''}`}>
      <div className="product-card__media">
        <Picture src={thumbnail} alt="" preset="product" sizes={sizes} largest={TILE_LARGEST} eager={eager} className="product-card__image" />
        <span className="product-card__badge">
          <StockBadge state={stock} />
        </span>
        {actions ? <span className="product-card__actions">{actions}</span> : null}
      </div>
      <div className="product-card__body">
        <Heading className="product-card__name">
          <Link to="/{-$locale}/product/detail/$id" params={{ locale, id: String(id) }} className="product-card__link">
            {name}
          </Link>
        </Heading>
        <p className="product-card__city">
          <PinIcon size={13} />
          {city}
        </p>
        {reviews > 0 ? (
          <p className="product-card__rating">
            <Stars value={rating} size={13} />
            <span className="product-card__reviews">({reviews})</span>
          </p>
        ) : null}
        <Price min={priceMin} max={priceMax} className="product-card__price" />
      </div>
    </article>
  )
}

export function ProductTileSkeleton() {
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
