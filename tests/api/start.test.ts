import { spawn } from 'node:child_process'
import { chmod, cp, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopNodeArgs } from '../../scripts/lib/server-command'
import { startShopProcess } from '../../scripts/lib/shop-process'

// the compiled server (dist-api/main.js) when it is built from the current sources, else server/main.ts through tsx
describe(`starting the shop (node ${shopNodeArgs().join(' ')})`, () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-start-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('refuses a bad configuration with a clear message and exit code 78', async () => {
    const child = spawn(process.execPath, shopNodeArgs(), {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const code = await new Promise((resolve) => child.on('exit', resolve))
    expect(code).toBe(78)
    expect(stderr).toContain('Invalid configuration')
    expect(stderr).toContain('PORT="eighty": must be a port number')
  })

  // each start is a new process that migrates (and here seeds) a database: minutes on a busy machine
  it('creates, migrates and seeds the database on first start and reuses it on the next', { timeout: 180_000 }, async () => {
    const first = await startShopProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, 8750)
    let firstTotal: number
    let renamed: { id: number; name: string }
    try {
      const list = await (await fetch(`${first.url}/api/v1/product?per_page=1`)).json()
      firstTotal = list.total
      expect(firstTotal).toBeGreaterThanOrEqual(240)
      renamed = list.data[0]
    } finally {
      await first.stop({ keepData: true })
    }
    const second = await startShopProcess({ DATA_DIR: dataDir }, 8751)
    try {
      const list = await (await fetch(`${second.url}/api/v1/product?per_page=1`)).json()
      expect(list.total).toBe(firstTotal)
      expect(list.data[0]).toMatchObject({ id: renamed.id, name: renamed.name })
    } finally {
      await second.stop()
    }
  })

  // what `npm start` runs, built here into a folder of its own outside the repository: had the
  // compiled code read a file through a path into server/ or started its database thread through
  // tsx, this shop would not start
  it('compiled to JavaScript, starts with plain Node: its database thread, migrations and seed catalogue come from its own folder', { timeout: 180_000 }, async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'shop-build-'))
    try {
      const built = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const build = spawn('npx', ['rolldown', '-c', 'rolldown.config.ts'], { env: { ...process.env, SERVER_OUT_DIR: out }, stdio: ['ignore', 'pipe', 'pipe'] })
        let output = ''
        build.stdout.on('data', (chunk) => (output += chunk))
        build.stderr.on('data', (chunk) => (output += chunk))
        build.on('exit', (code) => resolve({ code, output }))
      })
      expect(built.code, built.output).toBe(0)
      expect(await readdir(out)).toEqual(expect.arrayContaining(['main.js', 'pglite-worker.js', 'image-encoder.js', 'migrations', 'seed']))
      expect(await readdir(path.join(out, 'migrations'))).toEqual(expect.arrayContaining(['0000_catalogue.sql', 'meta']))
      // the packages, as beside dist-api/ in the repository
      await symlink(path.resolve('node_modules'), path.join(out, 'node_modules'), 'dir')

      const shop = await startShopProcess({ LOG_LEVEL: 'warn' }, undefined, [path.join(out, 'main.js')])
      try {
        expect(shop.child.spawnargs.join(' ')).not.toContain('tsx')
        const list = await (await fetch(`${shop.url}/api/v1/product?per_page=1`)).json()
        expect(list.total).toBeGreaterThanOrEqual(240)
        // the PWA's search, as it asks the embedded engine
        const { data } = await (await fetch(`${shop.url}/api/v1/config`)).json()
        const { app_id, search_key, hosts, protocol, index } = data.search
        const search = await fetch(`${protocol}://${hosts[0]}/1/indexes/*/queries`, {
          method: 'POST',
          headers: { 'x-algolia-application-id': app_id, 'x-algolia-api-key': search_key },
          body: JSON.stringify({ requests: [{ indexName: index, query: '抹茶' }] }),
        })
        expect(search.status).toBe(200)
        expect((await search.json()).results[0].nbHits).toBeGreaterThan(0)
        const home = await fetch(`${shop.url}/`)
        expect(home.status).toBe(200)
        expect(await home.text()).toContain('<html')
        // made by the picture queue's encoder process, compiled beside the server
        expect((await fetch(`${shop.url}/img/share/site.jpg`)).status).toBe(200)
      } finally {
        await shop.stop()
      }
    } finally {
      await rm(out, { recursive: true, force: true })
    }
  })

  it("keeps everything under DATA_DIR to its own user: folders 0700, files 0600, an earlier version's opened up", { timeout: 180_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-modes-'))
    const data = path.join(dir, 'data')
    const publicDir = path.join(dir, 'public')
    try {
      // a picture to render into the image cache
      await cp('tests/fixtures/public', publicDir, { recursive: true })
      await mkdir(path.join(publicDir, 'images', 'banners'), { recursive: true })
      await cp('public/images/banners/banner-1.svg', path.join(publicDir, 'images', 'banners', 'banner-1.svg'))
      // what an earlier version left, as the umask 022 made it: an open outbox, sandbox journal and
      // image cache, and a keys file that cannot be read (so it is written again)
      await mkdir(path.join(data, 'outbox'), { recursive: true, mode: 0o755 })
      await writeFile(path.join(data, 'outbox', '2026-01-01T00-00-00-000Z-1-old@example.tw.eml'), 'Subject: old\n', { mode: 0o644 })
      await mkdir(path.join(data, 'stripe-sandbox'), { mode: 0o755 })
      await writeFile(path.join(data, 'stripe-sandbox', 'journal.jsonl'), '', { mode: 0o644 })
      await mkdir(path.join(data, 'image-cache', '00'), { recursive: true, mode: 0o755 })
      await chmod(path.join(data, 'image-cache'), 0o755)
      await writeFile(path.join(data, 'image-cache', '00', '00old.webp'), 'old', { mode: 0o644 })
      await writeFile(path.join(data, 'vapid-keys.json'), '{', { mode: 0o644 })
      await chmod(data, 0o755)

      // a fresh DATA_DIR beside it, made by the shop; both under a umask that takes nothing away
      const fresh = path.join(dir, 'fresh', 'data')
      for (const dataDir of [data, fresh]) {
        const umask = process.umask(0)
        const shop = await startShopProcess({ DATA_DIR: dataDir, SEED_CATALOGUE: 'false', PUBLIC_DIR: publicDir, SSR_DIR: 'tests/fixtures/no-ssr' }).finally(() => process.umask(umask))
        try {
          // a mail in the outbox, the sandbox's journal, a rendered picture
          const member = { first_name: '小明', last_name: '王', email: 'modes@example.tw', phone_number: '0912345678', password: 'matcha-2026', password_confirmation: 'matcha-2026' }
          const registered = await fetch(`${shop.url}/api/v1/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(member) })
          expect(registered.status).toBe(201)
          const { secretKey } = JSON.parse(await readFile(path.join(dataDir, 'stripe-sandbox-keys.json'), 'utf8'))
          const intent = await fetch(`${shop.url}/v1/payment_intents`, { method: 'POST', headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'amount=1000&currency=twd' })
          expect(intent.status).toBe(200)
          expect((await fetch(`${shop.url}/img/share/site.jpg`)).status).toBe(200)
        } finally {
          await shop.stop({ keepData: true })
        }
        const open: string[] = []
        for (const entry of await readdir(dataDir, { recursive: true, withFileTypes: true })) {
          const file = path.join(entry.parentPath, entry.name)
          const relative = path.relative(dataDir, file)
          // PGlite makes its files 0666 and folders 0755 whatever the umask: its owner-only folder closes them
          if (relative.startsWith(`pglite${path.sep}`)) continue
          const mode = (await lstat(file)).mode & 0o777
          if (mode !== (entry.isDirectory() ? 0o700 : 0o600)) open.push(`${relative} ${mode.toString(8)}`)
        }
        // what an earlier version left in the outbox and the image cache keeps its mode, closed by the folder around it
        const leftOpen = ['image-cache/00 755', 'image-cache/00/00old.webp 644', 'outbox/2026-01-01T00-00-00-000Z-1-old@example.tw.eml 644']
        expect(open.sort()).toEqual(dataDir === data ? leftOpen : [])
        const names = (await readdir(dataDir, { recursive: true })).map(String)
        for (const kept of ['pglite', 'outbox', 'stripe-sandbox/journal.jsonl', 'image-cache', 'stripe-sandbox-keys.json', 'vapid-keys.json', 'search-admin-key']) expect(names, kept).toContain(kept)
        expect(names.filter((name) => name.startsWith('outbox/') && name.endsWith('modes@example.tw.eml'))).toHaveLength(1)
      }
      // the folder the operator gave (or an earlier version made) is left as it is: what is in it is closed
      expect((await lstat(data)).mode & 0o777).toBe(0o755)
      for (const folder of [path.join(dir, 'fresh'), path.join(dir, 'fresh', 'data')]) expect((await lstat(folder)).mode & 0o777).toBe(0o700)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
