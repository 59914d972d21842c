import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CatalogueFile } from '../../contract/catalogue-file'
import { openDatabase, type Database } from '../../server/db/client'
import { images } from '../../server/db/schema'
import { CatalogueFileError, importCatalogue, parseCatalogueFile, readLocalImages } from '../../server/flows/catalogue-import/import'
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

/** a real picture of the given format, made with sharp */
const photo = (format: 'jpeg' | 'png' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).toFormat(format).toBuffer()

describe.each(targets)('pictures beside the catalogue file on $kind', (target) => {
  let database: Database
  let dir: string
  beforeEach(async () => {
    database = await freshDatabase(target)
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-photos-'))
    await mkdir(path.join(dir, 'photos'))
  })
  afterEach(async () => {
    await database?.close()
    await rm(dir, { recursive: true, force: true })
  })

  const withPhotos = (...files: string[]) => {
    const file = smallCatalogue()
    file.products = [productRecord('PHO-0001', { images: files }), productRecord('PHO-0002', { images: [files[0]!, '/images/products/snk-0001.svg'] })]
    file.cities[0]!.picture = files[0]!
    return parseCatalogueFile(file)
  }

  it('stores JPEG, PNG and WebP photos in the database by content hash and refers to them by site path', async () => {
    await writeFile(path.join(dir, 'photos/matcha.jpg'), await photo('jpeg', 640, 480))
    await writeFile(path.join(dir, 'photos/box.png'), await photo('png', 300, 300))
    // the extension does not decide: this WebP is named .jpeg
    await writeFile(path.join(dir, 'photos/odd name.jpeg'), await photo('webp', 120, 90))
    const read = await readLocalImages(withPhotos('photos/matcha.jpg', 'photos/box.png', 'photos/odd name.jpeg'), dir)
    expect(read.images.map((i) => [i.content_type, i.width, i.height])).toEqual([
      ['image/jpeg', 640, 480],
      ['image/png', 300, 300],
      ['image/webp', 120, 90],
    ])
    const [jpg, png, webp] = read.file.products[0]!.images
    expect(jpg).toMatch(/^\/images\/u\/[0-9a-f]{32}\.jpg$/)
    expect(png).toMatch(/^\/images\/u\/[0-9a-f]{32}\.png$/)
    expect(webp).toMatch(/^\/images\/u\/[0-9a-f]{32}\.webp$/)
    expect(read.file.products[1]!.images).toEqual([jpg, '/images/products/snk-0001.svg'])
    expect(read.file.cities[0]!.picture).toBe(jpg)

    await importCatalogue(database.db, read.file, read.images)
    // a second import of the same pictures adds nothing
    await importCatalogue(database.db, read.file, read.images)
    const rows = await database.db.select().from(images)
    expect(rows).toHaveLength(3)
    const stored = rows.find((r) => jpg!.includes(r.hash))!
    expect(stored).toMatchObject({ content_type: 'image/jpeg', width: 640, height: 480 })
    expect(stored.bytes.equals(read.images[0]!.bytes)).toBe(true)
    const product = await database.db.query.products.findFirst({ where: (p, { eq }) => eq(p.sku, 'PHO-0001') })
    expect(product!.images).toEqual([jpg, png, webp])
  })

  it('refuses, naming the record, a picture that is not one, too large or absurdly sized; nothing is written', async () => {
    await writeFile(path.join(dir, 'photos/ok.png'), await photo('png'))
    await writeFile(path.join(dir, 'photos/fake.jpg'), 'this is a text file, not a photo\n')
    await writeFile(path.join(dir, 'photos/huge.jpg'), Buffer.alloc(16 * 1024 * 1024, 1))
    await writeFile(path.join(dir, 'photos/strip.png'), await sharp({ create: { width: 13_000, height: 4, channels: 3, background: '#fff' } }).png().toBuffer())
    const file = withPhotos('photos/ok.png', 'photos/fake.jpg', 'photos/huge.jpg', 'photos/strip.png', 'photos/missing.webp')
    const refused = await readLocalImages(file, dir).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(CatalogueFileError)
    const problems = (refused as CatalogueFileError).problems
    expect(problems).toHaveLength(4)
    expect(problems[0]).toBe('products[0] (SKU PHO-0001).images[1]: photos/fake.jpg is not a JPEG, PNG, WebP or SVG picture')
    expect(problems[1]).toMatch(/^products\[0\] \(SKU PHO-0001\)\.images\[2\]: photos\/huge\.jpg is 16\.0 MB; pictures may be at most 15 MB$/)
    expect(problems[2]).toMatch(/^products\[0\] \(SKU PHO-0001\)\.images\[3\]: photos\/strip\.png is 13000×4 pixels/)
    expect(problems[3]).toMatch(/^products\[0\] \(SKU PHO-0001\)\.images\[4\]: cannot read the picture file .*missing\.webp$/)

    // a file whose pictures were not read cannot be imported by accident with paths in it
    await expect(importCatalogue(database.db, file)).rejects.toMatchObject({
      problems: expect.arrayContaining([expect.stringMatching(/^cities\[0\] \(slug osaka\)\.picture: a picture file is read only by the catalogue import command/)]),
    })
    expect(await database.db.select().from(images)).toHaveLength(0)
    expect(await database.db.query.products.findMany()).toHaveLength(0)
  })

  it('leaves no picture behind when the import refuses the file for another reason', async () => {
    await writeFile(path.join(dir, 'photos/ok.webp'), await photo('webp'))
    const file = withPhotos('photos/ok.webp')
    file.products[1]!.city = 'atlantis'
    const read = await readLocalImages(file, dir)
    await expect(importCatalogue(database.db, read.file, read.images)).rejects.toThrow(CatalogueFileError)
    expect(await database.db.select().from(images)).toHaveLength(0)
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

  it('reads photos relative to the catalogue file', async () => {
    await mkdir(path.join(dir, 'shop', 'photos'), { recursive: true })
    await writeFile(path.join(dir, 'shop', 'photos', 'matcha.jpg'), await photo('jpeg'))
    const file = smallCatalogue()
    file.products[0]!.images = ['photos/matcha.jpg']
    const good = path.join(dir, 'shop', 'catalogue.json')
    await writeFile(good, JSON.stringify(file))
    const ok = await run(good)
    expect(ok.stderr).toBe('')
    expect(ok.stdout).toContain('6 products created, 0 updated')
    expect(ok.stdout).toContain('1 pictures')

    file.products[1]!.images = ['photos/nothing-here.png']
    await writeFile(good, JSON.stringify(file))
    const refused = await run(good)
    expect(refused.code).toBe(65)
    expect(refused.stderr).toContain('products[1] (SKU TEA-0001).images[0]: cannot read the picture file')
  })

  it('explains a file that is not JSON', async () => {
    const broken = path.join(dir, 'broken.json')
    await writeFile(broken, '{"products": [')
    const result = await run(broken)
    expect(result.code).toBe(65)
    expect(result.stderr).toMatch(/Cannot read .*broken\.json as JSON/)
  })
})
