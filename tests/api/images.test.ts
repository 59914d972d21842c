import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { derivativePath, pictureSources, shareImagePath } from '../../contract/images'
import { products } from '../../server/db/schema'
import { importCatalogue, readLocalImages } from '../../server/modules/catalogue-import/service'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { startShop, type TestShop } from './harness'

const SEED = path.resolve('public/images')

/** every file under a folder, recursively */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

// Behaviour of the picture server over files and one table: PGlite alone is enough.
describe('the picture server', () => {
  let shop: TestShop
  let dir: string
  let publicDir: string
  let dataDir: string
  let photoPath: string
  let productIds: Record<string, number>

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-images-'))
    publicDir = path.join(dir, 'public')
    dataDir = path.join(dir, 'data')
    for (const file of ['products/snk-0001.svg', 'products/snk-0002.svg', 'banners/banner-1.svg', 'cities/osaka.svg', 'categories/snacks.svg', 'subscribe/box-1.svg']) {
      await mkdir(path.dirname(path.join(publicDir, 'images', file)), { recursive: true })
      await cp(path.join(SEED, file), path.join(publicDir, 'images', file))
    }
    shop = await startShop({ kind: 'pglite' }, { catalogue: smallCatalogue(), env: { PUBLIC_DIR: publicDir, DATA_DIR: dataDir } })

    // a landscape photo, imported the way the catalogue command does it
    await mkdir(path.join(dir, 'import', 'photos'), { recursive: true })
    await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 140, b: 60 } } })
      .jpeg()
      .toFile(path.join(dir, 'import', 'photos', 'matcha.jpg'))
    const read = await readLocalImages(
      { categories: [], cities: [], trend_groups: [], products: [productRecord('PHO-0001', { images: ['photos/matcha.jpg'] })] },
      path.join(dir, 'import'),
    )
    await importCatalogue(shop.database.db, read.file, read.images)
    photoPath = read.file.products[0]!.images[0]!
    const rows = await shop.database.db.select({ id: products.id, sku: products.sku }).from(products)
    productIds = Object.fromEntries(rows.map((r) => [r.sku, r.id]))
  })
  afterAll(async () => {
    await shop?.close()
    await rm(dir, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string> = {}) => shop.request(url, { headers })
  const pictureOf = async (res: Response) => {
    const bytes = Buffer.from(await res.arrayBuffer())
    return { bytes, meta: await sharp(bytes).metadata() }
  }

  it('makes AVIF, WebP and JPEG derivatives of a built SVG at the preset ratio', async () => {
    const cases = [
      { url: derivativePath('/images/products/snk-0001.svg', 'product', 320, 'avif'), type: 'image/avif', format: 'heif', width: 320, height: 320 },
      { url: derivativePath('/images/products/snk-0001.svg', 'product', 160, 'webp'), type: 'image/webp', format: 'webp', width: 160, height: 160 },
      { url: derivativePath('/images/banners/banner-1.svg', 'banner', 640, 'jpeg'), type: 'image/jpeg', format: 'jpeg', width: 640, height: 240 },
      { url: derivativePath('/images/cities/osaka.svg', 'city', 480, 'webp'), type: 'image/webp', format: 'webp', width: 480, height: 360 },
    ]
    for (const c of cases) {
      const res = await get(c.url)
      expect(res.status, c.url).toBe(200)
      expect(res.headers.get('content-type')).toBe(c.type)
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
      // a built picture keeps its URL when a release redraws it: revalidated, not immutable
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800')
      const { meta } = await pictureOf(res)
      expect(meta, c.url).toMatchObject({ format: c.format, width: c.width, height: c.height })
      if (c.format === 'heif') expect(meta.compression).toBe('av1')
    }
  })

  it('never upscales: a width beyond the original gives the original size', async () => {
    // the product SVGs are 600×600, the category SVGs 300×300
    const big = await pictureOf(await get(derivativePath('/images/products/snk-0001.svg', 'product', 1280, 'jpeg')))
    expect(big.meta).toMatchObject({ width: 600, height: 600 })
    const category = await pictureOf(await get(derivativePath('/images/categories/snacks.svg', 'category', 320, 'webp')))
    expect(category.meta).toMatchObject({ width: 300, height: 300 })
    // a 900×600 photo in a square: contained, so 900 wide at most
    const photo = await pictureOf(await get(derivativePath(photoPath, 'product', 1280, 'webp')))
    expect(photo.meta).toMatchObject({ format: 'webp', width: 900, height: 900 })
  })

  it('answers 404 for widths, formats, presets and paths outside the scheme', async () => {
    const photo = photoPath.slice(1)
    for (const url of [
      '/img/product/500/images/products/snk-0001.svg.jpeg',
      '/img/category/1280/images/categories/snacks.svg.jpeg',
      '/img/product/320/images/products/snk-0001.svg.png',
      '/img/product/320/images/products/snk-0001.svg.gif',
      '/img/poster/320/images/products/snk-0001.svg.jpeg',
      '/img/product/320/images/products/missing.svg.jpeg',
      '/img/product/320/images/products/snk-0001.svg',
      '/img/product/320/images/%2e%2e/%2e%2e/package.json.jpeg',
      '/img/product/320/images/..%2f..%2fpackage.json.jpeg',
      '/img/product/320/images/products/..%2F..%2F..%2Fpublic%2Fimages%2Fproducts%2Fsnk-0001.svg.jpeg',
      '/img/product/320/etc/passwd.jpeg',
      '/img/product/320/images/u/0123456789abcdef0123456789abcdef.jpg.jpeg',
      `/img/product/320/${photo.replace('.jpg', '.png')}.jpeg`,
      '/images/u/0123456789abcdef0123456789abcdef.jpg',
      `/${photo.replace('.jpg', '.webp')}`,
      '/img/share/product/999999.jpg',
      `/img/share/product/${productIds['SNK-0003']}.jpg`,
      '/img/share/product/abc.jpg',
    ]) {
      const res = await get(url)
      expect(res.status, url).toBe(404)
      expect(res.headers.get('content-type') ?? '', url).not.toMatch(/^image\//)
    }
  })

  it('serves the second request from the disk cache and answers If-None-Match with 304', async () => {
    const url = derivativePath('/images/products/snk-0002.svg', 'product', 480, 'webp')
    const before = await filesUnder(path.join(dataDir, 'image-cache'))
    // identical requests at once render once: one file, the same bytes for all
    const first = await Promise.all([get(url), get(url), get(url)])
    const bodies = await Promise.all(first.map(async (res) => Buffer.from(await res.arrayBuffer())))
    expect(bodies.every((b) => b.equals(bodies[0]!))).toBe(true)
    const after = await filesUnder(path.join(dataDir, 'image-cache'))
    const added = after.filter((f) => !before.includes(f))
    expect(added).toHaveLength(1)
    expect(added.some((f) => f.endsWith('.tmp'))).toBe(false)

    // what is on disk is what is served: replace it and the next answer carries the replacement
    const marker = Buffer.from(await sharp({ create: { width: 480, height: 480, channels: 3, background: '#000' } }).webp().toBuffer())
    await writeFile(added[0]!, marker)
    const second = await get(url)
    expect(second.headers.get('etag')).toBe(first[0]!.headers.get('etag'))
    expect(Buffer.from(await second.arrayBuffer()).equals(marker)).toBe(true)

    const head = await shop.request(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(first[0]!.headers.get('etag'))

    const revalidated = await get(url, { 'if-none-match': first[0]!.headers.get('etag')! })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
  })

  it('gives a redrawn built picture a new entity tag', async () => {
    const url = derivativePath('/images/categories/snacks.svg', 'category', 160, 'jpeg')
    const before = await get(url)
    await writeFile(path.join(publicDir, 'images/categories/snacks.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#123456"/></svg>')
    const after = await get(url, { 'if-none-match': before.headers.get('etag')! })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
    const { meta, bytes } = await pictureOf(after)
    expect(meta).toMatchObject({ width: 160, height: 160 })
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
    expect([data[0], data[1], data[2]].map((v) => Math.round(v! / 8))).toEqual([0x12, 0x34, 0x56].map((v) => Math.round(v / 8)))
  })

  it('serves uploaded originals and their derivatives as immutable, from the content hash', async () => {
    expect(photoPath).toMatch(/^\/images\/u\/[0-9a-f]{32}\.jpg$/)
    const original = await get(photoPath)
    expect(original.status).toBe(200)
    expect(original.headers.get('content-type')).toBe('image/jpeg')
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await pictureOf(original)).meta).toMatchObject({ format: 'jpeg', width: 900, height: 600 })

    const sources = pictureSources(photoPath, 'product')
    for (const [format, type] of [['avif', 'heif'], ['webp', 'webp'], ['jpeg', 'jpeg']] as const) {
      const url = sources[format]!.split(', ')[2]!.split(' ')[0]!
      const res = await get(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect((await pictureOf(res)).meta, url).toMatchObject({ format: type, width: 480, height: 480 })
    }
    // contained on white: the corners of a landscape photo in a square are white, its middle green
    const { data, info } = await sharp((await pictureOf(await get(sources.fallback))).bytes).raw().toBuffer({ resolveWithObject: true })
    expect(info).toMatchObject({ width: 480, height: 480 })
    expect(data[0]).toBeGreaterThan(245)
    const middle = (240 * 480 + 240) * info.channels
    expect(data[middle + 1]).toBeGreaterThan(data[middle]! + 60)
  })

  it('makes 1200×630 JPEG share pictures of a product and of the site', async () => {
    for (const url of [shareImagePath({ kind: 'product', id: productIds['SNK-0001']! }), shareImagePath({ kind: 'product', id: productIds['PHO-0001']! }), shareImagePath({ kind: 'site' })]) {
      const res = await get(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/jpeg')
      expect((await pictureOf(res)).meta, url).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
      expect((await get(url, { 'if-none-match': res.headers.get('etag')! })).status).toBe(304)
    }
    await shop.database.db.update(products).set({ status: 'INACTIVE' }).where(eq(products.sku, 'SNK-0002'))
    expect((await get(shareImagePath({ kind: 'product', id: productIds['SNK-0002']! }))).status).toBe(404)
  })
})
