/**
 * The messages between the shop's event loop and the thread that runs PGlite
 * (`pglite-thread.ts` and `pglite-worker.ts`). Every request carries an id answered exactly once.
 */
export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** opens transaction `tx` (numbered by the event loop); answered at once, its statements wait for it to open */
  | { id: number; op: 'begin'; tx: number }
  /** commits (or rolls back) transaction `tx`; answered once COMMIT or ROLLBACK ran */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' }

export type PgliteReply = { id: number; result: unknown } | { id: number; error: SerializedError }

/** A database error as data: message, name, stack and the fields Postgres reports (code, detail, constraint...). */
export interface SerializedError {
  message: string
  name: string
  stack?: string
  fields: Record<string, string | number | boolean | null>
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} }
  const fields: SerializedError['fields'] = {}
  for (const [key, value] of Object.entries(error)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value
  }
  return { message: error.message, name: error.name, stack: error.stack, fields }
}

export function deserializeError(serialized: SerializedError): Error {
  const error = Object.assign(new Error(serialized.message), serialized.fields)
  error.name = serialized.name
  if (serialized.stack) error.stack = serialized.stack
  return error
}
