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
import { derivativePath, IMAGE_FORMATS, IMAGE_PRESETS, isVectorPicture, type ImagePresetName } from '../contract/images'
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
row('share pictures (og:image) for the seed catalogue', `${activeProducts + 1}, made on a crawler's request`, `${activeProducts} made by the queue once the shop has run 5 minutes; the site's built`)

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
/** the queue's start, then (when it had anything to make now) its 'pictures made' with nothing left (products' share pictures come 5 minutes later) */
async function queueIdle(shop: Shop, timeoutMs = 900_000) {
  for (const deadline = performance.now() + timeoutMs; performance.now() < deadline; ) {
    const started = shop.logs.find((log) => message(log) === 'picture queue started')
    if (started && started.toMakeNow === 0) return { made: 0, ms: 0, encoderCpuMs: 0, sharesLater: Number(started.sharesLater) }
    const made = shop.logs.filter((log) => message(log) === 'pictures made')
    const last = made.at(-1)
    if (started && last && Number(last.left) === 0) {
      return { made: made.reduce((sum, log) => sum + Number(log.made), 0), ms: Number(last.at) - Number(started.at), encoderCpuMs: Number(last.encoderCpuMs), sharesLater: Number(last.left) }
    }
    await sleep(200)
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

/** a GET as a browser makes it: redirects followed; the time to the picture's last byte */
async function timedPicture(base: string, url: string) {
  const t = performance.now()
  let at = url
  for (let hops = 0; hops < 3; hops++) {
    const res = await fetch(`${base}${at}`, { redirect: 'manual' })
    await res.arrayBuffer()
    if (res.status >= 300 && res.status < 400) {
      at = res.headers.get('location')!
      continue
    }
    if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('image/')) throw new Error(`${url} answered ${res.status}`)
    return performance.now() - t
  }
  throw new Error(`${url} redirected too often`)
}

const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * p))]!
const summary = (times: number[]) => `p50 ${percentile(times, 0.5).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${times.length})`

/**
 * BENCH_SECONDS of BENCH_CONNECTIONS at once asking for derivative URLs nobody needs (half a built
 * picture in any preset, width and format; half a photo that does not exist), while a shopper's
 * pictures are asked for every 100 ms: one already seen (`warm`) and, in turn, ones not asked for
 * before (`cold`, each once).
 */
async function flood(shop: Shop, warm: string, cold: string[]) {
  await timedPicture(shop.url, warm)
  const end = performance.now() + floodSeconds * 1000
  let sent = 0
  let counter = 0
  const presets = Object.keys(IMAGE_PRESETS) as ImagePresetName[]
  const unknown = () => {
    const i = counter++
    const preset = presets[i % presets.length]!
    const width = IMAGE_PRESETS[preset].widths[Math.floor(i / presets.length) % IMAGE_PRESETS[preset].widths.length]!
    const format = IMAGE_FORMATS[i % 3]!
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
  const warmTimes: number[] = []
  const coldTimes: number[] = []
  const probe = (async () => {
    let next = 0
    while (performance.now() < end) {
      warmTimes.push(await timedPicture(shop.url, warm))
      if (next < cold.length) coldTimes.push(await timedPicture(shop.url, cold[next++]!))
      await sleep(100)
    }
  })()
  await Promise.all([...floods, probe])
  return { sent, rate: sent / floodSeconds, warm: warmTimes, cold: coldTimes }
}

/** photos as a shop owner's camera makes them, in a catalogue file beside them */
async function photoCatalogue(dir: string) {
  await mkdir(path.join(dir, 'photos'), { recursive: true })
  const products = []
  const photos: string[] = []
  for (let i = 0; i < photoCount; i++) {
    const file = `photos/p${i}.jpg`
    await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: (i * 40) % 255, g: 120, b: 200 - i * 10 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .jpeg({ quality: 90 })
      .toFile(path.join(dir, file))
    // the import names a photo by its content
    photos.push(`/images/u/${contentHash(await readFile(path.join(dir, file)))}.jpg`)
    const base = structuredClone(seed.products[i]!)
    products.push({ ...base, sku: `PHOTO-${i}`, images: [file], variants: base.variants.map((v, j) => ({ ...v, sku: `PHOTO-${i}-${j}` })) })
  }
  await writeFile(path.join(dir, 'catalogue.json'), JSON.stringify({ ...seed, products }))
  return { file: path.join(dir, 'catalogue.json'), photos }
}

function run(cwd: string, args: string[], env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))))
  })
}

/** what the queue does with the seed's share pictures once their time comes: in this process, on an in-memory database */
async function seedShares(dataDir: string, publicDir: string) {
  const { openDatabase } = await import('../server/db/client')
  const { importCatalogue } = await import('../server/flows/catalogue-import/import')
  const { imageRoutes } = await import('../server/modules/images/routes')
  const { createLogger } = await import('../server/lib/logger')
  const database = await openDatabase({ dataDir: 'memory://' })
  try {
    await importCatalogue(database.db, seed as never)
    const pictures = imageRoutes({ db: database.db, config: { dataDir, publicDir }, logger: createLogger('silent'), queue: { shareDelayMs: 0 } })
    const started = performance.now()
    await pictures.queue.start()
    await pictures.queue.idle()
    const ms = performance.now() - started
    await pictures.queue.stop()
    return { made: pictures.queue.stats.encoded, ms, cpuMs: pictures.queue.encoder.cpuMicros / 1000 }
  } finally {
    await database.close()
  }
}

const publicDir = await publicFolder()
const work = await mkdtemp(path.join(tmpdir(), 'bench-images-'))
// the needed derivatives of the seed, in an order that spreads them over presets and formats
const coldSeed = neededUrls.filter((_, i) => i % 7 === 3)
try {
  // ─── before ───
  let before: { startCpu: number; encodeMean: number; flood: Awaited<ReturnType<typeof flood>>; made: number } | undefined
  if (beforeDir) {
    console.log(`\nbefore: ${beforeDir} (load ${load()})`)
    const shop = await startShop(beforeDir, path.join(work, 'before'), publicDir)
    try {
      const startCpu = await cpuMs(shop.child.pid!)
      // first requests of needed derivatives, one after another: each an encode
      const step = Math.max(1, Math.floor(neededUrls.length / sampleSize))
      const sample = neededUrls.filter((_, i) => i % step === 0 && i % 7 !== 3).slice(0, sampleSize)
      let total = 0
      for (const url of sample) total += await timedPicture(shop.url, url)
      const encodeMean = total / sample.length
      const files = await cacheFiles(shop.dataDir)
      const result = await flood(shop, derivativePath('/images/products/snk-0001.svg', 'product', 480, 'avif'), coldSeed)
      const made = (await cacheFiles(shop.dataDir)) - files - result.cold.length
      before = { startCpu, encodeMean, flood: result, made }
      console.log(`  first requests of ${sample.length} needed derivatives: ${encodeMean.toFixed(0)} ms each`)
      console.log(`  flood: ${result.sent} requests (${result.rate.toFixed(0)}/s); a seen picture ${summary(result.warm)}; a picture not asked for before ${summary(result.cold)}; files the flood made: ${made}`)
    } finally {
      await shop.stop()
    }
  }

  // ─── after: a fresh start on the seed catalogue ───
  console.log(`\nafter: ${root} (load ${load()})`)
  const dataDir = path.join(work, 'after')
  let shop = await startShop(root, dataDir, publicDir)
  const ready = performance.now() - shop.started
  const fresh = await queueIdle(shop)
  await sleep(5000)
  const freshCpu = await cpuMs(shop.child.pid!)
  console.log(`  fresh start: health in ${seconds(ready)}; the queue made ${fresh.made} files now and leaves ${fresh.sharesLater} share pictures for 5 minutes later; shop CPU ${seconds(freshCpu)} 5 s after`)
  await shop.stop()
  const shares = await seedShares(path.join(work, 'shares'), publicDir)
  console.log(`  the seed's share pictures once their time comes: ${shares.made} in ${seconds(shares.ms)}, encoder CPU ${seconds(shares.cpuMs)}`)
  row('files made at a fresh start on the seed catalogue', `0 at start; ${neededBefore} derivatives + ${activeProducts + 1} share pictures on first requests`, `${fresh.made} in the first 5 minutes; then ${shares.made} share pictures`)
  row('time to make them, one at a time', before ? `≈ ${seconds(before.encodeMean * neededBefore)} (${neededBefore} × ${before.encodeMean.toFixed(0)} ms, a sample of first requests)` : 'n/a', `0 s; the share pictures ${seconds(shares.cpuMs)} at the lowest priority (${seconds(shares.ms)})`)
  row('shop CPU at a fresh start (until health, seeding included)', before ? seconds(before.startCpu) : 'n/a', seconds(freshCpu))

  // ─── after: photos imported, then a restart ───
  const imported = await photoCatalogue(path.join(work, 'import'))
  await run(root, ['--import', 'tsx', 'scripts/catalogue-import.ts', imported.file], { DATA_DIR: dataDir })
  shop = await startShop(root, dataDir, publicDir)
  // while the queue is making them: pages ask for the photos' card pictures (480 px AVIF), each once
  const coldPhotos = imported.photos.flatMap((photo) => IMAGE_FORMATS.map((format) => derivativePath(photo, 'product', 480, format)))
  const result = await flood(shop, '/images/products/snk-0001.svg', coldPhotos)
  console.log(`  flood right after the restart: ${result.sent} requests (${result.rate.toFixed(0)}/s); an SVG card picture ${summary(result.warm)}; a photo's card picture not made yet or just made ${summary(result.cold)}`)
  const photos = await queueIdle(shop)
  const files = await cacheFiles(dataDir)
  const perPhoto = photos.made / photoCount
  console.log(`  ${photoCount} photos imported: the queue made ${photos.made} files (${perPhoto.toFixed(0)} a photo) in ${seconds(photos.ms)}, encoder CPU ${seconds(photos.encoderCpuMs)}; files on disk ${files}`)
  await shop.stop()
  row(`${photoCount} imported 2400×1600 photos: derivatives made after the restart`, 'made on first requests', `${photos.made} in ${seconds(photos.ms)} (encoder CPU ${seconds(photos.encoderCpuMs)})`)
  row(`a seen picture during a flood of unknown derivative URLs (${connections} at once)`, before ? `${summary(before.flood.warm)}, flood ${before.flood.rate.toFixed(0)} req/s` : 'n/a', `${summary(result.warm)}, flood ${result.rate.toFixed(0)} req/s`)
  row('a picture not asked for before, during the flood', before ? summary(before.flood.cold) : 'n/a', `${summary(result.cold)} (a redirect until made)`)
  row('files encoded because of requests', before ? `${before.made} in ${floodSeconds} s of flood` : 'n/a', `${files - photos.made} (files on disk ${files} = made by the queue ${photos.made})`)

  console.log('\n| | before | after |\n|---|---|---|')
  for (const [what, b, a] of rows) console.log(`| ${what} | ${b} | ${a} |`)
} finally {
  await rm(work, { recursive: true, force: true })
  await rm(publicDir, { recursive: true, force: true })
}
