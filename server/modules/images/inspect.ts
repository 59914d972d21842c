import { createHash } from 'node:crypto'
import sharp from 'sharp'
import type { UploadedImageFormat } from '../../../contract/images'

/** larger than any sensible product photo straight off a camera, small enough to keep in a database row */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024
/** per side; and at most MAX_IMAGE_PIXELS in all, so a decompression bomb is refused before it is decoded */
export const MAX_IMAGE_SIDE = 12_000
export const MAX_IMAGE_PIXELS = 50_000_000

export const CONTENT_TYPES: Record<UploadedImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', svg: 'image/svg+xml' }

export interface InspectedImage {
  hash: string
  format: UploadedImageFormat
  content_type: string
  width: number
  height: number
  bytes: Buffer
}

export class ImageRefused extends Error {}

export const contentHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 32)

/**
 * What a picture file really is, read from its content (the file name may lie): JPEG, PNG, WebP or
 * SVG within the size limits, else ImageRefused with a reason a shop owner understands.
 */
export async function inspectImage(bytes: Buffer): Promise<InspectedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageRefused(`is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB; pictures may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`)
  if (bytes.byteLength === 0) throw new ImageRefused('is empty')
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>
  try {
    // limitInputPixels makes sharp refuse a bomb from its header, before decoding anything
    metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()
  } catch {
    throw new ImageRefused('is not a JPEG, PNG, WebP or SVG picture')
  }
  const format = metadata.format as string
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp' && format !== 'svg') throw new ImageRefused(`is a ${format} picture; only JPEG, PNG, WebP and SVG are accepted`)
  // a phone's portrait photo is stored sideways with an EXIF orientation: its size is the one it is shown at
  const { width, height } = metadata.autoOrient ?? metadata
  if (!width || !height) throw new ImageRefused('has no width and height')
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRefused(`is ${width}×${height} pixels; pictures may be at most ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`)
  }
  // decoding the whole picture finds a file that is cut short or corrupt after a good header
  try {
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).resize(16, 16, { fit: 'inside' }).raw().toBuffer()
  } catch {
    throw new ImageRefused(`is a damaged ${format} picture`)
  }
  return { hash: contentHash(bytes), format, content_type: CONTENT_TYPES[format], width, height, bytes }
}
