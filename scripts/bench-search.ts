/**
 * `npm run bench:search`: builds the embedded engine's index from 20,000 products generated from
 * the seed catalogue (its names and descriptions recombined with regions and pack sizes), with the
 * kana readings of their Japanese names and the shop's synonyms, as the indexer builds it, then
 * prints the time the readings took, index time, heap used, and the server's processing time of
 * six kinds of query.
 *
 * What is timed: one in-process `engine.search()` call, from reading the parameters to the finished
 * response object (matching, filters, facet counts, ranking, highlighting), which is what the
 * response's `processingTimeMS` reports; not HTTP, JSON serialization or the network. The four
 * queries take turns, so a busy neighbour slows all of them alike; each is timed BENCH_RUNS times
 * (default 1000) in each of BENCH_ROUNDS rounds (default 3) after 20 untimed warm-up runs, and p50,
 * p99 and the slowest run are taken over all rounds, with each round's own p99 beside them.
 * Wall-clock time is the measure; the process's mean CPU time per query (`cpu avg`: the kernel
 * counts CPU time in ticks of a few milliseconds, so only a mean over many runs means anything) and
 * the machine's load average are printed beside it, to tell a slow engine from a busy machine.
 * Options: BENCH_PRODUCTS (default 20000), BENCH_RUNS, BENCH_ROUNDS.
 */
import { readFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { SearchEngine, type SearchRecord } from '../server/emulators/algolia/engine'
import { japaneseReadings, readingValues } from '../server/modules/search/readings'
import { PRODUCT_INDEX_SETTINGS, PRODUCT_SYNONYMS } from '../server/modules/search/records'
import { PACK_NAMES } from './lib/pack-names'

const count = Number(process.env.BENCH_PRODUCTS ?? 20_000)
const runs = Number(process.env.BENCH_RUNS ?? 1000)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const seed = JSON.parse(readFileSync('server/db/seed/catalogue.json', 'utf8'))
const cities = seed.cities as { slug: string; name: Record<string, string> }[]
const prefixes = PACK_NAMES

const nameJa = (i: number) => {
  const base = seed.products[i % seed.products.length]
  const city = cities[Math.floor(i / seed.products.length) % cities.length]!
  const prefix = prefixes[Math.floor(i / (seed.products.length * cities.length)) % prefixes.length]!
  return `${city.name.ja!}${prefix.ja}${base.name.ja}`
}

function generate(i: number, readings: Awaited<ReturnType<typeof japaneseReadings>>): SearchRecord {
  const base = seed.products[i % seed.products.length]
  const city = cities[Math.floor(i / seed.products.length) % cities.length]!
  const prefix = prefixes[Math.floor(i / (seed.products.length * cities.length)) % prefixes.length]!
  const price = base.variants[0].price + (i % 37) * 10
  return {
    objectID: String(i + 1),
    id: i + 1,
    name_zh_tw: `${city.name.zh_tw}${prefix.zh}${base.name.zh_tw}`,
    name_en: `${city.name.en} ${prefix.en} ${base.name.en}`,
    name_ja: nameJa(i),
    name_ja_reading: readingValues(readings, nameJa(i)),
    categories: base.categories.map((slug: string, k: number) => ({ category: { id: k + 1, name: slug, name_en: slug, name_ja: slug, name_ja_reading: [] } })),
    category_ids: base.categories.map((_: string, k: number) => k + 1),
    location: { city: city.name.zh_tw, city_en: city.name.en, city_ja: city.name.ja, city_ja_reading: readingValues(readings, city.name.ja!), slug: city.slug },
    city: city.slug,
    price_min: price,
    price_max: price + 100,
    stock_status: i % 13 === 0 ? 'out_of_stock' : i % 10 === 0 ? 'pre_order' : 'in_stock',
    status: 'ACTIVE',
    trend_group_id: (i % 8) + 1,
    rank: (i * 7919) % 1000,
  }
}

const engine = new SearchEngine()
engine.setSettings('products', { ...PRODUCT_INDEX_SETTINGS, replicas: ['products_price_asc'] })
engine.setSettings('products_price_asc', { ranking: ['asc(price_min)'] })
engine.saveSynonyms('products', PRODUCT_SYNONYMS, { forwardToReplicas: true, replaceExistingSynonyms: true })
// the index's memory: the JS heap plus the typed arrays' buffers, which live outside it
const memory = () => {
  global.gc?.()
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  return heapUsed + arrayBuffers
}
// the readings, as productRecords makes them: the dictionary is loaded, used and let go
const readingsStarted = performance.now()
const readings = await japaneseReadings([...Array.from({ length: count }, (_, i) => nameJa(i)), ...cities.map((c) => c.name.ja!)])
const readingsMs = performance.now() - readingsStarted
const records = Array.from({ length: count }, (_, i) => generate(i, readings))
// the dictionary's buffers are freed a while after it is let go: wait for that before measuring the index
for (let last = memory(), tries = 0; tries < 50; tries++) {
  await new Promise((resolve) => setTimeout(resolve, 100))
  const now = memory()
  if (Math.abs(now - last) < 1024 * 1024) break
  last = now
}
const memoryBefore = memory()
const started = performance.now()
for (let i = 0; i < records.length; i += 1000) engine.saveObjects('products', records.slice(i, i + 1000))
const indexMs = performance.now() - started
const heapMb = (memory() - memoryBefore) / 1024 / 1024

const queries: [string, string, Record<string, unknown>][] = [
  ['one CJK term', 'products', { query: '抹茶', hitsPerPage: 18 }],
  ['two terms', 'products', { query: 'kyoto matcha', hitsPerPage: 18 }],
  ['a typo', 'products', { query: 'chocolte', hitsPerPage: 18 }],
  ['a kana reading', 'products', { query: 'まっちゃ', hitsPerPage: 18 }],
  ['a synonym', 'products', { query: '大福', hitsPerPage: 18 }],
  [
    'faceted, filtered, sorted',
    'products_price_asc',
    { query: 'ramen', hitsPerPage: 18, page: 1, facets: ['category_ids', 'city', 'stock_status', 'trend_group_id'], filters: '(city:osaka OR city:kyoto) AND price_min:0 TO 5000 AND NOT stock_status:out_of_stock' },
  ],
]
const load = () => `${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`
console.log(`kana readings of ${readings.size} Japanese names in ${(readingsMs / 1000).toFixed(2)} s, dictionary load included`)
console.log(`${count} products indexed in ${(indexMs / 1000).toFixed(2)} s, heap +${heapMb.toFixed(0)} MB; ${rounds} × ${runs} runs per query, target p99 < 10 ms; load average ${load()}`)

const time = ([, index, params]: (typeof queries)[number]) => {
  const cpu = process.cpuUsage()
  const started = performance.now()
  const { nbHits } = engine.search(index, params) as { nbHits: number }
  const ms = performance.now() - started
  const used = process.cpuUsage(cpu)
  return { ms, cpuMs: (used.user + used.system) / 1000, nbHits }
}
for (let i = 0; i < 20; i++) for (const query of queries) time(query)
const times = queries.map(() => [] as number[][])
const cpuTimes = queries.map(() => [] as number[])
const hits = queries.map(() => 0)
for (let round = 0; round < rounds; round++) {
  for (const list of times) list.push([])
  for (let i = 0; i < runs; i++) {
    queries.forEach((query, q) => {
      const { ms, cpuMs, nbHits } = time(query)
      times[q]![round]!.push(ms)
      cpuTimes[q]!.push(cpuMs)
      hits[q] = nbHits
    })
  }
}

const percentile = (list: number[], q: number) => {
  const sorted = [...list].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}
const ms = (n: number) => n.toFixed(2).padStart(6)
console.log(`${'query'.padEnd(26)} ${'hits'.padStart(6)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'max'.padStart(6)} ${'cpu avg'.padStart(8)}   p99 per round (ms)`)
queries.forEach(([label], q) => {
  const all = times[q]!.flat()
  const perRound = times[q]!.map((list) => percentile(list, 0.99).toFixed(2)).join(' ')
  console.log(`${label.padEnd(26)} ${String(hits[q]).padStart(6)} ${ms(percentile(all, 0.5))} ${ms(percentile(all, 0.99))} ${ms(Math.max(...all))} ${ms(cpuTimes[q]!.reduce((sum, t) => sum + t, 0) / cpuTimes[q]!.length).padStart(8)}   ${perRound}`)
})
console.log(`load average at the end: ${load()}`)
