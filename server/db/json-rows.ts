import { getTableColumns, type Table } from 'drizzle-orm'

/**
 * A row a statement answered as JSON (`row_to_json`, `json_agg`), decoded as drizzle decodes the
 * table's own rows: timestamps become Dates, JSON columns objects. Lets one statement answer rows
 * of several tables, each typed as its table's select.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as T['$inferSelect']
}

/** The rows of `db.execute()`: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows
