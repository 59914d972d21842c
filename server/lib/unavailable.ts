/**
 * Errors that mean the database cannot be reached right now (a restart, a failover, a network
 * cut), as node-postgres reports them: socket errors, a connection ended under a query, and
 * Postgres's own "shutting down" / "starting up" / connection-exception codes. These are answered
 * 503 with Retry-After, not treated as a bug.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
// admin_shutdown, crash_shutdown, cannot_connect_now, and the 08 class (connection exception)
const POSTGRES_CODES = /^(57P01|57P02|57P03|08\w{3})$/
const MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || POSTGRES_CODES.test(code))) return true
    if (typeof message === 'string' && MESSAGES.test(message)) return true
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true
  }
  return false
}
