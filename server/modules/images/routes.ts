import { createHash } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { IMAGE_CONTENT_TYPES, parseDerivativePath } from '../../../contract/images'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'
import { closeDir } from '../../lib/private-files'
import { DiskCache, Limiter } from './disk-cache'
import { CONTENT_TYPES } from './inspect'
import { effectiveWidth, PIPELINE_VERSION, renderDerivative, renderShare } from './render'
import { ImageSources, type ImageSource } from './sources'

export interface ImageDeps {
  db: Db
  config: Pick<Config, 'dataDir' | 'publicDir'>
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
/** as server/static.ts gives the built pictures, whose URLs stay the same when a release redraws them */
const REVALIDATE = 'public, max-age=86400, stale-while-revalidate=604800'
/** a product's share picture follows its first picture, which the next import may change */
const SHARE = 'public, max-age=3600, stale-while-revalidate=86400'
/** the picture behind /img/share/site.jpg */
export const SITE_SHARE_SOURCE = '/images/banners/banner-1.svg'

const keyOf = (...parts: (string | number)[]) => createHash('sha256').update([`v${PIPELINE_VERSION}`, ...parts].join('|')).digest('hex').slice(0, 32)

const notFound = (c: Context) => c.text('Not Found', 404)

/** whether If-None-Match names this entity tag (a weak match is enough for GET) */
const matches = (header: string | undefined, etag: string) => header !== undefined && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')

async function send(c: Context, etag: string, cacheControl: string, contentType: string, body: () => Promise<Buffer>) {
  c.header('etag', etag)
  c.header('cache-control', cacheControl)
  if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304)
  const bytes = await body()
  c.header('content-type', contentType)
  return c.body(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>)
}

/**
 * The picture server: the photos the catalogue import stored (`/images/u/<hash>.<ext>`), their and
 * the built pictures' derivatives (`/img/<preset>/<width>/<site path>.<format>`, see
 * contract/images.ts) and the 1200×630 share pictures. Rendered files are kept under
 * DATA_DIR/image-cache; anything the scheme does not name is a plain 404.
 */
export function imageRoutes({ db, config }: ImageDeps) {
  const cache = new DiskCache(path.join(config.dataDir, 'image-cache'))
  // owner-only like the rest of DATA_DIR (decision 63): a cache an earlier version left open is closed at start
  void closeDir(cache.dir)
  // one picture at a time on a small machine: a burst of new pictures waits its turn rather than
  // taking every core from the API (libvips itself is already one thread per picture here)
  const renders = new Limiter(os.availableParallelism() > 2 ? 2 : 1)
  const sources = new ImageSources(db, config.publicDir, (hash, load) => cache.getOrMake(`${hash}.original`, load))

  const derivative = (source: ImageSource, preset: Parameters<typeof renderDerivative>[2], width: number, format: Parameters<typeof renderDerivative>[4]) => {
    const key = `${keyOf('derivative', source.hash, preset, width, format)}.${format}`
    return { etag: `"${key.slice(0, 32)}"`, bytes: () => cache.getOrMake(key, async () => renders.run(async () => renderDerivative(await source.read(), source, preset, width, format))) }
  }

  const share = (source: ImageSource, kind: 'product' | 'site') => {
    const key = `${keyOf('share', kind, source.hash)}.jpg`
    return { etag: `"${key.slice(0, 32)}"`, bytes: () => cache.getOrMake(key, async () => renders.run(async () => renderShare(await source.read(), source, kind))) }
  }

  const app = new Hono()

  app.get('/images/u/:file', async (c) => {
    const source = await sources.find(c.req.path)
    if (!source) return notFound(c)
    return send(c, `"${source.hash}"`, IMMUTABLE, CONTENT_TYPES[source.format], () => source.read())
  })

  app.get('/img/share/site.jpg', async (c) => {
    const source = await sources.find(SITE_SHARE_SOURCE)
    if (!source) return notFound(c)
    const picture = share(source, 'site')
    return send(c, picture.etag, SHARE, IMAGE_CONTENT_TYPES.jpeg, picture.bytes)
  })

  app.get('/img/share/product/:file', async (c) => {
    const id = /^([1-9]\d{0,8})\.jpg$/.exec(c.req.param('file'))?.[1]
    if (!id) return notFound(c)
    const [product] = await db.select({ images: products.images }).from(products).where(and(eq(products.id, Number(id)), eq(products.status, 'ACTIVE')))
    if (!product) return notFound(c)
    // a product whose first picture is hosted elsewhere is shared with the shop's own picture
    const own = product.images[0] ? await sources.find(product.images[0]) : undefined
    const source = own ?? (await sources.find(SITE_SHARE_SOURCE))
    if (!source) return notFound(c)
    const picture = share(source, own ? 'product' : 'site')
    return send(c, picture.etag, SHARE, IMAGE_CONTENT_TYPES.jpeg, picture.bytes)
  })

  app.get('/img/*', async (c) => {
    const request = parseDerivativePath(c.req.path)
    if (!request) return notFound(c)
    const source = await sources.find(request.source)
    if (!source) return notFound(c)
    const width = effectiveWidth(request.preset, request.width, source)
    const picture = derivative(source, request.preset, width, request.format)
    return send(c, picture.etag, source.contentAddressed ? IMMUTABLE : REVALIDATE, IMAGE_CONTENT_TYPES[request.format], picture.bytes)
  })

  return app
}
