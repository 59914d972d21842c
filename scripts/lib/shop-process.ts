import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { shopNodeArgs } from './server-command'

export interface ShopProcess {
  url: string
  child: ChildProcess
  /** SIGTERM, wait for the exit, and delete the data folder unless told to keep it */
  stop(options?: { keepData?: boolean }): Promise<void>
}

/** A port nothing listens on right now, as the system hands them out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/**
 * Starts the shop on a free port with a throw-away DATA_DIR and waits until it answers: the compiled
 * server when dist-api/ holds a build of the current sources, else server/main.ts through tsx
 * (scripts/lib/server-command.ts), or the node arguments given.
 */
export async function startShopProcess(env: Record<string, string> = {}, chosenPort?: number, args: readonly string[] = shopNodeArgs()): Promise<ShopProcess> {
  const port = chosenPort ?? (await freePort())
  const ownDataDir = env.DATA_DIR ? undefined : await mkdtemp(path.join(os.tmpdir(), 'shop-'))
  const dataDir = env.DATA_DIR ?? ownDataDir!
  // SHOP_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=prof", profiles the shop under a benchmark's load
  const nodeArgs = (process.env.SHOP_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode} before answering`)
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the shop did not answer within 120 s')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    child,
    async stop(options = {}) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      if (!options.keepData) await rm(dataDir, { recursive: true, force: true })
    },
  }
}
