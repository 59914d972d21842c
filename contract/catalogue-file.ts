import * as v from 'valibot'
import { PRODUCT_STATUSES, STOCK_TYPES } from './constants'
import { LocalizedSchema } from './localized'

/**
 * The catalogue file a shop owner imports (`npm run catalogue:import -- FILE.json`); the seed
 * catalogue uses the same format. Categories, cities and trend groups are keyed by slug, products
 * and variants by SKU; a product refers to the others by slug, either in the same file or already
 * in the shop.
 */
const slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'), v.maxLength(40))
const sku = v.pipe(v.string(), v.regex(/^[A-Z0-9][A-Z0-9-]{1,39}$/, 'must be upper-case letters, digits and hyphens'))
/** a picture file beside the catalogue file (`photos/matcha.jpg`); the import stores it and writes its site path instead */
export const LOCAL_PICTURE = /^(?![a-z][\w+.-]*:)(?![/\\\s])[^?#\\]*[^?#\\\s]\.(?:jpe?g|png|webp|svg)$/i
/** a path on this site (`/images/...`), an https URL, or a local picture file */
const imageUrl = v.pipe(
  v.string(),
  v.check((text) => /^(\/[\w./-]+|https:\/\/\S+)$/.test(text) || LOCAL_PICTURE.test(text), 'must be a site path, an https URL or a picture file (.jpg, .png, .webp, .svg) beside the catalogue file'),
)
const positiveNumber = v.pipe(v.number(), v.minValue(0))

export const CatalogueCategorySchema = v.object({ slug, name: LocalizedSchema, position: v.optional(v.pipe(v.number(), v.integer()), 0) })

export const CatalogueCitySchema = v.object({
  slug,
  name: LocalizedSchema,
  prefecture: LocalizedSchema,
  picture: imageUrl,
  is_hot: v.optional(v.boolean(), false),
  position: v.optional(v.pipe(v.number(), v.integer()), 0),
})

export const CatalogueTrendGroupSchema = v.object({
  slug,
  name: LocalizedSchema,
  description: LocalizedSchema,
  picture: imageUrl,
  position: v.optional(v.pipe(v.number(), v.integer()), 0),
})

export const CatalogueVariantSchema = v.object({
  sku,
  label: LocalizedSchema,
  /** integer TWD */
  price: v.pipe(v.number(), v.integer('must be whole TWD'), v.minValue(1), v.maxValue(1_000_000)),
  stock_left: v.pipe(v.number(), v.integer(), v.minValue(0)),
})

export const CatalogueProductSchema = v.object({
  sku,
  name: LocalizedSchema,
  description: LocalizedSchema,
  categories: v.pipe(v.array(slug), v.minLength(1, 'needs at least one category')),
  city: slug,
  trend_group: v.optional(v.nullable(slug), null),
  status: v.optional(v.picklist(PRODUCT_STATUSES), 'ACTIVE'),
  stock_type: v.picklist(STOCK_TYPES),
  expiry_date: v.optional(v.nullable(v.pipe(v.string(), v.isoDate('must be yyyy-MM-dd'))), null),
  arrival_days: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(365)),
  size: v.object({ length: positiveNumber, width: positiveNumber, height: positiveNumber, weight: positiveNumber }),
  /** higher ranks first in the default sort */
  rank: v.optional(v.pipe(v.number(), v.integer()), 0),
  images: v.pipe(v.array(imageUrl), v.minLength(1, 'needs at least one image')),
  variants: v.pipe(v.array(CatalogueVariantSchema), v.minLength(1, 'needs at least one variant')),
})

export const CatalogueFileSchema = v.object({
  categories: v.optional(v.array(CatalogueCategorySchema), []),
  cities: v.optional(v.array(CatalogueCitySchema), []),
  trend_groups: v.optional(v.array(CatalogueTrendGroupSchema), []),
  products: v.array(CatalogueProductSchema),
})
export type CatalogueFile = v.InferOutput<typeof CatalogueFileSchema>
export type CatalogueProduct = v.InferOutput<typeof CatalogueProductSchema>
