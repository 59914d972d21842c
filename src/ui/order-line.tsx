import type { CSSProperties, ReactNode } from 'react'
import { Picture } from './picture'
import './order-line.css'

interface OrderLineProps {
  /** the product's picture, as the catalogue gives it */
  image: string
  /** the product's name: the line's heading, never cut inside a word */
  name: ReactNode
  /** under the name: the type, the quantity, a tag */
  detail: ReactNode
  /** the line's total, at the end of the detail row */
  total: ReactNode
  /** a control at the line's end (the mini-cart's remove button) */
  action?: ReactNode
  /** the thumbnail's width in CSS pixels */
  thumb?: 48 | 56 | 64
  className?: string
}

/**
 * One line of an order or a cart (the checkout summary, My orders, the order page, the mini-cart), laid out as
 * the cart page's: the thumbnail, and beside it the name over its detail and total. The picture sits
 * in a box of its own, so the line's grid always has the same three cells whatever `<picture>` holds.
 */
export function OrderLine({ image, name, detail, total, action, thumb = 56, className = '' }: OrderLineProps) {
  return (
    <li className={`order-line${action ? ' order-line--action' : ''} ${className}`.trim()} style={{ '--order-line-thumb': `${thumb}px` } as CSSProperties}>
      <span className="order-line__thumb">
        <Picture src={image} alt="" preset="product" sizes={`${thumb}px`} largest={thumb * 3} className="order-line__image" />
      </span>
      <div className="order-line__body">
        <p className="order-line__name">{name}</p>
        <div className="order-line__meta">
          <p className="order-line__detail">{detail}</p>
          <span className="order-line__total">{total}</span>
        </div>
      </div>
      {action ? <div className="order-line__action">{action}</div> : null}
    </li>
  )
}
