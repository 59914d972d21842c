/**
 * `npm run size`: the gzip size of the JavaScript that the home page and a product page load
 * before they are ready, measured by loading them in Chromium from the built PWA (run
 * `npm run build` first). Fails above the budget.
 */
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { startShopProcess } from './lib/shop-process'

// what the home and product pages need with hydration (170 and 179 KB in November 2026): a page that grows past it must say why
const BUDGET_KB = 180

const shop = await startShopProcess()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
let over = false
try {
  const list = await (await fetch(`${shop.url}/api/v1/product?per_page=1`)).json()
  const pages = { home: '/', product: `/product/detail/${list.data[0].id}` }
  for (const [name, path] of Object.entries(pages)) {
    const page = await browser.newPage()
    const scripts = new Map<string, number>()
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      const body = await response.body().catch(() => undefined)
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length)
    })
    await page.goto(shop.url + path, { waitUntil: 'networkidle' })
    await page.close()
    const total = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024
    console.log(`${name.padEnd(8)} ${total.toFixed(1).padStart(6)} KB gzip in ${scripts.size} scripts (budget ${BUDGET_KB} KB)`)
    for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`         ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`)
    if (total > BUDGET_KB) over = true
  }
} finally {
  await browser.close()
  await shop.stop()
}
if (over) {
  console.error(`Over the ${BUDGET_KB} KB budget.`)
  process.exitCode = 1
}
