import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { authTokens, loginAttempts, oauthStates, oneTimeTokens, socialAccounts, users } from '../../db/schema'

export type UserRow = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert
export type OneTimePurpose = (typeof oneTimeTokens.$inferSelect)['purpose']

export const findUserByEmail = async (db: DbOrTx, email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]

export const findUserById = async (db: DbOrTx, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0]

export const findUserByReferrerCode = async (db: DbOrTx, code: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.referrer_code, code)))[0]

export const insertUser = async (db: DbOrTx, user: NewUser) => (await db.insert(users).values(user).returning())[0]!

export const updateUser = async (db: DbOrTx, id: number, values: Partial<NewUser>) =>
  (await db.update(users).set({ ...values, updated_at: new Date() }).where(eq(users.id, id)).returning())[0]!

/** Counts a failed sign-in; the caller decides about locking from the returned count. */
export const countFailure = async (db: DbOrTx, id: number) =>
  (await db.update(users).set({ failed_logins: sql`${users.failed_logins} + 1` }).where(eq(users.id, id)).returning({ failed: users.failed_logins }))[0]!.failed

export const recordAttempt = (db: DbOrTx, attempt: typeof loginAttempts.$inferInsert) => db.insert(loginAttempts).values(attempt)

// ---- bearer tokens ----------------------------------------------------------

export const insertToken = (db: DbOrTx, token: typeof authTokens.$inferInsert) => db.insert(authTokens).values(token)

export async function findLiveToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.user_id))
    .where(and(eq(authTokens.token_hash, tokenHash), isNull(authTokens.revoked_at), gt(authTokens.expires_at, now)))
  return row
}

export const revokeToken = (db: DbOrTx, id: number, now: Date) => db.update(authTokens).set({ revoked_at: now }).where(eq(authTokens.id, id))

export const revokeAllTokens = (db: DbOrTx, userId: number, now: Date) =>
  db.update(authTokens).set({ revoked_at: now }).where(and(eq(authTokens.user_id, userId), isNull(authTokens.revoked_at)))

// ---- one-time tokens --------------------------------------------------------

export const insertOneTime = (db: DbOrTx, row: typeof oneTimeTokens.$inferInsert) => db.insert(oneTimeTokens).values(row)

/** Marks a one-time token used and returns it, whether or not it had expired; a used one is never returned. */
export async function consumeOneTime(db: DbOrTx, purpose: OneTimePurpose, tokenHash: string, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(and(eq(oneTimeTokens.purpose, purpose), eq(oneTimeTokens.token_hash, tokenHash), isNull(oneTimeTokens.used_at)))
    .returning()
  return row
}

export async function findOneTime(db: DbOrTx, purpose: OneTimePurpose, tokenHash: string) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.purpose, purpose), eq(oneTimeTokens.token_hash, tokenHash), isNull(oneTimeTokens.used_at)))
  return row
}

/** A new reset or verification link replaces the older ones of the same kind. */
export const retireOneTime = (db: DbOrTx, userId: number, purpose: OneTimePurpose, now: Date) =>
  db
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(and(eq(oneTimeTokens.user_id, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.used_at)))

// ---- social -----------------------------------------------------------------

export const findSocial = async (db: DbOrTx, provider: 'google' | 'facebook', providerUserId: string) =>
  (await db.select().from(socialAccounts).where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.provider_user_id, providerUserId))))[0]

export const linkSocial = (db: DbOrTx, row: typeof socialAccounts.$inferInsert) => db.insert(socialAccounts).values(row).onConflictDoNothing()

export const socialOf = (db: DbOrTx, userId: number) =>
  db.select({ provider: socialAccounts.provider }).from(socialAccounts).where(eq(socialAccounts.user_id, userId)).orderBy(socialAccounts.id)

export const insertOauthState = (db: DbOrTx, row: typeof oauthStates.$inferInsert) => db.insert(oauthStates).values(row)

export const takeOauthState = async (db: DbOrTx, state: string) => (await db.delete(oauthStates).where(eq(oauthStates.state, state)).returning())[0]

export const referralsOf = (db: DbOrTx, userId: number) =>
  db
    .select({ first_name: users.first_name, last_name: users.last_name, joined_at: users.created_at })
    .from(users)
    .where(eq(users.referred_by, userId))
    .orderBy(users.created_at)
