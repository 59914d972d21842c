import type { LoginInput, LoginResult } from '../../../contract/auth'
import { AppError } from '../../lib/errors'
import { decoyHash, fingerprint, randomToken, verifyPassword } from '../../lib/secrets'
import * as repo from './repo'
import { issueToken, normalizeEmail, toAuthUser, type AuthDeps } from './service'

/** Failures in a row that lock one client address's tries at one account, or one trusted device. */
const MAX_FAILURES = 3
/** An account's failures in a row, from any addresses, before each further one slows the next try down. */
const FREE_ACCOUNT_FAILURES = 6
/** An account's count starts again after a day without a failure (housekeeping drops it then too). */
const ACCOUNT_COUNT_MS = 86_400_000
/** How long a device stays trusted after its last sign-in. */
export const DEVICE_TRUST_DAYS = 365
const DEVICE_TRUST_MS = DEVICE_TRUST_DAYS * 86_400_000
/** Trusted devices kept per member, the most recently used first. */
const DEVICES_PER_MEMBER = 20
const TOKEN_SHAPE = /^[\w-]{43}$/

const invalid = () => new AppError('INVALID_EMAIL_OR_PASSWORD', 401, 'Wrong e-mail or password.')
const locked = (minutes: number) =>
  new AppError('TOO_MANY_ATTEMPTS', 429, 'Wrong account or password too many times; please try again later.', { lock_minutes: minutes })

/** The live trusted device a presented device cookie stands for, if any. */
async function presentedDevice(deps: AuthDeps, token: string | undefined) {
  if (!token || !TOKEN_SHAPE.test(token)) return undefined
  return repo.findLiveDevice(deps.db, fingerprint(token), deps.clock())
}

const minutesUntil = (until: Date, now: Date) => Math.ceil((until.getTime() - now.getTime()) / 60_000)

/** The later of two holds that are still running, if any. */
const laterHold = (now: Date, ...holds: (Date | null | undefined)[]) =>
  holds.filter((hold): hold is Date => hold != null && hold > now).sort((x, y) => y.getTime() - x.getTime())[0]

/**
 * E-mail and password sign-in with OWASP's device cookies
 * (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies) and
 * decision 63. A browser holding a live device cookie of this account is judged by its own
 * failures only. Every other client is judged by two counts: its own address's at this account
 * (the third failure in a row locks that pair for `LOCK_MINUTES`, during which even the right
 * password is refused), and the account's, from all addresses (from the seventh failure in a row,
 * each one holds further tries back 2, 4, 8 ... seconds, at most `LOCK_MINUTES`). So a stranger
 * locks out their own address, not the owner on another; guessing from many addresses is slowed
 * for everyone untrusted, the owner's trusted devices excepted. Both counts are kept per
 * normalized address whether or not it has an account, and an unknown address costs the same
 * reads, writes and argon2 verification as a wrong password, so no answer tells which addresses
 * have accounts. Answers the device cookie to set.
 */
export async function login(deps: AuthDeps, input: LoginInput, address: string, deviceToken?: string): Promise<{ result: LoginResult; device: string }> {
  const email = normalizeEmail(input.email)
  const device = await presentedDevice(deps, deviceToken)
  const user = await repo.findUserByEmail(deps.db, email)
  const trusted = device && user && device.user_id === user.id ? device : undefined
  const keys = trusted ? [repo.deviceLockKey(trusted.id)] : [repo.pairLockKey(address, email), repo.emailLockKey(email)]
  const now = deps.clock()

  const held = laterHold(now, ...(await Promise.all(keys.map(async (key) => (await repo.findLock(deps.db, key))?.locked_until))))
  if (held) {
    await repo.recordAttempt(deps.db, { user_id: user?.id ?? null, email, outcome: 'LOCKED', address, created_at: now })
    throw locked(minutesUntil(held, now))
  }
  const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), input.password)
  if (!user || !user.password_hash || !ok) {
    await repo.recordAttempt(deps.db, { user_id: user?.id ?? null, email, outcome: 'FAILED', address, created_at: now })
    const lockMs = deps.config.auth.lockMinutes * 60_000
    const [own, account] = keys
    const holds = [await repo.countFailure(deps.db, own!, MAX_FAILURES, now, new Date(now.getTime() + lockMs))]
    if (account) holds.push(await repo.countSlowedFailure(deps.db, account, FREE_ACCOUNT_FAILURES, lockMs / 1000, now, new Date(now.getTime() - ACCOUNT_COUNT_MS)))
    const hold = laterHold(now, ...holds)
    if (hold) throw locked(minutesUntil(hold, now))
    throw invalid()
  }
  for (const key of keys) await repo.clearFailures(deps.db, key, now)
  await repo.recordAttempt(deps.db, { user_id: user.id, email, outcome: 'SUCCESSED', address, created_at: now })
  const result = { token: await issueToken(deps, user.id, 'GENERAL'), user: await toAuthUser(deps.db, user, 'GENERAL') }
  return { result, device: await trustDevice(deps, user.id, trusted ? deviceToken : undefined) }
}

/** A password reset lifts the lock of the address it came from (the account's count is lifted with the new password). */
export const liftAddressLock = (deps: AuthDeps, address: string, email: string) => repo.clearFailures(deps.db, repo.pairLockKey(address, normalizeEmail(email)), deps.clock())

/**
 * Marks the browser that just proved it holds the account as trusted: renews the device cookie
 * it presented when that one belongs to this member, else issues a new one. Answers the cookie value.
 */
export async function trustDevice(deps: AuthDeps, userId: number, presented: string | undefined): Promise<string> {
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
