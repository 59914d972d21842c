const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const
type Level = (typeof LEVELS)[number]

export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void
  info(message: string, extra?: Record<string, unknown>): void
  warn(message: string, extra?: Record<string, unknown>): void
  error(message: string, extra?: Record<string, unknown>): void
}

/** One JSON line per entry on stderr: easy to read locally, easy to ship to a log service. */
export function createLogger(level: Level = 'info'): Logger {
  const threshold = LEVELS.indexOf(level)
  const write = (at: Exclude<Level, 'silent'>) => (message: string, extra?: Record<string, unknown>) => {
    if (LEVELS.indexOf(at) < threshold) return
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: at, message, ...extra })}\n`)
  }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}
