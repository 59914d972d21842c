const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const
type Level = (typeof LEVELS)[number]

export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void
  info(message: string, extra?: Record<string, unknown>): void
  warn(message: string, extra?: Record<string, unknown>): void
  error(message: string, extra?: Record<string, unknown>): void
}

/**
 * drizzle wraps a failed statement as "Failed query: <sql>\nparams: <values>": the values are a
 * member's e-mail, address, phone or password hash. Whatever a caller logs, they stop here.
 */
const QUERY_PARAMS = /\nparams: [\s\S]*/g
const withoutQueryParams = (_key: string, value: unknown) => (typeof value === 'string' ? value.replace(QUERY_PARAMS, '\nparams: [redacted]') : value)

/** One JSON line per entry on stderr: easy to read locally, easy to ship to a log service. */
export function createLogger(level: Level = 'info'): Logger {
  const threshold = LEVELS.indexOf(level)
  const write = (at: Exclude<Level, 'silent'>) => (message: string, extra?: Record<string, unknown>) => {
    if (LEVELS.indexOf(at) < threshold) return
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: at, message, ...extra }, withoutQueryParams)}\n`)
  }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

export interface ErrorSummary {
  /** the error's class, then its causes' classes: `DrizzleQueryError < error` */
  name: string
  /** a driver's or the system's code: a Postgres SQLSTATE (`22P05`), `ECONNREFUSED` */
  code?: string
  /** where it was thrown: the stack's frames, without the message above them */
  frames: string[]
}

const FRAMES_KEPT = 12

/**
 * What an unexpected error may put in a log: its class, its code and where it happened, never
 * its message. Messages carry input: drizzle's lists the statement's values, Postgres quotes the
 * value it could not convert, JSON.parse quotes the text it could not read.
 */
export function summarizeError(error: unknown): ErrorSummary {
  const names: string[] = []
  let code: string | undefined
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    names.push(current instanceof Error ? current.name || current.constructor.name : typeof current)
    const ownCode = (current as { code?: unknown }).code
    if (code === undefined && (typeof ownCode === 'string' || typeof ownCode === 'number')) code = String(ownCode)
    current = (current as { cause?: unknown }).cause
  }
  // V8 writes `Name: message` (any number of lines), then one `    at …` line per frame: whatever
  // the message holds, even a line that looks like a frame, is cut off before the frames are read
  const stack = error instanceof Error ? (error.stack ?? '') : ''
  const messageAt = error instanceof Error && error.message ? stack.indexOf(error.message) : -1
  const frames = (messageAt >= 0 ? stack.slice(messageAt + (error as Error).message.length) : stack)
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim())
    .slice(0, FRAMES_KEPT)
  return { name: names.join(' < '), ...(code === undefined ? {} : { code }), frames }
}
