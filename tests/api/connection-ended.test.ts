import { sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { createPostgresDatabase, databaseTargets } from './harness'

const postgres = (await databaseTargets()).find((t) => t.kind === 'postgres')

/**
 * A Postgres restart ends a connection a request holds between two statements of its transaction
 * (waiting on Stripe, say). node-postgres emits 'error' on that client, which the pool does not
 * listen to while the client is out: unheard, it ended the shop's process (found by the cluster
 * benchmark's database cut, decision 78). Now that transaction fails and the process stays up.
 */
describe.runIf(postgres)('a connection ended while a transaction holds it', () => {
  it('fails that transaction, keeps the process up, and the next query works', async () => {
    const scratch = await createPostgresDatabase((postgres as { url: string }).url)
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused' })
    const crashed: Error[] = []
    const onCrash = (error: Error) => crashed.push(error)
    process.prependListener('uncaughtException', onCrash)
    try {
      const name = new URL(scratch.url).pathname.slice(1)
      const attempt = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        // between two statements, the server ends the connection
        const admin = new pg.Client({ connectionString: (postgres as { url: string }).url })
        await admin.connect()
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
        await admin.end()
        await new Promise((resolve) => setTimeout(resolve, 300))
        await tx.execute(sql`select 2`)
      })
      await expect(attempt).rejects.toThrow()
      expect(crashed).toEqual([])
      const [row] = ((await database.db.execute(sql`select 3 as n`)) as unknown as { rows: { n: number }[] }).rows
      expect(row!.n).toBe(3)
    } finally {
      process.removeListener('uncaughtException', onCrash)
      await database.close()
      await scratch.drop()
    }
  })
})
