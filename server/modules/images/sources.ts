import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { isProcessable, parseUploadedImagePath, UPLOADED_IMAGE_EXTENSIONS, type UploadedImageFormat } from '../../../contract/images'
import type { Db } from '../../db/client'
import { contentHash, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from './inspect'
import { findImageBytes, findImageInfo, findImageInfos } from './repo'

/** An original picture the server can make derivatives of. */
export interface ImageSource {
  /** content hash: part of every cache key, so changed content never meets an old derivative */
  hash: string
  format: UploadedImageFormat
  width: number
  height: number
  /** the URL names the content (an uploaded photo): its derivatives may be cached for good */
  contentAddressed: boolean
  /** a file on this server's disk holding the picture (a stored photo is copied out of the database once) */
  file(): Promise<string>
  read(): Promise<Buffer>
}

const FORMAT_OF_TYPE: Record<string, UploadedImageFormat> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/svg+xml': 'svg' }
/** metadata kept in memory; far more than the shop's pictures, small enough not to matter */
const MEMO_LIMIT = 50_000

/**
 * Finds originals by site path: the pictures built with the PWA under PUBLIC_DIR/images, and the
 * photos in the `images` table (`/images/u/<hash>.<ext>`). Metadata is remembered: a built file
 * until its size or time changes, a stored photo for good (its content never changes).
 */
export class ImageSources {
  readonly #files = new Map<string, { mtimeMs: number; size: number; source: ImageSource }>()
  readonly #stored = new Map<string, ImageSource>()
  readonly #imagesDir: string

  constructor(
    private readonly db: Db,
    publicDir: string,
    /** where the originals read from the database are kept, so each is fetched once per server */
    private readonly storedFile: (hash: string, load: () => Promise<Uint8Array>) => Promise<string>,
  ) {
    this.#imagesDir = path.join(publicDir, 'images')
  }

  async find(src: string): Promise<ImageSource | undefined> {
    if (!isProcessable(src)) return undefined
    const uploaded = parseUploadedImagePath(src)
    if (uploaded) return this.#findStored(uploaded.hash, uploaded.extension)
    if (src.startsWith('/images/u/')) return undefined
    return this.#findFile(src)
  }

  /** the stored photos among these site paths, found with one query per thousand (the picture queue's plan) */
  async findStored(srcs: Iterable<string>): Promise<Map<string, ImageSource>> {
    const wanted = new Map<string, { hash: string; extension: string }>()
    for (const src of srcs) {
      const uploaded = parseUploadedImagePath(src)
      if (uploaded) wanted.set(src, uploaded)
    }
    const unknown = [...new Set([...wanted.values()].map((u) => u.hash).filter((hash) => !this.#stored.get(hash)))]
    for (let i = 0; i < unknown.length; i += 1000) {
      for (const info of await findImageInfos(this.db, unknown.slice(i, i + 1000))) this.#remember(info)
    }
    const found = new Map<string, ImageSource>()
    for (const [src, { hash, extension }] of wanted) {
      const source = this.#stored.get(hash)
      if (source && UPLOADED_IMAGE_EXTENSIONS[source.format] === extension) found.set(src, source)
    }
    return found
  }

  #remember(info: { hash: string; content_type: string; width: number; height: number }) {
    const format = FORMAT_OF_TYPE[info.content_type]
    if (!format) return undefined
    const { hash } = info
    const file = () =>
      this.storedFile(hash, async () => {
        const bytes = await findImageBytes(this.db, hash)
        if (!bytes) throw new Error(`image ${hash} disappeared`)
        return bytes
      })
    const source: ImageSource = { hash, format, width: info.width, height: info.height, contentAddressed: true, file, read: async () => readFile(await file()) }
    remember(this.#stored, hash, source)
    return source
  }

  async #findStored(hash: string, extension: string) {
    let source = this.#stored.get(hash)
    if (source === undefined) {
      const info = await findImageInfo(this.db, hash)
      // a miss is not remembered: the import may store the photo a moment later
      source = info ? this.#remember(info) : undefined
    }
    return source && UPLOADED_IMAGE_EXTENSIONS[source.format] === extension ? source : undefined
  }

  async #findFile(src: string) {
    const file = path.join(this.#imagesDir, src.slice('/images/'.length))
    // the contract's pattern already refuses dot segments; this is the belt to those braces
    if (!file.startsWith(this.#imagesDir + path.sep)) return undefined
    const stats = await stat(file).catch(() => undefined)
    if (!stats?.isFile() || stats.size > MAX_IMAGE_BYTES) return undefined
    const known = this.#files.get(file)
    if (known && known.mtimeMs === stats.mtimeMs && known.size === stats.size) return known.source
    const bytes = await readFile(file)
    let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>
    try {
      metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()
    } catch {
      return undefined
    }
    const format = metadata.format as string
    const { width, height } = metadata.autoOrient ?? metadata
    if ((format !== 'jpeg' && format !== 'png' && format !== 'webp' && format !== 'svg') || !width || !height) return undefined
    const source: ImageSource = { hash: contentHash(bytes), format, width, height, contentAddressed: false, file: async () => file, read: () => readFile(file) }
    remember(this.#files, file, { mtimeMs: stats.mtimeMs, size: stats.size, source })
    return source
  }
}

function remember<K, V>(map: Map<K, V>, key: K, value: V) {
  if (map.size >= MEMO_LIMIT) map.clear()
  map.set(key, value)
}
