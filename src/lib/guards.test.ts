import { describe, expect, it } from 'vitest'
import { guardRedirect, homeOf, loginHrefFor, safeRedirectPath } from './guards'

describe('guardRedirect', () => {
  it('sends a visitor on a member page to sign in, remembering the page and its query', () => {
    expect(guardRedirect('member', false, { pathname: '/user/info', href: '/user/info?verified=1' })).toBe('/login?redirect=%2Fuser%2Finfo%3Fverified%3D1')
    expect(guardRedirect('member', false, { pathname: '/en/user/referrer', href: '/en/user/referrer' })).toBe('/en/login?redirect=%2Fen%2Fuser%2Freferrer')
    expect(guardRedirect('member', false, { pathname: '/ja/user', href: '/ja/user' })).toBe('/ja/login?redirect=%2Fja%2Fuser')
  })

  it('lets members onto member pages and everyone onto open pages', () => {
    expect(guardRedirect('member', true, { pathname: '/user/info', href: '/user/info' })).toBeNull()
    expect(guardRedirect('open', false, { pathname: '/auth/social-callback', href: '/auth/social-callback?code=x' })).toBeNull()
    expect(guardRedirect('open', true, { pathname: '/', href: '/' })).toBeNull()
  })

  it('sends members away from guest-only pages to the home page of their language', () => {
    expect(guardRedirect('guest', true, { pathname: '/auth/reset_password', href: '/auth/reset_password?token=t' })).toBe('/')
    expect(guardRedirect('guest', true, { pathname: '/en/login', href: '/en/login' })).toBe('/en')
    expect(guardRedirect('guest', false, { pathname: '/en/login', href: '/en/login' })).toBeNull()
  })
})

describe('safeRedirectPath', () => {
  it('accepts paths of this shop', () => {
    expect(safeRedirectPath('/user/info')).toBe('/user/info')
    expect(safeRedirectPath('/en/user/info?verified=1')).toBe('/en/user/info?verified=1')
  })

  it('refuses other sites, odd values and the sign-in page itself', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'user/info', '', 42, undefined, '/login', '/en/login?redirect=/x'])
      expect(safeRedirectPath(bad)).toBeUndefined()
  })

  it('builds the sign-in link without a redirect when the page is not a safe target', () => {
    expect(loginHrefFor({ pathname: '/ja/user/info', href: '//evil' })).toBe('/ja/login')
    expect(homeOf('/ja/user/info')).toBe('/ja')
    expect(homeOf('/user/info')).toBe('/')
  })
})
