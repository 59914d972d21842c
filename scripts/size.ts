/**
 * `npm run size`: the gzip size of the JavaScript that the home page and a product page load
 * before they are ready, measured by loading them in Chromium from the built PWA (run
 * `npm run build` first). Fails above the budget (size or number of scripts), and prints what
 * changed per chunk against the committed baseline (scripts/size-baseline.json) and the previous
 * run on this machine. `npm run size -- --update-baseline` writes this run as the baseline.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { startShopProcess } from './lib/shop-process'

// issue 25: a phone parses and runs all of it before the page answers; a page that grows past it must say why
const BUDGET_KB = 150
const BUDGET_SCRIPTS = 15

/** chunk name (the file name without its hash) → gzip bytes, per page */
type Sizes = Record<string, Record<string, number>>

const BASELINE_FILE = path.resolve('scripts/size-baseline.json')
const LAST_RUN_FILE = path.resolve('node_modules/.cache/size-last-run.json')
const readSizes = (file: string): Sizes | undefined => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Sizes) : undefined)
const chunkName = (pathname: string) => path.basename(pathname).replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '')
const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const signed = (bytes: number) => `${bytes > 0 ? '+' : ''}${kb(bytes)}`

function changes(label: string, before: Record<string, number> | undefined, now: Record<string, number>): void {
  if (!before) return
  const names = [...new Set([...Object.keys(before), ...Object.keys(now)])]
  const moved = names
    .map((name) => ({ name, delta: (now[name] ?? 0) - (before[name] ?? 0), added: !(name in before), removed: !(name in now) }))
    .filter((change) => Math.abs(change.delta) >= 51)
    .sort((a, b) => b.delta - a.delta)
  const total = Object.values(now).reduce((a, b) => a + b, 0) - Object.values(before).reduce((a, b) => a + b, 0)
  console.log(`         against ${label}: ${signed(total)} KB${moved.length ? '' : ' (no chunk moved by 0.05 KB or more)'}`)
  for (const change of moved) {
    const note = change.added ? ' (new)' : change.removed ? ' (gone)' : ''
    console.log(`         ${signed(change.delta).padStart(7)} KB  ${change.name}${note}`)
  }
}

const shop = await startShopProcess()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
const measured: Sizes = {}
const over: string[] = []
try {
  const list = await (await fetch(`${shop.url}/api/v1/product?per_page=1`)).json()
  const pages = { home: '/', product: `/product/detail/${list.data[0].id}` }
  for (const [name, pathname] of Object.entries(pages)) {
    // a context of its own: nothing comes from the other page's cache unseen
    const context = await browser.newContext()
    const page = await context.newPage()
    const scripts = new Map<string, number>()
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      const body = await response.body().catch(() => undefined)
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length)
    })
    await page.goto(shop.url + pathname, { waitUntil: 'networkidle' })
    await context.close()
    const total = [...scripts.values()].reduce((a, b) => a + b, 0)
    console.log(`${name.padEnd(8)} ${kb(total).padStart(6)} KB gzip in ${scripts.size} scripts (budget ${BUDGET_KB} KB in ${BUDGET_SCRIPTS})`)
    for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`         ${kb(size).padStart(6)} KB  ${file}`)
    measured[name] = {}
    for (const [file, size] of scripts) measured[name][chunkName(file)] = (measured[name][chunkName(file)] ?? 0) + size
    changes('the baseline', readSizes(BASELINE_FILE)?.[name], measured[name])
    changes('the previous run', readSizes(LAST_RUN_FILE)?.[name], measured[name])
    if (total > BUDGET_KB * 1024) over.push(`${name}: ${kb(total)} KB is over the ${BUDGET_KB} KB budget`)
    if (scripts.size > BUDGET_SCRIPTS) over.push(`${name}: ${scripts.size} scripts are more than ${BUDGET_SCRIPTS}`)
  }
} finally {
  await browser.close()
  await shop.stop()
}
mkdirSync(path.dirname(LAST_RUN_FILE), { recursive: true })
writeFileSync(LAST_RUN_FILE, JSON.stringify(measured, null, 2) + '\n')
if (process.argv.includes('--update-baseline')) {
  writeFileSync(BASELINE_FILE, JSON.stringify(measured, null, 2) + '\n')
  console.log(`Wrote ${path.relative(process.cwd(), BASELINE_FILE)}.`)
}
if (over.length > 0) {
  for (const line of over) console.error(line)
  process.exitCode = 1
}
