import { format } from 'node:util'
import { afterAll, afterEach } from 'vitest'

/**
 * What node-postgres prints instead of failing: a statement name Postgres cuts at 63 bytes (two
 * statements can then share a name and one runs the other's plan), and what pg@9 will refuse.
 * A test during which one appears fails. The warning is recorded rather than thrown where it is
 * printed: pg prints it halfway through sending a statement, and an exception there would leave
 * the connection waiting for an answer that never comes.
 */
const DRIVER_WARNINGS = [
  /Postgres only supports 63 characters for query names/,
  /Calling client\.query\(\) when the client is already executing a query/,
  /Sending an invalid date to Postgres/,
]

const heard: string[] = []
const listen = (text: string) => {
  if (DRIVER_WARNINGS.some((warning) => warning.test(text))) heard.push(text)
}

for (const level of ['error', 'warn'] as const) {
  const print = console[level]
  console[level] = (...args: unknown[]) => {
    listen(format(...args))
    print.apply(console, args)
  }
}

const emitWarning = process.emitWarning
process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
  listen(typeof warning === 'string' ? warning : warning.message)
  return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest)
} as typeof process.emitWarning

function failOnDriverWarnings() {
  if (heard.length === 0) return
  const warnings = heard.splice(0)
  throw new Error(`the database driver warned:\n${warnings.join('\n')}`)
}

afterEach(failOnDriverWarnings)
afterAll(failOnDriverWarnings)
