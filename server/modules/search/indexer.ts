import { createHash, randomBytes } from 'node:crypto'
import { gt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products, variants } from '../../db/schema'
import type { Logger } from '../../lib/logger'
import { PRODUCT_INDEX_SETTINGS, PRODUCT_SYNONYMS, productRecords } from './records'
import type { SearchIndex } from '../../integrations/search'

// the synonyms are part of the index's configuration: a change to either rebuilds the index
const SETTINGS_HASH = createHash('sha256')
  .update(JSON.stringify({ settings: PRODUCT_INDEX_SETTINGS, synonyms: PRODUCT_SYNONYMS }))
  .digest('hex')
  .slice(0, 8)

/** how far back each look at the catalogue reaches again (see syncChanged) */
const LOOKBACK_MS = 60_000

export const replicaNames = (index: string) => ({ priceAsc: `${index}_price_asc`, priceDesc: `${index}_price_desc` })

/**
 * Keeps the search index in step with the catalogue through the algoliasearch admin client:
 * a full rebuild when the index is empty or was built from another catalogue version, then,
 * every second, the products (or variants: price, stock) changed since the last look.
 */
export class SearchIndexer {
  private lastSeen?: Date
  /** the products pushed within the lookback, with the change time pushed */
  private readonly pushed = new Map<number, number>()
  private timer?: NodeJS.Timeout
  private running?: Promise<unknown>
  private markReady!: () => void
  /**
   * Settles once the index holds the catalogue after a start. With hosted Algolia, also when the
   * first check failed: the hosted index keeps what it held, and pages must not go down with search.
   */
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve))
  private built = false
  private failures = 0

  constructor(
    private readonly db: Db,
    private readonly search: SearchIndex,
    private readonly logger: Logger,
  ) {}

  private get client() {
    return this.search.client
  }

  private async catalogueVersion() {
    const [row] = await this.db
      .select({
        products: sql<number>`(select count(*) from ${products})::int`,
        changed: sql<string>`greatest((select max(${products.updated_at}) from ${products}), (select max(${variants.updated_at}) from ${variants}))`,
      })
      .from(sql`(select 1) as one`)
    // the settings are part of the version: an index built with older settings (a new facet) is rebuilt
    return { version: `${SETTINGS_HASH}:${row?.products ?? 0}@${row?.changed ? new Date(row.changed).toISOString() : 'none'}`, changed: row?.changed ? new Date(row.changed) : undefined }
  }

  private wait = async (indexName: string, pending: Promise<{ taskID: number }>) => this.client.waitForTask({ indexName, taskID: (await pending).taskID })

  /**
   * The sort replicas and their settings. They are standard replicas: they hold the primary's
   * records and get a new set with it when a rebuilt index is moved over it, but their settings
   * and synonyms are their own.
   */
  private async configureReplicas() {
    const index = this.search.name
    const replicas = replicaNames(index)
    await this.wait(index, this.client.setSettings({ indexName: index, indexSettings: { replicas: [replicas.priceAsc, replicas.priceDesc] } }))
    for (const [name, order] of [
      [replicas.priceAsc, 'asc(price_min)'],
      [replicas.priceDesc, 'desc(price_min)'],
    ] as const) {
      await this.wait(name, this.client.setSettings({ indexName: name, indexSettings: { ...PRODUCT_INDEX_SETTINGS, ranking: [order, 'typo', 'words', 'proximity', 'attribute', 'exact', 'custom'] } }))
      await this.wait(name, this.client.saveSynonyms({ indexName: name, synonymHit: PRODUCT_SYNONYMS, replaceExistingSynonyms: true }))
    }
  }

  /**
   * A whole new index built beside the live one and moved over it in one step (Algolia's atomic
   * reindexing): searches read the previous index, complete, until the new one is.
   */
  private async rebuild(version: string) {
    const index = this.search.name
    // a name of its own: `npm run search:reindex` may build while the server does
    const building = `${index}_build_${randomBytes(6).toString('hex')}`
    await this.configureReplicas()
    try {
      await this.wait(building, this.client.setSettings({ indexName: building, indexSettings: { ...PRODUCT_INDEX_SETTINGS, userData: { catalogueVersion: version } } }))
      await this.wait(building, this.client.saveSynonyms({ indexName: building, synonymHit: PRODUCT_SYNONYMS, replaceExistingSynonyms: true }))
      const records = await productRecords(this.db)
      const save = records.filter((r) => r.active).map(({ active: _active, ...record }) => record)
      await this.client.saveObjects({ indexName: building, objects: save, waitForTasks: true })
      await this.wait(index, this.client.operationIndex({ indexName: building, operationIndexParams: { operation: 'move', destination: index } }))
      return { saved: save.length, removed: records.length - save.length }
    } catch (error) {
      await this.client.deleteIndex({ indexName: building }).catch(() => undefined)
      throw error
    }
  }

  /** Pushes the given products (all when omitted): active ones saved, inactive ones removed. */
  async sync(ids?: number[]) {
    const records = await productRecords(this.db, ids)
    const save = records.filter((r) => r.active).map(({ active: _active, ...record }) => record)
    const remove = records.filter((r) => !r.active).map((r) => r.objectID)
    if (save.length) await this.client.saveObjects({ indexName: this.search.name, objects: save, waitForTasks: true })
    if (remove.length) await this.client.deleteObjects({ indexName: this.search.name, objectIDs: remove, waitForTasks: true })
    return { saved: save.length, removed: remove.length }
  }

  /** Each product changed after `from` (itself or a variant), with the time of its latest change. */
  private changedSince(from: Date) {
    return this.db
      .select({
        id: products.id,
        // named in full: in a one-table select drizzle leaves columns unqualified, and the subquery's "id" would be the variant's
        at: sql<string>`greatest("products"."updated_at", (select max(v.updated_at) from ${variants} v where v.product_id = "products"."id"))`,
      })
      .from(products)
      .where(or(gt(products.updated_at, from), sql`${products.id} in (select ${variants.product_id} from ${variants} where ${variants.updated_at} > ${from})`))
  }

  /** Rebuilds when the index's catalogue version differs from the database's; answers whether it did. */
  async ensureFresh(force = false) {
    const { version, changed } = await this.catalogueVersion()
    let indexed: string | undefined
    try {
      const current = await this.client.getSettings({ indexName: this.search.name })
      indexed = (current as { userData?: { catalogueVersion?: string } }).userData?.catalogueVersion
    } catch {
      indexed = undefined
    }
    this.lastSeen = changed
    // what the index holds (fresh, or about to be rebuilt from this state): the next looks push only what changes after
    this.pushed.clear()
    if (changed) for (const r of await this.changedSince(new Date(changed.getTime() - LOOKBACK_MS))) this.pushed.set(r.id, new Date(r.at).getTime())
    if (!force && indexed === version) return false
    const started = performance.now()
    const result = await this.rebuild(version)
    // the move replaced whatever another process (the running shop, when this is the reindex
    // script) pushed meanwhile: what changed since this build's look at the catalogue goes again
    await this.syncChanged()
    this.logger.info('search index rebuilt', { index: this.search.name, ...result, ms: Math.round(performance.now() - started) })
    return true
  }

  /**
   * The products whose rows or variants changed since the last look, pushed to the index. Each look
   * reaches LOOKBACK_MS further back and pushes again what changed there since it was pushed: a
   * change is stamped when its transaction writes it (a checkout's stock at the order's time), so
   * one that commits after a later change was seen carries an earlier time, and a server's clock
   * may be behind another's. Without the lookback such a change waited for the product's next one.
   */
  async syncChanged() {
    const since = this.lastSeen ?? new Date(0)
    const { version, changed } = await this.catalogueVersion()
    if (!changed) return 0
    const from = new Date(Math.max(0, since.getTime() - LOOKBACK_MS))
    // nothing stamped within the last window: no change can be waiting for its commit (a transaction takes seconds, not a minute)
    if (changed.getTime() <= Date.now() - LOOKBACK_MS) return 0
    const rows = await this.changedSince(from)
    if (changed > since) this.lastSeen = changed
    const fresh = rows.filter((r) => this.pushed.get(r.id) !== new Date(r.at).getTime())
    // what fell out of the window is not looked at again
    for (const [id, at] of this.pushed) if (at <= from.getTime()) this.pushed.delete(id)
    if (fresh.length === 0) return 0
    await this.sync(fresh.map((r) => r.id))
    for (const r of fresh) this.pushed.set(r.id, new Date(r.at).getTime())
    // the index now reflects this version: a restart need not rebuild it
    const { taskID } = await this.client.setSettings({ indexName: this.search.name, indexSettings: { userData: { catalogueVersion: version } } })
    await this.client.waitForTask({ indexName: this.search.name, taskID })
    return fresh.length
  }

  start(intervalMs = 1000) {
    // the embedded engine holds nothing until a build succeeds: the server stays 'starting' until then
    const first = () =>
      this.ensureFresh()
        .then(() => {
          this.built = true
          this.markReady()
        })
        .catch((error) => {
          if (this.failures++ % 60 === 0) this.logger.error('search index build failed', { error: String(error) })
          if (this.search.hosted) this.markReady()
        })
        .finally(() => (this.running = undefined))
    this.running = first()
    // a first build that failed is tried again, not replaced by syncs of what changed since
    const tick = () => {
      this.running ??= (this.built ? this.syncChanged() : first())
        .catch((error) => this.logger.warn('search index sync failed', { error: String(error) }))
        .finally(() => (this.running = undefined))
    }
    this.timer = setInterval(tick, intervalMs)
    this.timer.unref()
  }

  async stop() {
    clearInterval(this.timer)
    await this.running
  }
}

