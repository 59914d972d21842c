import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger, summarizeError } from './logger'

class DatabaseError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
    this.name = 'DatabaseError'
  }
}

/** the shape drizzle-orm gives a failed statement: the values in the message, the driver's error as the cause */
const failedQuery = () =>
  Object.assign(new Error('Failed query: insert into "users" ("email", "phone_number") values ($1, $2)\nparams: ming@example.tw,0912345678', { cause: new DatabaseError('invalid byte sequence for encoding "UTF8": 0x00', '22021') }), {
    name: 'DrizzleQueryError',
  })

describe('summarizeError', () => {
  it('keeps the classes, the driver code and the frames of a failed query, never its values', () => {
    const summary = summarizeError(failedQuery())
    expect(summary).toMatchObject({ name: 'DrizzleQueryError < DatabaseError', code: '22021' })
    expect(summary.frames.length).toBeGreaterThan(0)
    expect(summary.frames.every((frame) => frame.startsWith('at '))).toBe(true)
    expect(JSON.stringify(summary)).not.toMatch(/ming@example|0912345678|insert into/)
  })

  it('keeps a message line that looks like a frame out of the frames', () => {
    const summary = summarizeError(new Error('Failed query: select 1\nparams: x\n    at ming@example.tw'))
    expect(summary.frames.length).toBeGreaterThan(0)
    expect(JSON.stringify(summary)).not.toContain('ming@example.tw')
  })
})

describe('createLogger', () => {
  afterEach(() => vi.restoreAllMocks())

  it('drops the parameters of a failed query whatever field a caller logs it in', () => {
    const lines: string[] = []
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true))
    createLogger('info').warn('order sweep failed', { error: failedQuery().message, nested: { again: failedQuery().message } })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('Failed query: insert into')
    expect(lines[0]).not.toMatch(/ming@example|0912345678/)
  })
})
