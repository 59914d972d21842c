import { and, count, desc, eq } from 'drizzle-orm'
import type { RecipientInput } from '../../../contract/recipient'
import type { DbOrTx } from '../../db/client'
import { recipients, users } from '../../db/schema'

export type RecipientRow = typeof recipients.$inferSelect

type Fields = Omit<RecipientInput, 'is_default'>

/** The member's recipients, the default first, then the newest. */
export const listFor = (db: DbOrTx, userId: number) =>
  db.select().from(recipients).where(eq(recipients.user_id, userId)).orderBy(desc(recipients.is_default), desc(recipients.created_at), desc(recipients.id))

export async function findFor(db: DbOrTx, userId: number, id: number): Promise<RecipientRow | undefined> {
  const [row] = await db.select().from(recipients).where(and(eq(recipients.id, id), eq(recipients.user_id, userId)))
  return row
}

export async function countFor(db: DbOrTx, userId: number) {
  const [row] = await db.select({ n: count() }).from(recipients).where(eq(recipients.user_id, userId))
  return row?.n ?? 0
}

/**
 * Serialises one member's recipient changes (two tabs setting different defaults at once would
 * otherwise both clear and set, and one would fail on the one-default index).
 */
export const lockMember = (db: DbOrTx, userId: number) => db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')

export const clearDefault = (db: DbOrTx, userId: number, now: Date) =>
  db.update(recipients).set({ is_default: false, updated_at: now }).where(and(eq(recipients.user_id, userId), eq(recipients.is_default, true)))

export async function insert(db: DbOrTx, userId: number, fields: Fields, isDefault: boolean, now: Date) {
  const [row] = await db
    .insert(recipients)
    .values({ ...fields, user_id: userId, is_default: isDefault, created_at: now, updated_at: now })
    .returning()
  return row!
}

export async function update(db: DbOrTx, id: number, fields: Fields & { is_default?: boolean }, now: Date) {
  const [row] = await db
    .update(recipients)
    .set({ ...fields, updated_at: now })
    .where(eq(recipients.id, id))
    .returning()
  return row!
}

export const remove = (db: DbOrTx, id: number) => db.delete(recipients).where(eq(recipients.id, id))

export const makeDefault = (db: DbOrTx, id: number, now: Date) => db.update(recipients).set({ is_default: true, updated_at: now }).where(eq(recipients.id, id))
