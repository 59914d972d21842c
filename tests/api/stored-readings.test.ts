import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { kanaReadings, products } from '../../server/db/schema'
import { seedIfEmpty } from '../../server/flows/catalogue-import/seed'
import { createLogger } from '../../server/lib/logger'
import { importCatalogue, parseCatalogueFile } from '../../server/flows/catalogue-import/import'
import * as readings from '../../server/modules/search/readings'
import { productRecords } from '../../server/modules/search/records'
import { databaseTargets, freshDatabase } from './harness'

const targets = await databaseTargets()
const logger = createLogger('error')
const seedFile = () => parseCatalogueFile(JSON.parse(readFileSync('server/db/seed/catalogue.json', 'utf8')))

describe.each(targets)('kana readings kept in the database on $kind', (target) => {
  // one seeded shop for the three steps, in order: seeding the catalogue is the slow part
  let database: Database
  let loadsBefore: number
  beforeAll(async () => {
    database = await freshDatabase(target)
    loadsBefore = readings.dictionaryLoads
    await seedIfEmpty(database.db, logger)
  })
  afterAll(() => database?.close())

  it('seeds the catalogue and builds every index record without loading the dictionary', async () => {
    const records = await productRecords(database.db)
    expect(readings.dictionaryLoads).toBe(loadsBefore)
    // the readings are there all the same: 抹茶 is found as まっちゃ and as マッチャ
    const matcha = records.find((r) => r.name_ja.includes('抹茶'))
    expect(matcha?.name_ja_reading.join(' ')).toMatch(/まっちゃ.*マッチャ/)
    for (const record of records) expect(record.name_ja_reading, record.sku).toHaveLength(2)
    expect(records.every((r) => r.location.city_ja_reading.length === 2 && r.categories.every((c) => c.category.name_ja_reading.length === 2))).toBe(true)
  })

  it('works out a new name’s reading at its import, once, and a renamed product gets its new name’s reading', async () => {
    const file = seedFile()
    const product = file.products[0]!
    product.name = { ...product.name, ja: '抹茶わらび餅の詰め合わせ' }
    await importCatalogue(database.db, { ...file, products: [product] })
    const [stored] = await database.db.select().from(kanaReadings).where(eq(kanaReadings.text, '抹茶わらび餅の詰め合わせ'))
    expect(stored?.hiragana).toBe('まっちゃわらびもちのつめあわせ')
    const loadsAfterImport = readings.dictionaryLoads
    const [row] = await database.db.select({ id: products.id }).from(products).where(eq(products.sku, product.sku))
    const [record] = await productRecords(database.db, [row!.id])
    expect(record?.name_ja_reading).toEqual(['まっちゃわらびもちのつめあわせ', 'マッチャワラビモチノツメアワセ'])
    expect(readings.dictionaryLoads).toBe(loadsAfterImport)
  })

  it('works out and keeps a reading the table lacks (a shop whose catalogue predates the table)', async () => {
    await database.db.delete(kanaReadings).where(eq(kanaReadings.text, '大阪'))
    const records = await productRecords(database.db)
    const osaka = records.find((r) => r.location.city_ja === '大阪')
    expect(osaka?.location.city_ja_reading).toEqual(['おおさか', 'オオサカ'])
    const [kept] = await database.db.select().from(kanaReadings).where(eq(kanaReadings.text, '大阪'))
    expect(kept?.hiragana).toBe('おおさか')
  })
})

describe('the seed catalogue’s readings', () => {
  it('are the dictionary’s readings of every Japanese name in it (`npm run catalogue:seed` writes both files)', async () => {
    const file = seedFile()
    const shipped = JSON.parse(readFileSync('server/db/seed/readings.json', 'utf8')) as Record<string, string>
    const names = [...file.categories, ...file.cities, ...file.products].map((entry) => entry.name.ja).filter((text) => readings.JAPANESE.test(text))
    const worked = await readings.japaneseReadings(names)
    expect(Object.keys(shipped).sort()).toEqual([...new Set(names)].sort())
    for (const [text, reading] of worked) expect(shipped[text], text).toBe(reading.hiragana)
  })
})
