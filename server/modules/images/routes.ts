import { stat } from 'node:fs/promises'
import path from 'node:path'
import { Hono, type Context } from 'hono'
import { derivativePath, IMAGE_CONTENT_TYPES, isProcessable, isVectorPicture, parseDerivativePath, shareImagePath, type DerivativeRequest, type ImageFormat } from '../../../contract/images'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Logger } from '../../lib/logger'
import { closeDir } from '../../lib/private-files'
import { DiskCache } from './disk-cache'
import { CONTENT_TYPES } from './inspect'
import { derivativeKey, shareJobOf, type DerivativeJob, type PictureJob } from './plan'
import { PictureQueue } from './queue'
import { activeProductImages } from './repo'
import { effectiveWidth } from './render'
import { ImageSources } from './sources'

export interface ImageDeps {
  db: Db
  config: Pick<Config, 'dataDir' | 'publicDir'>
  logger: Logger
  /** the queue's options that tests change */
  queue?: { pollMs?: number; recheckMs?: number; shareDelayMs?: number }
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
/** as server/static.ts gives the built pictures, whose URLs stay the same when a release redraws them */
const REVALIDATE = 'public, max-age=86400, stale-while-revalidate=604800'
/** a product's share picture follows its first picture, which the next import may change */
const SHARE = 'public, max-age=3600, stale-while-revalidate=86400'
/** a picture the queue has not made yet is sent elsewhere for a minute: then the browser asks again */
const NOT_YET = 'public, max-age=60'
/** an earlier release's URL of a derivative of an SVG, which is now shown as it is */
const MOVED = 'public, max-age=86400'
/** the site's share picture the build makes (scripts/generate-images.ts) */
export const BUILT_SITE_SHARE = '/images/share/site.jpg'
/** how long a crawler's request for the site's share picture may wait for the queue's first file */
const SITE_WAIT_MS = 10_000

const notFound = (c: Context) => c.text('Not Found', 404)

/** whether If-None-Match names this entity tag (a weak match is enough for GET) */
const matches = (header: string | undefined, etag: string) => header !== undefined && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')

function send(c: Context, etag: string, cacheControl: string, contentType: string, bytes: Uint8Array) {
  c.header('etag', etag)
  c.header('cache-control', cacheControl)
  if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304)
  c.header('content-type', contentType)
  return c.body(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>)
}

function redirect(c: Context, to: string, cacheControl: string, status: 301 | 302 = 302) {
  c.header('cache-control', cacheControl)
  return c.redirect(to, status)
}

/** the formats a browser that asked for `format` shows: every one that asks for AVIF shows WebP and JPEG */
const SHOWN: Record<ImageFormat, ImageFormat[]> = { avif: ['avif', 'webp', 'jpeg'], webp: ['webp', 'jpeg'], jpeg: ['jpeg'] }

/**
 * A made file to show instead of one not made yet: in the best format the browser shows, the
 * nearest width at or above the one asked for, else the widest below; undefined when none is made.
 */
function standIn(queue: PictureQueue, siblings: DerivativeJob[], width: number, format: ImageFormat) {
  for (const shown of SHOWN[format]) {
    const made = siblings.filter((job) => job.format === shown && queue.isMade(job.key)).sort((a, b) => a.width - b.width)
    const pick = made.find((job) => job.width >= width) ?? made.at(-1)
    if (pick) return pick
  }
  return undefined
}

/**
 * The picture server: the photos the catalogue import stored (`/images/u/<hash>.<ext>`), the
 * derivatives of the catalogue's raster pictures and the 1200×630 share pictures, all made ahead of
 * time by the picture queue (queue.ts) and read here from DATA_DIR/image-cache. A request never
 * encodes: a URL the catalogue does not need is a 404, and one the queue has not made yet is sent
 * to a made neighbour or the original for a minute (decision 65).
 */
export function imageRoutes({ db, config, logger, queue: queueOptions }: ImageDeps) {
  const cache = new DiskCache(path.join(config.dataDir, 'image-cache'))
  // owner-only like the rest of DATA_DIR (decision 63): a cache an earlier version left open is closed at start
  void closeDir(cache.dir)
  const sources = new ImageSources(db, config.publicDir, (hash, load) => cache.fileOf(`${hash}.original`, load))
  const builtSiteShare = path.join(config.publicDir, BUILT_SITE_SHARE)
  const siteShareBuilt = async () => (await stat(builtSiteShare).catch(() => undefined))?.isFile() ?? false
  const queue = new PictureQueue({ db, cache, sources, logger, siteShareBuilt, ...queueOptions })

  /** the made file of a job, or undefined when it is not (or no longer) on disk */
  const made = async (job: PictureJob) => {
    if (!queue.isMade(job.key)) return undefined
    const bytes = await cache.read(job.key)
    if (!bytes) queue.lost(job)
    return bytes
  }

  const sendJob = async (c: Context, job: PictureJob, cacheControl: string, contentType: string) => {
    const bytes = await made(job)
    return bytes ? send(c, `"${job.key.slice(0, 32)}"`, cacheControl, contentType, bytes) : undefined
  }

  const siteShare = async (c: Context) => {
    const built = await sources.find(BUILT_SITE_SHARE)
    if (built) return send(c, `"${built.hash}"`, SHARE, IMAGE_CONTENT_TYPES.jpeg, await built.read())
    const job = (await queue.plan()).site
    if (!job) return notFound(c)
    // the queue's first file after a start without a built one: worth a crawler's short wait
    if (!queue.isMade(job.key) && queue.running) {
      queue.promote(job.key)
      await queue.whenMade(job.key, SITE_WAIT_MS)
    }
    const answer = await sendJob(c, job, SHARE, IMAGE_CONTENT_TYPES.jpeg)
    if (answer) return answer
    c.header('retry-after', '10')
    return c.text('Service Unavailable', 503)
  }

  const derivative = async (c: Context, request: DerivativeRequest) => {
    if (isVectorPicture(request.source)) {
      // an earlier release listed derivatives of SVGs; the SVG itself is the picture now
      const source = await sources.find(request.source)
      return source ? redirect(c, request.source, MOVED, 301) : notFound(c)
    }
    let plan = await queue.plan()
    if (!plan.photos.has(request.source)) {
      await queue.refresh()
      plan = await queue.plan()
    }
    const photo = plan.photos.get(request.source)
    if (!photo?.presets.has(request.preset)) return notFound(c)
    const { source } = photo
    const job = plan.byKey.get(derivativeKey(source.hash, request.preset, effectiveWidth(request.preset, request.width, source), request.format))
    if (job?.kind !== 'derivative') return notFound(c)
    const answer = await sendJob(c, job, source.contentAddressed ? IMMUTABLE : REVALIDATE, IMAGE_CONTENT_TYPES[request.format])
    if (answer) return answer
    queue.promote(job.key)
    const other = standIn(queue, plan.siblings.get(`${request.source}|${request.preset}`) ?? [], job.width, request.format)
    return redirect(c, other ? derivativePath(request.source, request.preset, other.urlWidth, other.format) : request.source, NOT_YET)
  }

  const app = new Hono()

  app.get('/images/u/:file', async (c) => {
    const source = await sources.find(c.req.path)
    if (!source) return notFound(c)
    return send(c, `"${source.hash}"`, IMMUTABLE, CONTENT_TYPES[source.format], await source.read())
  })

  app.get('/img/share/site.jpg', siteShare)

  app.get('/img/share/product/:file', async (c) => {
    const id = /^([1-9]\d{0,8})\.jpg$/.exec(c.req.param('file'))?.[1]
    if (!id) return notFound(c)
    const product = await activeProductImages(db, Number(id))
    if (!product) return notFound(c)
    const first = product.images[0]
    const job = first && isProcessable(first) ? await shareJobOf(sources, first) : undefined
    const bytes = job ? await cache.read(job.key) : undefined
    if (job && bytes) return send(c, `"${job.key.slice(0, 32)}"`, SHARE, IMAGE_CONTENT_TYPES.jpeg, bytes)
    // not made yet (the queue makes them once the shop has run a while), or a product whose first
    // picture is hosted elsewhere: the site's picture
    return redirect(c, shareImagePath({ kind: 'site' }), job ? NOT_YET : SHARE)
  })

  app.get('/img/*', async (c) => {
    const request = parseDerivativePath(c.req.path)
    return request ? derivative(c, request) : notFound(c)
  })

  return { routes: app, queue }
}
