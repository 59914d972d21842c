import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * How a test or a benchmark starts the shop as its own process: the compiled server
 * (`dist-api/main.js`, what `npm start` runs) when `npm run build:api` has built it from the
 * sources as they are now, else the TypeScript through tsx. A build older than any file under
 * server/ or contract/ (tests aside) is not used, so an edited server is never tested through a
 * stale build.
 * SHOP_SERVER=source or SHOP_SERVER=compiled decides instead.
 */
export type ServerBuild = 'compiled' | 'source'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const COMPILED_ENTRY = 'dist-api/main.js'
const SOURCE_ARGS = ['--import', 'tsx', 'server/main.ts']
const COMPILED_ARGS = [COMPILED_ENTRY]

/** tests beside the code are not part of the build */
const TEST_FILE = /\.test\.tsx?$/

/** The newest modification time of the files the server is built from. */
function newestSource(root: string): number {
  let newest = statSync(path.join(root, 'rolldown.config.ts')).mtimeMs
  for (const dir of ['server', 'contract']) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && !TEST_FILE.test(entry.name)) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
    }
  }
  return newest
}

/** Whether dist-api/ holds a build of the current sources. */
export function compiledIsFresh(root = ROOT): boolean {
  const entry = path.join(root, COMPILED_ENTRY)
  return existsSync(entry) && statSync(entry).mtimeMs >= newestSource(root)
}

export function chosenBuild(root = ROOT): ServerBuild {
  const asked = process.env.SHOP_SERVER
  if (asked === 'source') return 'source'
  if (asked === 'compiled') {
    if (!existsSync(path.join(root, COMPILED_ENTRY))) throw new Error(`SHOP_SERVER=compiled, but ${COMPILED_ENTRY} is not built: npm run build:api`)
    return 'compiled'
  }
  if (asked !== undefined && asked !== '') throw new Error(`SHOP_SERVER must be "source" or "compiled", not "${asked}"`)
  return compiledIsFresh(root) ? 'compiled' : 'source'
}

/** The arguments after `node` that start the shop from the repository's root. */
export const shopNodeArgs = (build: ServerBuild = chosenBuild()) => (build === 'compiled' ? COMPILED_ARGS : SOURCE_ARGS)
