import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { products } from '../../server/db/schema'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { startShop } from './harness'

const renameFirst = (shop: Awaited<ReturnType<typeof startShop>>) =>
  shop.database.db.update(products).set({ name: { zh_tw: '新名字', en: 'New name', ja: '新しい名前' } }).where(eq(products.sku, 'SNK-0001'))

describe('catalogue answers cache', () => {
  it('serves a catalogue answer from memory within CATALOGUE_CACHE_SECONDS, per language', async () => {
    const shop = await startShop({ kind: 'pglite' }, { catalogue: smallCatalogue(), env: { CATALOGUE_CACHE_SECONDS: '60' } })
    try {
      const before = await shop.json('/api/v1/product?keyword=SNK-0001', { locale: 'en' })
      await renameFirst(shop)
      const again = await shop.json('/api/v1/product?keyword=SNK-0001', { locale: 'en' })
      expect(again.body.data[0].name).toBe(before.body.data[0].name)
      const otherLanguage = await shop.json('/api/v1/product?keyword=SNK-0001', { locale: 'ja' })
      expect(otherLanguage.body.data[0].name).toBe('新しい名前')
      const otherQuery = await shop.json('/api/v1/product?keyword=SNK-0001&per_page=5', { locale: 'en' })
      expect(otherQuery.body.data[0].name).toBe('New name')
    } finally {
      await shop.close()
    }
  })

  it('reads through when the cache is off', async () => {
    const shop = await startShop({ kind: 'pglite' }, { catalogue: smallCatalogue(), env: { CATALOGUE_CACHE_SECONDS: '0' } })
    try {
      await shop.json('/api/v1/product?keyword=SNK-0001', { locale: 'en' })
      await renameFirst(shop)
      const after = await shop.json('/api/v1/product?keyword=SNK-0001', { locale: 'en' })
      expect(after.body.data[0].name).toBe('New name')
    } finally {
      await shop.close()
    }
  })
})
