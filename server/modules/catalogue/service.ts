import type { Category, City, Product, ProductListQuery, TrendGroup, TrendGroupWithProducts } from '../../../contract/catalogue'
import type { Locale } from '../../../contract/constants'
import type { Paged } from '../../../contract/page'
import type { DbOrTx } from '../../db/client'
import { notFound } from '../../lib/errors'
import * as repo from './repo'

const RECOMMEND_LIMIT = 8
const TREND_GROUP_PREVIEW = 8
const TREND_GROUP_PAGE = 60

const toCategory = (row: repo.CategoryRow, locale: Locale): Category => ({ id: row.id, slug: row.slug, name: row.name[locale] })

const toCity = (row: repo.CityRow, locale: Locale): City => ({
  id: row.id,
  slug: row.slug,
  name: row.name[locale],
  prefecture: row.prefecture[locale],
  picture: row.picture,
  is_hot: row.is_hot,
})

const toTrendGroup = (row: { group: repo.TrendGroupRow; products_count: number }, locale: Locale): TrendGroup => ({
  id: row.group.id,
  slug: row.group.slug,
  name: row.group.name[locale],
  description: row.group.description[locale],
  picture: row.group.picture,
  products_count: Number(row.products_count),
})

const toProduct = ({ product: row, city, variants, categories }: repo.FullProductRow, locale: Locale): Product => ({
  id: row.id,
  sku: row.sku,
  name: row.name[locale],
  description: row.description[locale],
  thumbnail: row.images[0],
  images: row.images,
  price_min: row.price_min,
  price_max: row.price_max,
  categories: categories.map((c) => ({ category: { id: c.id, name: c.name[locale] } })),
  location: { city: city.name[locale], city_id: city.id, slug: city.slug, prefecture: city.prefecture[locale] },
  status: row.status,
  stock_type: row.stock_type,
  sold_out: row.stock_type === 'OFF_SHELF' && variants.every((v) => v.stock_left <= 0),
  trend_group_id: row.trend_group_id,
  expiry_date: row.expiry_date,
  arrival_days: row.arrival_days,
  size: { length: row.length_cm, width: row.width_cm, height: row.height_cm, weight: row.weight_g },
  variants: variants.map((v) => ({ id: v.id, sku: v.sku, label: v.label[locale], price: v.price, stock_left: v.stock_left })),
  rank: row.rank,
  rating: row.rating,
  reviews_total: row.reviews_total,
  // favourites belong to members; the catalogue answer is the same for everyone
  is_favorite: false,
  wishlist: [],
})

const toProducts = (rows: repo.FullProductRow[], locale: Locale) => rows.map((row) => toProduct(row, locale))

export const listCategories = async (db: DbOrTx, locale: Locale) => (await repo.listCategories(db)).map((r) => toCategory(r, locale))

export const listCities = async (db: DbOrTx, locale: Locale) => (await repo.listCities(db)).map((r) => toCity(r, locale))

export const listTrendGroups = async (db: DbOrTx, locale: Locale) => (await repo.listTrendGroups(db)).map((r) => toTrendGroup(r, locale))

export async function listTrendGroupsWithProducts(db: DbOrTx, locale: Locale): Promise<TrendGroupWithProducts[]> {
  const groups = await repo.listTrendGroups(db)
  return Promise.all(
    groups.map(async (g) => ({
      ...toTrendGroup(g, locale),
      products: toProducts(await repo.productsOfTrendGroup(db, g.group.id, TREND_GROUP_PREVIEW), locale),
    })),
  )
}

export async function getTrendGroup(db: DbOrTx, id: number, locale: Locale): Promise<TrendGroupWithProducts> {
  const group = await repo.findTrendGroup(db, id)
  if (!group) throw notFound('Trend group not found.')
  return { ...toTrendGroup(group, locale), products: toProducts(await repo.productsOfTrendGroup(db, id, TREND_GROUP_PAGE), locale) }
}

export async function listProducts(db: DbOrTx, query: ProductListQuery, locale: Locale): Promise<Paged<Product>> {
  const { rows, total } = await repo.listProducts(db, query)
  return {
    data: toProducts(rows, locale),
    current_page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
  }
}

export async function getProduct(db: DbOrTx, id: number, locale: Locale): Promise<Product> {
  const row = await repo.findProduct(db, id)
  if (!row) throw notFound('Product not found.')
  return toProduct(row, locale)
}

export async function recommend(db: DbOrTx, id: number, categoryId: number | undefined, locale: Locale): Promise<Product[]> {
  const row = await repo.findProduct(db, id)
  if (!row) throw notFound('Product not found.')
  return toProducts(await repo.recommendations(db, row, categoryId, RECOMMEND_LIMIT), locale)
}

/** Products by id, in the order given; unknown or inactive ones are left out. */
export async function productsByIds(db: DbOrTx, ids: number[], locale: Locale): Promise<Product[]> {
  const rows = await repo.productsByIds(db, ids)
  const byId = new Map(rows.map((r) => [r.product.id, r]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toProduct(row, locale)] : []
  })
}
