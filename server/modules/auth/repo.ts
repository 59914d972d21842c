import { and, desc, eq, gt, isNull, notInArray, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import type { SocialProvider } from '../../../contract/auth'
import { preparedOn } from '../../db/prepared'
import { authTokens, loginAttempts, oauthStates, oneTimeTokens, signInLocks, socialAccounts, trustedDevices, users } from '../../db/schema'

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

/** Verifies the member's address, keeping the first verification's time; takes the member's row lock. */
export const markEmailVerified = (db: DbOrTx, id: number, now: Date) =>
  db.update(users).set({ email_verified_at: sql`coalesce(${users.email_verified_at}, ${now.toISOString()}::timestamptz)`, updated_at: now }).where(eq(users.id, id))

export const recordAttempt = (db: DbOrTx, attempt: typeof loginAttempts.$inferInsert) => db.insert(loginAttempts).values(attempt)

// ---- lock-out and trusted devices -------------------------------------------

/**
 * The account's count: failures in a row from every client not trusted for the address, whether or
 * not it has an account; from the seventh on it slows further tries down (sign-in.ts).
 */
export const emailLockKey = (email: string) => `email:${email}`
/** The count of one client address trying one account address: three failures in a row lock it. */
export const pairLockKey = (address: string, email: string) => `pair:${address}|${email}`
/** The count of one trusted device. */
export const deviceLockKey = (deviceId: number) => `device:${deviceId}`

/** Whether a count holds its tries back at `now`. */
const heldAt = (now: Date) => sql`${signInLocks.locked_until} > ${now.toISOString()}::timestamptz`

/**
 * Takes one sign-in try on `key` before its password is verified, in a single upsert: refused
 * (undefined, nothing counted) while the count holds tries back; otherwise counted as a failure
 * (a success clears it afterwards), and the try that reaches `max` sets `locked_until` and starts
 * the count again. Answers the lock as it now stands. Counting before verifying is what makes a
 * burst of tries wait on the row one after another, each seeing those before it.
 */
export const takeLockedTry = (db: DbOrTx, key: string, max: number, now: Date, lockUntil: Date) => {
  const reached = sql`${signInLocks.failures} + 1 >= ${max}`
  return takeTry(db, key, now, {
    failures: sql`case when ${reached} then 0 else ${signInLocks.failures} + 1 end`,
    locked_until: sql`case when ${reached} then ${lockUntil.toISOString()}::timestamptz else ${signInLocks.locked_until} end`,
  })
}

/** One try on `key` in a single upsert: refused (undefined, nothing counted) while the count holds tries back, else counted as `set` says. */
async function takeTry(db: DbOrTx, key: string, now: Date, set: { failures: SQL; locked_until: SQL }) {
  const [row] = await db
    .insert(signInLocks)
    .values({ key, failures: 1, updated_at: now })
    .onConflictDoUpdate({ target: signInLocks.key, set: { ...set, updated_at: now }, setWhere: sql`not coalesce(${heldAt(now)}, false)` })
    .returning({ locked_until: signInLocks.locked_until })
  return row
}

/** Doublings of an account's hold that are ever needed: 2^20 s is twelve days, beyond any cap. */
const MAX_DOUBLINGS = 20

/**
 * Takes one try on an account's count, as takeLockedTry: refused while held, else counted, a count
 * idle since `restartBefore` starting again at one. Beyond `free` tries in a row, each holds the
 * next back until `now` plus 2^(tries - free) seconds, at most `maxSeconds` (the exponent is
 * capped first: 2^1024 is past double precision). Answers the hold as it now stands.
 */
export function takeSlowedTry(db: DbOrTx, key: string, free: number, maxSeconds: number, now: Date, restartBefore: Date) {
  const failures = sql`(case when ${signInLocks.updated_at} < ${restartBefore.toISOString()}::timestamptz then 1 else ${signInLocks.failures} + 1 end)`
  return takeTry(db, key, now, {
    failures,
    locked_until: sql`case when ${failures} > ${free} then ${now.toISOString()}::timestamptz + least(power(2, least(${failures} - ${free}, ${MAX_DOUBLINGS})), ${maxSeconds}) * interval '1 second' else null end`,
  })
}

/** Until when a count holds its tries back, if it does at `now`. */
export async function heldUntil(db: DbOrTx, key: string, now: Date) {
  const [row] = await db.select({ locked_until: signInLocks.locked_until }).from(signInLocks).where(and(eq(signInLocks.key, key), heldAt(now)))
  return row?.locked_until ?? undefined
}

export const clearFailures = (db: DbOrTx, key: string, now: Date) =>
  db.update(signInLocks).set({ failures: 0, locked_until: null, updated_at: now }).where(eq(signInLocks.key, key))

export async function findLiveDevice(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(trustedDevices)
    .where(and(eq(trustedDevices.token_hash, tokenHash), gt(trustedDevices.expires_at, now)))
  return row
}

export const insertDevice = async (db: DbOrTx, row: typeof trustedDevices.$inferInsert) => (await db.insert(trustedDevices).values(row).returning())[0]!

export const touchDevice = (db: DbOrTx, id: number, now: Date, expiresAt: Date) =>
  db.update(trustedDevices).set({ last_used_at: now, expires_at: expiresAt }).where(eq(trustedDevices.id, id))

/** Keeps a member's `keep` most recently used devices, so that repeated cookie-less sign-ins cannot grow the table. */
export async function forgetOldDevices(db: DbOrTx, userId: number, keep: number) {
  const newest = db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(eq(trustedDevices.user_id, userId))
    .orderBy(desc(trustedDevices.last_used_at), desc(trustedDevices.id))
    .limit(keep)
  await db.delete(trustedDevices).where(and(eq(trustedDevices.user_id, userId), notInArray(trustedDevices.id, newest)))
}

// ---- bearer tokens ----------------------------------------------------------

export const insertToken = (db: DbOrTx, token: typeof authTokens.$inferInsert) => db.insert(authTokens).values(token)

/** Every member request looks its token up: the statement is built once per database handle and prepared. */
const liveToken = preparedOn((db: DbOrTx) =>
  db
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.user_id))
    .where(and(eq(authTokens.token_hash, sql.placeholder('hash')), isNull(authTokens.revoked_at), gt(authTokens.expires_at, sql.placeholder('now'))))
    .prepare('find_live_token'),
)

export async function findLiveToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await liveToken(db).execute({ hash: tokenHash, now: now.toISOString() })
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

/** A one-time token whether or not it was used (a link followed twice is told apart from a made-up one). */
export async function findOneTimeEverUsed(db: DbOrTx, purpose: OneTimePurpose, tokenHash: string) {
  const [row] = await db.select().from(oneTimeTokens).where(and(eq(oneTimeTokens.purpose, purpose), eq(oneTimeTokens.token_hash, tokenHash)))
  return row
}

/** A new reset or verification link replaces the older ones of the same kind. */
export const retireOneTime = (db: DbOrTx, userId: number, purpose: OneTimePurpose, now: Date) =>
  db
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(and(eq(oneTimeTokens.user_id, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.used_at)))

/**
 * Stores a new link in place of the member's older ones of its kind: the same two statements
 * whether or not it belongs to a member (no member has id 0, so the same index lookup then finds
 * nothing to retire).
 */
export async function replaceOneTime(db: DbOrTx, row: typeof oneTimeTokens.$inferInsert & { purpose: OneTimePurpose; created_at: Date }) {
  await retireOneTime(db, row.user_id ?? 0, row.purpose, row.created_at)
  await db.insert(oneTimeTokens).values(row)
}

// ---- social -----------------------------------------------------------------

export const findSocial = async (db: DbOrTx, provider: SocialProvider, providerUserId: string) =>
  (await db.select().from(socialAccounts).where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.provider_user_id, providerUserId))))[0]

export const linkSocial = (db: DbOrTx, row: typeof socialAccounts.$inferInsert) => db.insert(socialAccounts).values(row).onConflictDoNothing()

/** LINE's friendship flag, as of the member's latest LINE sign-in (null: not asked). */
export const setSocialFriend = (db: DbOrTx, provider: SocialProvider, providerUserId: string, friend: boolean) =>
  db.update(socialAccounts).set({ friend }).where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.provider_user_id, providerUserId)))

export const socialOf = (db: DbOrTx, userId: number) =>
  db.select({ provider: socialAccounts.provider }).from(socialAccounts).where(eq(socialAccounts.user_id, userId)).orderBy(socialAccounts.id)

export const insertOauthState = (db: DbOrTx, row: typeof oauthStates.$inferInsert) => db.insert(oauthStates).values(row)

export const takeOauthState = async (db: DbOrTx, state: string) => (await db.delete(oauthStates).where(eq(oauthStates.state, state)).returning())[0]

