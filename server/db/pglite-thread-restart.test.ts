import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rowsOf } from './json-rows'
import { DatabaseThreadError, PgliteThread, type Supervision } from './pglite-thread'

const back = (thread: PgliteThread) => vi.waitFor(() => expect(thread.health().state).toBe('ok'), { timeout: 60_000, interval: 20 })

describe('the database thread, started again when it dies', () => {
  let dataDir: string
  const logged: string[] = []
  const open = async (supervision: Supervision = {}) => {
    const thread = new PgliteThread(dataDir, { log: (message) => logged.push(message), ...supervision })
    await thread.ready
    return thread
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pglite-restart-'))
    const thread = await open()
    await thread.exec('create table orders (id int primary key, state text not null)')
    await thread.close()
  }, 120_000)
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('keeps every committed order when killed under load, lets calls made meanwhile wait for the new thread, and says so in its health', { timeout: 120_000 }, async () => {
    const thread = await open({ waitMs: 60_000 })
    const db = drizzle({ client: thread as unknown as PGlite })
    expect(thread.health()).toEqual({ state: 'ok', restarts: 0 })
    let nextId = 1
    let running = true
    const committed: number[] = []
    const failures: unknown[] = []
    // each shopper has one call in flight at a time: a transaction that writes twice, or a read
    const shopper = async () => {
      while (running) {
        const id = nextId++
        try {
          await db.transaction(async (tx) => {
            await tx.execute(sql`insert into orders (id, state) values (${id}, 'placed')`)
            await tx.execute(sql`update orders set state = 'paid' where id = ${id}`)
          })
          committed.push(id)
          await db.execute(sql`select count(*) from orders`)
        } catch (error) {
          failures.push(error)
          // a database that fails at once must not spin this loop on microtasks alone
          await new Promise((resolve) => setTimeout(resolve, 1))
        }
      }
    }
    const shoppers = Array.from({ length: 4 }, shopper)
    try {
      await vi.waitFor(() => expect(committed.length).toBeGreaterThanOrEqual(30), { timeout: 30_000, interval: 5 })
      await thread.terminateThread()
      expect(thread.health()).toEqual({ state: 'restarting', restarts: 1 })
      const committedBefore = committed.length
      const meanwhile = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from orders`))
      expect(thread.health()).toEqual({ state: 'ok', restarts: 1 })
      expect(meanwhile[0]!.n).toBeGreaterThanOrEqual(committedBefore)
      await vi.waitFor(() => expect(committed.length).toBeGreaterThanOrEqual(committedBefore + 30), { timeout: 30_000, interval: 5 })
    } finally {
      running = false
      await Promise.all(shoppers)
    }

    // only the calls in flight when it died failed, each with the thread's error; none made during the restart
    expect(failures.length).toBeLessThanOrEqual(4)
    for (const failure of failures) {
      const error = failure instanceof DatabaseThreadError ? failure : (failure as Error).cause
      expect(error).toBeInstanceOf(DatabaseThreadError)
      expect(error).toMatchObject({ code: '08006', message: expect.stringMatching(/^The database thread stopped/) })
    }
    const saved = rowsOf<{ id: number; state: string }>(await db.execute(sql`select id, state from orders order by id`))
    expect(saved.map((row) => row.id)).toEqual(expect.arrayContaining(committed))
    // a commit in flight may have landed; a half-done transaction never does
    expect(saved.filter((row) => row.state !== 'paid')).toEqual([])
    expect(saved.length).toBeLessThanOrEqual(committed.length + failures.length)
    expect(logged.some((line) => line.includes('restart 1'))).toBe(true)
    await thread.close()
  })

  it('forgets deaths older than its window, and a call waits for a restart only so long', { timeout: 120_000 }, async () => {
    const thread = await open({ maxDeaths: 2, withinMs: 1, waitMs: 1 })
    await thread.terminateThread()
    await expect(thread.query('select 1')).rejects.toMatchObject({ code: '57P03', message: expect.stringMatching(/restarting/) })
    await back(thread)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await thread.terminateThread()
    await back(thread)
    expect(thread.health()).toEqual({ state: 'ok', restarts: 2 })
    expect((await thread.query('select count(*)::int as n from orders')).rows).toEqual([{ n: expect.any(Number) }])
    await thread.close()
  })

  it('gives up after 3 deaths within a minute: health says failed, onFatal is told once, every call fails', { timeout: 120_000 }, async () => {
    const thread = await open()
    const fatal = vi.fn()
    thread.onFatal(fatal)
    await thread.terminateThread()
    await back(thread)
    await thread.terminateThread()
    // made while the second restart opens: it is told when the database gives up instead of waiting out its time
    const waiting = thread.query('select 1')
    await thread.terminateThread()
    expect(thread.health()).toEqual({ state: 'failed', restarts: 2 })
    await expect(waiting).rejects.toThrow(/stopped 3 times within 60 s; giving up/)
    await expect(thread.query('select 1')).rejects.toThrow(/giving up/)
    expect(fatal).toHaveBeenCalledOnce()
    expect(fatal.mock.calls[0]![0]).toBeInstanceOf(DatabaseThreadError)
    await thread.close()
  })
})

describe('an in-memory database thread', () => {
  it('is not started again when it dies, since its data died with it: the database gives up at once', { timeout: 60_000 }, async () => {
    const thread = new PgliteThread(undefined, { log: () => undefined })
    await thread.ready
    const fatal = vi.fn()
    thread.onFatal(fatal)
    await thread.terminateThread()
    expect(thread.health()).toEqual({ state: 'failed', restarts: 0 })
    expect(fatal).toHaveBeenCalledOnce()
    await expect(thread.query('select 1')).rejects.toThrow(/in-memory database is not started again/)
  })
})
