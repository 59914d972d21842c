import { createHash } from 'node:crypto'
import type { Query, SQL } from 'drizzle-orm'
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core'
import type { DbOrTx } from './client'

/**
 * A statement built once per database handle (the pool, or one transaction) instead of on every
 * call: drizzle's query building is a visible share of a request's CPU on the hottest paths, and
 * a named statement is parsed and planned once per Postgres connection.
 */
export function preparedOn<D extends object, P>(build: (db: D) => P): (db: D) => P {
  const built = new WeakMap<D, P>()
  return (db) => {
    let statement = built.get(db)
    if (!statement) built.set(db, (statement = build(db)))
    return statement
  }
}

/** Postgres keeps the first 63 bytes of a name (NAMEDATALEN - 1); node-postgres warns beyond that, and the names would collide. */
export const MAX_STATEMENT_NAME_BYTES = 63
const HASH_CHARS = 16
const names = new Map<string, string>()
const statements = new Set<string>()

/**
 * The name of a statement's variant for one shape: the statement's name and 64 bits of the
 * shape's SHA-256, so it fits Postgres's 63 bytes however long the shape (a checkout's lists every
 * column) and stays the same from one process to the next. A second shape under a name already
 * taken throws instead of running another statement's plan.
 */
export function statementName(name: string, shape: string) {
  const named = `${name}_${createHash('sha256').update(shape).digest('hex').slice(0, HASH_CHARS)}`
  if (Buffer.byteLength(named) > MAX_STATEMENT_NAME_BYTES) throw new Error(`statement name ${name} is too long for Postgres`)
  const taken = names.get(named)
  if (taken !== undefined && taken !== shape) throw new Error(`statement ${named} would serve two shapes`)
  names.set(named, shape)
  return named
}

/**
 * A raw statement (`db.execute(sql…)`) built once per shape with `sql.placeholder` for its values
 * and then run with the values only: `build` answers the statement for a given shape key (for
 * example the number of lines), with placeholders named as in the values it is run with. Named
 * after the shape (statementName), so Postgres parses and plans it once per connection too. Goes
 * through the session's prepareQuery, as `db.execute` itself does.
 */
export function statementByShape(name: string, build: (db: DbOrTx, shape: string) => SQL) {
  if (statements.has(name)) throw new Error(`two statements are named ${name}`)
  statements.add(name)
  const built = new Map<string, { query: Query; name: string }>()
  return async (db: DbOrTx, shape: string, values: Record<string, unknown>) => {
    const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect }
    let statement = built.get(shape)
    if (!statement) {
      statement = { query: dialect.sqlToQuery(build(db, shape)), name: statementName(name, shape) }
      built.set(shape, statement)
    }
    return session.prepareQuery(statement.query, undefined, statement.name, false).execute(values) as Promise<unknown>
  }
}
