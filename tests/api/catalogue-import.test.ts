import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CatalogueFile } from '../../contract/catalogue-file'
import { openDatabase, type Database } from '../../server/db/client'
import { CatalogueFileError, importCatalogue, parseCatalogueFile } from '../../server/modules/catalogue-import/service'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { databaseTargets, freshDatabase } from './harness'

const targets = await databaseTargets()

const problemsOf = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    if (error instanceof CatalogueFileError) return error.problems
    throw error
  }
  throw new Error('expected the file to be refused')
}

describe('parseCatalogueFile', () => {
  it('accepts a good file and fills defaults', () => {
    const file = parseCatalogueFile({ products: [{ ...productRecord('SNK-0100'), status: undefined, rank: undefined }] })
    expect(file.products[0]).toMatchObject({ status: 'ACTIVE', rank: 0 })
    expect(file.categories).toEqual([])
  })

  it('names the record and the field of every problem', () => {
    const bad = smallCatalogue() as unknown as { products: Record<string, unknown>[] }
    bad.products[1] = { ...bad.products[1], variants: [{ sku: 'TEA-0001-A', label: { zh_tw: 'x', en: 'x', ja: 'x' }, price: 12.5, stock_left: 1 }] }
    bad.products[2] = { ...bad.products[2], name: { zh_tw: '抹茶', en: '' } }
    const problems = problemsOf(() => parseCatalogueFile(bad))
    expect(problems).toContainEqual('products[1] (SKU TEA-0001).variants[0].price: must be whole TWD (got 12.5)')
    expect(problems.some((p) => p.startsWith('products[2] (SKU TEA-0002).name.en:'))).toBe(true)
    expect(problems.some((p) => p.startsWith('products[2] (SKU TEA-0002).name.ja:'))).toBe(true)
  })

  it('refuses duplicate SKUs and slugs', () => {
    const file = smallCatalogue()
    file.products.push(productRecord('SNK-0001', { variants: [{ sku: 'TEA-0001-A', label: { zh_tw: 'a', en: 'a', ja: 'a' }, price: 1, stock_left: 1 }] }))
    file.categories.push(file.categories[0]!)
    expect(problemsOf(() => parseCatalogueFile(file))).toEqual([
      'category slug snacks appears more than once',
      'product SKU SNK-0001 appears more than once',
      'variant SKU TEA-0001-A appears more than once',
    ])
  })

  it('refuses a file that is not a catalogue', () => {
    expect(problemsOf(() => parseCatalogueFile([1, 2]))).toEqual(['(file): must be a JSON object with a "products" list'])
  })
})

describe.each(targets)('importCatalogue on $kind', (target) => {
  let database: Database
  beforeEach(async () => {
    database = await freshDatabase(target)
  })
  afterEach(() => database?.close())

  const skus = async () => (await database.db.query.products.findMany({ columns: { sku: true }, orderBy: (p, { asc }) => asc(p.sku) })).map((p) => p.sku)

  it('creates, then updates by SKU, replacing variants and categories', async () => {
    const first = await importCatalogue(database.db, smallCatalogue())
    expect(first).toEqual({ categories: 3, cities: 3, trend_groups: 1, products: { created: 6, updated: 0 }, variants: 7 })

    const changed = smallCatalogue()
    changed.categories = []
    changed.cities = []
    changed.trend_groups = []
    changed.products = [
      productRecord('SNK-0001', {
        categories: ['tea'],
        variants: [{ sku: 'SNK-0001-C', label: { zh_tw: '24入', en: '24 pieces', ja: '24枚入' }, price: 760, stock_left: 2 }],
      }),
      productRecord('SNK-0200'),
    ]
    const second = await importCatalogue(database.db, parseCatalogueFile(changed))
    expect(second.products).toEqual({ created: 1, updated: 1 })

    const product = await database.db.query.products.findFirst({ where: (p, { eq }) => eq(p.sku, 'SNK-0001') })
    expect(product).toMatchObject({ price_min: 760, price_max: 760 })
    const variants = await database.db.query.variants.findMany({ where: (v, { eq }) => eq(v.product_id, product!.id) })
    expect(variants.map((v) => v.sku)).toEqual(['SNK-0001-C'])
    const links = await database.db.query.productCategories.findMany({ where: (l, { eq }) => eq(l.product_id, product!.id) })
    expect(links).toHaveLength(1)
    expect(await skus()).toEqual(['SNK-0001', 'SNK-0002', 'SNK-0003', 'SNK-0004', 'SNK-0200', 'TEA-0001', 'TEA-0002'])
  })

  it('refuses the whole file when a product names an unknown slug, and changes nothing', async () => {
    await importCatalogue(database.db, smallCatalogue())
    const file: CatalogueFile = {
      categories: [{ slug: 'ramen', name: { zh_tw: '拉麵', en: 'Ramen', ja: 'ラーメン' }, position: 9 }],
      cities: [],
      trend_groups: [],
      products: [productRecord('RMN-0001', { categories: ['ramen'] }), productRecord('RMN-0002', { city: 'atlantis', trend_group: 'nope' })],
    }
    await expect(importCatalogue(database.db, file)).rejects.toThrow(CatalogueFileError)
    await expect(importCatalogue(database.db, file)).rejects.toMatchObject({
      problems: ['products[1] (SKU RMN-0002).city: unknown city "atlantis"', 'products[1] (SKU RMN-0002).trend_group: unknown trend group "nope"'],
    })
    expect(await skus()).not.toContain('RMN-0001')
    const ramen = await database.db.query.categories.findFirst({ where: (c, { eq }) => eq(c.slug, 'ramen') })
    expect(ramen).toBeUndefined()
  })
})

describe('npm run catalogue:import', () => {
  const exec = promisify(execFile)
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-import-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  const run = async (file: string) => {
    const env = { ...process.env, DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' }
    try {
      const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'scripts/catalogue-import.ts', file], { env })
      return { code: 0, stdout, stderr }
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string }
      return { code: e.code, stdout: e.stdout, stderr: e.stderr }
    }
  }

  it('loads a good file into the database under DATA_DIR, and refuses a bad one whole', async () => {
    const good = path.join(dir, 'good.json')
    await writeFile(good, JSON.stringify(smallCatalogue()))
    const ok = await run(good)
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain('6 products created, 0 updated')

    const badFile = smallCatalogue()
    badFile.products.push(productRecord('SNK-0300', { arrival_days: -1 }))
    const bad = path.join(dir, 'bad.json')
    await writeFile(bad, JSON.stringify(badFile))
    const refused = await run(bad)
    expect(refused.code).toBe(65)
    expect(refused.stderr).toContain('nothing was imported')
    expect(refused.stderr).toContain('products[6] (SKU SNK-0300).arrival_days')

    const database = await openDatabase({ dataDir: path.join(dir, 'data') })
    try {
      const rows = await database.db.query.products.findMany({ columns: { sku: true } })
      expect(rows).toHaveLength(6)
    } finally {
      await database.close()
    }
  })

  it('explains a file that is not JSON', async () => {
    const broken = path.join(dir, 'broken.json')
    await writeFile(broken, '{"products": [')
    const result = await run(broken)
    expect(result.code).toBe(65)
    expect(result.stderr).toMatch(/Cannot read .*broken\.json as JSON/)
  })
})
