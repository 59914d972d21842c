// @vitest-environment jsdom
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Picture } from './picture'

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

const PHOTO = '/images/u/0123456789abcdef0123456789abcdef.jpg'

const mount = (html: string) => {
  const host = document.createElement('div')
  host.innerHTML = html
  document.body.append(host)
  return host
}

describe('Picture', () => {
  it('offers a photo as AVIF and WebP sources and a JPEG img at the preset ratio, lazily', () => {
    const host = mount(renderToString(<Picture src={PHOTO} alt="Osaka" preset="city" sizes="50vw" className="hot-city__image" />))
    const [avif, webp] = host.querySelectorAll('source')
    expect(avif!.getAttribute('type')).toBe('image/avif')
    expect(avif!.getAttribute('srcset')).toContain(`/img/city/320${PHOTO}.avif 320w`)
    expect(webp!.getAttribute('type')).toBe('image/webp')
    expect(webp!.getAttribute('sizes')).toBe('50vw')
    const img = host.querySelector('picture > img')!
    expect(img.getAttribute('src')).toBe(`/img/city/480${PHOTO}.jpeg`)
    expect(img.getAttribute('srcset')).toContain(`/img/city/960${PHOTO}.jpeg 960w`)
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['480', '360'])
    expect(img.getAttribute('loading')).toBe('lazy')
    expect(img.getAttribute('fetchpriority')).toBeNull()
    expect(img.className).toBe('hot-city__image')
    expect(img.getAttribute('alt')).toBe('Osaka')
  })

  it('shows an SVG as it is, with the width and height of the preset ratio', () => {
    const host = mount(renderToString(<Picture src="/images/cities/osaka.svg" alt="Osaka" preset="city" sizes="50vw" />))
    expect(host.querySelectorAll('source')).toHaveLength(0)
    const img = host.querySelector('picture > img')!
    expect(img.getAttribute('src')).toBe('/images/cities/osaka.svg')
    expect(img.getAttribute('srcset')).toBeNull()
    expect(img.getAttribute('sizes')).toBeNull()
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['480', '360'])
  })

  it('fetches the main picture first and at once', () => {
    const host = mount(renderToString(<Picture src="/images/banners/banner-1.svg" alt="" preset="banner" sizes="100vw" priority />))
    const img = host.querySelector('img')!
    expect(img.getAttribute('loading')).toBe('eager')
    expect(img.getAttribute('fetchpriority')).toBe('high')
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['960', '360'])
  })

  it('shows an https picture as it is', () => {
    const host = mount(renderToString(<Picture src="https://cdn.example/a.jpg" alt="" preset="product" sizes="56px" />))
    expect(host.querySelectorAll('source')).toHaveLength(0)
    const img = host.querySelector('img')!
    expect(img.getAttribute('src')).toBe('https://cdn.example/a.jpg')
    expect(img.getAttribute('srcset')).toBeNull()
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['480', '480'])
  })

  it('hydrates the server markup without a mismatch', async () => {
    const error = vi.spyOn(console, 'error')
    const element = <Picture src="/images/products/drk-0001.svg" alt="Soda" preset="product" sizes="(min-width: 640px) 33vw, 50vw" eager />
    const host = mount(renderToString(element))
    const before = host.innerHTML
    const recoverable: unknown[] = []
    await act(async () => {
      hydrateRoot(host, element, { onRecoverableError: (e) => recoverable.push(e) })
    })
    expect(recoverable).toEqual([])
    expect(error).not.toHaveBeenCalled()
    expect(host.innerHTML).toBe(before)
  })
})
