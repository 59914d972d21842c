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
