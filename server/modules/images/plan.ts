import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { hasDerivatives, IMAGE_FORMATS, IMAGE_PRESETS, isProcessable, type ImageFormat, type ImagePresetName, type ImageWidth } from '../../../contract/images'
import type { Db } from '../../db/client'
import { cities, images, products, trendGroups } from '../../db/schema'
import { effectiveWidth, PIPELINE_VERSION } from './render'
import type { ImageSource, ImageSources } from './sources'

/** the picture behind /img/share/site.jpg when the build has no public/images/share/site.jpg */
export const SITE_SHARE_SOURCE = '/images/banners/banner-1.svg'

const keyOf = (...parts: (string | number)[]) => createHash('sha256').update([`v${PIPELINE_VERSION}`, ...parts].join('|')).digest('hex').slice(0, 32)

export const derivativeKey = (hash: string, preset: ImagePresetName, width: number, format: ImageFormat) => `${keyOf('derivative', hash, preset, width, format)}.${format}`
export const shareKey = (hash: string, kind: 'product' | 'site') => `${keyOf('share', kind, hash)}.jpg`

export interface DerivativeJob {
  kind: 'derivative'
  key: string
  /** the catalogue's site path of the original */
  src: string
  source: ImageSource
  preset: ImagePresetName
  /** the width it is made at (never wider than the original allows) */
  width: number
  /** the smallest width of the preset's list whose URL this file answers */
  urlWidth: ImageWidth
  format: ImageFormat
}

export interface ShareJob {
  kind: 'share'
  key: string
  source: ImageSource
  share: 'product' | 'site'
}

export type PictureJob = DerivativeJob | ShareJob

/** Which preset pages draw each catalogue field's pictures with (src/ui/picture.tsx's callers). */
const PRESET_OF = { product: 'product', city: 'city', trendGroup: 'trend-group' } as const satisfies Record<string, ImagePresetName>

/**
 * The order the queue makes a photo's files in, first to last: the JPEG every browser shows at the
 * width pages name in `<img src>`, then WebP (quick, and what a browser that asks for AVIF can be
 * sent meanwhile), then AVIF; small widths before large. Every photo gets its first files before
 * any photo gets its last, so a fresh import soon has something near the right size to show.
 */
function tier(job: DerivativeJob) {
  const { fallbackWidth, widths } = IMAGE_PRESETS[job.preset]
  if (job.format === 'jpeg' && job.urlWidth === fallbackWidth) return 0
  const step = (widths as readonly number[]).indexOf(job.urlWidth)
  return 1 + ({ webp: 0, avif: 1, jpeg: 2 } as const)[job.format] * 10 + step
}

export interface PicturePlan {
  /** the catalogue's state this plan was made from (see catalogueVersion) */
  version: string
  /** every file the catalogue needs, in the order to make them */
  jobs: PictureJob[]
  byKey: Map<string, PictureJob>
  /** the raster originals the catalogue uses, by site path, with the presets it draws them with */
  photos: Map<string, { source: ImageSource; presets: Set<ImagePresetName> }>
  /** each photo's derivatives in one preset, `${src}|${preset}`: what a redirect can pick from */
  siblings: Map<string, DerivativeJob[]>
  /** the first picture of each product on sale: its share picture's source (see planShares) */
  firstPictures: string[]
  /** the site's share picture, when the build did not make it */
  site?: ShareJob
}

/** Changes whenever an import (or anything else) writes a product, city, trend group or photo. */
export async function catalogueVersion(db: Db) {
  const [row] = await db
    .select({
      products: sql<number>`(select count(*) from ${products})::int`,
      photos: sql<number>`(select count(*) from ${images})::int`,
      changed: sql<string>`greatest((select max(${products.updated_at}) from ${products}), (select max(${cities.updated_at}) from ${cities}), (select max(${trendGroups.updated_at}) from ${trendGroups}))`,
    })
    .from(sql`(select 1) as one`)
  return `${row?.products ?? 0}/${row?.photos ?? 0}@${row?.changed ? new Date(row.changed).toISOString() : 'none'}`
}

/**
 * The picture files pages need: each raster photo in each preset pages draw it with, at each width
 * of the preset and in each format (and the site's share picture, when the build did not make it).
 * SVGs need no derivatives: pages show them as they are. Pictures of products no longer on sale are
 * kept: order lines and reviews still show them. Products' share pictures are planned apart, when
 * their time comes (planShares): finding their sources reads every built picture they are made of.
 */
export async function planPictures(db: Db, sources: ImageSources, options: { siteShareBuilt: boolean }): Promise<PicturePlan> {
  const version = await catalogueVersion(db)
  const productRows = await db.select({ id: products.id, status: products.status, images: products.images }).from(products).orderBy(products.id)
  const cityRows = await db.select({ picture: cities.picture }).from(cities).orderBy(cities.position, cities.id)
  const groupRows = await db.select({ picture: trendGroups.picture }).from(trendGroups).orderBy(trendGroups.position, trendGroups.id)

  const uses = new Map<string, Set<ImagePresetName>>()
  const use = (src: string, preset: ImagePresetName) => {
    if (!hasDerivatives(src)) return
    let presets = uses.get(src)
    if (!presets) uses.set(src, (presets = new Set()))
    presets.add(preset)
  }
  for (const row of productRows) for (const src of row.images) use(src, PRESET_OF.product)
  for (const row of cityRows) use(row.picture, PRESET_OF.city)
  for (const row of groupRows) use(row.picture, PRESET_OF.trendGroup)

  const stored = await sources.findStored(uses.keys())
  const find = async (src: string) => stored.get(src) ?? (src.startsWith('/images/u/') ? undefined : await sources.find(src))

  const photos: PicturePlan['photos'] = new Map()
  const siblings: PicturePlan['siblings'] = new Map()
  const derivatives: DerivativeJob[] = []
  const byKey = new Map<string, PictureJob>()
  for (const [src, presets] of uses) {
    const source = await find(src)
    if (!source) continue
    photos.set(src, { source, presets })
    for (const preset of presets) {
      const group: DerivativeJob[] = []
      for (const urlWidth of IMAGE_PRESETS[preset].widths) {
        const width = effectiveWidth(preset, urlWidth, source)
        for (const format of IMAGE_FORMATS) {
          const key = derivativeKey(source.hash, preset, width, format)
          const known = byKey.get(key)
          if (known) {
            if (!group.includes(known as DerivativeJob)) group.push(known as DerivativeJob)
            continue
          }
          const job: DerivativeJob = { kind: 'derivative', key, src, source, preset, width, urlWidth, format }
          byKey.set(key, job)
          derivatives.push(job)
          group.push(job)
        }
      }
      siblings.set(`${src}|${preset}`, group)
    }
  }
  // stable: photos keep catalogue order within a tier
  derivatives.sort((a, b) => tier(a) - tier(b))

  const firstPictures = [...new Set(productRows.map((row) => (row.status === 'ACTIVE' ? row.images[0] : undefined)).filter((src): src is string => !!src && isProcessable(src)))]

  let site: ShareJob | undefined
  if (!options.siteShareBuilt) {
    const source = await sources.find(SITE_SHARE_SOURCE)
    if (source) {
      site = { kind: 'share', key: shareKey(source.hash, 'site'), source, share: 'site' }
      byKey.set(site.key, site)
    }
  }
  return { version, jobs: [...(site ? [site] : []), ...derivatives], byKey, photos, siblings, firstPictures, site }
}

/** the share picture of a product whose first picture is this one; undefined for a picture the shop cannot read */
export async function shareJobOf(sources: ImageSources, src: string): Promise<ShareJob | undefined> {
  const source = await sources.find(src)
  return source ? { kind: 'share', key: shareKey(source.hash, 'product'), source, share: 'product' } : undefined
}

/** the share pictures of the plan's products on sale, one per distinct picture */
export async function planShares(plan: PicturePlan, sources: ImageSources): Promise<ShareJob[]> {
  const jobs = new Map<string, ShareJob>()
  for (const src of plan.firstPictures) {
    const job = await shareJobOf(sources, src)
    if (job && !jobs.has(job.key)) jobs.set(job.key, job)
  }
  return [...jobs.values()]
}
