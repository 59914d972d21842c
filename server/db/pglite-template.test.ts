import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from './client'
import { kanaReadings } from './schema'
import { databaseTemplate, isNewDataDir } from './pglite-template'

describe('a new embedded database', () => {
  it('is unpacked from the initdb template: a working, migrated database that opens again with its data', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-template-'))
    try {
      expect(isNewDataDir(path.join(dir, 'pglite'))).toBe(true)
      const first = await openDatabase({ dataDir: dir })
      expect(isNewDataDir(path.join(dir, 'pglite'))).toBe(false)
      await first.db.insert(kanaReadings).values({ text: '京都', hiragana: 'きょうと' })
      await first.close()
      const again = await openDatabase({ dataDir: dir })
      expect(await again.db.select({ hiragana: kanaReadings.hiragana }).from(kanaReadings)).toEqual([{ hiragana: 'きょうと' }])
      await again.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('comes from a gzipped tarball of a Postgres data folder, made once and then read', { timeout: 120_000 }, async () => {
    const template = await databaseTemplate()
    const bytes = new Uint8Array(await template.arrayBuffer())
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b])
    expect(template.size).toBeGreaterThan(1_000_000)
    const again = await databaseTemplate()
    expect(again.size).toBe(template.size)
  })
})
