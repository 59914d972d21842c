import type { MiddlewareHandler } from 'hono'
import { AppError } from '../../lib/errors'
import { authenticate, type AuthDeps, type Session } from './service'

declare module 'hono' {
  interface ContextVariableMap {
    session: Session
    /** set by optionalUser when a live token came with the request */
    viewer: Session | undefined
  }
}

const bearer = (header: string | undefined) => /^Bearer ([\w-]{20,200})$/.exec(header ?? '')?.[1]

const unauthenticated = () => new AppError('UNAUTHENTICATED', 401, 'Please Log In.')

/** Lets a request through only with a live bearer token; the session is then `c.get('session')`. */
export const requireUser =
  (deps: AuthDeps): MiddlewareHandler =>
  async (c, next) => {
    const token = bearer(c.req.header('authorization'))
    if (!token) throw unauthenticated()
    const session = await authenticate(deps, token)
    if (!session) throw unauthenticated()
    c.set('session', session)
    await next()
  }

/** Public pages that a member sees a little differently (their favourites marked): a bad or stale token counts as a visitor. */
export const optionalUser =
  (deps: AuthDeps): MiddlewareHandler =>
  async (c, next) => {
    const token = bearer(c.req.header('authorization'))
    c.set('viewer', token ? await authenticate(deps, token) : undefined)
    await next()
  }
