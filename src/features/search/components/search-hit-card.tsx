import { ProductTile, ProductTileSkeleton } from '@/ui/product-tile'
import type { StockState } from '@/ui/stock-badge'
import { useLocale } from '@/lib/i18n'
import { hitCity, hitName, type SearchHit } from '../api/search-client'
import { Highlight } from './highlight'
import './search-hit-card.css'

/** the search page's grid: 2, 3, then 4 columns */
const SEARCH_HIT_SIZES = '(min-width: 1200px) 250px, (min-width: 992px) 30vw, (min-width: 640px) 33vw, 50vw'

const STOCK: Record<SearchHit['stock_status'], StockState> = { in_stock: 'in-stock', out_of_stock: 'out-of-stock', pre_order: 'pre-order' }

/** A search result: the product's tile, its name with the words that matched marked. */
export function SearchHitCard({ hit, eager = false }: { hit: SearchHit; eager?: boolean }) {
  const locale = useLocale()
  const name = hit._highlightResult?.[`name_${locale}`]?.value ?? hitName(hit, locale)
  return (
    <ProductTile
      id={hit.id}
      name={<Highlight value={name} />}
      thumbnail={hit.thumbnail}
      city={hitCity(hit, locale)}
      rating={hit.rating ?? 0}
      reviews={hit.reviews_total ?? 0}
      priceMin={hit.price_min}
      priceMax={hit.price_max}
      stock={STOCK[hit.stock_status]}
      sizes={SEARCH_HIT_SIZES}
      eager={eager}
      headingLevel={2}
    />
  )
}

export const SearchHitSkeleton = ProductTileSkeleton
