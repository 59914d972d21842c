import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import type { Product } from '../../../../contract/catalogue'
import { ChevronLeftIcon, ChevronRightIcon } from '@/ui/icons'
import { ProductCard, ProductCardSkeleton } from './product-card'
import './product-grid.css'

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < 4} headingLevel={2} />
        </li>
      ))}
    </ul>
  )
}

export function ProductGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  )
}

/**
 * A horizontally scrolling row of cards, for the home page and recommendations. Fingers swipe it;
 * with a mouse or a keyboard its buttons move it a screenful at a time (a desktop shows 6 of a
 * row's 8 cards and no scrollbar to grab). The buttons show where the pointer is fine and the row
 * overflows; at an end its button is marked unavailable but keeps focus.
 */
export function ProductRow({ products, label }: { products: Product[]; label: string }) {
  const { t } = useLingui()
  const listRef = useRef<HTMLUListElement>(null)
  // as the server draws it: at the start, its end unknown until measured
  const [edges, setEdges] = useState({ start: true, end: false })

  useEffect(() => {
    const list = listRef.current
    if (!list) return
    const measure = () => {
      const last = list.scrollWidth - list.clientWidth
      const start = list.scrollLeft <= 1
      const end = list.scrollLeft >= last - 1
      // every scroll event lands here: the row draws again only when an end is reached or left
      setEdges((before) => (before.start === start && before.end === end ? before : { start, end }))
    }
    measure()
    list.addEventListener('scroll', measure, { passive: true })
    const observer = new ResizeObserver(measure)
    observer.observe(list)
    return () => {
      list.removeEventListener('scroll', measure)
      observer.disconnect()
    }
  }, [products.length])

  const move = (direction: 1 | -1) => {
    const list = listRef.current
    if (!list || (direction < 0 ? edges.start : edges.end)) return
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    list.scrollBy({ left: direction * list.clientWidth, behavior: still ? 'instant' : 'smooth' })
  }

  return (
    <div className={`product-row-frame${edges.start && edges.end ? ' is-static' : ''}`}>
      <ul ref={listRef} className="product-row" aria-label={label}>
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
      <button type="button" className="product-row__move product-row__move--back" aria-label={t`Previous products: ${label}`} aria-disabled={edges.start} onClick={() => move(-1)}>
        <ChevronLeftIcon size={20} />
      </button>
      <button type="button" className="product-row__move product-row__move--next" aria-label={t`More products: ${label}`} aria-disabled={edges.end} onClick={() => move(1)}>
        <ChevronRightIcon size={20} />
      </button>
    </div>
  )
}

export function ProductRowSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="product-row" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  )
}
