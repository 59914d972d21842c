/**
 * A local OpenID provider standing in for Google in the end-to-end tests (oauth2-mock-server).
 * Its /authorize redirects straight back to the shop, so one click on "Sign in with Google" runs
 * the whole code flow in the browser.
 *
 * Which person signs in is chosen per browser: a test sets the cookie `e2e_oidc_profile` (JSON
 * claims such as sub, email, email_verified, given_name, family_name) for 127.0.0.1; cookies do not
 * depend on the port, so the provider receives it at /authorize and puts those claims into the ID
 * token issued for that code. Parallel tests therefore never see each other's profile.
 */
import { OAuth2Server } from 'oauth2-mock-server'

export const OIDC_PORT = Number(process.env.OIDC_PORT ?? 8182)
export const PROFILE_COOKIE = 'e2e_oidc_profile'

const DEFAULT_PROFILE = { sub: 'e2e-default', email: 'e2e-google@example.tw', email_verified: true, given_name: 'Google', family_name: 'Tester' }

function profileFromCookie(header: string | undefined): Record<string, unknown> {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name !== PROFILE_COOKIE) continue
    try {
      const value = JSON.parse(decodeURIComponent(rest.join('='))) as unknown
      if (typeof value === 'object' && value !== null) return value as Record<string, unknown>
    } catch {
      // a broken cookie signs in the default person
    }
  }
  return DEFAULT_PROFILE
}

async function main() {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  const profiles = new Map<string, Record<string, unknown>>()

  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: { headers: Record<string, string | undefined> }) => {
    const code = redirect.url.searchParams.get('code')
    if (code) profiles.set(code, profileFromCookie(req.headers.cookie))
  })
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: { body?: { code?: string } }) => {
    // only the ID token (it has an audience) carries the person; the access token stays as it is
    const code = req.body?.code
    if (!code || !token.payload.aud) return
    Object.assign(token.payload, profiles.get(code) ?? DEFAULT_PROFILE)
    profiles.delete(code)
  })

  // the shop is told this exact issuer; left alone the mock would call itself localhost, and the
  // profile cookie (set for 127.0.0.1) would not reach /authorize
  server.issuer.url = `http://127.0.0.1:${OIDC_PORT}`
  await server.start(OIDC_PORT, '127.0.0.1')
  console.log(`OpenID provider on ${server.issuer.url}`)
  const stop = () => void server.stop().finally(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

void main()
