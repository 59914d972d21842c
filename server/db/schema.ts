import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { ProductStatus, StockType } from '../../contract/constants'
import type { Localized } from '../../contract/localized'

const localized = (name: string) => jsonb(name).$type<Localized>().notNull()
const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: localized('name'),
  position: integer('position').notNull().default(0),
  ...timestamps,
})

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: localized('name'),
  prefecture: localized('prefecture'),
  picture: text('picture').notNull(),
  is_hot: boolean('is_hot').notNull().default(false),
  position: integer('position').notNull().default(0),
  ...timestamps,
})

export const trendGroups = pgTable('trend_groups', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: localized('name'),
  description: localized('description'),
  picture: text('picture').notNull(),
  position: integer('position').notNull().default(0),
  ...timestamps,
})

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    name: localized('name'),
    description: localized('description'),
    images: jsonb('images').$type<string[]>().notNull(),
    city_id: integer('city_id')
      .notNull()
      .references(() => cities.id),
    trend_group_id: integer('trend_group_id').references(() => trendGroups.id, { onDelete: 'set null' }),
    status: text('status').$type<ProductStatus>().notNull().default('ACTIVE'),
    stock_type: text('stock_type').$type<StockType>().notNull(),
    expiry_date: date('expiry_date', { mode: 'string' }),
    arrival_days: integer('arrival_days').notNull(),
    length_cm: real('length_cm').notNull(),
    width_cm: real('width_cm').notNull(),
    height_cm: real('height_cm').notNull(),
    weight_g: real('weight_g').notNull(),
    rank: integer('rank').notNull().default(0),
    /** kept equal to the cheapest and dearest variant by the catalogue service, for sorting and filtering */
    price_min: integer('price_min').notNull(),
    price_max: integer('price_max').notNull(),
    ...timestamps,
  },
  (t) => [
    index('products_listing_idx').on(t.status, t.rank.desc(), t.id),
    index('products_price_idx').on(t.status, t.price_min, t.id),
    index('products_city_idx').on(t.city_id),
    index('products_trend_group_idx').on(t.trend_group_id),
  ],
)

export const productCategories = pgTable(
  'product_categories',
  {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.product_id, t.category_id] }), index('product_categories_category_idx').on(t.category_id)],
)

export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    label: localized('label'),
    /** integer TWD */
    price: integer('price').notNull(),
    stock_left: integer('stock_left').notNull().default(0),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('variants_product_idx').on(t.product_id)],
)

export const touch = () => sql`now()`
