import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import {
  CategorySchema,
  CitySchema,
  IdParamSchema,
  ProductListQuerySchema,
  ProductSchema,
  type Product,
  RecommendQuerySchema,
  TrendGroupSchema,
  TrendGroupWithProductsSchema,
} from '../../../contract/catalogue'
import { dataSchema, pagedSchema } from '../../../contract/page'
import { revalidated } from '../../lib/http-caching'
import { documented, validate } from '../../lib/route'
import { TtlCache } from '../../lib/ttl-cache'
import type { RouteDeps } from '../../core/deps'
import { withFavourites } from './favourites'
import * as service from './service'

/**
 * Catalogue reads are the same for every visitor, so their answers are kept briefly in memory
 * (`cacheMs`), keyed by the validated input and the language.
 */
export function catalogRoutes(deps: RouteDeps, cacheMs: number, cache = new TtlCache<unknown>(cacheMs, 2000)) {
  const { db } = deps
  const tags = ['Catalogue']
  const viewer = deps.members.optional
  // ETag, 304 and Cache-Control: answers with favourite flags are the member's own (private)
  const shared = revalidated({ localized: true })
  const personal = revalidated({ localized: true, perViewer: true })
  /** the member's favourites marked on a copy of the shared answer */
  const mine = (c: Context, list: Product[]) => withFavourites(db, c.get('viewer')?.user.id, list)
  const cached = <T>(c: Context, input: unknown, load: () => Promise<T>): Promise<T> =>
    cacheMs > 0 ? (cache.get(`${c.req.routePath}|${c.get('locale')}|${JSON.stringify(input)}`, load) as Promise<T>) : load()
  return new Hono()
    .get('/category', documented({ summary: 'All categories', tags, response: dataSchema(v.array(CategorySchema)) }), shared, async (c) =>
      c.json({ data: await cached(c, null, () => service.listCategories(db, c.get('locale'))) }),
    )
    .get(
      '/product',
      documented({ summary: 'A page of products, filtered and sorted', tags, response: pagedSchema(ProductSchema) }),
      personal,
      viewer,
      validate('query', ProductListQuerySchema),
      async (c) => {
        const page = await cached(c, c.req.valid('query'), () => service.listProducts(db, c.req.valid('query'), c.get('locale')))
        return c.json({ ...page, data: await mine(c, page.data) })
      },
    )
    .get(
      '/product/:id',
      documented({ summary: 'One product', tags, response: dataSchema(ProductSchema), notFound: true }),
      personal,
      viewer,
      validate('param', IdParamSchema),
      async (c) => {
        const product = await cached(c, c.req.valid('param'), () => service.getProduct(db, c.req.valid('param').id, c.get('locale')))
        return c.json({ data: (await mine(c, [product]))[0] })
      },
    )
    .get(
      '/product/:id/recommend',
      documented({ summary: 'Products to recommend beside one', tags, response: dataSchema(v.array(ProductSchema)), notFound: true }),
      personal,
      viewer,
      validate('param', IdParamSchema),
      validate('query', RecommendQuerySchema),
      async (c) => {
        const { id } = c.req.valid('param')
        const { category_id } = c.req.valid('query')
        return c.json({ data: await mine(c, await cached(c, [id, category_id], () => service.recommend(db, id, category_id, c.get('locale')))) })
      },
    )
    .get(
      '/trend_group',
      documented({ summary: 'Trend groups with their first products', tags, response: dataSchema(v.array(TrendGroupWithProductsSchema)) }),
      personal,
      viewer,
      async (c) => {
        const groups = await cached(c, null, () => service.listTrendGroupsWithProducts(db, c.get('locale')))
        return c.json({ data: await Promise.all(groups.map(async (g) => ({ ...g, products: await mine(c, g.products) }))) })
      },
    )
    .get('/trend_group/list', documented({ summary: 'Trend groups', tags, response: dataSchema(v.array(TrendGroupSchema)) }), shared, async (c) =>
      c.json({ data: await cached(c, null, () => service.listTrendGroups(db, c.get('locale'))) }),
    )
    .get(
      '/trend_group/:id',
      documented({ summary: 'One trend group with its products', tags, response: dataSchema(TrendGroupWithProductsSchema), notFound: true }),
      personal,
      viewer,
      validate('param', IdParamSchema),
      async (c) => {
        const group = await cached(c, c.req.valid('param'), () => service.getTrendGroup(db, c.req.valid('param').id, c.get('locale')))
        return c.json({ data: { ...group, products: await mine(c, group.products) } })
      },
    )
    .get('/trend_cities/list', documented({ summary: 'Cities, hot ones first', tags, response: dataSchema(v.array(CitySchema)) }), shared, async (c) =>
      c.json({ data: await cached(c, null, () => service.listCities(db, c.get('locale'))) }),
    )
}
