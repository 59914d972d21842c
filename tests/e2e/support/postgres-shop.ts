/**
 * The shop on Postgres for the `postgres` project: a fresh database on the local server
 * (TEST_DATABASE_URL, else 127.0.0.1:5432/test), the shop started on it, and the database dropped
 * when Playwright stops the shop (SIGTERM).
 */
import { spawn } from 'node:child_process'
import { createPostgresDatabase, localPostgresUrl } from '../../../scripts/lib/postgres'
import { shopNodeArgs } from '../../../scripts/lib/server-command'

const database = await createPostgresDatabase(localPostgresUrl().toString(), 'shop_e2e')
const shop = spawn(process.execPath, shopNodeArgs(), { env: { ...process.env, DATABASE_URL: database.url }, stdio: 'inherit' })
const stop = () => shop.kill('SIGTERM')
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
const code = await new Promise<number | null>((resolve) => shop.once('exit', resolve))
await database.drop().catch((error: unknown) => process.stderr.write(`could not drop ${database.url}: ${String(error)}\n`))
process.exit(code ?? 1)
