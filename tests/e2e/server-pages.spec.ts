import sharp from 'sharp'
import { expect, findProduct, test } from './kit'

/** The content of a `<meta>` in raw HTML (attributes in the order the server writes them). */
const metaIn = (html: string, key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1]

test.describe('pages drawn on the server', () => {
  test('a shared product link previews with a 1200x630 picture, the name and the price, without JavaScript', async ({ request }) => {
    const product = await findProduct(request, (p) => p.status === 'ACTIVE' && p.categories.length > 0, 'en')
    // link previews and curl ask for anything, not for text/html
    const page = await request.get(`/en/product/detail/${product.id}`, { headers: { accept: '*/*' } })
    expect(page.status()).toBe(200)
    expect(page.headers()['content-type']).toMatch(/^text\/html/)
    const html = await page.text()
    expect(metaIn(html, 'og:title')).toContain(product.name)
    expect(metaIn(html, 'product:price:amount')).toBe(String(product.price_min))
    const image = metaIn(html, 'og:image')!
    const [width, height] = [metaIn(html, 'og:image:width'), metaIn(html, 'og:image:height')]
    const picture = await request.get(image)
    expect(picture.status()).toBe(200)
    expect(picture.headers()['content-type']).toBe('image/jpeg')
    const info = await sharp(await picture.body()).metadata()
    expect([info.format, String(info.width), String(info.height)]).toEqual(['jpeg', width, height])
  })

  test('an unknown page answers 404 with the not-found page for any client', async ({ request }) => {
    const page = await request.get('/en/product/detail/99999999', { headers: { accept: '*/*' } })
    expect(page.status()).toBe(404)
    expect(await page.text()).toContain('This page could not be found')
  })

  test('the app takes over a product page without fetching its data again, then fetches the next page once', async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.status === 'ACTIVE' && p.categories.length > 0, 'en')
    const asked: string[] = []
    page.on('request', (req) => {
      const url = new URL(req.url())
      if (url.pathname.startsWith('/api/v1/product')) asked.push(url.pathname)
    })
    await page.goto(`/en/product/detail/${product.id}`)
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
    // the product and its recommendations came with the page
    const recommended = page.getByRole('region', { name: 'You may also like' }).getByRole('link').first()
    await expect(recommended).toBeVisible()
    expect(asked.filter((path) => path === `/api/v1/product/${product.id}` || path.endsWith('/recommend'))).toEqual([])

    const target = (await recommended.getAttribute('href'))!
    const targetId = target.match(/\/product\/detail\/(\d+)/)![1]
    await recommended.click()
    await expect(page).toHaveURL(new RegExp(`/en/product/detail/${targetId}$`))
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(product.name)
    expect(asked.filter((path) => path === `/api/v1/product/${targetId}`)).toHaveLength(1)
  })
})
