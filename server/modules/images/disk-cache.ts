import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files'

/**
 * Rendered pictures on the local disk (DATA_DIR/image-cache), one file per key. Files are written
 * to a temporary name and renamed, so a reader (or a second server process on the same disk)
 * never sees half a file; identical requests that arrive together share one rendering.
 */
export class DiskCache {
  readonly #inFlight = new Map<string, Promise<Buffer>>()

  constructor(readonly dir: string) {}

  /** two hex characters of fan-out keep any one directory small */
  pathOf(key: string) {
    return path.join(this.dir, key.slice(0, 2), key)
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  /** the cached file, else `make()`'s result, stored; concurrent calls for one key run `make` once */
  getOrMake(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const pending = this.#inFlight.get(key)
    if (pending) return pending
    const work = (async () => {
      const cached = await this.read(key)
      if (cached) return cached
      const made = await make()
      await this.#write(key, made)
      return made
    })().finally(() => this.#inFlight.delete(key))
    this.#inFlight.set(key, work)
    return work
  }

  async #write(key: string, bytes: Buffer) {
    const file = this.pathOf(key)
    await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE })
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await writeFile(temporary, bytes, { mode: PRIVATE_FILE_MODE })
      await rename(temporary, file)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
  }
}

/** Runs at most `slots` jobs at once; the rest wait their turn in order. */
export class Limiter {
  #running = 0
  readonly #waiting: (() => void)[] = []

  constructor(readonly slots: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.#running >= this.slots) await new Promise<void>((resolve) => this.#waiting.push(resolve))
    else this.#running++
    try {
      return await job()
    } finally {
      const next = this.#waiting.shift()
      // the slot passes straight to the next job, so #running stays counted
      if (next) next()
      else this.#running--
    }
  }
}
