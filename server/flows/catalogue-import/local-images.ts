import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { LOCAL_PICTURE, type CatalogueFile } from '../../../contract/catalogue-file'
import { uploadedImagePath } from '../../../contract/images'
import { ImageRefused, inspectImage, MAX_IMAGE_BYTES, type InspectedImage } from '../../modules/images/inspect'
import { CatalogueFileError } from './errors'

export const isLocalPicture = (value: string) => LOCAL_PICTURE.test(value)

/** every picture field of the file, with the label a problem names it by */
function pictureFields(file: CatalogueFile) {
  return [
    ...file.cities.map((city, i) => ({ at: `cities[${i}] (slug ${city.slug}).picture`, get: () => city.picture, set: (value: string) => void (city.picture = value) })),
    ...file.trend_groups.map((group, i) => ({ at: `trend_groups[${i}] (slug ${group.slug}).picture`, get: () => group.picture, set: (value: string) => void (group.picture = value) })),
    ...file.products.flatMap((product, i) =>
      product.images.map((_, j) => ({ at: `products[${i}] (SKU ${product.sku}).images[${j}]`, get: () => product.images[j]!, set: (value: string) => void (product.images[j] = value) })),
    ),
  ]
}

/**
 * Reads the picture files a catalogue names by a path relative to its own folder, checks each by
 * its content (JPEG, PNG, WebP or SVG, within the limits) and returns the file with their site
 * paths (`/images/u/<hash>.<ext>`) in their place, and the pictures to store with the import.
 * Any bad picture refuses the whole file, naming the record and the field.
 */
export async function readLocalImages(file: CatalogueFile, baseDir: string): Promise<{ file: CatalogueFile; images: InspectedImage[] }> {
  const copy = structuredClone(file)
  const problems: string[] = []
  const images = new Map<string, InspectedImage>()
  const byPath = new Map<string, Promise<InspectedImage | string>>()
  const inspect = async (relative: string): Promise<InspectedImage | string> => {
    const full = path.resolve(baseDir, relative)
    const stats = await stat(full).catch(() => undefined)
    if (!stats?.isFile()) return `cannot read the picture file ${full}`
    // the size is checked before reading, so a mistaken 4 GB video is not loaded into memory
    if (stats.size > MAX_IMAGE_BYTES) return `${relative} is ${(stats.size / 1024 / 1024).toFixed(1)} MB; pictures may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`
    try {
      return await inspectImage(await readFile(full))
    } catch (error) {
      if (error instanceof ImageRefused) return `${relative} ${error.message}`
      throw error
    }
  }
  for (const field of pictureFields(copy)) {
    const value = field.get()
    if (!isLocalPicture(value)) continue
    // one picture used by several records is read and checked once
    let pending = byPath.get(value)
    if (!pending) byPath.set(value, (pending = inspect(value)))
    const result = await pending
    if (typeof result === 'string') {
      problems.push(`${field.at}: ${result}`)
      continue
    }
    images.set(result.hash, result)
    field.set(uploadedImagePath(result.hash, result.format))
  }
  if (problems.length) throw new CatalogueFileError(problems)
  return { file: copy, images: [...images.values()] }
}

/** the local picture paths left in a file that did not go through readLocalImages */
export const unreadLocalImages = (file: CatalogueFile) =>
  pictureFields(file)
    .filter((field) => isLocalPicture(field.get()))
    .map((field) => `${field.at}: a picture file is read only by the catalogue import command (npm run catalogue:import -- FILE.json)`)
