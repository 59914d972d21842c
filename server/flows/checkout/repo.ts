import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { products, variants } from '../../db/schema'

/** The variants named by an order's lines, with their products, by variant id. */
export async function variantsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { variant: typeof variants.$inferSelect; product: typeof products.$inferSelect }>()
  const rows = await db
    .select({ variant: variants, product: products })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.product_id))
    .where(inArray(variants.id, ids))
  return new Map(rows.map((row) => [row.variant.id, row]))
}
