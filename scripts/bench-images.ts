/**
 * `npm run bench:images`: what the shop's pictures cost (decision 65).
 *
 * 1. The seed catalogue's pictures: how many derivative URLs anyone can write, how many files pages
 *    need, and how many the picture queue makes.
 * 2. A fresh start on the seed catalogue: when the queue is done, what it made, and the encoder's CPU.
 * 3. BENCH_PHOTOS photos (default 12, 2400×1600 JPEGs) imported with `npm run catalogue:import` into
 *    that shop's data, then a restart: the time to make their derivatives and the CPU it took.
 * 4. A flood of requests for derivative URLs nobody needs (BENCH_CONNECTIONS at once, default 32, for
 *    BENCH_SECONDS, default 10) while a shopper's picture is asked for every 100 ms: its answer times,
 *    and how many files the flood made (encodes caused by requests).
 *
 * With BENCH_BEFORE_DIR set to a checkout of the shop before the queue (its node_modules in place),
 * steps 2 and 4 run on it too, and its encode time per derivative is sampled (BENCH_SAMPLE, default 60
 * first requests) to estimate what making every needed derivative cost there. The shops run from
 * source (tsx) on PGlite with their data in a temporary folder; the machine's load is printed beside.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { derivativePath, IMAGE_FORMATS, IMAGE_PRESETS, isVectorPicture, pictureSources, type ImagePresetName } from '../contract/images'
import { contentHash } from '../server/modules/images/inspect'
import { effectiveWidth } from '../server/modules/images/render'
import { freePort } from './lib/shop-process'

const root = fileURLToPath(new URL('..', import.meta.url))
const beforeDir = process.env.BENCH_BEFORE_DIR ? path.resolve(process.env.BENCH_BEFORE_DIR) : undefined
const photoCount = Number(process.env.BENCH_PHOTOS ?? 12)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const floodSeconds = Number(process.env.BENCH_SECONDS ?? 10)
const sampleSize = Number(process.env.BENCH_SAMPLE ?? 60)

const seed = (await import('../server/db/seed/catalogue.json', { with: { type: 'json' } })).default as {
  categories: { slug: string }[]
  cities: { picture: string }[]
  trend_groups: { picture: string }[]
  products: { status: string; images: string[]; variants: { sku: string }[] }[]
}
const HOME_BANNERS = [1, 2, 3].map((i) => `/images/banners/banner-${i}.svg`)
const SUBSCRIBE_BANNERS = [1, 2, 3, 4, 5].map((i) => `/images/subscribe/box-${i}.svg`)

const load = () => loadavg()[0]!.toFixed(1)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const rows: [string, string, string][] = []
const row = (what: string, before: string, after: string) => {
  rows.push([what, before, after])
  console.log(`  ${what}: before ${before} | after ${after}`)
}

// ─── 1. counts ───
/** the pictures pages draw, with the preset each is drawn in */
const uses: { src: string; preset: ImagePresetName }[] = [
  ...seed.products.flatMap((p) => p.images.map((src) => ({ src, preset: 'product' as const }))),
  ...seed.cities.map((c) => ({ src: c.picture, preset: 'city' as const })),
  ...seed.categories.map((c) => ({ src: `/images/categories/${c.slug}.svg`, preset: 'category' as const })),
  ...HOME_BANNERS.map((src) => ({ src, preset: 'banner' as const })),
  ...SUBSCRIBE_BANNERS.map((src) => ({ src, preset: 'subscribe' as const })),
]
const sizeOf = async (src: string) => {
  const meta = await sharp(path.join(root, 'public', src)).metadata()
  return { format: meta.format as string, width: meta.width!, height: meta.height! }
}
let neededBefore = 0
const neededUrls: string[] = []
for (const { src, preset } of uses) {
  const size = await sizeOf(src)
  const widths = new Set(IMAGE_PRESETS[preset].widths.map((w) => effectiveWidth(preset, w, size)))
  neededBefore += widths.size * IMAGE_FORMATS.length
  for (const w of IMAGE_PRESETS[preset].widths) for (const f of IMAGE_FORMATS) neededUrls.push(derivativePath(src, preset, w, f))
}
const allSources = [...new Set([...uses.map((u) => u.src), ...seed.trend_groups.map((t) => t.picture)])]
const widthsPerPreset = Object.values(IMAGE_PRESETS).reduce((sum, p) => sum + p.widths.length, 0)
const writable = allSources.length * widthsPerPreset * IMAGE_FORMATS.length
const activeProducts = seed.products.filter((p) => p.status === 'ACTIVE').length
const afterNeeded = uses.filter((u) => !isVectorPicture(u.src)).length
console.log(`pictures of the seed catalogue (load ${load()} on this machine)`)
row('derivative URLs anyone could write (sources × presets × widths × formats)', String(writable), '0 that encode (404 unless the catalogue needs it)')
row('derivative files the seed catalogue’s pages need', String(neededBefore), `${afterNeeded} (its pictures are SVGs, shown as they are)`)
row('share pictures (og:image) for the seed catalogue', `${activeProducts + 1}, made on a crawler's request`, `${activeProducts} made by the queue, the site's built`)

// ─── byte sizes of SVG against raster at card and detail sizes ───
{
  const { gzipSync } = await import('node:zlib')
  const { renderDerivative } = await import('../server/modules/images/render')
  const sample = seed.products.slice(0, 10).map((p) => p.images[0]!)
  const sums: Record<string, number> = {}
  for (const src of sample) {
    const bytes = await readFile(path.join(root, 'public', src))
    const size = await sizeOf(src)
    sums.svg = (sums.svg ?? 0) + gzipSync(bytes).byteLength
    for (const width of [320, 480, 640]) {
      for (const format of ['avif', 'webp'] as const) {
        const key = `${format} ${width}`
        sums[key] = (sums[key] ?? 0) + (await renderDerivative(bytes, size, 'product', effectiveWidth('product', width, size), format)).byteLength
      }
    }
  }
  const kb = (n: number) => `${(n / sample.length / 1024).toFixed(1)} KB`
  console.log(`  bytes of a product picture (mean of ${sample.length}): SVG gzip ${kb(sums.svg!)}; ${Object.entries(sums).filter(([k]) => k !== 'svg').map(([k, v]) => `${k} ${kb(v)}`).join(', ')}`)
  row('bytes of a product card picture (480 px)', `AVIF ${kb(sums['avif 480']!)}, WebP ${kb(sums['webp 480']!)}`, `SVG ${kb(sums.svg!)} gzip`)
}

// ─── a shop process ───
interface Shop {
  url: string
  child: ChildProcess
  dataDir: string
  logs: Record<string, unknown>[]
  started: number
  stop(): Promise<void>
}

/** a public folder with the built pictures and a page shell */
async function publicFolder() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-images-public-'))
  await cp(path.join(root, 'tests/fixtures/public'), dir, { recursive: true })
  await symlink(path.join(root, 'public/images'), path.join(dir, 'images'))
  return dir
}

async function startShop(cwd: string, dataDir: string, publicDir: string): Promise<Shop> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_DIR: publicDir, SSR_DIR: path.join(root, 'tests/fixtures/no-ssr'), LOG_LEVEL: 'info', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const logs: Record<string, unknown>[] = []
  let buffer = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    let at
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at)
      buffer = buffer.slice(at + 1)
      try {
        logs.push({ ...JSON.parse(line), at: performance.now() })
      } catch {
        // not a log line
      }
    }
  })
  const url = `http://127.0.0.1:${port}`
  for (const deadline = Date.now() + 180_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the shop in ${cwd} exited with ${child.exitCode}`)
    if (await fetch(`${url}/api/v1/health`).then((r) => r.ok).catch(() => false)) break
    if (Date.now() > deadline) throw new Error('the shop did not answer within 180 s')
    await sleep(100)
  }
  return {
    url,
    child,
    dataDir,
    logs,
    started,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

const message = (log: Record<string, unknown>) => String(log.message ?? '')
async function queueDone(shop: Shop, after = 0, timeoutMs = 600_000) {
  for (const deadline = performance.now() + timeoutMs; performance.now() < deadline; ) {
    const done = shop.logs.find((log) => message(log) === 'picture queue is done' && (log.at as number) > after)
    if (done) return done
    const started = shop.logs.find((log) => message(log) === 'picture queue started' && (log.at as number) > after)
    if (started && started.toMake === 0) return { made: 0, ms: 0, encoderCpuMs: 0, at: started.at }
    await sleep(100)
  }
  throw new Error('the picture queue did not finish')
}

const cacheFiles = async (dataDir: string) =>
  (await readdir(path.join(dataDir, 'image-cache'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile() && /\.(avif|webp|jpeg|jpg)$/.test(e.name)).length

/** the shop's own CPU time (user + system), from /proc */
async function cpuMs(pid: number) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/** BENCH_SECONDS of requests for derivative URLs nobody needs, while a shopper's picture is asked for every 100 ms */
async function flood(shop: Shop, real: string) {
  const before = await cacheFiles(shop.dataDir)
  expectOk(await fetch(`${shop.url}${real}`), real)
  const end = performance.now() + floodSeconds * 1000
  let sent = 0
  let counter = 0
  const presets = Object.keys(IMAGE_PRESETS) as ImagePresetName[]
  const unknown = () => {
    const i = counter++
    const preset = presets[i % presets.length]!
    const width = IMAGE_PRESETS[preset].widths[Math.floor(i / presets.length) % IMAGE_PRESETS[preset].widths.length]!
    const format = IMAGE_FORMATS[i % 3]!
    // half: a built picture in a preset or width no page asks for; half: a photo that does not exist
    const src = i % 2 ? allSources[(i * 7) % allSources.length]! : `/images/u/${(i * 2654435761).toString(16).padStart(32, '0').slice(-32)}.jpg`
    return derivativePath(src, preset, width, format)
  }
  const floods = Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      await fetch(`${shop.url}${unknown()}`, { redirect: 'manual' })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined)
      sent++
    }
  })
  const times: number[] = []
  const probe = (async () => {
    while (performance.now() < end) {
      const t = performance.now()
      expectOk(await fetch(`${shop.url}${real}`), real)
      times.push(performance.now() - t)
      await sleep(100)
    }
  })()
  await Promise.all([...floods, probe])
  times.sort((a, b) => a - b)
  return { sent, p50: times[Math.floor(times.length / 2)]!, max: times.at(-1)!, made: (await cacheFiles(shop.dataDir)) - before }
}

function expectOk(res: Response, url: string) {
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
  void res.arrayBuffer()
}

/** photos as a shop owner's camera makes them, in a catalogue file beside them */
async function photoCatalogue(dir: string) {
  await mkdir(path.join(dir, 'photos'), { recursive: true })
  const products = []
  for (let i = 0; i < photoCount; i++) {
    const file = `photos/p${i}.jpg`
    await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: (i * 40) % 255, g: 120, b: 200 - i * 10 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .jpeg({ quality: 90 })
      .toFile(path.join(dir, file))
    const base = structuredClone(seed.products[i]!)
    products.push({ ...base, sku: `PHOTO-${i}`, images: [file], variants: base.variants.map((v, j) => ({ ...v, sku: `PHOTO-${i}-${j}` })) })
  }
  const catalogue = { ...seed, products }
  await writeFile(path.join(dir, 'catalogue.json'), JSON.stringify(catalogue))
  return path.join(dir, 'catalogue.json')
}

function run(cwd: string, args: string[], env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))))
  })
}

const publicDir = await publicFolder()
const work = await mkdtemp(path.join(tmpdir(), 'bench-images-'))
try {
  // ─── before ───
  let before: { freshCpu: string; encodeMean: number; estimate: string; flood: Awaited<ReturnType<typeof flood>> } | undefined
  if (beforeDir) {
    console.log(`\nbefore: ${beforeDir} (load ${load()})`)
    const shop = await startShop(beforeDir, path.join(work, 'before'), publicDir)
    try {
      const startCpu = await cpuMs(shop.child.pid!)
      // first requests of needed derivatives, one after another: each an encode
      const step = Math.max(1, Math.floor(neededUrls.length / sampleSize))
      const sample = neededUrls.filter((_, i) => i % step === 0).slice(0, sampleSize)
      let total = 0
      for (const url of sample) {
        const t = performance.now()
        expectOk(await fetch(`${shop.url}${url}`), url)
        total += performance.now() - t
      }
      const encodeMean = total / sample.length
      const real = derivativePath('/images/products/snk-0001.svg', 'product', 480, 'avif')
      before = { freshCpu: `${seconds(startCpu)} (no pictures made at start)`, encodeMean, estimate: `${seconds(encodeMean * neededBefore)} on one core (${neededBefore} × ${encodeMean.toFixed(0)} ms, sampled)`, flood: await flood(shop, real) }
      console.log(`  a real picture during the flood: p50 ${before.flood.p50.toFixed(0)} ms, max ${before.flood.max.toFixed(0)} ms; the flood made ${before.flood.made} files (${before.flood.sent} requests)`)
    } finally {
      await shop.stop()
    }
  }

  // ─── after: a fresh start on the seed catalogue ───
  console.log(`\nafter: ${root} (load ${load()})`)
  const dataDir = path.join(work, 'after')
  let shop = await startShop(root, dataDir, publicDir)
  const ready = performance.now() - shop.started
  const seedDone = await queueDone(shop)
  const freshCpu = await cpuMs(shop.child.pid!)
  console.log(`  fresh start: health in ${seconds(ready)}; queue made ${seedDone.made} files in ${seconds(Number(seedDone.ms))}, encoder CPU ${seconds(Number(seedDone.encoderCpuMs))}; shop CPU ${seconds(freshCpu)}`)
  row('files made for the seed catalogue at a fresh start', `0 (each made on its first request: ${neededBefore} + ${activeProducts + 1} share)`, `${seedDone.made} share pictures`)
  row('time to make them (one core, lowest priority)', before ? before.estimate : 'n/a', `${seconds(Number(seedDone.ms))}, encoder CPU ${seconds(Number(seedDone.encoderCpuMs))}`)
  await shop.stop()

  // ─── after: photos imported, then a restart ───
  const catalogue = await photoCatalogue(path.join(work, 'import'))
  await run(root, ['--import', 'tsx', 'scripts/catalogue-import.ts', catalogue], { DATA_DIR: dataDir })
  shop = await startShop(root, dataDir, publicDir)
  const photoDone = await queueDone(shop)
  const perPhoto = Number(photoDone.made) / photoCount
  console.log(`  ${photoCount} photos imported: queue made ${photoDone.made} files (${perPhoto.toFixed(1)} a photo, share picture included) in ${seconds(Number(photoDone.ms))}, encoder CPU ${seconds(Number(photoDone.encoderCpuMs))}`)
  row(`${photoCount} imported 2400×1600 photos: files made, time`, 'made on first requests', `${photoDone.made} in ${seconds(Number(photoDone.ms))} (encoder CPU ${seconds(Number(photoDone.encoderCpuMs))})`)

  // a photo product's card picture (480 px AVIF), from disk; the import names a photo by its content
  const photo = `/images/u/${contentHash(await readFile(path.join(path.dirname(catalogue), 'photos/p0.jpg')))}.jpg`
  const real = pictureSources(photo, 'product').avif!.split(', ')[2]!.split(' ')[0]!
  const after = await flood(shop, real)
  const svgProbe = await flood(shop, '/images/products/snk-0001.svg')
  console.log(`  a real picture (${real.slice(0, 40)}…) during the flood: p50 ${after.p50.toFixed(0)} ms, max ${after.max.toFixed(0)} ms; an SVG: p50 ${svgProbe.p50.toFixed(0)} ms, max ${svgProbe.max.toFixed(0)} ms`)
  console.log(`  the floods (${after.sent + svgProbe.sent} requests) made ${after.made + svgProbe.made} files`)
  row(`a real picture during a flood of unknown derivative URLs (${connections} at once)`, before ? `p50 ${before.flood.p50.toFixed(0)} ms, max ${before.flood.max.toFixed(0)} ms` : 'n/a', `p50 ${after.p50.toFixed(0)} ms, max ${after.max.toFixed(0)} ms`)
  row('files encoded because of requests during the flood', before ? `${before.flood.made} (of ${before.flood.sent} requests)` : 'n/a', `${after.made + svgProbe.made} (of ${after.sent + svgProbe.sent} requests)`)
  await shop.stop()

  console.log('\n| | before | after |\n|---|---|---|')
  for (const [what, b, a] of rows) console.log(`| ${what} | ${b} | ${a} |`)
} finally {
  await rm(work, { recursive: true, force: true })
  await rm(publicDir, { recursive: true, force: true })
}
