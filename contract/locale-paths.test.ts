import { describe, expect, it } from 'vitest'
import { localizePathname, pathWithoutLocale } from './locale-paths'

describe('pathWithoutLocale', () => {
  it.each([
    ['/en/subscribe', '/subscribe'],
    ['/ja/payment/', '/payment/'],
    ['/subscribe', '/subscribe'],
    ['/en', '/'],
    ['/', '/'],
    // not a language prefix: left as it is
    ['/english/subscribe', '/english/subscribe'],
    ['/EN/payment', '/EN/payment'],
    ['/zh_tw/payment', '/zh_tw/payment'],
  ])('reads %s as %s', (path, page) => expect(pathWithoutLocale(path)).toBe(page))

  it('undoes localizePathname for every language', () => {
    for (const locale of ['zh_tw', 'en', 'ja'] as const) expect(pathWithoutLocale(localizePathname('/auth/social-callback', locale))).toBe('/auth/social-callback')
  })
})
