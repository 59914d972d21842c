import type { LoginInput, LoginResult } from '../../../contract/auth'
import { AppError } from '../../lib/errors'
import { decoyHash, fingerprint, randomToken, verifyPassword } from '../../lib/secrets'
import * as repo from './repo'
import { issueToken, normalizeEmail, toAuthUser, type AuthDeps } from './service'

const MAX_FAILURES = 3
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

/**
 * E-mail and password sign-in with OWASP's device cookies
 * (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies).
 * A browser holding a live device cookie of this account is judged by its own failures only;
 * every other client shares the address's count. The third failure in a row locks that count
 * for `LOCK_MINUTES`, during which even the right password is refused. The count is kept per
 * normalized address whether or not it has an account, and an unknown address costs the same
 * reads, writes and argon2 verification as a wrong password, so no answer tells which
 * addresses have accounts. Answers the device cookie to set.
 */
export async function login(deps: AuthDeps, input: LoginInput, address: string, deviceToken?: string): Promise<{ result: LoginResult; device: string }> {
  const email = normalizeEmail(input.email)
  const device = await presentedDevice(deps, deviceToken)
  const user = await repo.findUserByEmail(deps.db, email)
  const trusted = device && user && device.user_id === user.id ? device : undefined
  const key = trusted ? repo.deviceLockKey(trusted.id) : repo.emailLockKey(email)
  const now = deps.clock()

  const lock = await repo.findLock(deps.db, key)
  if (lock?.locked_until && lock.locked_until > now) {
    await repo.recordAttempt(deps.db, { user_id: user?.id ?? null, email, outcome: 'LOCKED', address, created_at: now })
    throw locked(Math.ceil((lock.locked_until.getTime() - now.getTime()) / 60_000))
  }
  const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), input.password)
  if (!user || !user.password_hash || !ok) {
    await repo.recordAttempt(deps.db, { user_id: user?.id ?? null, email, outcome: 'FAILED', address, created_at: now })
    const minutes = deps.config.auth.lockMinutes
    const lockedUntil = await repo.countFailure(deps.db, key, MAX_FAILURES, now, new Date(now.getTime() + minutes * 60_000))
    if (lockedUntil && lockedUntil > now) throw locked(Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000))
    throw invalid()
  }
  await repo.clearFailures(deps.db, key, now)
  await repo.recordAttempt(deps.db, { user_id: user.id, email, outcome: 'SUCCESSED', address, created_at: now })
  const result = { token: await issueToken(deps, user.id, 'GENERAL'), user: await toAuthUser(deps.db, user, 'GENERAL') }
  return { result, device: await trustDevice(deps, user.id, trusted ? deviceToken : undefined) }
}

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
