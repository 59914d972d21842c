import { randomBytes } from 'node:crypto'
import os from 'node:os'
import pg from 'pg'

/** The local Postgres server the tests and benchmarks use (TEST_DATABASE_URL, else 127.0.0.1:5432/test), with a user name. */
export function localPostgresUrl(): URL {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test')
  if (!url.username) url.username = process.env.PGUSER || os.userInfo().username
  return url
}

export interface ScratchDatabase {
  url: string
  drop(): Promise<void>
}

/** A new, empty database on the server at `serverUrl`: its URL, and a way to drop it. */
export async function createPostgresDatabase(serverUrl: string, prefix = 'shop_test'): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 1500 })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/** As createPostgresDatabase, or undefined when the server does not answer. */
export const tryPostgresDatabase = (serverUrl: string, prefix?: string): Promise<ScratchDatabase | undefined> =>
  createPostgresDatabase(serverUrl, prefix).catch(() => undefined)
