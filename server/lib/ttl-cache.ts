/**
 * A small in-process cache for hot, public reads (the catalogue): entries live `ttlMs`, at most
 * `maxEntries` are kept (oldest dropped first), and concurrent misses for one key share one load.
 * Each server process has its own; a short TTL bounds how stale one can be after another process
 * (an import, another API server) changed the data.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key)
    if (hit && hit.expires > this.now()) return hit.value
    if (hit) this.entries.delete(key)
    const value = load()
    this.entries.set(key, { expires: this.now() + this.ttlMs, value })
    // a failed load is not kept: the next request tries again
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    return value
  }

  clear() {
    this.entries.clear()
  }

  get size() {
    return this.entries.size
  }
}
