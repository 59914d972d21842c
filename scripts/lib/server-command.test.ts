import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chosenBuild, compiledIsFresh, shopNodeArgs } from './server-command'

describe('which server a test or benchmark starts', () => {
  let root: string
  const touch = async (file: string, secondsAgo: number) => {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), '')
    const at = new Date(Date.now() - secondsAgo * 1000)
    await utimes(path.join(root, file), at, at)
  }
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'server-command-'))
    await touch('rolldown.config.ts', 300)
    await touch('server/main.ts', 200)
    await touch('contract/shop.ts', 200)
  })
  afterEach(async () => {
    vi.unstubAllEnvs()
    await rm(root, { recursive: true, force: true })
  })

  it('runs from source while nothing is built', () => {
    expect(compiledIsFresh(root)).toBe(false)
    expect(chosenBuild(root)).toBe('source')
    expect(shopNodeArgs('source')).toEqual(['--import', 'tsx', 'server/main.ts'])
  })

  it('runs the build made after the last change to server/, contract/ or the build config', async () => {
    await touch('dist-api/main.js', 100)
    expect(chosenBuild(root)).toBe('compiled')
    expect(shopNodeArgs('compiled')).toEqual(['dist-api/main.js'])
  })

  it('runs from source once a file under server/ or contract/ is newer than the build', async () => {
    await touch('dist-api/main.js', 100)
    await touch('server/modules/catalogue/service.ts', 10)
    expect(chosenBuild(root)).toBe('source')
    await touch('dist-api/main.js', 0)
    await touch('contract/shop.ts', -5)
    expect(chosenBuild(root)).toBe('source')
  })

  it('does not count a test beside the code, which is not part of the build', async () => {
    await touch('dist-api/main.js', 100)
    await touch('server/modules/catalogue/service.test.ts', 10)
    await touch('server/ssr/pages.test.tsx', 10)
    expect(chosenBuild(root)).toBe('compiled')
  })

  it('does what SHOP_SERVER says, and refuses a compiled server that is not built', async () => {
    vi.stubEnv('SHOP_SERVER', 'source')
    await touch('dist-api/main.js', 100)
    expect(chosenBuild(root)).toBe('source')
    vi.stubEnv('SHOP_SERVER', 'compiled')
    await touch('server/main.ts', 0)
    expect(chosenBuild(root)).toBe('compiled')
    await rm(path.join(root, 'dist-api'), { recursive: true })
    expect(() => chosenBuild(root)).toThrow(/dist-api\/main\.js is not built/)
    vi.stubEnv('SHOP_SERVER', 'compiledd')
    expect(() => chosenBuild(root)).toThrow(/SHOP_SERVER must be/)
  })
})
