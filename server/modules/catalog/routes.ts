import { Hono } from 'hono'
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
import * as service from './service'

export function catalogRoutes(db: Db) {
  const tags = ['Catalogue']
  return new Hono()
    .get('/category', documented({ summary: 'All categories', tags, response: dataSchema(v.array(CategorySchema)) }), async (c) =>
      c.json({ data: await service.listCategories(db, c.get('locale')) }),
    )
    .get(
      '/product',
      documented({ summary: 'A page of products, filtered and sorted', tags, response: pagedSchema(ProductSchema) }),
      validate('query', ProductListQuerySchema),
      async (c) => c.json(await service.listProducts(db, c.req.valid('query'), c.get('locale'))),
    )
    .get(
      '/product/:id',
      documented({ summary: 'One product', tags, response: dataSchema(ProductSchema), notFound: true }),
      validate('param', IdParamSchema),
      async (c) => c.json({ data: await service.getProduct(db, c.req.valid('param').id, c.get('locale')) }),
    )
    .get(
      '/product/:id/recommend',
      documented({ summary: 'Products to recommend beside one', tags, response: dataSchema(v.array(ProductSchema)), notFound: true }),
      validate('param', IdParamSchema),
      validate('query', RecommendQuerySchema),
      async (c) =>
        c.json({ data: await service.recommend(db, c.req.valid('param').id, c.req.valid('query').category_id, c.get('locale')) }),
    )
    .get(
      '/trend_group',
      documented({ summary: 'Trend groups with their first products', tags, response: dataSchema(v.array(TrendGroupWithProductsSchema)) }),
      async (c) => c.json({ data: await service.listTrendGroupsWithProducts(db, c.get('locale')) }),
    )
    .get('/trend_group/list', documented({ summary: 'Trend groups', tags, response: dataSchema(v.array(TrendGroupSchema)) }), async (c) =>
      c.json({ data: await service.listTrendGroups(db, c.get('locale')) }),
    )
    .get(
      '/trend_group/:id',
      documented({ summary: 'One trend group with its products', tags, response: dataSchema(TrendGroupWithProductsSchema), notFound: true }),
      validate('param', IdParamSchema),
      async (c) => c.json({ data: await service.getTrendGroup(db, c.req.valid('param').id, c.get('locale')) }),
    )
    .get('/trend_cities/list', documented({ summary: 'Cities, hot ones first', tags, response: dataSchema(v.array(CitySchema)) }), async (c) =>
      c.json({ data: await service.listCities(db, c.get('locale')) }),
    )
}
