/**
 * A background pass run every `intervalMs`, one at a time (a pass still running when the next is
 * due is not started twice), that never keeps the process alive; `stop` waits for the pass under way.
 */
export class Periodic {
  private timer?: NodeJS.Timeout
  private running?: Promise<unknown>

  constructor(
    private readonly intervalMs: number,
    private readonly pass: () => Promise<unknown>,
    private readonly onError: (error: Error) => void,
  ) {}

  start() {
    this.timer ??= setInterval(() => {
      this.running ??= this.pass()
        .catch(this.onError)
        .finally(() => (this.running = undefined))
    }, this.intervalMs)
    this.timer.unref()
  }

  async stop() {
    clearInterval(this.timer)
    this.timer = undefined
    await this.running
  }
}
