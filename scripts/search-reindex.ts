/**
 * `npm run search:reindex`: rebuilds the product index from the database, through the same
 * indexer the server runs: against hosted Algolia when ALGOLIA_* is set, else against the
 * embedded engine of the shop running at HOST:PORT with this DATA_DIR (start it first).
 */
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { createLogger } from '../server/lib/logger'
import { SearchIndexer } from '../server/modules/search/indexer'
import { embeddedAdminKey, searchAdminClient, searchSettings } from '../server/integrations/search'

const config = loadConfig()
const logger = createLogger('info')
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  const settings = searchSettings(config, { host: config.host, port: config.port }, config.algolia ? undefined : await embeddedAdminKey(config.dataDir))
  await new SearchIndexer(database.db, { client: searchAdminClient(settings), name: settings.index, hosted: !settings.embedded }, logger).ensureFresh(true)
} catch (error) {
  process.stderr.write(`Reindex failed: ${(error as Error).message}\n${config.algolia ? '' : `Is the shop running on ${config.host}:${config.port}?\n`}`)
  process.exitCode = 1
} finally {
  await database.close()
}
