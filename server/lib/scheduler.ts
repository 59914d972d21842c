/** Work that runs in the background once the server listens, and stops before it closes. */
export interface Worker {
  /** begins the work; the next worker starts once its promise (if any) settles */
  start(): void | Promise<void>
  stop(): Promise<unknown> | void
}

/**
 * The shop's background work in one place (the sweeper, the housekeeper, the notification
 * dispatcher, the search indexer, the picture queue, the embedded sandbox's webhook deliveries):
 * started one after the other in the order added, once the server listens (some reach it over HTTP); stopped together,
 * except those marked `last`, which stop after the others (the others may still call them).
 */
export class Scheduler {
  private readonly workers: { worker: Worker; last: boolean }[] = []

  add(worker: Worker, options: { last?: boolean } = {}) {
    this.workers.push({ worker, last: options.last ?? false })
    return this
  }

  async start() {
    for (const { worker } of this.workers) await worker.start()
  }

  async stop() {
    await Promise.all(this.workers.filter((w) => !w.last).map((w) => w.worker.stop()))
    await Promise.all(this.workers.filter((w) => w.last).map((w) => w.worker.stop()))
  }
}
