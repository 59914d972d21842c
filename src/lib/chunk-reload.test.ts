import { describe, expect, it, vi } from 'vitest'
import { claimChunkReload, isChunkLoadError } from './chunk-reload'

const memoryStore = () => {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

describe('chunk reload guard', () => {
  it('allows one reload, then none for 60 seconds, then one again', () => {
    const store = memoryStore()
    const t0 = 1_700_000_000_000
    expect(claimChunkReload(t0, store)).toBe(true)
    expect(claimChunkReload(t0 + 1_000, store)).toBe(false)
    expect(claimChunkReload(t0 + 59_999, store)).toBe(false)
    expect(claimChunkReload(t0 + 60_000, store)).toBe(true)
    expect(claimChunkReload(t0 + 60_500, store)).toBe(false)
  })

  it('ignores garbage or a clock that went backwards', () => {
    const store = memoryStore()
    store.setItem('chunk-reload-at', 'not a number')
    expect(claimChunkReload(1000, store)).toBe(true)
    store.setItem('chunk-reload-at', String(5_000_000))
    expect(claimChunkReload(1_000_000, store)).toBe(true)
  })

  it('recognises the errors browsers throw for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Network down'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })

  it('reloads through the guard at most once', async () => {
    vi.stubGlobal('sessionStorage', memoryStore())
    const { reloadForChunkError } = await import('./chunk-reload')
    const reload = vi.fn()
    expect(reloadForChunkError(reload)).toBe(true)
    expect(reloadForChunkError(reload)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    vi.unstubAllGlobals()
  })
})
