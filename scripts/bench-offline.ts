/**
 * `npm run bench:offline`: a repeat visit with the network off. Opens the product list once online
 * (the service worker installs and keeps what it sees), then, offline, loads the page again RUNS
 * times and prints the time from navigation to the first product card painted with its picture,
 * and the size of the precached app shell. Run `npm run build` first.
 */
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { startShopProcess } from './lib/shop-process'

const RUNS = Number(process.env.RUNS ?? 9)
const PAGE = process.env.BENCH_PATH ?? '/product/list'
const publicDir = path.resolve(process.env.PUBLIC_DIR ?? 'dist')

/** What the worker precaches: the manifest vite-plugin-pwa writes into sw.js, as url/revision pairs. */
async function precacheSize() {
  const worker = await readFile(path.join(publicDir, 'sw.js'), 'utf8')
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!)
  let raw = 0
  let gzip = 0
  for (const url of urls) {
    const body = await readFile(path.join(publicDir, url))
    raw += body.length
    gzip += gzipSync(body).length
  }
  return { files: urls.length, raw, gzip }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

await stat(path.join(publicDir, 'sw.js')).catch(() => {
  throw new Error(`${publicDir}/sw.js is missing: run npm run build first`)
})
const shop = await startShopProcess({ PUBLIC_DIR: publicDir })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
try {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
  // Records when the first product card and its picture are on screen: the frame after both exist,
  // in ms since the navigation started (the page's time origin).
  // (a string: tsx would wrap a function's inner helpers in names the page does not have)
  await context.addInitScript(`
    const check = () => {
      const image = document.querySelector('main article img')
      if (image && image.complete && image.naturalWidth > 0) {
        requestAnimationFrame(() => { window.__firstCard = performance.now() })
        return
      }
      requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  `)
  const page = await context.newPage()
  await page.goto(shop.url + PAGE)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 })
  await page.reload()
  await page.waitForFunction(() => '__firstCard' in window, null, { timeout: 30_000 })
  await context.setOffline(true)
  const times: number[] = []
  for (let run = 0; run < RUNS; run++) {
    await page.goto(shop.url + PAGE)
    await page.waitForFunction(() => '__firstCard' in window, null, { timeout: 30_000 })
    times.push(await page.evaluate(() => (window as unknown as { __firstCard: number }).__firstCard))
  }
  const cached = await page.evaluate(() => (navigator.serviceWorker.controller ? 'controlled by the service worker' : 'NOT controlled'))
  const { files, raw, gzip } = await precacheSize()
  console.log(`repeat visit to ${PAGE}, network off, ${RUNS} runs, phone viewport (${cached})`)
  console.log(`  first product card painted: median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`)
  console.log(`  precache: ${files} files, ${(raw / 1024).toFixed(0)} KB (${(gzip / 1024).toFixed(0)} KB gzip)`)
} finally {
  await browser.close()
  await shop.stop()
}
