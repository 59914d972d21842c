import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
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

  it('creates, migrates and seeds the database on first start and reuses it on the next', async () => {
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
})
