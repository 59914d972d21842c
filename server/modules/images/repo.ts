import { and, eq, inArray } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { images, products } from '../../db/schema'
import type { InspectedImage } from './inspect'

/** Stores originals; one already there (same hash, so the same bytes) is left as it is. */
export async function saveImages(tx: DbOrTx, rows: InspectedImage[]) {
  // one at a time: a 15 MB row is already a large statement
  for (const image of rows) {
    await tx
      .insert(images)
      .values({ hash: image.hash, content_type: image.content_type, bytes: image.bytes, byte_size: image.bytes.byteLength, width: image.width, height: image.height })
      .onConflictDoNothing({ target: images.hash })
  }
}

/** everything but the bytes */
export async function findImageInfo(db: Db, hash: string) {
  const [row] = await db
    .select({ hash: images.hash, content_type: images.content_type, width: images.width, height: images.height, byte_size: images.byte_size })
    .from(images)
    .where(eq(images.hash, hash))
  return row
}

/** everything but the bytes, of each of these hashes that is stored */
export async function findImageInfos(db: Db, hashes: string[]) {
  if (hashes.length === 0) return []
  return db
    .select({ hash: images.hash, content_type: images.content_type, width: images.width, height: images.height })
    .from(images)
    .where(inArray(images.hash, hashes))
}

export async function findImageBytes(db: Db, hash: string) {
  const [row] = await db.select({ bytes: images.bytes }).from(images).where(eq(images.hash, hash))
  return row?.bytes
}

/** An active product's pictures (its share image is made from the first). */
export const activeProductImages = async (db: DbOrTx, productId: number) =>
  (await db.select({ images: products.images }).from(products).where(and(eq(products.id, productId), eq(products.status, 'ACTIVE'))))[0]
