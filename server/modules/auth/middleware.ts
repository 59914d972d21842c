import type { MiddlewareHandler } from 'hono'
import { AppError } from '../../lib/errors'
import { authenticate, type AuthDeps, type Session } from './service'

declare module 'hono' {
  interface ContextVariableMap {
    session: Session
  }
}

const unauthenticated = () => new AppError('UNAUTHENTICATED', 401, 'Please Log In.')

/** Lets a request through only with a live bearer token; the session is then `c.get('session')`. */
export const requireUser =
  (deps: AuthDeps): MiddlewareHandler =>
  async (c, next) => {
    const header = c.req.header('authorization') ?? ''
    const match = /^Bearer ([\w-]{20,200})$/.exec(header)
    if (!match) throw unauthenticated()
    const session = await authenticate(deps, match[1]!)
    if (!session) throw unauthenticated()
    c.set('session', session)
    await next()
  }
