/**
 * Validates a catalogue file (default: the seed catalogue) and prints counts.
 *
 *   node --import tsx scripts/check-catalogue.ts [FILE.json]
 *
 * Checks the valibot schema, references between products and categories / cities / trend
 * groups, unique SKUs, stock and expiry rules, and that every /images/... path exists under
 * public/. Exits 1 on any problem.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { CatalogueFileSchema } from '../contract/catalogue-file'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const file = resolve(process.argv[2] ?? join(root, 'server/db/seed/catalogue.json'))
const problems: string[] = []
const problem = (message: string) => problems.push(message)

const raw: unknown = JSON.parse(readFileSync(file, 'utf8'))
const parsed = v.safeParse(CatalogueFileSchema, raw)
if (!parsed.success) {
  for (const issue of parsed.issues) console.error(`schema: ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`)
  console.error(`\n${file}: ${parsed.issues.length} schema problem(s)`)
  process.exit(1)
}
const cat = parsed.output

const count = <T,>(items: T[], key: (item: T) => string | string[] | null) => {
  const map = new Map<string, number>()
  for (const item of items) {
    const keys = key(item)
    for (const k of Array.isArray(keys) ? keys : [keys ?? '(none)']) map.set(k, (map.get(k) ?? 0) + 1)
  }
  return map
}
const table = (title: string, map: Map<string, number>, order?: string[]) => {
  console.log(`\n${title}`)
  const keys = order ? [...order, ...[...map.keys()].filter((k) => !order.includes(k))] : [...map.keys()].sort()
  for (const k of keys) console.log(`  ${k.padEnd(18)} ${String(map.get(k) ?? 0).padStart(4)}`)
}

// ── uniqueness and references
const slugs = (items: { slug: string }[], what: string) => {
  const set = new Set<string>()
  for (const { slug } of items) {
    if (set.has(slug)) problem(`duplicate ${what} slug ${slug}`)
    set.add(slug)
  }
  return set
}
const categorySlugs = slugs(cat.categories, 'category')
const citySlugs = slugs(cat.cities, 'city')
const trendSlugs = slugs(cat.trend_groups, 'trend group')
const skus = new Set<string>()
const addSku = (sku: string) => {
  if (skus.has(sku)) problem(`duplicate SKU ${sku}`)
  skus.add(sku)
}

const images = new Set<string>()
const EXPIRY_MIN = '2027-02-01'
const EXPIRY_MAX = '2028-06-30'
for (const c of cat.cities) images.add(c.picture)
for (const t of cat.trend_groups) images.add(t.picture)

for (const p of cat.products) {
  const at = p.sku
  addSku(p.sku)
  for (const c of p.categories) if (!categorySlugs.has(c)) problem(`${at}: unknown category ${c}`)
  if (new Set(p.categories).size !== p.categories.length) problem(`${at}: repeated category`)
  if (!citySlugs.has(p.city)) problem(`${at}: unknown city ${p.city}`)
  if (p.trend_group && !trendSlugs.has(p.trend_group)) problem(`${at}: unknown trend group ${p.trend_group}`)
  for (const img of p.images) images.add(img)
  const food = !p.categories.includes('souvenirs')
  if (food && !p.expiry_date) problem(`${at}: food without expiry_date`)
  if (!food && p.expiry_date) problem(`${at}: non-food with expiry_date`)
  if (p.expiry_date && (p.expiry_date < EXPIRY_MIN || p.expiry_date > EXPIRY_MAX)) problem(`${at}: expiry ${p.expiry_date} out of range`)
  if (p.stock_type === 'PRE_ORDER' && (p.arrival_days < 14 || p.arrival_days > 45)) problem(`${at}: pre-order arrival_days ${p.arrival_days}`)
  if (p.stock_type === 'OFF_SHELF' && (p.arrival_days < 3 || p.arrival_days > 10)) problem(`${at}: in-stock arrival_days ${p.arrival_days}`)
  if (p.rank < 1 || p.rank > 1000) problem(`${at}: rank ${p.rank}`)
  const { length, width, height, weight } = p.size
  if (!(length > 0 && width > 0 && height > 0 && weight > 0)) problem(`${at}: empty size`)
  const zeros = p.variants.filter((x) => x.stock_left === 0).length
  if (zeros > 0 && zeros < p.variants.length) problem(`${at}: only some variants sold out`)
  if (zeros > 0 && p.stock_type === 'PRE_ORDER') problem(`${at}: pre-order product sold out`)
  const labels = new Set<string>()
  for (const variant of p.variants) {
    addSku(variant.sku)
    if (!variant.sku.startsWith(`${p.sku}-`)) problem(`${variant.sku}: variant SKU does not extend ${p.sku}`)
    if (labels.has(variant.label.en)) problem(`${variant.sku}: repeated label`)
    labels.add(variant.label.en)
    if (variant.stock_left !== 0 && (variant.stock_left < 3 || variant.stock_left > 200)) problem(`${variant.sku}: stock_left ${variant.stock_left}`)
  }
  for (const key of ['zh_tw', 'en', 'ja'] as const) {
    if (/\b(snack|product|item)\s*\d+\b/i.test(p.name[key])) problem(`${at}: templated name ${p.name[key]}`)
  }
}
const names = count(cat.products, (p) => [`zh:${p.name.zh_tw}`, `en:${p.name.en}`, `ja:${p.name.ja}`])
for (const [name, n] of names) if (n > 1) problem(`name used ${n} times: ${name}`)

// ── images
for (const img of images) {
  if (!img.startsWith('/')) continue
  if (!existsSync(join(root, 'public', img))) problem(`missing image public${img}`)
}

// ── counts
const byCategory = count(cat.products, (p) => p.categories)
const byCity = count(cat.products, (p) => p.city)
const byTrend = count(cat.products, (p) => p.trend_group)
const byStock = count(cat.products, (p) => p.stock_type)
const soldOut = cat.products.filter((p) => p.variants.every((x) => x.stock_left === 0)).length
const multi = cat.products.filter((p) => p.variants.length > 1).length
const variants = cat.products.reduce((n, p) => n + p.variants.length, 0)

console.log(`${file}`)
console.log(`categories ${cat.categories.length}, cities ${cat.cities.length} (hot ${cat.cities.filter((c) => c.is_hot).length}), trend groups ${cat.trend_groups.length}`)
console.log(`products ${cat.products.length}, variants ${variants}, products with 2+ variants ${multi}`)
table('per category', byCategory, cat.categories.map((c) => c.slug))
table('per city', byCity, cat.cities.map((c) => c.slug))
table('per trend group', byTrend, cat.trend_groups.map((t) => t.slug))
table('per stock type', byStock)
console.log(`\nout of stock (every variant 0): ${soldOut}`)
console.log(`images referenced: ${images.size}`)

// ── shop rules for the seed catalogue
for (const c of cat.categories) if ((byCategory.get(c.slug) ?? 0) < 20) problem(`category ${c.slug} has fewer than 20 products`)
for (const c of cat.cities) if (c.is_hot && (byCity.get(c.slug) ?? 0) < 15) problem(`hot city ${c.slug} has fewer than 15 products`)
for (const t of cat.trend_groups) {
  const n = byTrend.get(t.slug) ?? 0
  if (n < 8 || n > 30) problem(`trend group ${t.slug} has ${n} products (want 8–30)`)
}

if (problems.length) {
  console.error(`\n${problems.length} problem(s):`)
  for (const p of problems.slice(0, 50)) console.error(`  - ${p}`)
  if (problems.length > 50) console.error(`  … and ${problems.length - 50} more`)
  process.exit(1)
}
console.log('\nOK')
