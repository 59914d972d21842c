import type { MiddlewareHandler } from 'hono'
import { AppError } from './errors'

/** The webhook Stripe (or the embedded sandbox) sends: still taken while draining, so no payment news waits for the next start. */
const ALWAYS_TAKEN = /^\/api\/v1\/payment\/webhook\//

/**
 * Graceful shutdown. Once `begin()` is called, new API requests are answered 503 with
 * `Connection: close` (a load balancer retries them on another server) and the health check says
 * so, while requests already running finish. The embedded emulators keep answering: a checkout in
 * flight still needs the payment sandbox and the search indexer its engine.
 */
export function drain() {
  let inFlight = 0
  let draining = false
  const waiters = new Set<() => void>()
  const settle = () => {
    if (inFlight === 0) for (const wake of waiters) wake()
  }
  const middleware: MiddlewareHandler = async (c, next) => {
    if (draining && c.req.path.startsWith('/api/') && !ALWAYS_TAKEN.test(c.req.path)) {
      c.header('connection', 'close')
      c.header('retry-after', '1')
      throw new AppError('SERVICE_UNAVAILABLE', 503, 'The shop is busy for a moment; please try again.')
    }
    inFlight++
    try {
      await next()
    } finally {
      inFlight--
      settle()
    }
  }
  return {
    middleware,
    get draining() {
      return draining
    },
    get inFlight() {
      return inFlight
    },
    begin() {
      draining = true
    },
    /** resolves when no request is running, or after `timeoutMs` */
    idle(timeoutMs: number) {
      if (inFlight === 0) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          waiters.delete(done)
          resolve()
        }
        const timer = setTimeout(done, timeoutMs)
        waiters.add(done)
      })
    },
  }
}

export type Drain = ReturnType<typeof drain>
