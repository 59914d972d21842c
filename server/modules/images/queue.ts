import type { Db } from '../../db/client'
import type { Logger } from '../../lib/logger'
import type { DiskCache } from './disk-cache'
import { Encoder, EncoderMissing } from './encoder'
import { catalogueVersion, planPictures, planShares, type PictureJob, type PicturePlan } from './plan'
import type { ImageSources } from './sources'

export interface PictureQueueOptions {
  db: Db
  cache: DiskCache
  sources: ImageSources
  logger: Logger
  /** whether the build made /img/share/site.jpg's picture (public/images/share/site.jpg) */
  siteShareBuilt: () => Promise<boolean>
  /** how often a running queue looks for a changed catalogue (an import by another process) */
  pollMs?: number
  /** the least time between two looks caused by requests for pictures it does not know */
  recheckMs?: number
  /** how long after its start the queue waits before making products' share pictures (see below) */
  shareDelayMs?: number
  encoder?: Encoder
}

/**
 * Products' share pictures (og:image) are fetched by link-preview crawlers only, and the seed
 * catalogue alone has 285 of them (about 10 s of CPU): they wait until the shop has run this long,
 * so a short-lived shop (a test's, a start that fails) never makes them, and the pages' pictures go
 * first. Until then a product's og:image is the site's picture.
 */
const SHARE_DELAY_MS = 5 * 60_000

/** a file that failed this many times is left until the catalogue changes (a picture libvips cannot read) */
const MAX_FAILURES = 3

/**
 * The picture queue: makes every derivative and share picture the catalogue needs, ahead of the
 * requests for them, one at a time in a low-priority process (encoder.ts). What is made is the
 * disk: a file there is whole (written, then renamed), so after a crash or a restart the queue
 * plans again, finds what is on disk and makes the rest. A running queue looks for a changed
 * catalogue every `pollMs` (the import command writes the database from another process). The
 * image routes only read what it made; they never encode (decision 65).
 */
export class PictureQueue {
  readonly #db: Db
  readonly #cache: DiskCache
  readonly #sources: ImageSources
  readonly #logger: Logger
  readonly #siteShareBuilt: () => Promise<boolean>
  readonly #pollMs: number
  readonly #recheckMs: number
  readonly #shareDelayMs: number
  readonly encoder: Encoder

  #plan: PicturePlan | undefined
  #planning: Promise<PicturePlan> | undefined
  #checking: Promise<void> | undefined
  #checkedAt = 0
  readonly #made = new Set<string>()
  #pending: PictureJob[] = []
  /** when products' share pictures are due, and the plan they were last added for */
  #sharesFrom = Infinity
  #sharesFor: PicturePlan | undefined
  readonly #failures = new Map<string, number>()
  #running = false
  #draining: Promise<void> | undefined
  #timer: NodeJS.Timeout | undefined
  #sharesTimer: NodeJS.Timeout | undefined
  readonly #waiters = new Map<string, (() => void)[]>()

  /** files this process had the encoder make, and their time */
  readonly stats = { encoded: 0, failed: 0, encodeMs: 0 }

  constructor(options: PictureQueueOptions) {
    this.#db = options.db
    this.#cache = options.cache
    this.#sources = options.sources
    this.#logger = options.logger
    this.#siteShareBuilt = options.siteShareBuilt
    this.#pollMs = options.pollMs ?? 10_000
    this.#recheckMs = options.recheckMs ?? 2000
    this.#shareDelayMs = options.shareDelayMs ?? SHARE_DELAY_MS
    this.encoder = options.encoder ?? new Encoder()
  }

  get running() {
    return this.#running
  }

  /** the plan of the catalogue as last seen; made now when there is none yet (reads only, encodes nothing) */
  plan(): Promise<PicturePlan> {
    if (this.#plan) return Promise.resolve(this.#plan)
    return this.#replan()
  }

  #replan(): Promise<PicturePlan> {
    this.#planning ??= (async () => {
      const plan = await planPictures(this.#db, this.#sources, { siteShareBuilt: await this.#siteShareBuilt() })
      const pending = await this.#unmade(plan.jobs)
      if (this.#plan?.version !== plan.version) this.#failures.clear()
      this.#plan = plan
      this.#pending = pending
      this.#checkedAt = Date.now()
      if (this.#running) this.#drain()
      return plan
    })().finally(() => (this.#planning = undefined))
    return this.#planning
  }

  /**
   * Plans again when the catalogue changed since the last plan. Asked by requests for a picture the
   * plan does not know (a product imported a moment ago), at most once every `recheckMs`.
   */
  refresh(): Promise<void> {
    if (Date.now() - this.#checkedAt < this.#recheckMs) return this.#checking ?? Promise.resolve()
    this.#checkedAt = Date.now()
    this.#checking ??= (async () => {
      if (!this.#plan || (await catalogueVersion(this.#db)) !== this.#plan.version) await this.#replan()
    })()
      .catch((error: unknown) => this.#logger.warn('picture queue: the catalogue could not be read', { error: String(error) }))
      .finally(() => (this.#checking = undefined))
    return this.#checking
  }

  isMade(key: string) {
    return this.#made.has(key)
  }

  /** a file that was made but is gone (the cache folder was emptied): made again, in its turn */
  lost(job: PictureJob) {
    if (!this.#made.delete(job.key)) return
    this.#pending.push(job)
    if (this.#running) this.#drain()
  }

  /** a page is waiting for this one: made next (it was to be made anyway; nothing is added) */
  promote(key: string) {
    const at = this.#pending.findIndex((job) => job.key === key)
    if (at > 0) this.#pending.unshift(...this.#pending.splice(at, 1))
  }

  /** resolves once the file is made, or after `ms` */
  whenMade(key: string, ms: number): Promise<boolean> {
    if (this.#made.has(key)) return Promise.resolve(true)
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.#made.has(key)), ms)
      const list = this.#waiters.get(key) ?? []
      list.push(() => {
        clearTimeout(timer)
        resolve(true)
      })
      this.#waiters.set(key, list)
    })
  }

  /** files of the current plan not made yet (products' share pictures counted once planned) */
  get pendingCount() {
    return this.#pending.length
  }

  async #unmade(jobs: PictureJob[]) {
    const unmade: PictureJob[] = []
    for (const job of jobs) {
      if (this.#made.has(job.key)) continue
      if (await this.#cache.has(job.key)) this.#made.add(job.key)
      else unmade.push(job)
    }
    return unmade
  }

  get #sharesDue() {
    return Date.now() >= this.#sharesFrom && this.#plan !== undefined && this.#sharesFor !== this.#plan
  }

  /** starts making pictures: what a crash left half-written is removed, the catalogue planned, and looked at again every pollMs */
  async start() {
    if (this.#running) return
    this.#running = true
    try {
      await this.#cache.removeTemporaries()
      const started = performance.now()
      this.#sharesFrom = Date.now() + this.#shareDelayMs
      const plan = await this.plan()
      this.#logger.info('picture queue started', { files: plan.jobs.length, toMakeNow: this.#pending.length, sharesLater: plan.firstPictures.length, sharesInSeconds: Math.round(this.#shareDelayMs / 1000), planMs: Math.round(performance.now() - started) })
      this.#drain()
    } catch (error) {
      // the next look at the catalogue plans again
      this.#logger.warn('picture queue: the catalogue could not be read', { error: String(error) })
    }
    this.#timer = setInterval(() => {
      this.#checkedAt = 0
      void this.refresh()
    }, this.#pollMs)
    this.#timer.unref()
    this.#sharesTimer = setTimeout(() => this.#drain(), this.#shareDelayMs)
    this.#sharesTimer.unref()
  }

  async stop() {
    this.#running = false
    clearInterval(this.#timer)
    clearTimeout(this.#sharesTimer)
    await this.encoder.stop()
    await this.#draining
  }

  /** resolves when nothing is left to make now (tests, the benchmark); share pictures count once their time has come */
  async idle() {
    for (;;) {
      await this.#planning
      if (this.#draining) await this.#draining
      else if ((this.#pending.length === 0 && !this.#sharesDue) || !this.#running) return
      else await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  #drain() {
    if (this.#draining) return
    this.#draining = this.#work().finally(() => (this.#draining = undefined))
  }

  async #work() {
    const started = performance.now()
    let made = 0
    while (this.#running) {
      if (this.#pending.length === 0 && this.#sharesDue) {
        const plan = this.#plan!
        this.#sharesFor = plan
        const shares = await planShares(plan, this.#sources)
        for (const job of shares) plan.byKey.set(job.key, job)
        if (this.#plan === plan) this.#pending.push(...(await this.#unmade(shares)))
      }
      const job = this.#pending.shift()
      if (!job) break
      if (this.#made.has(job.key) || this.#plan?.byKey.get(job.key) !== job) continue
      if (await this.#cache.has(job.key)) {
        this.#markMade(job.key)
        continue
      }
      try {
        const input = await job.source.file()
        const what = job.kind === 'derivative' ? { kind: 'derivative' as const, preset: job.preset, width: job.width, format: job.format } : { kind: 'share' as const, share: job.share }
        const reply = await this.encoder.encode({ input, source: job.source, what, out: this.#cache.pathOf(job.key) })
        if (!reply.ok) throw new Error(reply.error)
        this.stats.encoded++
        this.stats.encodeMs += reply.ms
        made++
        this.#markMade(job.key)
      } catch (error) {
        if (!this.#running) break
        if (error instanceof EncoderMissing) {
          // pages show the originals through the redirects meanwhile
          this.#logger.error('picture queue stopped: the encoder is missing', { error: error.message })
          this.#pending.unshift(job)
          this.#running = false
          break
        }
        this.stats.failed++
        const failures = (this.#failures.get(job.key) ?? 0) + 1
        this.#failures.set(job.key, failures)
        if (failures < MAX_FAILURES) this.#pending.push(job)
        else this.#logger.warn('picture queue: a picture could not be made', { key: job.key, error: String(error) })
      }
    }
    if (made > 0) this.#logger.info('pictures made', { made, ms: Math.round(performance.now() - started), encoderCpuMs: Math.round(this.encoder.cpuMicros / 1000), left: this.pendingCount })
  }

  #markMade(key: string) {
    this.#made.add(key)
    const waiters = this.#waiters.get(key)
    this.#waiters.delete(key)
    for (const resolve of waiters ?? []) resolve()
  }
}
