import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, sendsAhead, type Database } from './client'
import { rowsOf } from './json-rows'
import { PgliteThread } from './pglite-thread'

const rows = async (database: Database, query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await database.db.execute(query))

describe('PGlite in its own thread', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' })
    await database.db.execute(sql`create table t (id int primary key, at timestamptz default clock_timestamp(), doc jsonb)`)
  }, 60_000)
  afterAll(() => database.close())

  it('answers rows as PGlite does: numbers, JSON, timestamps as Postgres writes them, big integers', async () => {
    const [row] = await rows(database, sql`select 1 as n, '{"a":[1,"x"]}'::jsonb as doc, '2026-11-24 12:00:00+00'::timestamptz as at, 9007199254740993::int8 as big, 'a' = 'a' as yes`)
    expect(row).toEqual({ n: 1, doc: { a: [1, 'x'] }, at: '2026-11-24 12:00:00+00', big: 9007199254740993n, yes: true })
  })

  it('commits a transaction, and rolls back everything when its function throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id) values (1)`)
    })
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (id) values (2)`)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await rows(database, sql`select id from t order by id`)).toEqual([{ id: 1 }])
  })

  it('keeps a database error’s code and constraint, and rolls back a savepoint without losing the transaction', async () => {
    let caught: unknown
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id) values (10)`)
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into t (id) values (1)`)
        })
        .catch((error: unknown) => (caught = error))
      await tx.execute(sql`insert into t (id) values (11)`)
    })
    const cause = (caught as Error).cause as Record<string, unknown>
    expect(cause).toBeInstanceOf(Error)
    expect(cause).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't' })
    expect(await rows(database, sql`select id from t where id >= 10 order by id`)).toEqual([{ id: 10 }, { id: 11 }])
  })

  it('runs statements sent ahead in the order sent, and one transaction at a time', async () => {
    expect(sendsAhead(database.db)).toBe(true)
    const first = database.db.transaction(async (tx) => {
      expect(sendsAhead(tx)).toBe(true)
      const a = tx.execute(sql`insert into t (id) values (20)`).execute()
      // sent before the insert above answered; it must still see it
      const b = tx.execute(sql`insert into t (id) select 21 where exists (select 1 from t where id = 20)`).execute()
      await Promise.all([a, b])
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    // a statement outside waits for the transaction: it sees both rows, never one
    const outside = rows(database, sql`select count(*)::int as n from t where id in (20, 21)`)
    await first
    expect(await outside).toEqual([{ n: 2 }])
  })

  it('reports itself healthy, with no restarts', () => {
    expect(database.health()).toEqual({ state: 'ok', restarts: 0 })
  })

  it('fails every call once the thread has stopped, instead of hanging', { timeout: 60_000 }, async () => {
    const thread = new PgliteThread(undefined)
    await thread.ready
    await thread.close()
    await expect(thread.query('select 1')).rejects.toThrow(/stopped/)
  })
})
