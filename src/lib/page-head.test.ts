import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createAppRouter } from '../router'
import { providePublicOrigin } from './environment'
import { pageHead } from './page-head'

const router = createAppRouter(new QueryClient(), { ready: () => Promise.resolve(), isSignedIn: () => false })

describe('page heads', () => {
  it('every page a route draws writes its own head (title, and whether it is listed) beside the route', () => {
    const pages = Object.values(router.routesById).filter((route) => route.options.component && !route.children)
    expect(pages.length).toBeGreaterThan(20)
    const without = pages.filter((route) => !route.options.head).map((route) => route.id)
    expect(without).toEqual([])
  })

  it('lists a page only under its own address, in every language and the default for any other', () => {
    const listed = pageHead('en', { title: 'Kyoto', canonical: '/en/product/list?city=kyoto' })
    expect(listed.meta).not.toContainEqual(expect.objectContaining({ name: 'robots' }))
    expect(listed.links.map((link) => [link.rel, link.hrefLang, new URL(link.href!).pathname + new URL(link.href!).search])).toEqual([
      ['canonical', undefined, '/en/product/list?city=kyoto'],
      ['alternate', 'zh-Hant-TW', '/product/list?city=kyoto'],
      ['alternate', 'en', '/en/product/list?city=kyoto'],
      ['alternate', 'ja', '/ja/product/list?city=kyoto'],
      ['alternate', 'x-default', '/product/list?city=kyoto'],
    ])
    const unlisted = pageHead('en', { title: 'Cart' })
    expect(unlisted.links).toEqual([])
    expect(unlisted.meta).toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('names the public origin the server handed over, not the host the browser happens to be at', () => {
    providePublicOrigin('https://shop.example')
    try {
      const { links, meta } = pageHead('ja', { title: 'x', canonical: '/ja/subscribe' })
      expect(links[0]).toEqual({ rel: 'canonical', href: 'https://shop.example/ja/subscribe' })
      expect(meta).toContainEqual({ property: 'og:url', content: 'https://shop.example/ja/subscribe' })
    } finally {
      providePublicOrigin(undefined)
    }
  })

  it('keeps a search’s words out of a shared link’s preview', () => {
    const { meta } = pageHead('en', { title: 'Search results for “free money”', shareTitle: 'Search', canonical: '/en/product/search/', robots: 'noindex, follow' })
    expect(meta.find((tag) => 'title' in tag && !('property' in tag))).toEqual({ title: 'Search results for “free money” · Japan Souvenir Shop' })
    expect(meta).toContainEqual({ property: 'og:title', content: 'Search · Japan Souvenir Shop' })
    expect(meta).toContainEqual({ name: 'twitter:title', content: 'Search · Japan Souvenir Shop' })
  })

  it('keeps a description to one line of about 155 characters', () => {
    const { meta } = pageHead('en', { title: 'x', description: `${'word '.repeat(60)}\n\nmore` })
    const description = meta.find((tag) => tag.name === 'description')!.content as string
    expect(description.length).toBeLessThanOrEqual(155)
    expect(description).toMatch(/…$/)
    expect(description).not.toMatch(/\n/)
  })
})
