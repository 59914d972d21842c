import * as oidc from 'openid-client'
import type { SocialProvider } from '../../../contract/auth'
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
}

export interface PendingAuthorization {
  state: string
  codeVerifier: string
  nonce: string | null
}

export interface ProviderClient {
  authorizationUrl(pending: PendingAuthorization, redirectUri: string): Promise<string>
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

/** Facebook Login: OAuth 2 with PKCE, then the Graph API's `me`. */
function facebook(settings: NonNullable<Config['auth']['facebook']>): ProviderClient {
  return {
    async authorizationUrl(pending, redirectUri) {
      const url = new URL(settings.authorizeUrl)
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'email,public_profile',
        state: pending.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      }).toString()
      return url.toString()
    },
    async profile(callbackUrl, pending, redirectUri) {
      if (callbackUrl.searchParams.get('state') !== pending.state) throw new Error('state mismatch')
      const code = callbackUrl.searchParams.get('code')
      if (!code) throw new Error('no authorization code')
      const tokenResponse = await fetch(settings.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          redirect_uri: redirectUri,
          code,
          code_verifier: pending.codeVerifier,
        }),
      })
      if (!tokenResponse.ok) throw new Error(`token endpoint answered ${tokenResponse.status}`)
      const { access_token } = (await tokenResponse.json()) as { access_token?: string }
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

/** The providers this deployment offers: only those with a client id and secret. */
export function socialProviders(config: Config): Partial<Record<SocialProvider, ProviderClient>> {
  return {
    ...(config.auth.google ? { google: google(config.auth.google) } : {}),
    ...(config.auth.facebook ? { facebook: facebook(config.auth.facebook) } : {}),
  }
}
