/**
 * `npm run pwa:icons`: draws the app icons of the web manifest (192 and 512 pixels, a maskable
 * 512 with the mark inside the safe zone, and the 180-pixel Apple touch icon) from the shop's mark
 * in `public/favicon.svg`, rendered by Chromium. The PNGs are committed; run this after changing the mark.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { chromium } from '@playwright/test'

const mark = await readFile('public/favicon.svg', 'utf8')
const BRAND = '#e8384f'

/** `inset` is the share of the icon the mark may use: maskable icons keep it inside the 80% safe circle. */
const icons = [
  { file: 'public/icons/icon-192.png', size: 192, inset: 1, background: 'transparent' },
  { file: 'public/icons/icon-512.png', size: 512, inset: 1, background: 'transparent' },
  { file: 'public/icons/maskable-512.png', size: 512, inset: 0.72, background: BRAND },
  { file: 'public/icons/apple-touch-icon.png', size: 180, inset: 0.86, background: BRAND },
]

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
    const inner = Math.round(icon.size * icon.inset)
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background}">` +
        `<div style="width:${inner}px;height:${inner}px">${mark.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`,
    )
    await writeFile(icon.file, await page.screenshot({ omitBackground: icon.background === 'transparent', type: 'png' }))
    await page.close()
    console.log(`${icon.file} (${icon.size}×${icon.size})`)
  }
} finally {
  await browser.close()
}
