import * as oidc from 'openid-client'
import type * as v from 'valibot'
import { LIMITS, MESSAGES, type LoginMethod, type LoginResult, type SocialProvider, type SocialRegisterInputSchema } from '../../../contract/auth'
import type { Locale } from '../../../contract/constants'
import { transaction } from '../../db/transaction'
import { AppError, validationFailed } from '../../lib/errors'
import { fingerprint, randomToken } from '../../lib/secrets'
import * as repo from './repo'
import { createUser, issueToken, normalizeEmail, profileFields, referrerId, referrerOf, sendVerification, toAuthUser } from './service'
import type { ServiceDeps } from '../../core/deps'
import { pwaUrl } from '../../core/links'
import type { ProviderClient, SocialProfile } from './social-providers'

/** A ticket or code that is unknown, used, expired, or not this member's. */
const linkInvalid = () => new AppError('LINK_INVALID', 400, 'This link is not valid; please ask for a new one.')

const STATE_MS = 10 * 60_000
const EXCHANGE_MS = 2 * 60_000
const TICKET_MS = 30 * 60_000

const METHODS: Record<SocialProvider, LoginMethod> = { google: 'GOOGLE', facebook: 'FACEBOOK', line: 'LINE' }
const methodOf = (provider: SocialProvider): LoginMethod => METHODS[provider]

export interface SocialDeps extends ServiceDeps {
  providers: Partial<Record<SocialProvider, ProviderClient>>
}

const redirectUri = (deps: SocialDeps, provider: SocialProvider) => `${deps.config.publicUrl}/api/v1/auth/${provider}/callback`

function providerOf(deps: SocialDeps, provider: SocialProvider) {
  const client = deps.providers[provider]
  if (!client) throw new AppError('SOCIAL_PROVIDER_UNAVAILABLE', 404, 'This sign-in method is not offered.')
  return client
}

/** Step 1: where to send the browser; the state, PKCE verifier and nonce wait in the database. */
export async function startSocial(deps: SocialDeps, provider: SocialProvider, source: 'ec' | 'subscribe', locale: Locale, referrerCode?: string) {
  const client = providerOf(deps, provider)
  // OpenID Connect providers bind their ID token to this sign-in with a nonce
  const pending = { state: oidc.randomState(), codeVerifier: oidc.randomPKCECodeVerifier(), nonce: provider === 'facebook' ? null : oidc.randomNonce() }
  await repo.insertOauthState(deps.db, { state: pending.state, provider, code_verifier: pending.codeVerifier, nonce: pending.nonce, source, locale, referrer_code: referrerCode || null, created_at: deps.clock() })
  return client.authorizationUrl(pending, redirectUri(deps, provider), locale)
}

/**
 * Step 2, the provider's callback: finds, links or creates the member and answers the PWA page
 * to send the browser to. The token itself never travels in a URL: the page receives a
 * two-minute single-use code to exchange for it.
 */
export async function finishSocial(deps: SocialDeps, provider: SocialProvider, callbackUrl: URL, bindLink: (secret: string) => void = () => undefined): Promise<string> {
  const state = callbackUrl.searchParams.get('state') ?? ''
  const stored = state ? await repo.takeOauthState(deps.db, state) : undefined
  const locale = stored?.locale ?? 'zh_tw'
  const fail = (reason: string) => pwaUrl(deps.config, locale, `/auth/social-callback?error=${reason}`)
  // a state this server never gave (or gave to another provider): the sign-in began elsewhere, e.g.
  // in LINE's own browser and came back to another one, or its link was used already
  if (!stored || stored.provider !== provider) return fail('unknown')
  if (deps.clock().getTime() - stored.created_at.getTime() > STATE_MS) return fail('expired')
  if (callbackUrl.searchParams.has('error')) return fail('cancelled')

  let profile: SocialProfile
  try {
    profile = await providerOf(deps, provider).profile(callbackUrl, { state, codeVerifier: stored.code_verifier, nonce: stored.nonce }, redirectUri(deps, provider))
  } catch (error) {
    deps.logger.warn('social sign-in failed', { provider, error: String(error) })
    return fail('failed')
  }

  const now = deps.clock()
  const linked = await repo.findSocial(deps.db, provider, profile.id)
  let user = linked ? await repo.findUserById(deps.db, linked.user_id) : undefined
  if (linked && typeof profile.friend === 'boolean') await repo.setSocialFriend(deps.db, provider, profile.id, profile.friend)
  if (!user && profile.email) {
    const existing = await repo.findUserByEmail(deps.db, normalizeEmail(profile.email))
    if (existing) {
      // linking at once is only safe when both sides vouch for the address; otherwise the account
      // proves it owns it first (its own sign-in), and the link waits for that, never made silently
      if (!existing.email_verified_at || !profile.email_verified) {
        const ticket = randomToken()
        // the link is made only in this browser (a cookie holds its secret): a ticket's address
        // sent to the account's owner, signed in elsewhere, cannot link someone else's provider account
        const binding = randomToken()
        bindLink(binding)
        await repo.insertOneTime(deps.db, {
          purpose: 'social_link',
          token_hash: fingerprint(ticket),
          user_id: existing.id,
          payload: { ...profile, source: stored.source, locale, binding: fingerprint(binding) },
          created_at: now,
          expires_at: new Date(now.getTime() + TICKET_MS),
        })
        return pwaUrl(deps.config, locale, `/auth/social-callback?link=${ticket}&source=${stored.source}`)
      }
      await repo.linkSocial(deps.db, { user_id: existing.id, provider, provider_user_id: profile.id, email: profile.email, friend: profile.friend ?? null, created_at: now })
      user = existing
    }
  }
  // a name or address past the limits goes to the form, which says so, rather than being cut
  const fits = (text: string, max: number) => text.trim().length <= max
  if (!user && profile.email && profile.email_verified && profile.first_name && profile.last_name && fits(profile.first_name, LIMITS.name) && fits(profile.last_name, LIMITS.name) && fits(profile.email, LIMITS.email)) {
    const email = profile.email
    user = await transaction(deps.db, async (tx) => {
      // a code that is no longer valid does not stand in the way of signing in
      const referred_by = await referrerOf(tx, stored.referrer_code ?? undefined)
      const created = await createUser(tx, {
        referred_by,
        email: normalizeEmail(email),
        password_hash: null,
        first_name: profile.first_name.trim(),
        last_name: profile.last_name.trim(),
        avatar_url: profile.avatar_url,
        locale,
        email_verified_at: now,
        signup_method: methodOf(provider),
      }, deps.memberEffects)
      await repo.linkSocial(tx, { user_id: created.id, provider, provider_user_id: profile.id, email, friend: profile.friend ?? null, created_at: now })
      return created
    })
  }
  if (!user) {
    const ticket = randomToken()
    await repo.insertOneTime(deps.db, {
      purpose: 'social_register',
      token_hash: fingerprint(ticket),
      payload: { ...profile, source: stored.source, locale },
      created_at: now,
      expires_at: new Date(now.getTime() + TICKET_MS),
    })
    return pwaUrl(deps.config, locale, `/auth/social-register?ticket=${ticket}&source=${stored.source}`)
  }
  const code = randomToken()
  await repo.insertOneTime(deps.db, {
    purpose: 'social_login',
    token_hash: fingerprint(code),
    user_id: user.id,
    payload: { method: methodOf(provider) },
    created_at: now,
    expires_at: new Date(now.getTime() + EXCHANGE_MS),
  })
  return pwaUrl(deps.config, locale, `/auth/social-callback?code=${code}&source=${stored.source}`)
}

/** Step 3: the PWA trades the single-use code for a bearer token. */
export async function exchangeSocialCode(deps: SocialDeps, code: string): Promise<LoginResult> {
  const now = deps.clock()
  const row = await repo.consumeOneTime(deps.db, 'social_login', fingerprint(code), now)
  const user = row?.user_id && row.expires_at > now ? await repo.findUserById(deps.db, row.user_id) : undefined
  if (!row || !user) throw linkInvalid()
  const method = (row.payload?.method as LoginMethod | undefined) ?? 'GENERAL'
  return { token: await issueToken(deps, user.id, method), user: await toAuthUser(deps.db, user, method) }
}

type PendingProfile = SocialProfile & { source: 'ec' | 'subscribe'; locale: Locale }

/** The profile a provider gave, for the social-register form to complete. */
export async function pendingSocialProfile(deps: SocialDeps, ticket: string) {
  const row = await repo.findOneTime(deps.db, 'social_register', fingerprint(ticket))
  if (!row || row.expires_at <= deps.clock()) throw linkInvalid()
  const p = row.payload as unknown as PendingProfile
  return { provider: p.provider, email: p.email, first_name: p.first_name, last_name: p.last_name, source: p.source }
}

/** A social account waiting to be linked to the member it names, once they signed in (`GET /auth/social-link`). */
export async function pendingSocialLink(deps: SocialDeps, ticket: string) {
  const row = await repo.findOneTime(deps.db, 'social_link', fingerprint(ticket))
  if (!row || row.expires_at <= deps.clock() || row.used_at) throw linkInvalid()
  const p = row.payload as unknown as PendingProfile
  return { provider: p.provider, email: p.email, source: p.source }
}

/**
 * `POST /auth/social/link`: the member who owns the address the provider gave has signed in with
 * their own account; the provider's account is linked to it now. A ticket for another member (or
 * a provider account linked elsewhere meanwhile) links nothing.
 */
export async function linkSocialAccount(deps: SocialDeps, userId: number, ticket: string, binding: string | undefined): Promise<{ provider: SocialProvider }> {
  const now = deps.clock()
  return transaction(deps.db, async (tx) => {
    const row = await repo.findOneTime(tx, 'social_link', fingerprint(ticket))
    if (!row || row.expires_at <= now || row.used_at || row.user_id !== userId) throw linkInvalid()
    const profile = row.payload as unknown as PendingProfile & { binding?: string }
    // only in the browser that came back from the provider
    if (!binding || fingerprint(binding) !== profile.binding) throw linkInvalid()
    const taken = await repo.findSocial(tx, profile.provider, profile.id)
    if (taken && taken.user_id !== userId) throw linkInvalid()
    await repo.consumeOneTime(tx, 'social_link', row.token_hash, now)
    await repo.linkSocial(tx, { user_id: userId, provider: profile.provider, provider_user_id: profile.id, email: profile.email, friend: profile.friend ?? null, created_at: now })
    return { provider: profile.provider }
  })
}

/** Creates the member a social sign-in could not create alone (a missing e-mail or name). */
export async function completeSocialRegistration(deps: SocialDeps, input: v.InferOutput<typeof SocialRegisterInputSchema>): Promise<LoginResult> {
  const now = deps.clock()
  const result = await transaction(deps.db, async (tx) => {
    const row = await repo.findOneTime(tx, 'social_register', fingerprint(input.ticket))
    if (!row || row.expires_at <= now) throw linkInvalid()
    const profile = row.payload as unknown as PendingProfile
    const email = normalizeEmail(input.email)
    if (await repo.findUserByEmail(tx, email)) throw validationFailed({ email: [MESSAGES.taken] })
    const referred_by = await referrerId(tx, input.referrer_code)
    await repo.consumeOneTime(tx, 'social_register', row.token_hash, now)
    const vouched = profile.email_verified && profile.email !== null && normalizeEmail(profile.email) === email
    const user = await createUser(tx, {
      email,
      password_hash: null,
      ...profileFields(input),
      avatar_url: profile.avatar_url,
      locale: profile.locale,
      email_verified_at: vouched ? now : null,
      referred_by,
      signup_method: methodOf(profile.provider),
    }, deps.memberEffects)
    await repo.linkSocial(tx, { user_id: user.id, provider: profile.provider, provider_user_id: profile.id, email: profile.email, friend: profile.friend ?? null, created_at: now })
    const method = methodOf(profile.provider)
    return { token: await issueToken(deps, user.id, method, tx), user: await toAuthUser(tx, user, method), created: user, vouched }
  })
  // an address the provider did not vouch for is verified as any other: by the link mailed to it
  if (!result.vouched) await sendVerification(deps, result.created)
  return { token: result.token, user: result.user }
}
