import type { LoginInput, LoginResult } from '../../../contract/auth'
import type { DbOrTx } from '../../db/client'
import { transaction } from '../../db/transaction'
import { AppError } from '../../lib/errors'
import { decoyHash, fingerprint, randomToken, verifyPassword } from '../../lib/secrets'
import * as repo from './repo'
import { issueToken, normalizeEmail, toAuthUser } from './service'
import type { ServiceDeps } from '../../core/deps'

/** Failures in a row that lock one client address's tries at one account, or one trusted device. */
const MAX_FAILURES = 3
/** An account's failures in a row, from any addresses, before each further one slows the next try down. */
const FREE_ACCOUNT_FAILURES = 6
/**
 * The longest an account's slowdown holds its untrusted tries back. Short, because anyone can run it
 * up and it holds the owner's new browsers back too: a minute lets guesses from many addresses
 * reach an account at most 60 times an hour, while the owner waits at most a minute (decision 63).
 */
export const ACCOUNT_HOLD_SECONDS = 60
/** An account's count starts again after a day without a failure (housekeeping drops it then too). */
const ACCOUNT_COUNT_MS = 86_400_000
/** How long a device stays trusted after its last sign-in. */
export const DEVICE_TRUST_DAYS = 365
const DEVICE_TRUST_MS = DEVICE_TRUST_DAYS * 86_400_000
/** Trusted devices kept per member, the most recently used first. */
const DEVICES_PER_MEMBER = 20
const TOKEN_SHAPE = /^[\w-]{43}$/

/** Who is signing in: the client's address as the sign-in log keeps it, and the key its limits and locks count by (an IPv6 client's /64). */
export interface SignInClient {
  address: string
  key: string
}

const invalid = () => new AppError('INVALID_EMAIL_OR_PASSWORD', 401, 'Wrong e-mail or password.')
/** The wait, rounded up to whole minutes for older clients and to whole seconds. */
const locked = (until: Date, now: Date) => {
  const ms = Math.max(until.getTime() - now.getTime(), 1000)
  return new AppError('TOO_MANY_ATTEMPTS', 429, 'Wrong account or password too many times; please try again later.', {
    lock_minutes: Math.ceil(ms / 60_000),
    retry_after: Math.ceil(ms / 1000),
  })
}

/** The later of two holds that are still running, if any. */
const laterHold = (now: Date, ...holds: (Date | null | undefined)[]) =>
  holds.filter((hold): hold is Date => hold != null && hold > now).sort((x, y) => y.getTime() - x.getTime())[0]

/** Takes a try on one count: its lock as it now stands, or nothing when the count refuses it (repo.takeLockedTry). */
type Take = (db: DbOrTx, key: string) => Promise<{ locked_until: Date | null } | undefined>

/** A try refused by one of its counts: the transaction that took the others is rolled back. */
class Refused extends Error {
  constructor(readonly until: Date | undefined) {
    super('refused')
  }
}

/** The live trusted device a presented device cookie stands for, if any. */
async function presentedDevice(deps: ServiceDeps, token: string | undefined) {
  if (!token || !TOKEN_SHAPE.test(token)) return undefined
  return repo.findLiveDevice(deps.db, fingerprint(token), deps.clock())
}

/**
 * E-mail and password sign-in with OWASP's device cookies
 * (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies) and
 * decision 63. A browser holding a live device cookie of this account is judged by its own
 * failures only. Every other client is judged by two counts: its own address's at this account
 * (the third failure in a row locks that pair for `LOCK_MINUTES`, during which even the right
 * password is refused), and the account's, from all addresses (from the seventh failure in a row,
 * each one holds further tries back 2, 4, 8 ... seconds, at most a minute). So a stranger locks out
 * their own address; guessing from many addresses is slowed for everyone untrusted, the owner's
 * new browsers included, a minute at a time, and never their trusted devices. Each try is counted
 * on all its counts at once, before its password is verified (a success then clears them), so
 * tries sent together queue on the counts' rows and get no more verifications than tries sent one
 * after another. Both counts are kept per normalized address whether or not it has an account,
 * and an unknown address costs the same reads, writes and argon2 verification as a wrong
 * password, so no answer tells which addresses have accounts. Answers the device cookie to set.
 */
export async function login(deps: ServiceDeps, input: LoginInput, client: SignInClient, deviceToken?: string): Promise<{ result: LoginResult; device: string }> {
  const email = normalizeEmail(input.email)
  const device = await presentedDevice(deps, deviceToken)
  const user = await repo.findUserByEmail(deps.db, email)
  const trusted = device && user && device.user_id === user.id ? device : undefined
  const now = deps.clock()
  const lockUntil = new Date(now.getTime() + deps.config.auth.lockMinutes * 60_000)
  const counts: [string, Take][] = trusted
    ? [[repo.deviceLockKey(trusted.id), (db, key) => repo.takeLockedTry(db, key, MAX_FAILURES, now, lockUntil)]]
    : [
        [repo.pairLockKey(client.key, email), (db, key) => repo.takeLockedTry(db, key, MAX_FAILURES, now, lockUntil)],
        [repo.emailLockKey(email), (db, key) => repo.takeSlowedTry(db, key, FREE_ACCOUNT_FAILURES, ACCOUNT_HOLD_SECONDS, now, new Date(now.getTime() - ACCOUNT_COUNT_MS))],
      ]
  const attempt = (outcome: 'SUCCESSED' | 'FAILED' | 'LOCKED') => repo.recordAttempt(deps.db, { user_id: user?.id ?? null, email, outcome, address: client.address, created_at: now })

  let holds: (Date | null)[]
  try {
    // every count in one transaction: a try one count refuses is not counted by the others
    holds = await transaction(deps.db, async (tx) => {
      const taken = []
      for (const [key, take] of counts) {
        const count = await take(tx, key)
        if (!count) throw new Refused(await repo.heldUntil(tx, key, now))
        taken.push(count.locked_until)
      }
      return taken
    })
  } catch (error) {
    if (!(error instanceof Refused)) throw error
    await attempt('LOCKED')
    throw locked(error.until ?? now, now)
  }
  const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), input.password)
  if (!user || !user.password_hash || !ok) {
    await attempt('FAILED')
    const hold = laterHold(now, ...holds)
    throw hold ? locked(hold, now) : invalid()
  }
  for (const [key] of counts) await repo.clearFailures(deps.db, key, now)
  await attempt('SUCCESSED')
  const result = { token: await issueToken(deps, user.id, 'GENERAL'), user: await toAuthUser(deps.db, user, 'GENERAL') }
  return { result, device: await trustDevice(deps, user.id, trusted ? deviceToken : undefined) }
}

/** A password reset lifts the lock of the address it came from (`client.key`; the account's count is lifted with the new password). */
export const liftAddressLock = (deps: ServiceDeps, client: SignInClient, email: string) => repo.clearFailures(deps.db, repo.pairLockKey(client.key, normalizeEmail(email)), deps.clock())

/**
 * Marks the browser that just proved it holds the account as trusted: renews the device cookie
 * it presented when that one belongs to this member, else issues a new one. Answers the cookie value.
 */
export async function trustDevice(deps: ServiceDeps, userId: number, presented: string | undefined): Promise<string> {
  const now = deps.clock()
  const expiresAt = new Date(now.getTime() + DEVICE_TRUST_MS)
  const device = await presentedDevice(deps, presented)
  if (presented && device?.user_id === userId) {
    await repo.touchDevice(deps.db, device.id, now, expiresAt)
    await repo.clearFailures(deps.db, repo.deviceLockKey(device.id), now)
    return presented
  }
  const token = randomToken()
  await repo.insertDevice(deps.db, { user_id: userId, token_hash: fingerprint(token), created_at: now, last_used_at: now, expires_at: expiresAt })
  await repo.forgetOldDevices(deps.db, userId, DEVICES_PER_MEMBER)
  return token
}
