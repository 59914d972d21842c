import { describe, expect, it } from 'vitest'
import { TtlCache } from './ttl-cache'

describe('TtlCache', () => {
  it('loads once per key until the entry expires', async () => {
    let now = 0
    let loads = 0
    const cache = new TtlCache<number>(1000, 10, () => now)
    const load = async () => ++loads
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1])
    now = 999
    expect(await cache.get('a', load)).toBe(1)
    now = 1000
    expect(await cache.get('a', load)).toBe(2)
  })

  it('drops the oldest entry beyond its size and forgets failed loads', async () => {
    const cache = new TtlCache<string>(1000, 2)
    await cache.get('a', async () => 'a')
    await cache.get('b', async () => 'b')
    await cache.get('c', async () => 'c')
    expect(cache.size).toBe(2)
    expect(await cache.get('a', async () => 'a again')).toBe('a again')
    await expect(cache.get('x', async () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('x', async () => 'up')).toBe('up')
  })

  it('empties on clear', async () => {
    const cache = new TtlCache<string>(1000, 2)
    await cache.get('a', async () => 'old')
    cache.clear()
    expect(await cache.get('a', async () => 'new')).toBe('new')
  })
})
