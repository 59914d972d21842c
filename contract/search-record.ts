/**
 * The product search index's record: what the server's indexer writes (server/modules/search/records.ts)
 * and what the PWA reads back as a hit (src/features/search/). Hosted Algolia and the embedded
 * engine answer the same records.
 */

export const STOCK_STATUSES = ['in_stock', 'out_of_stock', 'pre_order'] as const
export type StockStatus = (typeof STOCK_STATUSES)[number]

/** What the search index holds per product: everything a hit shows, in every language, plus facets. */
export interface ProductRecord {
  objectID: string
  id: number
  sku: string
  name: string
  name_zh_tw: string
  name_en: string
  name_ja: string
  /** the kana reading of the Japanese name, in hiragana and in katakana: まっちゃ and マッチャ find 抹茶 (decision 43) */
  name_ja_reading: string[]
  thumbnail: string
  price: number
  price_min: number
  price_max: number
  categories: { category: { id: number; name: string; name_en: string; name_ja: string; name_ja_reading: string[] } }[]
  category_ids: number[]
  location: { city: string; city_en: string; city_ja: string; city_ja_reading: string[]; slug: string }
  city: string
  status: string
  stock_type: string
  stock_status: StockStatus
  trend_group_id: number | null
  rank: number
  /** average review score (one decimal) and how many reviews: a filter ("4 stars & up") and a ranking signal after relevance */
  rating: number
  reviews_total: number
}

/** The part of a record a search hit shows, with what the engine adds (highlighting). */
export type SearchHit = Pick<
  ProductRecord,
  'objectID' | 'id' | 'name' | 'name_zh_tw' | 'name_en' | 'name_ja' | 'thumbnail' | 'price_min' | 'price_max' | 'category_ids' | 'city' | 'stock_status' | 'trend_group_id'
> & {
  location: Omit<ProductRecord['location'], 'city_ja_reading'>
  /** absent in records indexed before reviews were */
  rating?: number
  reviews_total?: number
  _highlightResult?: Record<string, { value: string; matchLevel: string } | undefined>
}
