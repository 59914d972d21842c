import { Hono } from 'hono'
import * as v from 'valibot'
import { ProductSchema } from '../../../contract/catalogue'
import { WishlistCategorySchema } from '../../../contract/cart'
import { IdParamSchema } from '../../../contract/catalogue'
import { intParam, dataSchema, pagedSchema } from '../../../contract/page'
import { MAX_PER_PAGE } from '../../../contract/constants'
import { documented, validate } from '../../lib/route'
import type { RouteDeps } from '../../core/deps'
import { productsByIds } from './service'
import * as service from './favourites'

const WishlistQuerySchema = v.object({
  category_id: v.optional(intParam(1)),
  /** without `page` the whole list comes at once */
  page: v.optional(intParam(1)),
  per_page: v.optional(v.pipe(intParam(1), v.transform((n) => Math.min(n, MAX_PER_PAGE))), '10'),
})

/** The member's favourites. Adding and removing are idempotent. */
export function wishlistRoutes(deps: RouteDeps) {
  const tags = ['Favourites']
  const member = deps.members.required
  const mark = (list: v.InferOutput<typeof ProductSchema>[], userId: number) => service.withFavourites(deps.db, userId, list)
  return new Hono()
    .get(
      '/product_wishlist',
      documented({ summary: 'Favourite products, newest first: all, or a page with `page`', tags, response: v.union([dataSchema(v.array(ProductSchema)), pagedSchema(ProductSchema)]), auth: true }),
      member,
      validate('query', WishlistQuerySchema),
      async (c) => {
        const { user } = c.get('session')
        const query = c.req.valid('query')
        const ids = await service.favouriteIds(deps.db, user.id, query.category_id)
        if (query.page === undefined) return c.json({ data: await mark(await productsByIds(deps.db, ids, c.get('locale')), user.id) })
        const slice = ids.slice((query.page - 1) * query.per_page, query.page * query.per_page)
        return c.json({
          data: await mark(await productsByIds(deps.db, slice, c.get('locale')), user.id),
          current_page: query.page,
          per_page: query.per_page,
          total: ids.length,
          last_page: Math.max(1, Math.ceil(ids.length / query.per_page)),
        })
      },
    )
    .get(
      '/product_wishlist/category',
      documented({ summary: 'Categories of the favourites, with counts', tags, response: dataSchema(v.array(WishlistCategorySchema)), auth: true }),
      member,
      async (c) => c.json({ data: await service.favouriteCategories(deps.db, c.get('session').user.id, c.get('locale')) }),
    )
    .post(
      '/product_wishlist/:id',
      documented({ summary: 'Add a product to the favourites', tags, response: dataSchema(v.boolean()), auth: true, notFound: true }),
      member,
      validate('param', IdParamSchema),
      async (c) => {
        await service.addFavourite(deps.db, c.get('session').user.id, c.req.valid('param').id)
        return c.json({ data: true })
      },
    )
    .delete(
      '/product_wishlist/:id',
      documented({ summary: 'Remove a product from the favourites', tags, response: dataSchema(v.boolean()), auth: true }),
      member,
      validate('param', IdParamSchema),
      async (c) => {
        await service.removeFavourite(deps.db, c.get('session').user.id, c.req.valid('param').id)
        return c.json({ data: true })
      },
    )
}
