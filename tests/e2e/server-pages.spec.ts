import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { expect, findProduct, header, navigateInApp, test, waitForApp } from './kit'

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

test.describe('a page\'s head in the running app', () => {
  test('the app takes over the head the server wrote, one of each tag, and keeps it with the page as the visitor moves on', async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.status === 'ACTIVE' && p.categories.length > 0, 'en')
    const head = () =>
      page.evaluate(() => ({
        titles: document.querySelectorAll('title').length,
        title: document.title,
        canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) => new URL(link.getAttribute('href')!).pathname),
        alternates: document.querySelectorAll('link[rel="alternate"][hreflang]').length,
        descriptions: document.querySelectorAll('meta[name="description"]').length,
        ogUrl: [...document.querySelectorAll('meta[property="og:url"]')].map((meta) => new URL(meta.getAttribute('content')!).pathname),
        robots: [...document.querySelectorAll('meta[name="robots"]')].map((meta) => meta.getAttribute('content')),
        structured: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => (JSON.parse(script.textContent!) as { '@type': string })['@type']),
      }))
    await page.goto(`/en/product/detail/${product.id}`)
    await waitForApp(page)
    await expect.poll(head).toEqual({
      titles: 1,
      title: `${product.name} · Japan Souvenir Shop`,
      canonical: [`/en/product/detail/${product.id}`],
      alternates: 4,
      descriptions: 1,
      ogUrl: [`/en/product/detail/${product.id}`],
      robots: [],
      structured: ['Product', 'BreadcrumbList'],
    })

    const recommended = page.getByRole('region', { name: 'You may also like' }).getByRole('link').first()
    const targetId = (await recommended.getAttribute('href'))!.match(/\/product\/detail\/(\d+)/)![1]
    await recommended.click()
    await expect(page).toHaveURL(new RegExp(`/en/product/detail/${targetId}$`))
    // the address changes before the page it names is drawn: the heading is read once it is the new product's
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(product.name)
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!
    await expect.poll(head).toMatchObject({ titles: 1, title: `${name} · Japan Souvenir Shop`, canonical: [`/en/product/detail/${targetId}`], ogUrl: [`/en/product/detail/${targetId}`], descriptions: 1 })

    // a page drawn in the browser is not listed: no address of its own, noindex
    await navigateInApp(page, '/en/cart')
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible()
    await expect.poll(head).toMatchObject({ titles: 1, title: 'Cart · Japan Souvenir Shop', canonical: [], alternates: 0, ogUrl: [], robots: ['noindex'], structured: [], descriptions: 1 })

    await page.goBack()
    await expect.poll(head).toMatchObject({ title: `${name} · Japan Souvenir Shop`, canonical: [`/en/product/detail/${targetId}`], robots: [], structured: ['Product', 'BreadcrumbList'] })

    // a page the server never draws (the shell, which the app fills in) has the page's head alone, not the shell's
    await page.goto('/en/cart')
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible()
    await expect.poll(head).toMatchObject({ titles: 1, title: 'Cart · Japan Souvenir Shop', descriptions: 1, canonical: [], robots: ['noindex'] })
  })
})

test.describe('pages drawn on the server, under their scripts\' hashes', () => {
  const INJECTED = 'window.injected = true'
  // the one inline script this test adds itself is refused, and the browser says so, naming its hash
  const injectedHash = `sha256-${createHash('sha256').update(INJECTED).digest('base64')}`
  test.use({ allowedConsoleErrors: [new RegExp(`Content Security Policy.*'${injectedHash.replace(/[+/]/g, '\\$&')}'`)] })

  test('the home page’s app starts with no policy violation, and an inline script added later is refused', async ({ page }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    const response = await page.goto('/en')
    const policy = response!.headers()['content-security-policy'] ?? ''
    expect(policy).toMatch(/(?:^|; )script-src 'self'(?: 'sha256-[A-Za-z0-9+/]+={0,2}')+;/)
    // the app took the page over from the data handed over in the page (allowed by hash), which it then let go of
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app === 'ready' && !('$_TSR' in window))).toBe(true)
    const menu = header(page).getByRole('button', { name: /Language/ })
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    expect(violations).toEqual([])

    const injected = await page.evaluate(
      (text) =>
        new Promise<{ directive: string; ran: boolean }>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) => resolve({ directive: event.effectiveDirective, ran: 'injected' in window }), { once: true })
          const script = document.createElement('script')
          script.textContent = text
          document.body.append(script)
        }),
      INJECTED,
    )
    expect(injected).toEqual({ directive: 'script-src-elem', ran: false })
  })
})
