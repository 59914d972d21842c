/**
 * `npm run bench:search`: builds the embedded engine's index from 20,000 products generated from
 * the seed catalogue (its names and descriptions recombined with regions and pack sizes), then
 * prints index time, heap used, and p50/p99 server processing time of four kinds of query.
 * Options: BENCH_PRODUCTS (default 20000), BENCH_RUNS (default 300 per query kind).
 */
import { readFileSync } from 'node:fs'
import { SearchEngine, type SearchRecord } from '../server/emulators/algolia/engine'
import { PRODUCT_INDEX_SETTINGS } from '../server/modules/search/records'

const count = Number(process.env.BENCH_PRODUCTS ?? 20_000)
const runs = Number(process.env.BENCH_RUNS ?? 300)
const seed = JSON.parse(readFileSync('server/db/seed/catalogue.json', 'utf8'))
const cities = seed.cities as { slug: string; name: Record<string, string> }[]
const prefixes = [
  { en: 'Premium', zh: '特選', ja: '特選' },
  { en: 'Limited', zh: '限定', ja: '限定' },
  { en: 'Family Pack', zh: '家庭號', ja: 'ファミリーパック' },
  { en: 'Gift Box', zh: '禮盒', ja: 'ギフトボックス' },
  { en: 'Mini', zh: '迷你', ja: 'ミニ' },
]

function generate(i: number): SearchRecord {
  const base = seed.products[i % seed.products.length]
  const city = cities[Math.floor(i / seed.products.length) % cities.length]!
  const prefix = prefixes[Math.floor(i / (seed.products.length * cities.length)) % prefixes.length]!
  const price = base.variants[0].price + (i % 37) * 10
  return {
    objectID: String(i + 1),
    id: i + 1,
    name_zh_tw: `${city.name.zh_tw}${prefix.zh}${base.name.zh_tw}`,
    name_en: `${city.name.en} ${prefix.en} ${base.name.en}`,
    name_ja: `${city.name.ja}${prefix.ja}${base.name.ja}`,
    categories: base.categories.map((slug: string, k: number) => ({ category: { id: k + 1, name: slug, name_en: slug, name_ja: slug } })),
    category_ids: base.categories.map((_: string, k: number) => k + 1),
    location: { city: city.name.zh_tw, city_en: city.name.en, city_ja: city.name.ja, slug: city.slug },
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
const records = Array.from({ length: count }, (_, i) => generate(i))
global.gc?.()
const heapBefore = process.memoryUsage().heapUsed
let started = performance.now()
for (let i = 0; i < records.length; i += 1000) engine.saveObjects('products', records.slice(i, i + 1000))
const indexMs = performance.now() - started
global.gc?.()
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024

const queries: [string, string, Record<string, unknown>][] = [
  ['one CJK term', 'products', { query: '抹茶', hitsPerPage: 18 }],
  ['two terms', 'products', { query: 'kyoto matcha', hitsPerPage: 18 }],
  ['a typo', 'products', { query: 'chocolte', hitsPerPage: 18 }],
  [
    'faceted, filtered, sorted',
    'products_price_asc',
    { query: 'ramen', hitsPerPage: 18, page: 1, facets: ['category_ids', 'city', 'stock_status', 'trend_group_id'], filters: '(city:osaka OR city:kyoto) AND price_min:0 TO 5000 AND NOT stock_status:out_of_stock' },
  ],
]
console.log(`${count} products indexed in ${(indexMs / 1000).toFixed(2)} s, heap +${heapMb.toFixed(0)} MB`)
for (const [label, index, params] of queries) {
  const times: number[] = []
  let nbHits = 0
  for (let i = 0; i < runs + 20; i++) {
    started = performance.now()
    nbHits = (engine.search(index, params) as { nbHits: number }).nbHits
    if (i >= 20) times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2)
  console.log(`${label.padEnd(28)} ${String(nbHits).padStart(6)} hits   p50 ${p(0.5)} ms   p99 ${p(0.99)} ms`)
}
