import * as v from 'valibot'
import { PRODUCT_SORTS, PRODUCT_STATUSES, SEARCH_KEYWORD_MAX, STOCK_TYPES } from './constants'
import { intParam, PageQuerySchema } from './page'

// ---- requests -------------------------------------------------------------

export const ProductListQuerySchema = v.object({
  ...PageQuerySchema.entries,
  category_id: v.optional(intParam(1)),
  /** a city slug such as `osaka` (see GET /trend_cities/list) */
  city: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'must be a city slug'))),
  trend_group_id: v.optional(intParam(1)),
  keyword: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(SEARCH_KEYWORD_MAX, 'is too long'))),
  sort: v.optional(v.picklist(PRODUCT_SORTS, 'is not one of the allowed values'), 'rank'),
})
export type ProductListQuery = v.InferOutput<typeof ProductListQuerySchema>

export const IdParamSchema = v.object({ id: intParam(1) })

export const RecommendQuerySchema = v.object({ category_id: v.optional(intParam(1)) })

// ---- responses ------------------------------------------------------------

export const CategorySchema = v.object({ id: v.number(), slug: v.string(), name: v.string() })
export type Category = v.InferOutput<typeof CategorySchema>

export const CitySchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  prefecture: v.string(),
  picture: v.string(),
  is_hot: v.boolean(),
})
export type City = v.InferOutput<typeof CitySchema>

export const VariantSchema = v.object({ id: v.number(), sku: v.string(), label: v.string(), price: v.number(), stock_left: v.number() })
export type Variant = v.InferOutput<typeof VariantSchema>

export const SizeSchema = v.object({
  length: v.number(), // cm
  width: v.number(), // cm
  height: v.number(), // cm
  weight: v.number(), // g
})

export const ProductSchema = v.object({
  id: v.number(),
  sku: v.string(),
  name: v.string(),
  description: v.string(),
  thumbnail: v.string(),
  images: v.array(v.string()),
  price_min: v.number(),
  price_max: v.number(),
  categories: v.array(v.object({ category: v.object({ id: v.number(), name: v.string() }) })),
  location: v.object({ city: v.string(), city_id: v.number(), slug: v.string(), prefecture: v.string() }),
  status: v.picklist(PRODUCT_STATUSES),
  stock_type: v.picklist(STOCK_TYPES),
  /** true when no variant has stock left and the product is not a pre-order */
  sold_out: v.boolean(),
  trend_group_id: v.nullable(v.number()),
  expiry_date: v.nullable(v.string()),
  arrival_days: v.number(),
  size: SizeSchema,
  variants: v.array(VariantSchema),
  rank: v.number(),
  /** the average score of its visible reviews, one decimal; 0 without reviews */
  rating: v.number(),
  reviews_total: v.number(),
  /** true when the signed-in member keeps it in their favourites */
  is_favorite: v.boolean(),
  /** the member's favourite entries for this product (empty for visitors) */
  wishlist: v.array(v.object({ id: v.number(), product_id: v.number() })),
})
export type Product = v.InferOutput<typeof ProductSchema>

export const TrendGroupSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  description: v.string(),
  picture: v.string(),
  products_count: v.number(),
})
export type TrendGroup = v.InferOutput<typeof TrendGroupSchema>

export const TrendGroupWithProductsSchema = v.object({ ...TrendGroupSchema.entries, products: v.array(ProductSchema) })
export type TrendGroupWithProducts = v.InferOutput<typeof TrendGroupWithProductsSchema>
