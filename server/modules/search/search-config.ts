import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { ensureDataDir, writePrivateFile } from '../../lib/private-files'
import type { Config } from '../../config'

export interface SearchSettings {
  appId: string
  searchKey: string
  adminKey: string
  index: string
  /** true when the embedded engine under /search answers, false for hosted Algolia */
  embedded: boolean
  /** where this server reaches the engine (undefined: the client's default Algolia hosts) */
  serverHosts?: { url: string; protocol: 'http' | 'https' }[]
  /** what the browser is told, through GET /config */
  browser: { app_id: string; search_key: string; hosts: string[] | null; protocol: 'http' | 'https'; index: string }
}

/** The embedded engine's admin key, kept under DATA_DIR so that `npm run search:reindex` can use it. */
export async function embeddedAdminKey(dataDir: string) {
  const file = path.join(dataDir, 'search-admin-key')
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch {
    const key = randomBytes(24).toString('base64url')
    await ensureDataDir(dataDir)
    await writePrivateFile(file, key)
    return key
  }
}

/**
 * Hosted Algolia when ALGOLIA_APP_ID is set; otherwise the embedded engine, reached over HTTP
 * like any Algolia host (the indexer and the browser both use the algoliasearch client), with
 * an admin key that never leaves the server and a search key that is public by nature.
 */
export function searchSettings(config: Config, listening: { host: string; port: number }, embeddedAdminKey?: string): SearchSettings {
  if (config.algolia) {
    return {
      ...config.algolia,
      index: config.searchIndex,
      embedded: false,
      browser: { app_id: config.algolia.appId, search_key: config.algolia.searchKey, hosts: null, protocol: 'https', index: config.searchIndex },
    }
  }
  const publicUrl = new URL(config.publicUrl)
  const host = listening.host === '0.0.0.0' || listening.host === '::' ? '127.0.0.1' : listening.host
  return {
    appId: 'LOCAL',
    searchKey: 'local-search-only',
    adminKey: embeddedAdminKey ?? randomBytes(24).toString('base64url'),
    index: config.searchIndex,
    embedded: true,
    serverHosts: [{ url: `${host}:${listening.port}/search`, protocol: 'http' }],
    browser: {
      app_id: 'LOCAL',
      search_key: 'local-search-only',
      hosts: [`${publicUrl.host}/search`],
      protocol: publicUrl.protocol === 'https:' ? 'https' : 'http',
      index: config.searchIndex,
    },
  }
}
