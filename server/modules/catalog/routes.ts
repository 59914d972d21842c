import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import {
  CategorySchema,
  CitySchema,
  IdParamSchema,
  ProductListQuerySchema,
  ProductSchema,
  RecommendQuerySchema,
  TrendGroupSchema,
  TrendGroupWithProductsSchema,
} from '../../../contract/catalog'
import { dataSchema, pagedSchema } from '../../../contract/page'
import type { Db } from '../../db/client'
import { documented, validate } from '../../lib/route'
import { TtlCache } from '../../lib/ttl-cache'
import * as service from './service'

/**
 * Catalogue reads are the same for every visitor, so their answers are kept briefly in memory
 * (`cacheMs`), keyed by the validated input and the language.
 */
export function catalogRoutes(db: Db, cacheMs: number) {
  const tags = ['Catalogue']
  const cache = new TtlCache<unknown>(cacheMs, 2000)
  const cached = <T>(c: Context, input: unknown, load: () => Promise<T>): Promise<T> =>
    cacheMs > 0 ? (cache.get(`${c.req.routePath}|${c.get('locale')}|${JSON.stringify(input)}`, load) as Promise<T>) : load()
  return new Hono()
    .get('/category', documented({ summary: 'All categories', tags, response: dataSchema(v.array(CategorySchema)) }), async (c) =>
      c.json({ data: await cached(c, null, () => service.listCategories(db, c.get('locale'))) }),
    )
    .get(
      '/product',
      documented({ summary: 'A page of products, filtered and sorted', tags, response: pagedSchema(ProductSchema) }),
      validate('query', ProductListQuerySchema),
      async (c) => c.json(await cached(c, c.req.valid('query'), () => service.listProducts(db, c.req.valid('query'), c.get('locale')))),
    )
    .get(
      '/product/:id',
      documented({ summary: 'One product', tags, response: dataSchema(ProductSchema), notFound: true }),
      validate('param', IdParamSchema),
      async (c) => c.json({ data: await cached(c, c.req.valid('param'), () => service.getProduct(db, c.req.valid('param').id, c.get('locale'))) }),
    )
    .get(
      '/product/:id/recommend',
      documented({ summary: 'Products to recommend beside one', tags, response: dataSchema(v.array(ProductSchema)), notFound: true }),
      validate('param', IdParamSchema),
      validate('query', RecommendQuerySchema),
      async (c) => {
        const { id } = c.req.valid('param')
        const { category_id } = c.req.valid('query')
        return c.json({ data: await cached(c, [id, category_id], () => service.recommend(db, id, category_id, c.get('locale'))) })
      },
    )
    .get(
      '/trend_group',
      documented({ summary: 'Trend groups with their first products', tags, response: dataSchema(v.array(TrendGroupWithProductsSchema)) }),
      async (c) => c.json({ data: await cached(c, null, () => service.listTrendGroupsWithProducts(db, c.get('locale'))) }),
    )
    .get('/trend_group/list', documented({ summary: 'Trend groups', tags, response: dataSchema(v.array(TrendGroupSchema)) }), async (c) =>
      c.json({ data: await cached(c, null, () => service.listTrendGroups(db, c.get('locale'))) }),
    )
    .get(
      '/trend_group/:id',
      documented({ summary: 'One trend group with its products', tags, response: dataSchema(TrendGroupWithProductsSchema), notFound: true }),
      validate('param', IdParamSchema),
      async (c) => c.json({ data: await cached(c, c.req.valid('param'), () => service.getTrendGroup(db, c.req.valid('param').id, c.get('locale'))) }),
    )
    .get('/trend_cities/list', documented({ summary: 'Cities, hot ones first', tags, response: dataSchema(v.array(CitySchema)) }), async (c) =>
      c.json({ data: await cached(c, null, () => service.listCities(db, c.get('locale'))) }),
    )
}
