import { randomBytes } from 'node:crypto'
import type * as v from 'valibot'
import type { ChangePasswordInputSchema, ResetPasswordInputSchema } from '../../../contract/auth';
import { type AuthUser, type LoginMethod, type LoginResult, type ProfileInput, type RegisterInput, MESSAGES, LIMITS } from '../../../contract/auth'
import type { Locale } from '../../../contract/constants'
import type { DbOrTx } from '../../db/client'
import { transaction } from '../../db/transaction'
import { AppError, validationFailed } from '../../lib/errors'
import { summarizeError } from '../../lib/logger'
import { hit } from '../../core/rate-limit'
import { fingerprint, hashPassword, randomToken, verifyPassword } from '../../lib/secrets'
import type { MemberEffects, ServiceDeps } from '../../core/deps'
import { linkMail } from '../../core/link-mail'
import { pwaUrl } from '../../core/links'
import type { Session } from '../../core/session'
import * as repo from './repo'


const VERIFY_LINK_MS = 24 * 3_600_000
const RESET_LINK_MS = 60 * 60_000

export const normalizeEmail = (email: string) => email.trim().toLowerCase()


export async function toAuthUser(db: DbOrTx, user: repo.UserRow, method: LoginMethod): Promise<AuthUser> {
  const social = await repo.socialOf(db, user.id)
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    gender: user.gender,
    birthday: user.birthday,
    email: user.email,
    email_verified_at: user.email_verified_at?.toISOString() ?? null,
    phone_number: user.phone_number,
    nationality: user.nationality,
    locale: user.locale,
    referrer_code: user.referrer_code,
    avatar_url: user.avatar_url,
    logged_in_method: method,
    has_password: user.password_hash !== null,
    social: social.map((s) => ({ provider: s.provider })),
    scope: ['member'],
  }
}

/** A per-address limit on the endpoints that guess or send mail; shared by every server through the database. */
export async function limitAddress(deps: ServiceDeps, endpoint: string, address: string) {
  const result = await hit(deps.db, deps.clock, `${endpoint}:${address}`, deps.config.auth.rateLimitPerMinute, 60_000)
  if (!result.allowed) {
    throw new AppError('RATE_LIMITED', 429, 'Too many requests; please wait a moment and try again.', { retry_after: result.retryAfter })
  }
}

/** The profile fields of the register, social-register and profile forms, as stored. */
export const profileFields = (input: Pick<ProfileInput, 'first_name' | 'last_name' | 'phone_number' | 'nationality' | 'gender'> & { birthday?: string | null }) => ({
  first_name: input.first_name,
  last_name: input.last_name,
  phone_number: input.phone_number,
  nationality: input.nationality,
  gender: input.gender,
  birthday: input.birthday ?? null,
})

const newReferrerCode = () => randomBytes(6).toString('base64url').replace(/[-_]/g, 'X').toUpperCase().slice(0, 8)

/** Creates a member with a unique referrer code (retrying the rare collision); a friend who joined with a code is recorded and the referrer told (referral service), the welcome coupon waits for a verified e-mail. */
export async function createUser(db: DbOrTx, values: Omit<repo.NewUser, 'referrer_code'>, effects: MemberEffects) {
  for (let attempt = 0; ; attempt++) {
    try {
      const user = await repo.insertUser(db, { ...values, referrer_code: newReferrerCode() })
      if (user.referred_by) {
        await effects.joined(db, user, user.referred_by, user.created_at)
      }
      return user
    } catch (error) {
      const message = String((error as { cause?: unknown }).cause ?? error)
      if (attempt < 3 && message.includes('referrer_code')) continue
      throw error
    }
  }
}

/** The member whose referrer code this is; null without a code or when no member holds it. */
export async function referrerOf(db: DbOrTx, code: string | undefined) {
  if (!code) return null
  return (await repo.findUserByReferrerCode(db, code.trim().toUpperCase()))?.id ?? null
}

/** As referrerOf, for a form: a code no member holds is the form's error. */
export async function referrerId(db: DbOrTx, code: string | undefined) {
  const id = await referrerOf(db, code)
  if (code && id === null) throw validationFailed({ referrer_code: [MESSAGES.referrer] })
  return id
}

export async function issueToken(deps: ServiceDeps, userId: number, method: LoginMethod, db: DbOrTx = deps.db) {
  const token = randomToken()
  const now = deps.clock()
  await repo.insertToken(db, { user_id: userId, token_hash: fingerprint(token), method, created_at: now, expires_at: new Date(now.getTime() + deps.config.auth.tokenMs) })
  return token
}

export async function sendVerification(deps: ServiceDeps, user: repo.UserRow) {
  const token = randomToken()
  const now = deps.clock()
  await repo.retireOneTime(deps.db, user.id, 'verify_email', now)
  await repo.insertOneTime(deps.db, { purpose: 'verify_email', token_hash: fingerprint(token), user_id: user.id, created_at: now, expires_at: new Date(now.getTime() + VERIFY_LINK_MS) })
  const link = `${deps.config.publicUrl}/api/v1/user/verify_email/confirm?token=${token}`
  await deps.mailer.send(linkMail('verify', user.locale, { to: user.email, name: user.first_name, link, shopName: deps.config.shop.name }))
}

// ---- register and sign in ---------------------------------------------------

export async function register(deps: ServiceDeps, input: RegisterInput, locale: Locale): Promise<AuthUser> {
  const email = normalizeEmail(input.email)
  const user = await transaction(deps.db, async (tx) => {
    if (await repo.findUserByEmail(tx, email)) throw validationFailed({ email: [MESSAGES.taken] })
    const referred_by = await referrerId(tx, input.referrer_code)
    return createUser(tx, {
      email,
      password_hash: await hashPassword(input.password),
      ...profileFields(input),
      locale,
      referred_by,
      signup_method: 'GENERAL',
    }, deps.memberEffects)
  })
  // the registration mail starts the resend cooldown like any other
  await hit(deps.db, deps.clock, cooldownKey('verify', user.email), 1, LIMITS.resendCooldown * 1000)
  await sendVerification(deps, user)
  return toAuthUser(deps.db, user, 'GENERAL')
}

/** The session behind a bearer token, if it is live. */
export async function authenticate(deps: ServiceDeps, token: string): Promise<Session | undefined> {
  const row = await repo.findLiveToken(deps.db, fingerprint(token), deps.clock())
  return row && { user: row.user, tokenId: row.token.id, method: row.token.method }
}

export const logout = (deps: ServiceDeps, session: Session) => repo.revokeToken(deps.db, session.tokenId, deps.clock())

// ---- the member's own data --------------------------------------------------

export async function updateProfile(deps: ServiceDeps, session: Session, input: ProfileInput) {
  const user = await repo.updateUser(deps.db, session.user.id, {
    ...profileFields(input),
    ...(input.locale ? { locale: input.locale } : {}),
  })
  return toAuthUser(deps.db, user, session.method)
}

/** Changing the password signs out every session; this one gets a new token. */
export async function changePassword(deps: ServiceDeps, session: Session, input: v.InferOutput<typeof ChangePasswordInputSchema>): Promise<LoginResult> {
  const current = session.user.password_hash
  if (!current || !(await verifyPassword(current, input.old_password))) throw validationFailed({ old_password: [MESSAGES.oldPassword] })
  const now = deps.clock()
  return transaction(deps.db, async (tx) => {
    const user = await repo.updateUser(tx, session.user.id, { password_hash: await hashPassword(input.password) })
    await repo.revokeAllTokens(tx, user.id, now)
    return { token: await issueToken(deps, user.id, session.method, tx), user: await toAuthUser(tx, user, session.method) }
  })
}

// ---- e-mail verification ----------------------------------------------------

/** At most one mail of a kind per address per 30 seconds, for known and unknown addresses alike. */
const cooldownKey = (kind: 'verify' | 'reset', email: string) => `mail:${kind}:${email}`

async function mailCooldown(deps: ServiceDeps, kind: 'verify' | 'reset', email: string) {
  const result = await hit(deps.db, deps.clock, cooldownKey(kind, email), 1, LIMITS.resendCooldown * 1000)
  if (!result.allowed) {
    throw new AppError('RESEND_TOO_SOON', 429, 'Please wait before asking for another mail.', { retry_after: result.retryAfter })
  }
}

export async function resendVerification(deps: ServiceDeps, session: Session) {
  if (session.user.email_verified_at) throw new AppError('EMAIL_ALREADY_VERIFIED', 409, 'This e-mail is already verified.')
  await mailCooldown(deps, 'verify', session.user.email)
  await sendVerification(deps, session.user)
}

/**
 * Follows a verification link; answers where the browser goes next, in the member's language
 * (a link that is no one's: the browser's chosen language, `fallback`).
 */
export async function confirmEmail(deps: ServiceDeps, token: string, fallback: Locale = 'zh_tw'): Promise<string> {
  const now = deps.clock()
  const invalid = pwaUrl(deps.config, fallback, '/user/info?verified=invalid')
  const row = await repo.consumeOneTime(deps.db, 'verify_email', fingerprint(token), now)
  if (!row) return usedLinkOutcome(deps, token, invalid)
  if (!row.user_id) return invalid
  const user = await repo.findUserById(deps.db, row.user_id)
  if (!user) return invalid
  if (row.expires_at <= now) return pwaUrl(deps.config, user.locale, '/user/info?verified=expired')
  await transaction(deps.db, async (tx) => {
    // the member's row first, then the referral's (decision 48); a friend's welcome coupon is issued once
    await repo.markEmailVerified(tx, user.id, now)
    await deps.memberEffects.verified(tx, user.id, now)
  })
  return pwaUrl(deps.config, user.locale, '/user/info?verified=1')
}

/**
 * A link that was sent but is used up (followed before, or replaced by a newer mail): a member who
 * is verified by now is told so; anything else is invalid.
 */
async function usedLinkOutcome(deps: ServiceDeps, token: string, invalid: string): Promise<string> {
  const used = await repo.findOneTimeEverUsed(deps.db, 'verify_email', fingerprint(token))
  const user = used?.user_id ? await repo.findUserById(deps.db, used.user_id) : undefined
  if (user?.email_verified_at) return pwaUrl(deps.config, user.locale, '/user/info?verified=already')
  return invalid
}

// ---- password recovery ------------------------------------------------------

/**
 * Same answer, in the same time, whether or not the address has an account: both look the address
 * up, make a link and store its fingerprint (an unknown address's belongs to no one and is never
 * sent), and write the mail; only a member's mail is then handed to the mailer, without waiting
 * for it (a shutdown does wait for it). A slow or failing mail server therefore changes neither
 * the answer nor its timing; a lost reset mail is asked for again. The cooldown applies to both.
 */
export async function forgotPassword(deps: ServiceDeps, rawEmail: string, locale: Locale) {
  const email = normalizeEmail(rawEmail)
  await mailCooldown(deps, 'reset', email)
  const user = await repo.findUserByEmail(deps.db, email)
  const token = randomToken()
  const now = deps.clock()
  await repo.replaceOneTime(deps.db, { purpose: 'reset_password', token_hash: fingerprint(token), user_id: user?.id ?? null, created_at: now, expires_at: new Date(now.getTime() + RESET_LINK_MS) })
  const link = pwaUrl(deps.config, locale, `/auth/reset_password?token=${token}&email=${encodeURIComponent(email)}`)
  const mail = linkMail('reset', locale, { to: email, name: user?.first_name ?? '', link, shopName: deps.config.shop.name })
  if (!user) return
  // the error's summary only: an SMTP refusal's message quotes the address
  const sending = deps.mailer.send(mail).catch((error: unknown) => deps.logger.error('a password-reset mail could not be sent', { error: summarizeError(error) }))
  deps.afterAnswer?.(sending)
}

/**
 * A reset link works once, for its own address, within 60 minutes; it signs out every session and
 * lifts the address's lock-out. Answers the member, whose browser has just proved it holds the mailbox.
 */
export async function resetPassword(deps: ServiceDeps, input: v.InferOutput<typeof ResetPasswordInputSchema>) {
  const now = deps.clock()
  const email = normalizeEmail(input.email)
  return transaction(deps.db, async (tx) => {
    const row = await repo.findOneTime(tx, 'reset_password', fingerprint(input.token))
    const user = row?.user_id ? await repo.findUserById(tx, row.user_id) : undefined
    if (!row || !user || user.email !== email) throw new AppError('LINK_INVALID', 400, 'This link is not valid; please ask for a new one.')
    if (row.expires_at <= now) throw new AppError('RESET_LINK_EXPIRED', 400, 'The password reset link has expired.')
    await repo.consumeOneTime(tx, 'reset_password', row.token_hash, now)
    await repo.updateUser(tx, user.id, { password_hash: await hashPassword(input.password) })
    await repo.revokeAllTokens(tx, user.id, now)
    await repo.clearFailures(tx, repo.emailLockKey(email), now)
    return user
  })
}
