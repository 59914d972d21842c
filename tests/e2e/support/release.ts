import { randomBytes } from 'node:crypto'
import { copyFile, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** The address and files of the shop that the update spec releases a new build to (support/release-shop.ts). */
export const RELEASE = {
  url: `http://127.0.0.1:${process.env.E2E_RELEASE_PORT}`,
  publicDir: process.env.E2E_RELEASE_PUBLIC_DIR!,
}

/** Serves build A again (dist/ as built), so that a retried test starts where the first try did. */
export async function restoreFirstBuild() {
  await Promise.all(['index.html', 'sw.js'].map((file) => copyFile(path.join('dist', file), path.join(RELEASE.publicDir, file))))
}

/**
 * Turns the served build into the next release, as a deploy does: a new app shell (marked with
 * `<meta name="release">`) and a new service worker whose precache lists it under a new revision.
 * Everything else stays byte for byte, as hashed assets do between releases.
 */
export async function releaseNextBuild(name: string) {
  const indexFile = path.join(RELEASE.publicDir, 'index.html')
  const swFile = path.join(RELEASE.publicDir, 'sw.js')
  const [index, sw] = await Promise.all([readFile(indexFile, 'utf8'), readFile(swFile, 'utf8')])
  // workbox-build writes each entry as {"revision":"…","url":"…"}
  const entry = /("revision":")([0-9a-f]+)(","url":"index\.html")/
  if (!entry.test(sw)) throw new Error('sw.js does not precache index.html under a revision')
  await writeFile(indexFile, index.replace('<head>', `<head><meta name="release" content="${name}">`))
  await writeFile(swFile, sw.replace(entry, `$1${randomBytes(16).toString('hex')}$3`))
}
