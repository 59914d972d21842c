import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { algoliasearch, type Algoliasearch } from 'algoliasearch'
import type { Hono } from 'hono'
import type { Config } from '../config'
import { SearchEngine } from '../emulators/algolia/engine'
import { algoliaRoutes } from '../emulators/algolia/routes'
import type { Logger } from '../lib/logger'
import { ensureDataDir, writePrivateFile } from '../lib/private-files'
import { ownHost, type Listening } from './own-address'

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
export function searchSettings(config: Config, listening: Listening, embeddedAdminKey?: string): SearchSettings {
  if (config.algolia) {
    return {
      ...config.algolia,
      index: config.searchIndex,
      embedded: false,
      browser: { app_id: config.algolia.appId, search_key: config.algolia.searchKey, hosts: null, protocol: 'https', index: config.searchIndex },
    }
  }
  const publicUrl = new URL(config.publicUrl)
  return {
    appId: 'LOCAL',
    searchKey: 'local-search-only',
    adminKey: embeddedAdminKey ?? randomBytes(24).toString('base64url'),
    index: config.searchIndex,
    embedded: true,
    serverHosts: [{ url: `${ownHost(listening)}:${listening.port}/search`, protocol: 'http' }],
    browser: {
      app_id: 'LOCAL',
      search_key: 'local-search-only',
      hosts: [`${publicUrl.host}/search`],
      protocol: publicUrl.protocol === 'https:' ? 'https' : 'http',
      index: config.searchIndex,
    },
  }
}

/** Hosted Algolia answers on `{app}-dsn.algolia.net` and `{app}-N.algolianet.com`. */
const ALGOLIA_ORIGINS = ['https://*.algolia.net', 'https://*.algolianet.com']

// the embedded engine answers in this process, whose event loop also builds what it indexes: on a
// busy machine a batch can outlast the client's 2 s connect and 5 s read limits, meant for a hosted
// cluster with several hosts to try; there is only this one to try
const EMBEDDED_TIMEOUTS = { connect: 10_000, read: 30_000, write: 60_000 }

/** The algoliasearch admin client, for the indexer and `npm run search:reindex`; the same calls reach Algolia or the embedded engine. */
export const searchAdminClient = (settings: SearchSettings): Algoliasearch =>
  algoliasearch(settings.appId, settings.adminKey, {
    ...(settings.serverHosts ? { hosts: settings.serverHosts.map((h) => ({ ...h, accept: 'readWrite' as const })) } : {}),
    ...(settings.embedded ? { timeouts: EMBEDDED_TIMEOUTS } : {}),
  })

/** What the index needs of the search service: the admin client, the index's name, and whether a hosted index outlives this process. */
export interface SearchIndex {
  client: Algoliasearch
  name: string
  hosted: boolean
}

export interface SearchIntegration {
  index: SearchIndex
  /** what the browser is told, through GET /config */
  browser: SearchSettings['browser']
  /** origins the page may reach (CSP connect-src), besides its own */
  connectSources: readonly string[]
  /** the embedded engine's Algolia REST API, to mount under /search; undefined with hosted Algolia */
  routes?: Hono
}

/** Search, hosted or embedded: the one place that knows which. */
export function searchIntegration(
  config: Config,
  options: { listening: Listening; adminKey?: string; logger: Logger; whenReady: (timeoutMs: number) => Promise<boolean> },
): SearchIntegration {
  const settings = searchSettings(config, options.listening, options.adminKey)
  return {
    index: { client: searchAdminClient(settings), name: settings.index, hosted: !settings.embedded },
    browser: settings.browser,
    connectSources: settings.embedded ? [] : ALGOLIA_ORIGINS,
    routes: settings.embedded ? algoliaRoutes(new SearchEngine(), settings, { logger: options.logger, allowedOrigins: config.corsOrigins, whenReady: options.whenReady }) : undefined,
  }
}
