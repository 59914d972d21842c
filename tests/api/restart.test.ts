import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startShopProcess, type ShopProcess } from '../../scripts/lib/shop-process'

interface Outcome {
  what: 'search' | 'browse' | 'health'
  /** the HTTP status, or 0 when no connection could be made (the process between two lives) */
  status: number
  hits?: number
  health?: string
  at: number
}

/**
 * The shop restarted (SIGTERM, then `node server/main.ts` again on the same data) while a client
 * searches and browses in a loop, as a deploy does to shoppers: no search may come back empty, no
 * request may get a 5xx, and health may say 503 only while the new process is starting.
 */
describe('restarting the shop while shoppers search and browse', () => {
  let dataDir: string
  let port: number
  let shop: ShopProcess | undefined
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-restart-'))
    port = await freePort()
  })
  afterAll(async () => {
    if (shop?.child.exitCode === null) shop.child.kill('SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
  })

  it('never answers an empty search, never a 5xx, and is unhealthy only while starting', async () => {
    const url = `http://127.0.0.1:${port}`
    shop = await startShopProcess({ DATA_DIR: dataDir }, port)
    const config = (await (await fetch(`${url}/api/v1/config`)).json()) as { data: { search: { app_id: string; search_key: string; index: string } } }
    const { app_id, search_key, index } = config.data.search
    const total = ((await (await fetch(`${url}/api/v1/product?per_page=1`)).json()) as { total: number }).total
    expect(total).toBeGreaterThan(200)

    const outcomes: Outcome[] = []
    const started = Date.now()
    const record = async (what: Outcome['what'], request: () => Promise<Response>, read: (res: Response, o: Outcome) => Promise<void>) => {
      const outcome: Outcome = { what, status: 0, at: Date.now() - started }
      try {
        const res = await request()
        outcome.status = res.status
        await read(res, outcome)
      } catch {
        outcome.status = 0
      }
      outcomes.push(outcome)
    }
    const queries = ['', '抹茶', 'まっちゃ', 'chocolate', '拉面']
    let looping = true
    const shopper = async (n: number) => {
      for (let i = n; looping; i++) {
        await record(
          'search',
          () =>
            fetch(`${url}/search/1/indexes/*/queries`, {
              method: 'POST',
              headers: { 'content-type': 'text/plain', 'x-algolia-application-id': app_id, 'x-algolia-api-key': search_key },
              body: JSON.stringify({ requests: [{ indexName: index, query: queries[i % queries.length], hitsPerPage: 5 }] }),
            }),
          async (res, o) => {
            if (res.ok) o.hits = ((await res.json()) as { results: { nbHits: number }[] }).results[0]!.nbHits
          },
        )
        await record('browse', () => fetch(`${url}/api/v1/product?per_page=12&page=${(i % 5) + 1}`), async (res) => void (await res.arrayBuffer()))
        await new Promise((resolve) => setTimeout(resolve, 15))
      }
    }
    // a load balancer's health check, on its own: a search held until the index is built does not delay it
    const balancer = async () => {
      while (looping) {
        await record('health', () => fetch(`${url}/api/v1/health`), async (res, o) => {
          o.health = ((await res.json()) as { status: string }).status
        })
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    }
    const shoppers = [shopper(0), shopper(1), balancer()]
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    for (let restart = 0; restart < 1; restart++) {
      await shop.stop({ keepData: true })
      shop = await startShopProcess({ DATA_DIR: dataDir }, port)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
    looping = false
    await Promise.all(shoppers)

    const answered = outcomes.filter((o) => o.status !== 0)
    const searches = answered.filter((o) => o.what === 'search')
    const summary = `${outcomes.length} requests, ${outcomes.length - answered.length} without a connection, ${searches.length} searches answered, ${answered.filter((o) => o.health === 'starting').length} health checks said starting`
    process.stdout.write(`restart under load: ${summary}\n`)
    expect(searches.length).toBeGreaterThan(20)
    expect(searches.filter((o) => o.status !== 200 || !o.hits)).toEqual([])
    expect(answered.filter((o) => o.what !== 'health' && o.status >= 500)).toEqual([])
    expect(answered.filter((o) => o.what === 'browse' && o.status !== 200)).toEqual([])
    // health: 200 "ok", or 503 "starting" between a start and the first ok of that process
    expect(answered.filter((o) => o.what === 'health' && !(o.status === 200 && o.health === 'ok') && !(o.status === 503 && o.health === 'starting'))).toEqual([])
    const healthLine = answered.filter((o) => o.what === 'health').map((o) => (o.status === 200 ? 'o' : 's'))
    // each life of the process says starting only before it first says ok: "s" never follows "o" without a gap of no connection
    const lives = outcomes
      .filter((o) => o.what === 'health')
      .map((o) => (o.status === 0 ? '-' : o.status === 200 ? 'o' : 's'))
      .join('')
      .split(/-+/)
    for (const life of lives) expect(life, healthLine.join('')).toMatch(/^s*o*$/)
    // the shop really was down in between
    expect(outcomes.some((o) => o.status === 0)).toBe(true)
  }, 240_000)
})
