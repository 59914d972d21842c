import type { Pool } from 'pg'
import { privateDir } from '../lib/private-files'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { entityKind, type ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
export type DbOrTx = Db | Tx

export interface DatabaseHealth {
  /** 'restarting': the embedded database's thread died and a new one is opening the same data; calls wait for it */
  state: 'ok' | 'restarting' | 'failed'
  /** how many times the thread was started again since the process started */
  restarts: number
}

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Always ok on node-postgres: its pool replaces a lost connection at the next query. */
  health(): DatabaseHealth
  /**
   * Called once when the database gives up (PGlite's thread died 3 times within a minute, or an
   * in-memory one died) and every later call fails: the process should exit non-zero so that
   * its supervisor starts the shop again. Never called on node-postgres.
   */
  onFatal(listener: (error: Error) => void): void
  /**
   * Runs `work` while no other server of this database runs its own (a Postgres advisory lock on
   * a connection of its own; PGlite has one process): the first start's seeding (decision 78).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** The advisory lock the servers of one Postgres database take to migrate it and seed it one at a time. */
const STARTUP_LOCK = 7_209_113_604

/** Runs `work` holding the startup lock on a connection of its own, released (or dropped with the connection) afterwards. */
async function holdingStartupLock<T>(pool: Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
    try {
      return await work()
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK])
    }
  } finally {
    client.release()
  }
}

/** libpq falls back to the login name when a URL names no user; node-postgres reads $USER, which services often lack. */
const userFor = (url: string) => decodeURIComponent(new URL(url).username) || process.env.PGUSER || os.userInfo().username

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * Opens the shop's database and applies the committed migrations: node-postgres when a URL is
 * given, otherwise PGlite (embedded Postgres, in a thread of its own) persisted under
 * `dataDir/pglite`, or in memory for `memory://` (whose thread is not started again if it dies:
 * decision 50). The drivers are loaded lazily so a Postgres deployment never loads PGlite.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = (await import('pg')).default
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    // 20 connections: a checkout holds one for its whole transaction, and 20 at once kept 10 busy with waiting in line
    const pool = new Pool({ connectionString: options.databaseUrl, max: 20, user: userFor(options.databaseUrl) })
    // An idle connection the server closes (a restart, a failover, an administrator) is dropped by
    // the pool and replaced at the next query; unheard, the 'error' event would end the process.
    pool.on('error', (error) => process.stderr.write(`database: an idle connection was closed (${error.message})\n`))
    // A connection the server ends while a request holds it between two statements (a transaction
    // waiting on Stripe, on the next step) emits 'error' on its client, which the pool does not
    // listen to while the client is out: unheard, that ended the process. The request's next
    // statement fails instead (503, the transaction rolled back) and the pool drops the client.
    pool.on('connect', (client) => client.on('error', (error) => process.stderr.write(`database: a connection in use was closed (${error.message})\n`)))
    const db = drizzle(pool, { schema })
    // two servers started at once on a new database: one migrates, the other then finds nothing to do
    await holdingStartupLock(pool, () => migrate(db, { migrationsFolder }))
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      health: () => ({ state: 'ok', restarts: 0 }),
      onFatal: () => undefined,
      exclusive: (work) => holdingStartupLock(pool, work),
      close: () => pool.end(),
    }
  }
  const { PgliteThread } = await import('./pglite-thread')
  let dataDir: string | undefined
  if (options.dataDir !== 'memory://') {
    dataDir = path.join(options.dataDir, 'pglite')
    // PGlite makes its files 0666 and folders 0755 whatever the umask: this owner-only folder closes them
    await privateDir(dataDir)
  }
  // the thread opens the database (seconds) while drizzle's driver loads here
  const client = new PgliteThread(dataDir)
  try {
    const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator'), client.ready])
    // drizzle calls only the part of PGlite's client that PgliteThread answers
    const db = drizzle({ client: client as unknown as PGlite, schema })
    await migrate(db, { migrationsFolder })
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      health: () => client.health(),
      onFatal: (listener) => client.onFatal(listener),
      exclusive: (work) => work(),
      close: () => client.close(),
    }
  } catch (error) {
    await client.close().catch(() => undefined)
    throw error
  }
}

/**
 * Whether a statement may be sent on `db` (a transaction) before the one ahead of it answered:
 * PGlite's thread runs them in the order sent; node-postgres runs one statement at a time per
 * connection and deprecates queuing more.
 */
export function sendsAhead(db: DbOrTx) {
  const session = (db as unknown as { session?: { constructor: { [entityKind]?: string } } }).session
  return session?.constructor[entityKind] === 'PgliteSession'
}
