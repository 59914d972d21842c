import { del, get, set } from 'idb-keyval'
import { proxy, snapshot, subscribe } from 'valtio'
import type { AuthUser, LoginResult } from '../../../../contract/auth'
import { isApiError, onUnauthenticated, setAuthToken } from '@/lib/api-client'
import type { AuthGate } from '@/lib/guards'
import { getUser } from '../api/get-user'

export interface AuthState {
  token: string | null
  user: AuthUser | null
}

export interface AuthStatus {
  /** the stored token has been checked (or there was none): guards may decide */
  ready: boolean
  /** counts sign-outs the server forced (an expired or revoked token), for a notice */
  expired: number
}

/** Where the session is kept between visits; IndexedDB through idb-keyval in the browser. */
export interface SessionStorage {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
  del(key: string): Promise<void>
}

const STORAGE_KEY = 'auth'

const idbStorage: SessionStorage = { get: (key) => get(key), set: (key, value) => set(key, value), del: (key) => del(key) }

interface AuthStoreOptions {
  storage?: SessionStorage
  fetchUser?: () => Promise<AuthUser>
}

const readStored = (value: unknown): AuthState => {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Partial<AuthState>
  return {
    token: typeof stored.token === 'string' && stored.token !== '' ? stored.token : null,
    user: typeof stored.user === 'object' && stored.user !== null ? stored.user : null,
  }
}

export function createAuthStore({ storage = idbStorage, fetchUser = () => getUser() }: AuthStoreOptions = {}) {
  const state = proxy<AuthState>({ token: null, user: null })
  const status = proxy<AuthStatus>({ ready: false, expired: 0 })
  let restoring: Promise<void> | undefined

  const persist = async () => {
    const current = snapshot(state)
    try {
      if (current.token) await storage.set(STORAGE_KEY, current)
      else await storage.del(STORAGE_KEY)
    } catch (error) {
      // private browsing may refuse IndexedDB: the session then lasts for this page only
      console.warn('The sign-in could not be stored on this device', error)
    }
  }

  const clear = () => {
    state.token = null
    state.user = null
    setAuthToken(null)
  }

  async function load(): Promise<void> {
    let stored: AuthState = { token: null, user: null }
    try {
      stored = readStored(await storage.get(STORAGE_KEY))
    } catch {
      // unreadable storage: start signed out
    }
    if (stored.token) {
      state.token = stored.token
      state.user = stored.user
      setAuthToken(stored.token)
      try {
        state.user = await fetchUser()
      } catch (error) {
        // 401: the token expired or was revoked. Anything else (offline, a server error) keeps the
        // stored session, so a member opening the installed app offline stays signed in.
        if (isApiError(error) && error.status === 401) clear()
      }
    }
    // persist every change from here on (valtio batches them); the first write settles a cleared token
    subscribe(state, () => void persist())
    if (!state.token && stored.token) await persist()
    status.ready = true
  }

  const store = {
    state,
    status,
    /** reads the stored token and asks the server who it belongs to; runs once */
    restore(): Promise<void> {
      restoring ??= load()
      return restoring
    },
    isSignedIn: (): boolean => state.token !== null,
    signIn(result: LoginResult): void {
      setAuthToken(result.token)
      state.token = result.token
      state.user = result.user
    },
    setUser(user: AuthUser): void {
      if (state.token) state.user = user
    },
    /** forgets the session on this device (the server side is revoked by the caller) */
    signOut(): void {
      clear()
    },
    /** the server refused this token: forget it, unless a newer sign-in already replaced it */
    expire(token: string): void {
      if (state.token !== token) return
      clear()
      status.expired++
    },
    /** written to IndexedDB right away, for callers that leave the page next (a full navigation) */
    flush: persist,
  }
  return store
}

export type AuthStore = ReturnType<typeof createAuthStore>

/** The shop's one session. */
export const auth = createAuthStore()
onUnauthenticated((token) => auth.expire(token))

export const authGate: AuthGate = {
  ready: () => auth.restore(),
  isSignedIn: () => auth.isSignedIn(),
}
