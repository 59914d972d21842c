import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { rateLimits } from '../db/schema'
import type { Clock } from '../lib/clock'

/**
 * Counts one hit on `key` in a fixed window kept in the database, so every API server shares it.
 * Returns whether the hit is within `limit` and, if not, the seconds until the window ends.
 */
export async function hit(db: DbOrTx, clock: Clock, key: string, limit: number, windowMs: number) {
  const now = clock()
  const expired = new Date(now.getTime() - windowMs)
  const [row] = await db
    .insert(rateLimits)
    .values({ key, window_start: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.window_start} <= ${expired} then 1 else ${rateLimits.count} + 1 end`,
        window_start: sql`case when ${rateLimits.window_start} <= ${expired} then ${now} else ${rateLimits.window_start} end`,
      },
    })
    .returning({ count: rateLimits.count, window_start: rateLimits.window_start })
  const retryAfter = Math.max(1, Math.ceil((row!.window_start.getTime() + windowMs - now.getTime()) / 1000))
  return { allowed: row!.count <= limit, count: row!.count, retryAfter }
}
