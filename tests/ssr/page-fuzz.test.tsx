/**
 * Every page type under generated query strings, in every language: the page's own parameters
 * (read from its route's `validateSearch`, and its layouts') and others, with hostile values (NUL,
 * unpaired surrogates, numbers past what the API takes, long text, JSON, repeated keys) and hostile
 * path segments. A bad address is the visitor's mistake: the page drops or cuts what it cannot use,
 * or answers its not-found page, in the address's language; never a 5xx, and nothing is logged as
 * an error. The pages are drawn by src/entry-server.tsx against a shop's API in process, with the
 * routes, schemas and loaders the browser runs, so the browser meets the same answers (member pages
 * run their schemas and send a visitor to sign in, whose `redirect` parameter carries the address).
 *
 * The pages read the catalogue only: one walk on PGlite, not one per database.
 */
import { QueryClient } from '@tanstack/react-query'
import fc from 'fast-check'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Database } from '../../server/db/client'
import type { Logger } from '../../server/lib/logger'
import { importCatalogue } from '../../server/flows/catalogue-import/import'
import { renderPage } from '../../src/entry-server'
import { createAppRouter } from '../../src/router'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { freePort, freshDatabase } from '../api/harness'

const SEED = Number(process.env.FUZZ_SEED ?? 20261121)
/** generated addresses per page type, spread over the languages; `npm run fuzz`'s FUZZ_RUNS (300) walks 75 */
const RUNS = Math.ceil(Number(process.env.FUZZ_RUNS ?? 20) / 4)

const SITE = 'https://shop.example'
const TEMPLATE = '<!doctype html>\n<html lang="zh-Hant-TW">\n  <head>\n    <title>shell</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n'
const LANGUAGES = [
  { prefix: '', lang: 'zh-Hant-TW' },
  { prefix: '/en', lang: 'en' },
  { prefix: '/ja', lang: 'ja' },
]
/** read on every page, by the layout or a banner, whatever the route validates */
const SHARED_PARAMS = ['keyword', 'modal', 'referrer_code', 'redirect']

/** query values as they appear in an address, percent-encoding and all */
const HOSTILE_VALUES = [
  '',
  '%00',
  'a%00b',
  '%ED%A0%80',
  'x%ED%B0%80',
  '%',
  '%zz',
  '%E0%A4%A',
  '99999999999',
  '2147483648',
  '999999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'a'.repeat(31),
  'a'.repeat(40),
  'x'.repeat(3000),
  // 31 UTF-16 units: cutting at 30 would split the last pair
  `a${'%F0%9F%8D%B5'.repeat(15)}`,
  '%7B%22a%22%3A1%7D',
  '%5B1%2C2%5D',
  '%22x%22',
  'null',
  'true',
  '+',
  '%2F%2Fevil.example',
  '%2F..%2F..%2Fetc%2Fpasswd',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '%E2%80%AEcba',
]
/** what every parameter of every page gets, besides the generated addresses */
const FIXED_VALUES = ['', '%00', '%ED%A0%80', '99999999999', '2147483648', '-1', 'a'.repeat(40), `a${'%F0%9F%8D%B5'.repeat(15)}`, '%7B%22a%22%3A1%7D', '%']
const FITTING_VALUES = ['1', '2', '3', 'kyoto', 'osaka', 'price_asc', 'price_desc', 'rank', 'history', 'sign', 'in_stock', '4', 'matcha', 'box-6', '%2Fuser%2Forder']
const JUNK_KEYS = ['__proto__', 'constructor', 'prototype', '', 'a[b]', 'page[]', '%00', '%ED%A0%80', 'x'.repeat(300)]
const HOSTILE_SEGMENTS = ['0', '-1', '99999999999', '2147483648', 'abc', '%00', '%ED%A0%80', '1.5', 'a'.repeat(40), '%2E%2E', '%252F']

interface PageType {
  id: string
  /** `/product/detail/$id` without the language */
  path: string
  params: string[]
}

/** The pages of the route tree: every leaf, with the search parameters its route and layouts validate. */
function pageTypes(): PageType[] {
  const router = createAppRouter(new QueryClient(), { ready: () => Promise.resolve(), isSignedIn: () => false })
  type Node = { id: string; fullPath: string; parentRoute?: Node; children?: unknown; options: { validateSearch?: { entries?: Record<string, unknown> } } }
  return (Object.values(router.routesById) as unknown as Node[])
    .filter((route) => !route.children && route.id !== '__root__')
    .map((route) => {
      const params = new Set<string>()
      for (let at: Node | undefined = route; at; at = at.parentRoute) for (const key of Object.keys(at.options.validateSearch?.entries ?? {})) params.add(key)
      return { id: route.id, path: route.fullPath.replace('/{-$locale}', '') || '/', params: [...params] }
    })
}

interface Answer {
  url: string
  status: number
  lang?: string
  location?: string | null
}

const encodeKey = (key: string) => (/%/.test(key) ? key : encodeURIComponent(key))

/** the language an address asks for: its prefix, else the default */
const langOf = (url: string) => LANGUAGES.find((l) => l.prefix && new RegExp(`^${l.prefix}(?:[/?]|$)`).test(url))?.lang ?? LANGUAGES[0]!.lang

/** a path in a language: `/en/product/list`, `/en` for the home page */
const inLanguage = (prefix: string, path: string) => (prefix && path === '/' ? prefix : `${prefix}${path}`)

describe('every page type under generated query strings, in every language', () => {
  let database: Database
  let close: () => Promise<void>
  let api: (url: string, init?: RequestInit) => Promise<Response>
  const logged: string[] = []
  const apiFailures: string[] = []
  let productIds: string[] = []

  beforeAll(async () => {
    database = await freshDatabase({ kind: 'pglite' })
    await importCatalogue(database.db, smallCatalogue())
    // listening, with its index built: the search page searches the embedded engine as a browser would
    const port = await freePort()
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_DIR: 'tests/fixtures/public', SSR_DIR: 'tests/fixtures/no-ssr', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` })
    const logger: Logger = { debug() {}, info() {}, warn() {}, error: (message, extra) => void logged.push(`${message} ${JSON.stringify(extra)}`) }
    const { app, workers: { indexer } } = buildApp({ config, database, logger, mailer: { send: async () => undefined } })
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port })
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    await indexer.ensureFresh()
    close = async () => {
      await indexer.stop()
      await new Promise((resolve) => server.close(resolve))
      await database.close()
    }
    api = async (url, init) => {
      const res = await app.request(url, init)
      if (res.status >= 500) apiFailures.push(`${res.status} ${url}`)
      return res
    }
    const list = (await (await api('/api/v1/product?per_page=50')).json()) as { data: { id: number }[] }
    productIds = list.data.slice(0, 3).map((p) => String(p.id))
  })
  afterAll(() => close?.())

  /** One address as the server answers it, following its redirects within the site. */
  async function visit(url: string, answers: Answer[]) {
    for (let hop = 0; hop < 4; hop++) {
      const result = await renderPage(new Request(`${SITE}${url}`), { template: TEMPLATE, site: { publicUrl: SITE }, fetch: api })
      if (result instanceof Response) {
        const location = result.headers.get('location')
        answers.push({ url, status: result.status, location })
        if (!location || !(location.startsWith('/') || location.startsWith(SITE))) return
        url = location.startsWith(SITE) ? location.slice(SITE.length) : location
        continue
      }
      answers.push({ url, status: result.status, lang: /<html[^>]* lang="([^"]*)"/.exec(result.body)?.[1] })
      return
    }
  }

  function addressesFor(page: PageType): string[] {
    const segment = (name: string, optional: boolean) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...(name === 'id' ? productIds : optional ? ['', 'matcha', 'SO20261121000001'] : ['1'])) },
        { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
      )
    const dynamic = [...page.path.matchAll(/\{-\$(\w+)\}|\$(\w+)/g)]
    const value = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...FITTING_VALUES) }, { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_VALUES) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((s) => encodeURIComponent(s.replace(/\p{Cs}/gu, ''))) })
    const key = fc.oneof({ weight: 4, arbitrary: page.params.length ? fc.constantFrom(...page.params) : fc.constant('page') }, { weight: 1, arbitrary: fc.constantFrom(...SHARED_PARAMS) }, { weight: 1, arbitrary: fc.constantFrom(...JUNK_KEYS) })
    const pairs = fc.array(fc.tuple(key, value), { maxLength: 4 }).chain((list) =>
      // a key given twice (?page=1&page=2) is a list to the router
      list.length ? fc.boolean().map((repeat) => (repeat ? [...list, list[0]!] : list)) : fc.constant(list),
    )
    const address = fc.record({ language: fc.constantFrom(...LANGUAGES), segments: fc.tuple(...dynamic.map((m) => segment(m[1] ?? m[2]!, m[1] !== undefined))), pairs })
    const toUrl = ({ language, segments, pairs }: { language: (typeof LANGUAGES)[number]; segments: string[]; pairs: [string, string][] }) => {
      let path = page.path
      dynamic.forEach((m, i) => {
        path = path.replace(m[0], segments[i]!)
      })
      path = inLanguage(language.prefix, path.replace(/\/\/+/g, '/'))
      const query = pairs.map(([k, v]) => `${encodeKey(k)}=${v}`).join('&')
      return query ? `${path}?${query}` : path
    }
    const hash = [...page.id].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7)
    const generated = fc.sample(address, { seed: (SEED ^ hash) | 0, numRuns: RUNS }).map(toUrl)
    // each parameter of the page (and `keyword`, which the header's search box reads on every page)
    // with each fixed value, the languages taking turns
    const segments = dynamic.map((m) => (m[2] === 'id' ? productIds[0]! : ''))
    const fixed = [...new Set([...page.params, 'keyword'])].flatMap((param, p) =>
      FIXED_VALUES.map((hostile, h) => toUrl({ language: LANGUAGES[(p + h) % LANGUAGES.length]!, segments, pairs: [[param, hostile]] })),
    )
    return [...fixed, ...generated]
  }

  it('answers every address below 500, in the address’s language, and logs no error', { timeout: 180_000 }, async () => {
    const pages = pageTypes()
    expect(pages.length).toBeGreaterThanOrEqual(25)
    expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/', '/product/list', '/product/search/{-$search}', '/product/detail/$id', '/cart', '/subscribe', '/user/order', '/login']))
    const consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const started = performance.now()
    const answers: Answer[] = []
    const findings: string[] = []
    let addresses = 0
    for (const page of pages) {
      for (const url of addressesFor(page)) {
        addresses++
        const before = { answers: answers.length, logged: logged.length, api: apiFailures.length, console: consoleErrors.mock.calls.length }
        try {
          await visit(url, answers)
        } catch (error) {
          findings.push(`${page.id} ${url.slice(0, 200)}: threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`.slice(0, 500))
          continue
        }
        const problems = [
          ...answers.slice(before.answers).filter((a) => a.status >= 500).map((a) => `${a.status} for ${a.url.slice(0, 200)}`),
          ...answers
            .slice(before.answers)
            .filter((a) => a.lang !== undefined && a.lang !== langOf(a.url))
            .map((a) => `lang ${a.lang} for ${a.url.slice(0, 200)}`),
          ...logged.slice(before.logged).map((line) => `logged ${line.slice(0, 300)}`),
          ...apiFailures.slice(before.api).map((line) => `the API answered ${line.slice(0, 200)}`),
          ...consoleErrors.mock.calls.slice(before.console).map((call) => `console.error ${String(call[0]).slice(0, 300)}`),
        ]
        if (problems.length) findings.push(`${page.id} ${url.slice(0, 200)}: ${problems.join('; ')}`)
      }
    }
    consoleErrors.mockRestore()
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const byStatus: Record<number, number> = {}
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1
    const serverErrors = answers.filter((a) => a.status >= 500).length
    console.log(`[fuzz pages] seed ${SEED}: ${addresses} addresses of ${pages.length} page types in 3 languages, ${answers.length} answers with redirects followed, in ${seconds} s, ${serverErrors} answered 5xx, ${findings.length} findings; by status ${JSON.stringify(byStatus)}`)
    expect(findings).toEqual([])
  })
})
