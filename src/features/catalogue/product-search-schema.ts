import * as v from 'valibot'
import { PRODUCT_SORTS } from '../../../contract/constants'
import { optionalSearchInt } from '@/lib/search-params'

// Bad values in a shared or hand-typed URL fall back to "not set" instead of breaking the page.
const sort = v.fallback(v.optional(v.picklist(PRODUCT_SORTS)), undefined)

export const ProductListSearchSchema = v.object({
  category_id: optionalSearchInt(),
  city: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/))), undefined),
  trend_group_id: optionalSearchInt(),
  sort,
  page: optionalSearchInt(),
})
export type ProductListSearch = v.InferOutput<typeof ProductListSearchSchema>

export const ProductDetailSearchSchema = v.object({ variant: optionalSearchInt() })
