/**
 * The picture URL scheme, shared by the `<Picture>` component and the image server so that the two
 * never disagree. Pure functions only: this runs in the browser, on the server and in the SSR pass.
 *
 * - an original: the site path the catalogue stores, `/images/products/drk-0001.svg` (built with
 *   the PWA) or `/images/u/<hash>.<ext>` (a photo the catalogue import put into the database)
 * - a derivative: `/img/<preset>/<width>/<original path without its first slash>.<format>`,
 *   e.g. `/img/product/480/images/u/3f…a1.jpg.avif`; made ahead of time by the server's picture
 *   queue for raster originals (photos) only: an SVG is served as it is (decision 65)
 * - a share picture (og:image): `/img/share/product/<id>.jpg`, `/img/share/site.jpg`
 */

/** Every width a derivative is made at: a fixed list, so requests cannot fill the disk with sizes. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

/** best first: the order of the `<source>` elements */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }

export interface ImagePreset {
  /** width : height of every derivative, so a page can reserve the box before the picture arrives */
  ratio: readonly [number, number]
  /** the widths offered in srcset (and the only ones the server makes for this preset) */
  widths: readonly ImageWidth[]
  /** contain: the whole picture on a white square (product shots); cover: cropped to the ratio from the centre */
  fit: 'contain' | 'cover'
  /** the width of the plain `<img src>` for browsers without srcset, and of the width/height attributes */
  fallbackWidth: ImageWidth
}

/** One preset per kind of catalogue picture; the ratios are those of the generated pictures (scripts/generate-images.ts). */
export const IMAGE_PRESETS = {
  product: { ratio: [1, 1], widths: [160, 320, 480, 640, 960, 1280], fit: 'contain', fallbackWidth: 480 },
  category: { ratio: [1, 1], widths: [160, 320], fit: 'cover', fallbackWidth: 160 },
  city: { ratio: [4, 3], widths: [320, 480, 640, 960], fit: 'cover', fallbackWidth: 480 },
  'trend-group': { ratio: [2, 1], widths: [320, 480, 640, 960, 1280], fit: 'cover', fallbackWidth: 640 },
  banner: { ratio: [8, 3], widths: [480, 640, 960, 1280, 1600], fit: 'cover', fallbackWidth: 960 },
  subscribe: { ratio: [8, 3], widths: [480, 640, 960, 1280, 1600], fit: 'cover', fallbackWidth: 960 },
} as const satisfies Record<string, ImagePreset>
export type ImagePresetName = keyof typeof IMAGE_PRESETS

export const SHARE_IMAGE_WIDTH = 1200
export const SHARE_IMAGE_HEIGHT = 630

/** what the catalogue import turns a photo's format into, and back */
export const UPLOADED_IMAGE_EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp', svg: 'svg' } as const
export type UploadedImageFormat = keyof typeof UPLOADED_IMAGE_EXTENSIONS

/** a content hash: the first 128 bits of SHA-256 in hex */
const HASH = /^[0-9a-f]{32}$/
const UPLOADED = /^\/images\/u\/([0-9a-f]{32})\.(jpg|png|webp|svg)$/
/** a picture under /images that the server can read: no dot segments, no encoded characters, no query */
const SITE_PICTURE = /^\/images\/(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:svg|png|jpe?g|webp)$/i

export const uploadedImagePath = (hash: string, format: UploadedImageFormat) => {
  if (!HASH.test(hash)) throw new Error(`not a content hash: ${hash}`)
  return `/images/u/${hash}.${UPLOADED_IMAGE_EXTENSIONS[format]}`
}

/** the hash and extension of a photo stored by the catalogue import, or undefined for any other path */
export function parseUploadedImagePath(src: string): { hash: string; extension: string } | undefined {
  const match = UPLOADED.exec(src)
  return match ? { hash: match[1]!, extension: match[2]! } : undefined
}

/** whether the picture is one the image server knows (https URLs and data: URLs it leaves alone) */
export const isProcessable = (src: string) => SITE_PICTURE.test(src) && !src.includes('..')

/**
 * An SVG is drawn by the browser, sharp at every width and smaller than any raster copy of it (the
 * seed's product pictures: 1.2 KB gzip against 3–6 KB as AVIF at card sizes), so pages show it as
 * it is: only raster pictures (photos) have derivatives (decision 65).
 */
export const isVectorPicture = (src: string) => /\.svg$/i.test(src)

/** whether the image server makes AVIF/WebP/JPEG derivatives of this picture: a raster one of its own */
export const hasDerivatives = (src: string) => isProcessable(src) && !isVectorPicture(src)

export const isImagePreset = (name: string): name is ImagePresetName => Object.hasOwn(IMAGE_PRESETS, name)

/** the height of a derivative of this width: exact for every width in the list */
export const presetHeight = (preset: ImagePresetName, width: number) => {
  const [w, h] = IMAGE_PRESETS[preset].ratio
  return Math.round((width * h) / w)
}

export const derivativePath = (src: string, preset: ImagePresetName, width: ImageWidth, format: ImageFormat) => `/img/${preset}/${width}${src}.${format}`

export interface DerivativeRequest {
  preset: ImagePresetName
  width: ImageWidth
  format: ImageFormat
  /** the original's site path, e.g. `/images/products/drk-0001.svg` */
  source: string
}

/**
 * The request a derivative URL stands for, or undefined when the server should answer 404. A URL
 * of this shape names a derivative that exists only when the catalogue uses the source with that
 * preset (the server checks); one of an SVG is an earlier release's, sent on to the SVG.
 */
export function parseDerivativePath(pathname: string): DerivativeRequest | undefined {
  const match = /^\/img\/([a-z-]+)\/([1-9]\d{0,3})(\/images\/.+)\.(avif|webp|jpeg)$/.exec(pathname)
  if (!match) return undefined
  const [, preset, widthText, source, format] = match as unknown as [string, string, string, string, ImageFormat]
  if (!isImagePreset(preset) || !isProcessable(source)) return undefined
  const width = Number(widthText)
  if (!(IMAGE_PRESETS[preset].widths as readonly number[]).includes(width)) return undefined
  return { preset, width: width as ImageWidth, format, source }
}

export interface PictureSources {
  /** srcset strings; undefined when the picture has no derivatives (an SVG, an https URL) */
  avif?: string
  webp?: string
  jpeg?: string
  /** the `<img src>`: a JPEG derivative, or the source itself when it has no derivatives */
  fallback: string
  /** the width and height attributes: the preset's ratio, so the page does not move when it loads */
  width: number
  height: number
}

/** Everything a `<picture>` needs for one catalogue picture in one preset. */
export function pictureSources(src: string, preset: ImagePresetName, largest?: number): PictureSources {
  const { widths: all, fallbackWidth } = IMAGE_PRESETS[preset]
  // a picture never drawn wider than `largest` device pixels lists no larger file (a shorter page)
  const widths = largest === undefined ? all : all.filter((w, i) => i === 0 || w <= largest || all[i - 1]! < largest)
  const size = { width: fallbackWidth, height: presetHeight(preset, fallbackWidth) }
  if (!hasDerivatives(src)) return { fallback: src, ...size }
  const srcset = (format: ImageFormat) => widths.map((w) => `${derivativePath(src, preset, w, format)} ${w}w`).join(', ')
  return { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpeg'), fallback: derivativePath(src, preset, fallbackWidth, 'jpeg'), ...size }
}

export type ShareImageTarget = { kind: 'product'; id: number } | { kind: 'site' }

/** the 1200×630 JPEG for og:image / twitter:image */
export const shareImagePath = (target: ShareImageTarget) => (target.kind === 'product' ? `/img/share/product/${target.id}.jpg` : '/img/share/site.jpg')

/** whether a picture's URL names its content, so it may be cached for good */
export const isContentAddressed = (src: string) => parseUploadedImagePath(src) !== undefined
