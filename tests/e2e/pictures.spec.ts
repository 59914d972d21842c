import type { Page } from '@playwright/test'
import { expect, findProduct, test } from './kit'

/** every `<picture>` of the page: the URLs it lists (src, srcset candidates of the img and its sources) and its reserved size */
const picturesOf = (page: Page) =>
  page.locator('picture').evaluateAll((pictures) =>
    pictures.map((picture) => {
      const img = picture.querySelector('img')!
      const candidates = [img, ...picture.querySelectorAll('source')].flatMap((element) =>
        (element.getAttribute('srcset') ?? '')
          .split(',')
          .map((entry) => entry.trim().split(' ')[0]!)
          .filter(Boolean),
      )
      return { urls: [img.getAttribute('src')!, ...candidates], width: img.getAttribute('width'), height: img.getAttribute('height'), sources: picture.querySelectorAll('source').length }
    }),
  )

test.describe('pictures', () => {
  for (const which of ['home', 'product'] as const) {
    test(`every picture URL of the ${which} page answers with a picture, and the catalogue's SVGs are shown as they are`, async ({ page, request }) => {
      const path = which === 'home' ? '/en' : `/en/product/detail/${(await findProduct(request, (p) => p.images.length > 1, 'en')).id}`
      await page.goto(path)
      await expect(page.locator('picture img').first()).toBeVisible()
      const pictures = await picturesOf(page)
      expect(pictures.length).toBeGreaterThan(3)
      for (const picture of pictures) {
        // the box is reserved before the picture arrives
        expect(Number(picture.width)).toBeGreaterThan(0)
        expect(Number(picture.height)).toBeGreaterThan(0)
        // the seed catalogue's pictures are SVGs: one file, no derivatives to choose from
        expect(picture.urls).toHaveLength(1)
        expect(picture.urls[0]).toMatch(/^\/images\/.+\.svg$/)
        expect(picture.sources).toBe(0)
      }
      for (const url of new Set(pictures.flatMap((picture) => picture.urls))) {
        const res = await request.get(url)
        expect(res.status(), url).toBe(200)
        expect(res.headers()['content-type'], url).toMatch(/^image\//)
      }
      // what the browser drew above the fold came through
      const broken = await page.locator('picture img[loading="eager"]').evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0).length)
      expect(broken).toBe(0)
    })
  }
})
