import { describe, expect, it } from 'vitest'
import { pageTemplate } from './template'

const SHELL = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-EfGh5678.js">
    <link rel="stylesheet" crossorigin href="/assets/style-IjKl9012.css">
  </head><body><div id="root"></div></body></html>`

describe('pageTemplate', () => {
  const page = pageTemplate(SHELL, { templateFile: 'dist/index.html', nonceSlot: '__slot__' })

  it('fetches the first screen\'s chunks behind the pictures: preloaded at low priority, the entry too', () => {
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/framework-EfGh5678.js">')
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/index-AbCd1234.js">')
    expect(page.match(/rel="modulepreload"/g)).toHaveLength(2)
  })

  it('runs the app once the page has loaded, from a plain inline module script with the nonce slot', () => {
    expect(page).not.toContain('<script type="module" crossorigin src=')
    expect(page).toMatch(/<script type="module" nonce="__slot__">[^<]*addEventListener\('load', start, \{ once: true \}\)<\/script>/)
    expect(page).toContain('import("/assets/index-AbCd1234.js")')
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/style-IjKl9012.css">')
  })

  it('refuses a build whose entry it cannot find', () => {
    expect(() => pageTemplate('<html></html>', { templateFile: 'dist/index.html', nonceSlot: 'x' })).toThrow(/dist\/index.html/)
  })
})
