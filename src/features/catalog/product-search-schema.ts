import * as v from 'valibot'
import { PRODUCT_SORTS, SEARCH_KEYWORD_MAX } from '../../../contract/constants'

// Bad values in a shared or hand-typed URL fall back to "not set" instead of breaking the page.
const positiveInt = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/))]),
  v.transform(Number),
  v.integer(),
  v.minValue(1),
)
const optionalInt = v.fallback(v.optional(positiveInt), undefined)
const sort = v.fallback(v.optional(v.picklist(PRODUCT_SORTS)), undefined)

export const ProductListSearchSchema = v.object({
  category_id: optionalInt,
  city: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/))), undefined),
  trend_group_id: optionalInt,
  sort,
  page: optionalInt,
})
export type ProductListSearch = v.InferOutput<typeof ProductListSearchSchema>

export const ProductSearchSearchSchema = v.object({
  keyword: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(SEARCH_KEYWORD_MAX))),
    undefined,
  ),
  sort,
  page: optionalInt,
})

export const ProductDetailSearchSchema = v.object({ variant: optionalInt })
