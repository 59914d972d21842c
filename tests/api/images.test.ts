import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { derivativePath, IMAGE_FORMATS, IMAGE_PRESETS, pictureSources, shareImagePath } from '../../contract/images'
import { products } from '../../server/db/schema'
import { createLogger } from '../../server/lib/logger'
import { importCatalogue, readLocalImages } from '../../server/flows/catalogue-import/import'
import { imageRoutes } from '../../server/modules/images/routes'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { startShop, type TestShop } from './harness'

const SEED = path.resolve('public/images')
const HASH = /^\/images\/u\/[0-9a-f]{32}\.jpg$/

/** every file under a folder, recursively */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}
/** the files the queue made: derivatives and share pictures, not the originals it copied out of the database */
const madeFiles = async (dataDir: string) => (await filesUnder(path.join(dataDir, 'image-cache'))).filter((f) => /\.(avif|webp|jpeg|jpg)$/.test(f))

// Behaviour of the picture server and its queue over files and one table: PGlite alone is enough.
describe('the picture server', () => {
  let shop: TestShop
  let dir: string
  let publicDir: string
  let dataDir: string
  let photoPath: string
  let productIds: Record<string, number>
  let pictures: ReturnType<typeof imageRoutes>

  /** a photo imported the way the catalogue command does it */
  async function importPhoto(sku: string, colour: { r: number; g: number; b: number }) {
    const folder = path.join(dir, 'import', sku)
    await mkdir(path.join(folder, 'photos'), { recursive: true })
    await sharp({ create: { width: 900, height: 600, channels: 3, background: colour } }).jpeg().toFile(path.join(folder, 'photos', 'photo.jpg'))
    const read = await readLocalImages({ categories: [], cities: [], trend_groups: [], products: [productRecord(sku, { images: ['photos/photo.jpg'] })] }, folder)
    await importCatalogue(shop.database.db, read.file, read.images)
    const rows = await shop.database.db.select({ id: products.id, sku: products.sku }).from(products)
    productIds = Object.fromEntries(rows.map((r) => [r.sku, r.id]))
    return read.file.products[0]!.images[0]!
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-images-'))
    publicDir = path.join(dir, 'public')
    dataDir = path.join(dir, 'data')
    for (const file of ['products/snk-0001.svg', 'products/snk-0002.svg', 'banners/banner-1.svg', 'cities/osaka.svg']) {
      await mkdir(path.dirname(path.join(publicDir, 'images', file)), { recursive: true })
      await cp(path.join(SEED, file), path.join(publicDir, 'images', file))
    }
    shop = await startShop({ kind: 'pglite' }, { catalogue: smallCatalogue(), env: { PUBLIC_DIR: publicDir, DATA_DIR: dataDir } })
    photoPath = await importPhoto('PHO-0001', { r: 40, g: 140, b: 60 })
    // the routes and queue the app builds, held here to start, stop and count
    pictures = imageRoutes({ db: shop.database.db, config: { dataDir, publicDir }, logger: createLogger('silent'), queue: { recheckMs: 0, shareDelayMs: 0 } })
  })
  afterAll(async () => {
    await pictures?.queue.stop()
    await shop?.close()
    await rm(dir, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string> = {}) => Promise.resolve(pictures.routes.request(url, { headers }))
  const pictureOf = async (res: Response) => {
    const bytes = Buffer.from(await res.arrayBuffer())
    return { bytes, meta: await sharp(bytes).metadata() }
  }
  /** what a browser ends up with: redirects followed, built files from the app's static site */
  const resolve = async (url: string) => {
    const fetchOne = (at: string) => (at.startsWith('/img/') || at.startsWith('/images/u/') ? get(at) : shop.request(at))
    let res = await fetchOne(url)
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 3; hops++) res = await fetchOne(res.headers.get('location')!)
    return res
  }
  /** every URL a `<picture>` of this picture lists: srcset entries and the fallback */
  const urlsOf = (src: string, largest?: number) => {
    const sources = pictureSources(src, 'product', largest)
    const listed = IMAGE_FORMATS.flatMap((format) => (sources[format] ?? '').split(', ').filter(Boolean).map((entry) => entry.split(' ')[0]!))
    return [...new Set([...listed, sources.fallback])]
  }

  it('shows an SVG as it is, and sends an earlier release’s derivative URL of one to the SVG', async () => {
    expect(pictureSources('/images/products/snk-0001.svg', 'product')).toEqual({ fallback: '/images/products/snk-0001.svg', width: 480, height: 480 })
    const moved = await get(derivativePath('/images/products/snk-0001.svg', 'product', 320, 'avif'))
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/images/products/snk-0001.svg')
    expect((await get('/img/product/320/images/products/missing.svg.avif')).status).toBe(404)
  })

  it('answers 404 for derivatives the catalogue does not need, and encodes nothing for any request', async () => {
    const photo = photoPath.slice(1)
    const strangers = [
      // a preset the photo is not used with, a width its preset does not list, a format outside the scheme
      `/img/city/480/${photo}.webp`,
      `/img/banner/960/${photo}.avif`,
      `/img/product/500/${photo}.jpeg`,
      `/img/product/1600/${photo}.jpeg`,
      `/img/product/320/${photo}.png`,
      // pictures that are not the catalogue's
      '/img/product/320/images/u/0123456789abcdef0123456789abcdef.jpg.jpeg',
      `/img/product/320/${photo.replace('.jpg', '.png')}.jpeg`,
      '/img/product/320/images/products/missing.png.jpeg',
      '/img/poster/320/images/products/snk-0001.svg.jpeg',
      '/img/product/320/images/%2e%2e/%2e%2e/package.json.jpeg',
      '/img/product/320/images/..%2f..%2fpackage.json.jpeg',
      '/img/product/320/etc/passwd.jpeg',
      '/images/u/0123456789abcdef0123456789abcdef.jpg',
      `/${photo.replace('.jpg', '.webp')}`,
      '/img/share/product/999999.jpg',
      `/img/share/product/${productIds['SNK-0003']}.jpg`,
      '/img/share/product/abc.jpg',
      '/img/nothing',
    ]
    // and a flood of new ones, as anyone can write them
    for (let i = 0; i < 200; i++) {
      const hash = (i * 7919).toString(16).padStart(32, '0')
      strangers.push(derivativePath(`/images/u/${hash}.jpg`, 'product', IMAGE_PRESETS.product.widths[i % 6]!, IMAGE_FORMATS[i % 3]!))
    }
    const answers = await Promise.all(strangers.map(async (url) => ({ url, res: await get(url) })))
    for (const { url, res } of answers) {
      expect(res.status, url).toBe(404)
      expect(res.headers.get('content-type') ?? '', url).not.toMatch(/^image\//)
    }
    expect(pictures.queue.stats.encoded).toBe(0)
    expect(await madeFiles(dataDir)).toEqual([])
  })

  it('lets a page show a photo the queue has not made yet: the original, for a minute', async () => {
    const url = derivativePath(photoPath, 'product', 480, 'avif')
    const res = await get(url)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(photoPath)
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
    const shown = await resolve(url)
    expect(shown.status).toBe(200)
    expect((await pictureOf(shown)).meta).toMatchObject({ format: 'jpeg', width: 900, height: 600 })
    // a product's share picture meanwhile is the site's
    const share = await get(shareImagePath({ kind: 'product', id: productIds['PHO-0001']! }))
    expect(share.status).toBe(302)
    expect(share.headers.get('location')).toBe('/img/share/site.jpg')
    expect(pictures.queue.stats.encoded).toBe(0)
    expect(await madeFiles(dataDir)).toEqual([])
  })

  it('makes every file the catalogue needs ahead of time, and serves them from disk without encoding', { timeout: 180_000 }, async () => {
    await pictures.queue.start()
    await pictures.queue.idle()
    const plan = await pictures.queue.plan()
    // the photo: 160–640 and its own 900 (960 and 1280 would upscale it), three formats; a share picture per
    // product on sale whose picture is there (SNK-0001, SNK-0002, PHO-0001), and the site's (no built one here)
    const all = [...plan.byKey.values()]
    expect(all.filter((job) => job.kind === 'derivative')).toHaveLength(15)
    expect(all.filter((job) => job.kind === 'share').map((job) => (job.kind === 'share' ? job.share : '')).sort()).toEqual(['product', 'product', 'product', 'site'])
    expect(pictures.queue.stats.encoded).toBe(all.length)
    expect(await madeFiles(dataDir)).toHaveLength(all.length)

    const sources = pictureSources(photoPath, 'product')
    for (const [format, type] of [['avif', 'heif'], ['webp', 'webp'], ['jpeg', 'jpeg']] as const) {
      const url = sources[format]!.split(', ')[2]!.split(' ')[0]!
      const res = await get(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect((await pictureOf(res)).meta, url).toMatchObject({ format: type, width: 480, height: 480 })
      expect((await get(url, { 'if-none-match': res.headers.get('etag')! })).status).toBe(304)
    }
    // never upscaled: 1280 asked, the photo's 900 made
    expect((await pictureOf(await get(derivativePath(photoPath, 'product', 1280, 'webp')))).meta).toMatchObject({ width: 900, height: 900 })
    // contained on white: the corners of a landscape photo in a square are white, its middle green
    const { data, info } = await sharp((await pictureOf(await get(sources.fallback))).bytes).raw().toBuffer({ resolveWithObject: true })
    expect(info).toMatchObject({ width: 480, height: 480 })
    expect(data[0]).toBeGreaterThan(245)
    const middle = (240 * 480 + 240) * info.channels
    expect(data[middle + 1]).toBeGreaterThan(data[middle]! + 60)

    for (const url of [shareImagePath({ kind: 'product', id: productIds['SNK-0001']! }), shareImagePath({ kind: 'product', id: productIds['PHO-0001']! }), shareImagePath({ kind: 'site' })]) {
      const res = await get(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/jpeg')
      expect((await pictureOf(res)).meta, url).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
      expect((await get(url, { 'if-none-match': res.headers.get('etag')! })).status).toBe(304)
    }
    // the app's own routes read the same disk
    expect((await shop.request(derivativePath(photoPath, 'product', 320, 'webp'))).status).toBe(200)
    expect(pictures.queue.stats.encoded).toBe(all.length)
  })

  it('resolves every picture URL of a product card and of the product page, SVG or photo', async () => {
    for (const src of ['/images/products/snk-0001.svg', photoPath]) {
      // the card lists no file wider than 640 device pixels; the gallery lists them all
      for (const url of [...urlsOf(src, 640), ...urlsOf(src)]) {
        const res = await resolve(url)
        expect(res.status, url).toBe(200)
        expect(res.headers.get('content-type'), url).toMatch(/^image\/(avif|webp|jpeg|svg\+xml)(;|$)/)
      }
    }
    expect(urlsOf('/images/products/snk-0001.svg')).toEqual(['/images/products/snk-0001.svg'])
  })

  it('makes the pictures of a photo imported while it runs, then serves them from disk', { timeout: 180_000 }, async () => {
    const before = pictures.queue.stats.encoded
    const newPhoto = await importPhoto('PHO-0002', { r: 200, g: 40, b: 40 })
    expect(newPhoto).toMatch(HASH)
    // the first request for it finds the catalogue changed (a running queue also looks every 10 s)
    const first = await get(derivativePath(newPhoto, 'product', 320, 'webp'))
    expect([200, 302]).toContain(first.status)
    await pictures.queue.idle()
    expect(pictures.queue.stats.encoded - before).toBe(15 + 1)
    const res = await get(derivativePath(newPhoto, 'product', 320, 'webp'))
    expect(res.status).toBe(200)
    expect((await pictureOf(res)).meta).toMatchObject({ format: 'webp', width: 320, height: 320 })
    expect((await get(shareImagePath({ kind: 'product', id: productIds['PHO-0002']! }))).status).toBe(200)
    expect(pictures.queue.stats.encoded - before).toBe(16)
  })

  it('takes a product off sale: its share picture is gone, its photo stays for order lines', async () => {
    await shop.database.db.update(products).set({ status: 'INACTIVE', updated_at: new Date() }).where(eq(products.sku, 'PHO-0001'))
    await pictures.queue.refresh()
    expect((await get(shareImagePath({ kind: 'product', id: productIds['PHO-0001']! }))).status).toBe(404)
    expect((await get(derivativePath(photoPath, 'product', 160, 'jpeg'))).status).toBe(200)
  })

  it('leaves products’ share pictures until the shop has run a while: a fresh start makes only what pages show', async () => {
    const freshDir = path.join(dir, 'fresh')
    const fresh = imageRoutes({ db: shop.database.db, config: { dataDir: freshDir, publicDir }, logger: createLogger('silent'), queue: { shareDelayMs: 60_000 } })
    await fresh.queue.start()
    await fresh.queue.idle()
    await fresh.queue.stop()
    const plan = await fresh.queue.plan()
    const derivatives = plan.jobs.filter((job) => job.kind === 'derivative').length
    // the photos' derivatives and the site's picture (this public folder has no built one)
    expect(fresh.queue.stats.encoded).toBe(derivatives + 1)
    expect(fresh.queue.pendingCount).toBe(0)
    expect(plan.firstPictures.length).toBeGreaterThan(0)
    const share = await fresh.routes.request(shareImagePath({ kind: 'product', id: productIds['PHO-0002']! }))
    expect(share.status).toBe(302)
    expect(share.headers.get('location')).toBe('/img/share/site.jpg')
  })

  it('resumes after a crash: what is on disk stays made, the rest is made by the next start', async () => {
    const crashDir = path.join(dir, 'crash')
    const options = { db: shop.database.db, config: { dataDir: crashDir, publicDir }, logger: createLogger('silent'), queue: { shareDelayMs: 0 } }
    const first = imageRoutes(options)
    void first.queue.start()
    const total = (await first.queue.plan()).jobs.length
    while (first.queue.stats.encoded < 4) await new Promise((resolve) => setTimeout(resolve, 10))
    // the encoder dies mid-way, and the shop with it
    process.kill(first.queue.encoder.pid!, 'SIGKILL')
    await first.queue.stop()
    const made = (await madeFiles(crashDir)).length
    expect(made).toBeGreaterThanOrEqual(4)
    expect(made).toBeLessThan(total)

    const second = imageRoutes(options)
    // meanwhile a page asking for a file not made yet gets a made neighbour
    const plan = await second.queue.plan()
    const waiting = plan.jobs.find((job) => job.kind === 'derivative' && job.format === 'avif' && !second.queue.isMade(job.key))
    if (waiting?.kind === 'derivative') {
      const res = await second.routes.request(derivativePath(waiting.src, waiting.preset, waiting.urlWidth, 'avif'))
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toMatch(/\.(jpeg|webp)$/)
    }
    await second.queue.start()
    await second.queue.idle()
    await second.queue.stop()
    // everything, products' share pictures included
    const everything = (await second.queue.plan()).byKey.size
    expect(everything).toBeGreaterThan(total)
    expect(second.queue.stats.encoded).toBe(everything - made)
    const files = await filesUnder(path.join(crashDir, 'image-cache'))
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([])
    expect(await madeFiles(crashDir)).toHaveLength(everything)
  })
})
