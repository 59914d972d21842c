/**
 * What must finish before this server takes traffic (the search index built at start). Until
 * then the health check answers 503 `starting`, so a load balancer waits, and the embedded search
 * engine holds queries rather than answering an empty index. A server with nothing registered is
 * ready at once (the tests' shops, which build their index themselves).
 */
export class Readiness {
  private readonly pending = new Set<string>()
  private readonly waiting = new Set<() => void>()

  /** `name` must finish first; settling `until`, whether it succeeded or not, finishes it. */
  waitFor(name: string, until: Promise<unknown>) {
    this.pending.add(name)
    const finish = () => {
      this.pending.delete(name)
      if (this.ready) for (const wake of this.waiting) wake()
    }
    until.then(finish, finish)
  }

  get ready() {
    return this.pending.size === 0
  }

  get waitingFor() {
    return [...this.pending]
  }

  /** Resolves true once ready, or false after `timeoutMs`. */
  whenReady(timeoutMs: number): Promise<boolean> {
    if (this.ready) return Promise.resolve(true)
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        this.waiting.delete(wake)
        resolve(true)
      }
      const timer = setTimeout(() => {
        this.waiting.delete(wake)
        resolve(false)
      }, timeoutMs)
      this.waiting.add(wake)
    })
  }
}
