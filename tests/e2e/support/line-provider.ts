/**
 * A local stand-in for LINE Login v2.1, speaking its endpoints as LINE documents them (decision 77):
 * the authorization page (`/oauth2/v2.1/authorize`, which redirects straight back with a code), the
 * token endpoint (PKCE checked, the ID token signed HS256 with the channel secret as LINE signs a
 * web login's), the ID token verification endpoint and the friendship status. Used by the API
 * tests in process and by the end-to-end tests as a process of its own (LINE_PORT).
 *
 * Which person signs in is chosen per browser, as for the Google stand-in: the cookie
 * `e2e_line_profile` (JSON: sub, name, email, picture, friend; `cancel` to refuse consent; `tamper`
 * to receive a bad ID token: aud, nonce, expired, signature) set for 127.0.0.1.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { pathToFileURL } from 'node:url'
import { SignJWT, jwtVerify } from 'jose'

export const LINE_PROFILE_COOKIE = 'e2e_line_profile'
export const LINE_TEST_CHANNEL = { id: '1650000000', secret: '0123456789abcdef0123456789abcdef' }

export interface LineProfile {
  sub: string
  name: string
  email?: string
  picture?: string
  /** a friend of the official account after the sign-in */
  friend?: boolean
  /** refuse consent on the authorization page */
  cancel?: boolean
  /** the ID token comes back wrong in this way */
  tamper?: 'aud' | 'nonce' | 'expired' | 'signature'
}

const DEFAULT_PROFILE: LineProfile = { sub: 'U00000000000000000000000000000001', name: 'LINE Tester', email: 'e2e-line@example.tw' }

interface Grant {
  profile: LineProfile
  clientId: string
  redirectUri: string
  nonce: string | undefined
  challenge: string
  scope: string
  expires: number
}

function profileFrom(cookieHeader: string | undefined): LineProfile {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name !== LINE_PROFILE_COOKIE) continue
    try {
      const value = JSON.parse(decodeURIComponent(rest.join('='))) as unknown
      if (typeof value === 'object' && value !== null && typeof (value as LineProfile).sub === 'string') return value as LineProfile
    } catch {
      // a broken cookie signs in the default person
    }
  }
  return DEFAULT_PROFILE
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  let body = ''
  for await (const chunk of req) {
    body += chunk
    if (body.length > 16_384) break
  }
  return new URLSearchParams(body)
}

export interface LineProvider {
  url: string
  /** the issuer its ID tokens name (LINE_ISSUER) */
  issuer: string
  close(): Promise<void>
}

/** Starts the stand-in on 127.0.0.1:`port` (0: any free port) for one channel. */
export async function startLineProvider(options: { port?: number; channel?: { id: string; secret: string } } = {}): Promise<LineProvider> {
  const channel = options.channel ?? LINE_TEST_CHANNEL
  const secret = new TextEncoder().encode(channel.secret)
  const grants = new Map<string, Grant>()
  const friends = new Map<string, boolean>()
  const accessTokens = new Map<string, string>()
  let issuer = ''

  const idToken = async (grant: Grant) => {
    const { profile } = grant
    const now = Math.floor(Date.now() / 1000)
    const claims: Record<string, unknown> = { amr: ['linesso'], name: profile.name, ...(profile.picture ? { picture: profile.picture } : {}), ...(profile.email ? { email: profile.email } : {}) }
    if (grant.nonce) claims.nonce = profile.tamper === 'nonce' ? 'not-this-sign-in' : grant.nonce
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ typ: 'JWT', alg: 'HS256' })
      .setIssuer(issuer)
      .setSubject(profile.sub)
      .setAudience(profile.tamper === 'aud' ? '1999999999' : grant.clientId)
      .setIssuedAt(profile.tamper === 'expired' ? now - 7200 : now)
      .setExpirationTime(profile.tamper === 'expired' ? now - 3600 : now + 3600)
    return jwt.sign(profile.tamper === 'signature' ? new TextEncoder().encode('f'.repeat(32)) : secret)
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer)
    if (req.method === 'GET' && url.pathname === '/oauth2/v2.1/authorize') {
      const q = url.searchParams
      const redirectUri = q.get('redirect_uri') ?? ''
      if (q.get('client_id') !== channel.id || q.get('response_type') !== 'code' || !/^https?:\/\//.test(redirectUri) || !(q.get('scope') ?? '').split(' ').includes('openid')) {
        return json(res, 400, { error: 'invalid_request', error_description: 'client_id, response_type, redirect_uri or scope' })
      }
      const back = new URL(redirectUri)
      const profile = profileFrom(req.headers.cookie)
      back.searchParams.set('state', q.get('state') ?? '')
      if (profile.cancel) {
        back.searchParams.set('error', 'access_denied')
        back.searchParams.set('error_description', 'The user has denied the approval')
      } else {
        const code = randomBytes(15).toString('base64url')
        grants.set(code, { profile, clientId: channel.id, redirectUri, nonce: q.get('nonce') ?? undefined, challenge: q.get('code_challenge') ?? '', scope: q.get('scope') ?? '', expires: Date.now() + 10 * 60_000 })
        back.searchParams.set('code', code)
        if (q.get('bot_prompt')) {
          const before = friends.get(profile.sub) ?? false
          friends.set(profile.sub, profile.friend === true)
          back.searchParams.set('friendship_status_changed', String(before !== (profile.friend === true)))
        }
      }
      res.writeHead(302, { location: back.toString() })
      return res.end()
    }
    if (req.method === 'POST' && url.pathname === '/oauth2/v2.1/token') {
      const f = await form(req)
      const code = f.get('code') ?? ''
      const grant = grants.get(code)
      // a code works once
      grants.delete(code)
      if (f.get('grant_type') !== 'authorization_code' || f.get('client_id') !== channel.id || f.get('client_secret') !== channel.secret) return json(res, 400, { error: 'invalid_client', error_description: 'client authentication failed' })
      if (!grant || grant.expires < Date.now() || grant.redirectUri !== f.get('redirect_uri')) return json(res, 400, { error: 'invalid_grant', error_description: 'invalid authorization code' })
      const verifier = f.get('code_verifier') ?? ''
      if (grant.challenge && createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) return json(res, 400, { error: 'invalid_grant', error_description: 'code_verifier does not match' })
      const accessToken = randomBytes(24).toString('base64url')
      accessTokens.set(accessToken, grant.profile.sub)
      return json(res, 200, { access_token: accessToken, token_type: 'Bearer', refresh_token: randomBytes(15).toString('base64url'), expires_in: 2_592_000, scope: grant.scope, id_token: await idToken(grant) })
    }
    if (req.method === 'POST' && url.pathname === '/oauth2/v2.1/verify') {
      const f = await form(req)
      try {
        const { payload } = await jwtVerify(f.get('id_token') ?? '', secret, { algorithms: ['HS256'], issuer, audience: f.get('client_id') ?? '' })
        if (f.get('nonce') && payload.nonce !== f.get('nonce')) return json(res, 400, { error: 'invalid_request', error_description: 'Invalid nonce.' })
        return json(res, 200, payload)
      } catch (error) {
        return json(res, 400, { error: 'invalid_request', error_description: (error as Error).message })
      }
    }
    if (req.method === 'GET' && url.pathname === '/friendship/v1/status') {
      const sub = accessTokens.get(/^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '')
      if (!sub) return json(res, 401, { message: 'invalid token' })
      return json(res, 200, { friendFlag: friends.get(sub) ?? false })
    }
    json(res, 404, { error: 'not_found' })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: 'server_error', error_description: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  issuer = `http://127.0.0.1:${port}`
  return { url: issuer, issuer, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** The shop's LINE_* settings for a provider started here. */
export const lineEnv = (provider: Pick<LineProvider, 'url' | 'issuer'>, channel = LINE_TEST_CHANNEL): Record<string, string> => ({
  LINE_CHANNEL_ID: channel.id,
  LINE_CHANNEL_SECRET: channel.secret,
  LINE_AUTHORIZE_URL: `${provider.url}/oauth2/v2.1/authorize`,
  LINE_API_URL: provider.url,
  LINE_ISSUER: provider.issuer,
})

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.LINE_PORT ?? 8183)
  const provider = await startLineProvider({ port })
  console.log(`LINE Login stand-in on ${provider.url}`)
  const stop = () => void provider.close().finally(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
