/**
 * `npm run build:api`: the server compiled to JavaScript in dist-api/, which `npm start` and
 * `npm run serve` run with plain Node (decision 68). The shop's own modules (server/, contract/)
 * are bundled; every package stays an import of node_modules, as sharp, PGlite and kuromoji load
 * files that sit beside their code.
 *
 *   dist-api/main.js            entry: hardens the prototypes, then loads the shop (server/main.ts)
 *   dist-api/pglite-worker.js   the embedded database's thread (server/db/pglite-thread.ts starts it)
 *   dist-api/image-encoder.js   the picture queue's encoder process (server/modules/images/encoder.ts forks it)
 *   dist-api/migrations/        the drizzle migrations, read by server/db/client.ts beside its code
 *   dist-api/seed/              the seed catalogue, named by server/db/seed.ts beside its code
 *
 * Bundled code keeps its `import.meta.url`-relative reads working because each file it reads sits
 * at the same place relative to dist-api/ as to server/db/; the chunks stay in dist-api/ itself.
 */
import { existsSync, statSync } from 'node:fs'
import { cp, mkdir } from 'node:fs/promises'
import { createRequire, isBuiltin } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'rolldown'

const root = path.dirname(fileURLToPath(import.meta.url))
// SERVER_OUT_DIR: elsewhere than dist-api/ (tests/api/start.test.ts); packages are still found in node_modules above it
const out = path.resolve(root, process.env.SERVER_OUT_DIR ?? 'dist-api')
const ENTRY = '\0shop-entry'

/**
 * The entry: server/lib/harden.ts runs before any package loads, as server/main.ts's first import
 * makes it do from source. A bundle evaluates its chunk's package imports before its own code, so
 * the shop is a chunk of its own, imported once the prototypes are frozen.
 */
const entry: Plugin = {
  name: 'shop-entry',
  resolveId: (id) => (id === ENTRY ? id : null),
  load: (id) =>
    id === ENTRY ? `import ${JSON.stringify(path.join(root, 'server/lib/harden.ts'))}\nawait import(${JSON.stringify(path.join(root, 'server/main.ts'))})\n` : null,
}

/** What the server reads at run time beside its code (see above). */
const files: Plugin = {
  name: 'server-files',
  async writeBundle() {
    await mkdir(out, { recursive: true })
    await cp(path.join(root, 'server/db/migrations'), path.join(out, 'migrations'), { recursive: true, filter: (from) => !from.includes(`${path.sep}meta${path.sep}`) || from.endsWith('_journal.json') })
    await cp(path.join(root, 'server/db/seed'), path.join(out, 'seed'), { recursive: true })
  },
}

const bare = (id: string) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0')
const require = createRequire(import.meta.url)

/**
 * Packages stay imports, as Node resolves them. A subpath of a package without an exports map
 * (`nodemailer/lib/smtp-transport`, a folder) is a file Node's ESM loader does not find on its own
 * (tsx does): it is imported by the file's own subpath instead.
 */
const packages: Plugin = {
  name: 'packages',
  resolveId(id) {
    if (!bare(id)) return null
    if (isBuiltin(id)) return { id, external: true }
    // Node's ESM resolution, which names a folder or a missing file without failing
    const asNodeFinds = fileURLToPath(import.meta.resolve(id))
    if (existsSync(asNodeFinds) && statSync(asNodeFinds).isFile()) return { id, external: true }
    const file = require.resolve(id)
    const at = file.lastIndexOf(`node_modules${path.sep}`)
    if (at < 0) throw new Error(`cannot import ${id} from the compiled server (resolved to ${file})`)
    return { id: file.slice(at + 'node_modules/'.length).split(path.sep).join('/'), external: true }
  },
}

export default defineConfig({
  input: {
    main: ENTRY,
    'pglite-worker': path.join(root, 'server/db/pglite-worker.ts'),
    'image-encoder': path.join(root, 'server/modules/images/encoder-process.ts'),
  },
  platform: 'node',
  plugins: [entry, packages, files],
  transform: { target: 'node20' },
  logLevel: 'warn',
  output: {
    dir: out,
    format: 'esm',
    cleanDir: true,
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    // class and function names reach logs and error summaries (`DatabaseThreadError`)
    keepNames: true,
    sourcemap: true,
  },
})
