// One Idempotency-Key per attempt to place an order: made the first time the shopper presses
// "Place order" for this exact content, and reused (from memory, or sessionStorage after a reload)
// for every retry and double click of the same content, so the server answers the same order.

const STORAGE_KEY = 'checkout-attempt'

interface Attempt {
  /** the request body the key was made for, in canonical form */
  content: string
  key: string
}

/** JSON with object keys sorted, so the same content always reads the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

const randomKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`

export interface AttemptStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

const sessionStore = (): AttemptStorage | undefined => {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}

export function createAttempts(storage: AttemptStorage | undefined = sessionStore(), newKey: () => string = randomKey) {
  let current: Attempt | undefined

  const stored = (): Attempt | undefined => {
    try {
      const value = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Partial<Attempt> | null
      return typeof value?.content === 'string' && typeof value.key === 'string' ? { content: value.content, key: value.key } : undefined
    } catch {
      return undefined
    }
  }

  return {
    /** The key for placing an order with this body: the current attempt's when the body is the same, else a new one. */
    keyFor(body: unknown): string {
      const content = canonicalJson(body)
      current ??= stored()
      if (current?.content === content) return current.key
      current = { content, key: newKey() }
      try {
        storage?.setItem(STORAGE_KEY, JSON.stringify(current))
      } catch {
        // kept in memory for this page
      }
      return current.key
    },
    /** The attempt is over (the order was placed, or the server refused this content for good). */
    finish(): void {
      current = undefined
      storage?.removeItem(STORAGE_KEY)
    },
  }
}

export const orderAttempts = createAttempts()
