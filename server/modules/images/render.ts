import sharp from 'sharp'
import { IMAGE_PRESETS, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, presetHeight, type ImageFormat, type ImagePresetName } from '../../../contract/images'
import { MAX_IMAGE_PIXELS } from './inspect'

/** change when the pipeline's output changes: it is part of every cache key, so old files are not served again */
export const PIPELINE_VERSION = 2

export interface SourceSize {
  format: string
  width: number
  height: number
}

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 }

/**
 * The width a derivative is really made at: never wider than the original allows. `contain`
 * (a whole product on a square) upscales only when both sides are smaller than the box; `cover`
 * upscales when either is.
 */
export function effectiveWidth(preset: ImagePresetName, requested: number, source: SourceSize) {
  const [rw, rh] = IMAGE_PRESETS[preset].ratio
  const widthFromHeight = (source.height * rw) / rh
  const limit = IMAGE_PRESETS[preset].fit === 'contain' ? Math.max(source.width, widthFromHeight) : Math.min(source.width, widthFromHeight)
  return Math.max(1, Math.min(requested, Math.floor(limit)))
}

/**
 * An SVG is rasterised at the size it is needed (librsvg draws at `density` dots per inch, 72 being
 * its own size), rather than at its own size and then resized: sharper, and far less work for a
 * 1600-pixel banner turned into a 320-pixel thumbnail.
 */
function open(input: Buffer, source: SourceSize, scale: number) {
  const density = source.format === 'svg' ? Math.min(2400, Math.max(1, 72 * scale)) : undefined
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, ...(density ? { density } : {}) }).autoOrient()
}

function encode(image: ReturnType<typeof sharp>, format: ImageFormat) {
  // effort 2 for AVIF: the default (4) took several times as long for a barely smaller file
  if (format === 'avif') return image.avif({ quality: 55, effort: 2 })
  if (format === 'webp') return image.webp({ quality: 78 })
  return image.jpeg({ quality: 80, mozjpeg: true })
}

/** One derivative: exactly `width` × the preset's height (width already clamped by effectiveWidth). */
export async function renderDerivative(input: Buffer, source: SourceSize, preset: ImagePresetName, width: number, format: ImageFormat) {
  const height = Math.max(1, presetHeight(preset, width))
  const fit = IMAGE_PRESETS[preset].fit
  const scale = fit === 'contain' ? Math.min(width / source.width, height / source.height) : Math.max(width / source.width, height / source.height)
  const image = open(input, source, scale)
    .resize(width, height, { fit, position: 'centre', background: WHITE })
    // transparent PNG/WebP/SVG parts become white, as on the product pages' white cards
    .flatten({ background: WHITE })
  return encode(image, format).toBuffer()
}

const BRAND = '#d92c44'

/** the branded backdrop of a product's share picture: the shop's red with soft circles */
const backdropSvg = () =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}">` +
      `<defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${BRAND}"/><stop offset="1" stop-color="#f08a4b"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>` +
      `<circle cx="130" cy="90" r="190" fill="#fff" opacity="0.1"/><circle cx="1090" cy="560" r="230" fill="#fff" opacity="0.1"/>` +
      `<rect x="315" y="20" width="570" height="590" rx="36" fill="#fff"/></svg>`,
  )

let backdropPixels: Promise<{ data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } }> | undefined
/** drawn once per process: a third of each share picture's work */
const backdrop = () => (backdropPixels ??= sharp(backdropSvg()).flatten({ background: WHITE }).raw().toBuffer({ resolveWithObject: true }))

/**
 * Share pictures are fetched by link-preview crawlers, not by shoppers: plain libjpeg at 85 makes
 * one in half the time of mozjpeg for a file a sixth larger (about 31 KB instead of 26 KB).
 */
const shareJpeg = (image: ReturnType<typeof sharp>) => image.jpeg({ quality: 85 }).toBuffer()

/** 1200×630 JPEG for og:image: a product's picture on the shop's colours, or (no product) a banner cropped to fit. */
export async function renderShare(input: Buffer, source: SourceSize, kind: 'product' | 'site') {
  if (kind === 'site') {
    const scale = Math.max(SHARE_IMAGE_WIDTH / source.width, SHARE_IMAGE_HEIGHT / source.height)
    return shareJpeg(open(input, source, scale).resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover', position: 'centre' }).flatten({ background: WHITE }))
  }
  const box = 530
  const scale = Math.min(1, box / source.width, box / source.height)
  const picture = await open(input, source, scale)
    .resize(box, box, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: WHITE })
    .png({ compressionLevel: 0 })
    .toBuffer()
  const { data, info } = await backdrop()
  return shareJpeg(sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).composite([{ input: picture, gravity: 'centre' }]))
}
