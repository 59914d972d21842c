import type { MiddlewareHandler } from 'hono'
import type { MemberGuards, ServiceDeps } from '../../core/deps'
import { AppError } from '../../lib/errors'
import { authenticate } from './service'

const bearer = (header: string | undefined) => /^Bearer ([\w-]{20,200})$/.exec(header ?? '')?.[1]

const unauthenticated = () => new AppError('UNAUTHENTICATED', 401, 'Please Log In.')

/** Lets a request through only with a live bearer token; the session is then `c.get('session')`. */
const requireUser =
  (deps: ServiceDeps): MiddlewareHandler =>
  async (c, next) => {
    const token = bearer(c.req.header('authorization'))
    if (!token) throw unauthenticated()
    const session = await authenticate(deps, token)
    if (!session) throw unauthenticated()
    c.set('session', session)
    await next()
  }

/** Public pages that a member sees a little differently (their favourites marked): a bad or stale token counts as a visitor. */
const optionalUser =
  (deps: ServiceDeps): MiddlewareHandler =>
  async (c, next) => {
    const token = bearer(c.req.header('authorization'))
    c.set('viewer', token ? await authenticate(deps, token) : undefined)
    await next()
  }

/** The guards every module's member endpoints use (server/core/deps.ts), made once by server/app.ts. */
export const memberGuards = (deps: ServiceDeps): MemberGuards => ({ required: requireUser(deps), optional: optionalUser(deps) })
