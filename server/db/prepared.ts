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

/**
 * A raw statement (`db.execute(sql…)`) built once per shape with `sql.placeholder` for its values
 * and then run with the values only: `build` answers the statement for a given shape key (for
 * example the number of lines), with placeholders named as in the values it is run with. Named
 * after the shape, so Postgres parses and plans it once per connection too. Goes through the
 * session's prepareQuery, as `db.execute` itself does.
 */
export function statementByShape(name: string, build: (db: DbOrTx, shape: string) => SQL) {
  const built = new Map<string, Query>()
  return async (db: DbOrTx, shape: string, values: Record<string, unknown>) => {
    const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect }
    let query = built.get(shape)
    if (!query) {
      query = dialect.sqlToQuery(build(db, shape))
      built.set(shape, query)
    }
    return session.prepareQuery(query, undefined, `${name}_${shape.replace(/\W/g, '_')}`, false).execute(values) as Promise<unknown>
  }
}
