import { spawn } from 'node:child_process'
import { chmod, cp, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startShopProcess } from '../../scripts/lib/shop-process'

describe('starting the shop (node server/main.ts)', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-start-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('refuses a bad configuration with a clear message and exit code 78', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
