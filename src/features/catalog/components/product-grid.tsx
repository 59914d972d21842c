import type { Product } from '../../../../contract/catalog'
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

/** A horizontally scrolling row of cards, for the home page and recommendations. */
export function ProductRow({ products, label }: { products: Product[]; label: string }) {
  return (
    <ul className="product-row" aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
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
