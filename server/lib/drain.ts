import type { MiddlewareHandler } from 'hono'

/**
 * Graceful shutdown. Once `begin()` is called (main.ts then stops the background work and closes
 * the listener), every request is still answered in full, with `Connection: close`, so that the
 * client's next request opens a new connection: to another server behind a load balancer, or to
 * this one's successor. Nothing is turned away with a 5xx
 * for a restart. `idle()` tells when the requests running have finished, and the work they left
 * running after their answer (`track`: a reset mail still being sent).
 */
export function drain() {
  let inFlight = 0
  let draining = false
  const waiters = new Set<() => void>()
  const settle = () => {
    if (inFlight === 0) for (const wake of waiters) wake()
  }
  const middleware: MiddlewareHandler = async (c, next) => {
    inFlight++
    try {
      await next()
    } finally {
      if (draining) c.header('connection', 'close')
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
    /** counts `work` a request leaves running after its answer as running until it settles */
    track(work: Promise<unknown>) {
      inFlight++
      const done = () => {
        inFlight--
        settle()
      }
      work.then(done, done)
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
