import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** The client's IP address, from X-Forwarded-For only when the server is told it sits behind a proxy. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // requests made in-process (tests) have no socket
    return 'unknown'
  }
}
