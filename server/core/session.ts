import type { LoginMethod } from '../../contract/auth'
import type { users } from '../db/schema'

/** A member as stored. */
export type UserRow = typeof users.$inferSelect

/** A signed-in member: who, through which token, signed in how. */
export interface Session {
  user: UserRow
  tokenId: number
  method: LoginMethod
}

declare module 'hono' {
  interface ContextVariableMap {
    session: Session
    /** set by the optional member guard when a live token came with the request */
    viewer: Session | undefined
  }
}
