// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { getCookie, serializeCookie } from './cookies'
import {
  fromLinguiLocale,
  htmlLang,
  localeFromParam,
  localeFromPathname,
  localizePathname,
  prefixOf,
  readLocaleCookie,
  storeLocaleCookie,
  toLinguiLocale,
} from './locale'

describe('route prefix <-> locale', () => {
  it('treats a missing prefix as Traditional Chinese', () => {
    expect(localeFromParam(undefined)).toBe('zh_tw')
    expect(localeFromPathname('/')).toBe('zh_tw')
    expect(localeFromPathname('/product/list')).toBe('zh_tw')
  })

  it('accepts only the en and ja prefixes', () => {
    expect(localeFromParam('en')).toBe('en')
    expect(localeFromParam('ja')).toBe('ja')
    for (const bad of ['fr', 'zh', 'zh_tw', 'zh-TW', 'EN', 'sw.js', '.well-known']) expect(localeFromParam(bad)).toBeNull()
  })

  it('reads the locale from a pathname, defaulting for unknown prefixes', () => {
    expect(localeFromPathname('/en')).toBe('en')
    expect(localeFromPathname('/ja/product/detail/3')).toBe('ja')
    expect(localeFromPathname('/fr/product/list')).toBe('zh_tw')
  })

  it('gives the prefix of a locale, none for the default', () => {
    expect(prefixOf('zh_tw')).toBeUndefined()
    expect(prefixOf('en')).toBe('en')
    expect(prefixOf('ja')).toBe('ja')
  })

  it('moves a path to another locale and keeps the rest of it', () => {
    expect(localizePathname('/', 'en')).toBe('/en')
    expect(localizePathname('/product/list', 'ja')).toBe('/ja/product/list')
    expect(localizePathname('/en/product/detail/12', 'ja')).toBe('/ja/product/detail/12')
    expect(localizePathname('/ja/product/search/matcha', 'zh_tw')).toBe('/product/search/matcha')
    expect(localizePathname('/en', 'zh_tw')).toBe('/')
    expect(localizePathname('/fr/x', 'en')).toBe('/en/fr/x')
  })

  it('maps API locales to Lingui catalogs and html lang tags', () => {
    expect(toLinguiLocale('zh_tw')).toBe('zh-TW')
    expect(fromLinguiLocale('zh-TW')).toBe('zh_tw')
    expect(fromLinguiLocale('ja')).toBe('ja')
    expect(fromLinguiLocale('de')).toBe('zh_tw')
    expect(htmlLang('zh_tw')).toBe('zh-Hant-TW')
    expect(htmlLang('en')).toBe('en')
  })
})

describe('locale cookie', () => {
  afterEach(() => {
    document.cookie = 'locale=; path=/; max-age=0'
  })

  it('stores the choice for 365 days at the site root', () => {
    expect(serializeCookie('locale', 'ja')).toBe('locale=ja; path=/; max-age=31536000; samesite=lax')
    storeLocaleCookie('ja')
    expect(getCookie('locale')).toBe('ja')
    expect(readLocaleCookie()).toBe('ja')
  })

  it('ignores values that are not locales', () => {
    expect(readLocaleCookie('locale=fr')).toBeUndefined()
    expect(readLocaleCookie('other=1; locale=en')).toBe('en')
    expect(readLocaleCookie('')).toBeUndefined()
  })
})
