import { i18n } from '@lingui/core'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { AuthUser } from '../../../../contract/auth'
import { ApiError, getAuthToken } from '@/lib/api-client'
import { createAuthStore, type SessionStorage } from './auth-store'

const member = (overrides: Partial<AuthUser> = {}): AuthUser => ({
  id: 7,
  first_name: 'Mei',
  last_name: 'Lin',
  gender: 'FEMALE',
  birthday: null,
  email: 'mei@example.tw',
  email_verified_at: null,
  phone_number: '',
  nationality: 'Taiwan',
  locale: 'en',
  referrer_code: 'ABCD1234',
  avatar_url: null,
  logged_in_method: 'GENERAL',
  has_password: true,
  social: [],
  scope: ['member'],
  ...overrides,
})

/** An in-memory stand-in for IndexedDB that, like it, stores structured clones. */
function memoryStorage(initial?: unknown) {
  const data = new Map<string, unknown>()
  if (initial !== undefined) data.set('auth', structuredClone(initial))
  const storage: SessionStorage = {
    get: async (key) => data.get(key),
    set: async (key, value) => void data.set(key, structuredClone(value)),
    del: async (key) => void data.delete(key),
  }
  return { storage, data }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})

describe('auth store', () => {
  it('starts signed out and ready when nothing is stored', async () => {
    const { storage } = memoryStorage()
    const fetchUser = vi.fn()
    const store = createAuthStore({ storage, fetchUser })
    await store.restore()
    expect(store.status.ready).toBe(true)
    expect(store.isSignedIn()).toBe(false)
    expect(fetchUser).not.toHaveBeenCalled()
  })

  it('persists a sign-in and restores it on the next visit by asking the server', async () => {
    const { storage, data } = memoryStorage()
    const first = createAuthStore({ storage, fetchUser: vi.fn() })
    await first.restore()
    first.signIn({ token: 'tok-1', user: member() })
    await settle()
    expect(data.get('auth')).toEqual({ token: 'tok-1', user: member() })

    const fresh = member({ first_name: 'Mei-Ling' })
    const fetchUser = vi.fn(async () => {
      expect(getAuthToken()).toBe('tok-1')
      return fresh
    })
    const second = createAuthStore({ storage, fetchUser })
    await second.restore()
    expect(fetchUser).toHaveBeenCalledTimes(1)
    expect(second.isSignedIn()).toBe(true)
    expect(second.state.user?.first_name).toBe('Mei-Ling')
  })

  it('forgets a stored token the server refuses', async () => {
    const { storage, data } = memoryStorage({ token: 'revoked', user: member() })
    const store = createAuthStore({
      storage,
      fetchUser: async () => {
        throw new ApiError(401, 'UNAUTHENTICATED', 'Please Log In.')
      },
    })
    await store.restore()
    expect(store.isSignedIn()).toBe(false)
    expect(store.state.user).toBeNull()
    expect(getAuthToken()).toBeNull()
    expect(data.has('auth')).toBe(false)
  })

  it('keeps the stored session when the server cannot be reached', async () => {
    const { storage } = memoryStorage({ token: 'tok-2', user: member() })
    const store = createAuthStore({
      storage,
      fetchUser: async () => {
        throw new ApiError(0, 'NETWORK_ERROR', 'offline')
      },
    })
    await store.restore()
    expect(store.isSignedIn()).toBe(true)
    expect(store.state.user?.email).toBe('mei@example.tw')
  })

  it('clears token and user on sign-out and when the token expires', async () => {
    const { storage, data } = memoryStorage()
    const store = createAuthStore({ storage, fetchUser: vi.fn() })
    await store.restore()
    store.signIn({ token: 'tok-3', user: member() })
    store.expire('some-older-token')
    expect(store.isSignedIn()).toBe(true)
    store.expire('tok-3')
    expect(store.isSignedIn()).toBe(false)
    expect(store.status.expired).toBe(1)
    store.signIn({ token: 'tok-4', user: member() })
    store.signOut()
    await settle()
    expect(store.state).toEqual({ token: null, user: null })
    expect(data.has('auth')).toBe(false)
  })

  it('restores only once however often it is asked', async () => {
    const { storage } = memoryStorage({ token: 'tok-5', user: null })
    const fetchUser = vi.fn(async () => member())
    const store = createAuthStore({ storage, fetchUser })
    await Promise.all([store.restore(), store.restore(), store.restore()])
    expect(fetchUser).toHaveBeenCalledTimes(1)
  })
})
