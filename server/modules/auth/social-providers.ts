import { jwtVerify } from 'jose'
import * as oidc from 'openid-client'
import type { SocialProvider } from '../../../contract/auth'
import type { Locale } from '../../../contract/constants'
import type { Config } from '../../config'

export interface SocialProfile {
  provider: SocialProvider
  id: string
  email: string | null
  /** whether the provider vouches for the address */
  email_verified: boolean
  first_name: string
  last_name: string
  avatar_url: string | null
  /** LINE: whether the member is a friend of the shop's official account, when the sign-in offered it */
  friend?: boolean | null
}

export interface PendingAuthorization {
  state: string
  codeVerifier: string
  nonce: string | null
}

export interface ProviderClient {
  authorizationUrl(pending: PendingAuthorization, redirectUri: string, locale?: Locale): Promise<string>
  /** exchanges the code of the callback URL (PKCE, state and nonce checked) for the member's profile */
  profile(callbackUrl: URL, pending: PendingAuthorization, redirectUri: string): Promise<SocialProfile>
}

/** Google through OpenID Connect discovery; the issuer is configurable so tests can use a local provider. */
function google(settings: NonNullable<Config['auth']['google']>): ProviderClient {
  let discovered: Promise<oidc.Configuration> | undefined
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        // plain http is only ever a local test provider; the real issuer is https
        settings.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error) => {
        discovered = undefined
        throw error
      })
    return discovered
  }
  return {
    async authorizationUrl(pending, redirectUri) {
      return oidc
        .buildAuthorizationUrl(await configuration(), {
          redirect_uri: redirectUri,
          scope: 'openid email profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
          code_challenge_method: 'S256',
          state: pending.state,
          nonce: pending.nonce ?? '',
        })
        .toString()
    },
    async profile(callbackUrl, pending, redirectUri) {
      const tokens = await oidc.authorizationCodeGrant(
        await configuration(),
        callbackUrl,
        { pkceCodeVerifier: pending.codeVerifier, expectedState: pending.state, expectedNonce: pending.nonce ?? undefined },
        // the URL this server was called at may differ from the public one behind a proxy
        { redirect_uri: redirectUri },
      )
      const claims = tokens.claims()
      if (!claims) throw new Error('the provider returned no ID token')
      return {
        provider: 'google',
        id: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        email_verified: claims.email_verified === true,
        first_name: typeof claims.given_name === 'string' ? claims.given_name : '',
        last_name: typeof claims.family_name === 'string' ? claims.family_name : '',
        avatar_url: typeof claims.picture === 'string' ? claims.picture : null,
      }
    },
  }
}

/** A provider's authorization page: its own parameters, with this sign-in's state and PKCE challenge. */
async function authorizationPage(base: string, pending: PendingAuthorization, params: Record<string, string>): Promise<string> {
  const url = new URL(base)
  url.search = new URLSearchParams({ ...params, state: pending.state, code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier), code_challenge_method: 'S256' }).toString()
  return url.toString()
}

/**
 * The callback's code, traded at the provider's token endpoint (a form with the PKCE verifier,
 * answered JSON): the callback must carry this sign-in's state.
 */
async function tradeCode(tokenUrl: string, callbackUrl: URL, pending: PendingAuthorization, client: { id: string; secret: string; redirectUri: string }): Promise<Record<string, unknown>> {
  if (callbackUrl.searchParams.get('state') !== pending.state) throw new Error('state mismatch')
  const code = callbackUrl.searchParams.get('code')
  if (!code) throw new Error('no authorization code')
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: client.id, client_secret: client.secret, redirect_uri: client.redirectUri, code, code_verifier: pending.codeVerifier }),
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`token endpoint answered ${response.status}`)
  return (await response.json()) as Record<string, unknown>
}

/** Facebook Login: OAuth 2 with PKCE, then the Graph API's `me`. */
function facebook(settings: NonNullable<Config['auth']['facebook']>): ProviderClient {
  return {
    authorizationUrl: (pending, redirectUri) =>
      authorizationPage(settings.authorizeUrl, pending, { client_id: settings.clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'email,public_profile' }),
    async profile(callbackUrl, pending, redirectUri) {
      const { access_token } = (await tradeCode(settings.tokenUrl, callbackUrl, pending, { id: settings.clientId, secret: settings.clientSecret, redirectUri })) as { access_token?: string }
      if (!access_token) throw new Error('no access token')
      const me = new URL(settings.profileUrl)
      me.searchParams.set('fields', 'id,email,first_name,last_name,picture')
      const profileResponse = await fetch(me, { headers: { authorization: `Bearer ${access_token}`, accept: 'application/json' } })
      if (!profileResponse.ok) throw new Error(`profile endpoint answered ${profileResponse.status}`)
      const body = (await profileResponse.json()) as { id?: string; email?: string; first_name?: string; last_name?: string; picture?: { data?: { url?: string } } }
      if (!body.id) throw new Error('the profile has no id')
      return {
        provider: 'facebook',
        id: String(body.id),
        email: body.email ?? null,
        // Facebook only returns addresses it has confirmed
        email_verified: Boolean(body.email),
        first_name: body.first_name ?? '',
        last_name: body.last_name ?? '',
        avatar_url: body.picture?.data?.url ?? null,
      }
    },
  }
}

const LINE_UI_LOCALES = { zh_tw: 'zh-TW', en: 'en', ja: 'ja' } as const

/**
 * LINE Login v2.1 (OpenID Connect, web login; decision 77): the authorization code with PKCE and
 * a nonce, exchanged at LINE's token endpoint; the ID token is signed HS256 with the channel
 * secret and checked here with `jose` (signature, `iss`, `aud` = the channel id, `exp`, then the
 * nonce). LINE gives a display name and, only when the channel was approved for it and the person
 * agreed, an e-mail address that it does not say it verified.
 */
function line(settings: NonNullable<Config['auth']['line']>): ProviderClient {
  const secret = new TextEncoder().encode(settings.channelSecret)
  return {
    authorizationUrl: (pending, redirectUri, locale) =>
      authorizationPage(settings.authorizeUrl, pending, {
        response_type: 'code',
        client_id: settings.channelId,
        redirect_uri: redirectUri,
        scope: 'profile openid email',
        nonce: pending.nonce ?? '',
        ...(locale ? { ui_locales: LINE_UI_LOCALES[locale] } : {}),
        ...(settings.botPrompt ? { bot_prompt: settings.botPrompt } : {}),
      }),
    async profile(callbackUrl, pending, redirectUri) {
      const tokens = (await tradeCode(`${settings.apiUrl}/oauth2/v2.1/token`, callbackUrl, pending, { id: settings.channelId, secret: settings.channelSecret, redirectUri })) as { access_token?: string; id_token?: string }
      if (!tokens.id_token || !tokens.access_token) throw new Error('the token endpoint gave no ID token')
      const { payload } = await jwtVerify(tokens.id_token, secret, { algorithms: ['HS256'], issuer: settings.issuer, audience: settings.channelId, requiredClaims: ['sub', 'exp', 'iat'], clockTolerance: 30 })
      if (!pending.nonce || payload.nonce !== pending.nonce) throw new Error('the ID token’s nonce is not this sign-in’s')
      let friend: boolean | null = null
      if (settings.botPrompt) {
        const status = await fetch(`${settings.apiUrl}/friendship/v1/status`, { headers: { authorization: `Bearer ${tokens.access_token}` }, signal: AbortSignal.timeout(10_000) }).catch(() => undefined)
        if (status?.ok) friend = ((await status.json()) as { friendFlag?: unknown }).friendFlag === true
      }
      return {
        provider: 'line',
        id: payload.sub!,
        email: typeof payload.email === 'string' && payload.email ? payload.email : null,
        // LINE does not say whether it verified the address: it is verified by the shop's own mail
        email_verified: false,
        // a display name, not a given and family name: the registration form asks for those
        first_name: typeof payload.name === 'string' ? payload.name : '',
        last_name: '',
        avatar_url: typeof payload.picture === 'string' ? payload.picture : null,
        friend,
      }
    },
  }
}

/** The providers this deployment offers: only those with a client id and secret. */
export function socialProviders(config: Config): Partial<Record<SocialProvider, ProviderClient>> {
  return {
    ...(config.auth.google ? { google: google(config.auth.google) } : {}),
    ...(config.auth.facebook ? { facebook: facebook(config.auth.facebook) } : {}),
    ...(config.auth.line ? { line: line(config.auth.line) } : {}),
  }
}
