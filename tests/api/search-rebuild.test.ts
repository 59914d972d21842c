import { eq } from 'drizzle-orm'
import { algoliasearch } from 'algoliasearch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productCategories, products, variants } from '../../server/db/schema'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { listenShop, type ListeningShop } from './harness'

/** Rebuilding the index (a reindex, new settings) while shoppers search, and Algolia's copy and move on the embedded engine. */
describe('rebuilding the search index under searches', () => {
  let shop: ListeningShop
  let admin: ReturnType<typeof algoliasearch>
  let reader: ReturnType<typeof algoliasearch>

  beforeAll(async () => {
    shop = await listenShop({ kind: 'pglite' }, { catalogue: smallCatalogue() })
    await shop.indexer.ensureFresh()
    const hosts = [{ url: `127.0.0.1:${shop.port}/search`, protocol: 'http' as const, accept: 'readWrite' as const }]
    admin = algoliasearch('LOCAL', shop.searchAdminKey, { hosts })
    reader = algoliasearch('LOCAL', 'local-search-only', { hosts })
  })
  afterAll(() => shop?.close())

  const count = async (indexName = 'products') => ((await reader.searchSingleIndex({ indexName, searchParams: { query: '', hitsPerPage: 1 } })) as { nbHits: number }).nbHits

  it('keeps answering the whole previous index while a new one is built, then swaps in one step', async () => {
    const before = await count()
    expect(before).toBeGreaterThan(3)
    const seen: number[] = []
    let building = true
    const searching = (async () => {
      while (building) {
        seen.push(await count(), await count('products_price_asc'))
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    await shop.indexer.ensureFresh(true)
    building = false
    await searching
    expect(seen.length).toBeGreaterThan(4)
    expect(seen.every((n) => n === before)).toBe(true)
    // nothing of the build is left behind
    const { items } = await admin.listIndices()
    expect(items.map((i) => i.name).sort()).toEqual(['products', 'products_price_asc', 'products_price_desc'])
  })

  it('drops from the index a product removed from the catalogue, on the replicas too', async () => {
    const [gone] = await shop.database.db.select().from(products).where(eq(products.sku, 'SNK-0004'))
    await shop.database.db.delete(productCategories).where(eq(productCategories.product_id, gone!.id))
    await shop.database.db.delete(variants).where(eq(variants.product_id, gone!.id))
    await shop.database.db.delete(products).where(eq(products.id, gone!.id))
    const before = await count()
    await shop.indexer.ensureFresh(true)
    expect(await count()).toBe(before - 1)
    expect(await count('products_price_desc')).toBe(before - 1)
    await expect(reader.getObject({ indexName: 'products', objectID: String(gone!.id) })).rejects.toMatchObject({ status: 404 })
    // the replicas keep their own order after the move
    const asc = await reader.searchSingleIndex({ indexName: 'products_price_asc', searchParams: { query: '', hitsPerPage: 50 } })
    const prices = (asc.hits as unknown as { price_min: number }[]).map((h) => h.price_min)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  it('copies and moves indexes as Algolia does, refusing what Algolia refuses', async () => {
    await admin.waitForTask({ indexName: 'scratch', taskID: (await admin.saveObjects({ indexName: 'scratch', objects: [{ objectID: 'a', name_en: 'apple' }] }))[0]!.taskID })
    await admin.setSettings({ indexName: 'scratch', indexSettings: { searchableAttributes: ['name_en'], userData: { v: 1 } } })
    await admin.saveSynonyms({ indexName: 'scratch', synonymHit: [{ objectID: 's', type: 'synonym', synonyms: ['apple', 'ringo'] }] })
    // a copy limited to settings and synonyms takes no records
    await admin.operationIndex({ indexName: 'scratch', operationIndexParams: { operation: 'copy', destination: 'scratch_settings', scope: ['settings', 'synonyms'] } })
    expect(await admin.getSettings({ indexName: 'scratch_settings' })).toMatchObject({ userData: { v: 1 } })
    expect((await admin.searchSingleIndex({ indexName: 'scratch_settings', searchParams: { query: '' } })).nbHits).toBe(0)
    // a whole copy takes the records; the synonyms are the copy's own
    await admin.operationIndex({ indexName: 'scratch', operationIndexParams: { operation: 'copy', destination: 'scratch_copy' } })
    expect((await admin.searchSingleIndex({ indexName: 'scratch_copy', searchParams: { query: 'ringo' } })).nbHits).toBe(1)
    await admin.clearSynonyms({ indexName: 'scratch_copy' })
    expect((await admin.searchSingleIndex({ indexName: 'scratch', searchParams: { query: 'ringo' } })).nbHits).toBe(1)
    // a move replaces the destination and removes the source
    await admin.operationIndex({ indexName: 'scratch', operationIndexParams: { operation: 'move', destination: 'scratch_copy' } })
    expect((await admin.searchSingleIndex({ indexName: 'scratch_copy', searchParams: { query: 'ringo' } })).nbHits).toBe(1)
    await expect(admin.getSettings({ indexName: 'scratch' })).rejects.toMatchObject({ status: 404 })
    // moving what does not exist does nothing
    await admin.operationIndex({ indexName: 'scratch', operationIndexParams: { operation: 'move', destination: 'scratch_copy' } })
    expect((await admin.searchSingleIndex({ indexName: 'scratch_copy', searchParams: { query: '' } })).nbHits).toBe(1)

    const refused = [
      { indexName: 'products_price_asc', operationIndexParams: { operation: 'move' as const, destination: 'x' } },
      { indexName: 'products', operationIndexParams: { operation: 'move' as const, destination: 'x' } },
      { indexName: 'scratch_copy', operationIndexParams: { operation: 'copy' as const, destination: 'products' } },
      { indexName: 'scratch_copy', operationIndexParams: { operation: 'move' as const, destination: 'products_price_desc' } },
      { indexName: 'scratch_copy', operationIndexParams: { operation: 'move' as const, destination: 'scratch_copy' } },
      { indexName: 'scratch_copy', operationIndexParams: { operation: 'rename' as 'move', destination: 'y' } },
      { indexName: 'scratch_copy', operationIndexParams: { operation: 'copy' as const, destination: 'y', scope: ['records' as 'rules'] } },
    ]
    for (const request of refused) await expect(admin.operationIndex(request), JSON.stringify(request)).rejects.toMatchObject({ status: 400 })
    // the search key may do neither
    await expect(reader.operationIndex({ indexName: 'scratch_copy', operationIndexParams: { operation: 'copy', destination: 'z' } })).rejects.toMatchObject({ status: 403 })
    expect((await count()) > 0).toBe(true)
    await admin.deleteIndex({ indexName: 'scratch_copy' })
    await admin.deleteIndex({ indexName: 'scratch_settings' })

    // a replica dropped from its primary's list, or left by a deleted primary, is an index of its own with the records it showed
    await admin.saveObjects({ indexName: 'scratch', objects: [{ objectID: 'b', name_en: 'banana' }], waitForTasks: true })
    await admin.setSettings({ indexName: 'scratch', indexSettings: { replicas: ['scratch_r1', 'scratch_r2'] } })
    await admin.setSettings({ indexName: 'scratch', indexSettings: { replicas: ['scratch_r2'] } })
    await admin.deleteIndex({ indexName: 'scratch' })
    for (const replica of ['scratch_r1', 'scratch_r2']) {
      expect((await admin.searchSingleIndex({ indexName: replica, searchParams: { query: '' } })).nbHits, replica).toBe(1)
      await admin.saveObjects({ indexName: replica, objects: [{ objectID: 'c', name_en: 'cherry' }], waitForTasks: true })
      expect((await admin.searchSingleIndex({ indexName: replica, searchParams: { query: '' } })).nbHits, replica).toBe(2)
      await admin.deleteIndex({ indexName: replica })
    }
    expect((await admin.listIndices()).items.map((i) => i.name).sort()).toEqual(['products', 'products_price_asc', 'products_price_desc'])
  })
})
