import { describe, expect, it } from 'vitest'
import {
  derivativePath,
  hasDerivatives,
  IMAGE_FORMATS,
  IMAGE_PRESETS,
  IMAGE_WIDTHS,
  isContentAddressed,
  parseDerivativePath,
  pictureSources,
  presetHeight,
  shareImagePath,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  uploadedImagePath,
  type ImagePresetName,
} from './images'

const presets = Object.keys(IMAGE_PRESETS) as ImagePresetName[]
const HASH = '0123456789abcdef0123456789abcdef'

describe('the picture URL scheme', () => {
  it('parses back every derivative URL it makes', () => {
    for (const preset of presets) {
      for (const width of IMAGE_PRESETS[preset].widths) {
        for (const format of IMAGE_FORMATS) {
          for (const source of ['/images/products/drk-0001.svg', uploadedImagePath(HASH, 'jpeg')]) {
            expect(parseDerivativePath(derivativePath(source, preset, width, format))).toEqual({ preset, width, format, source })
          }
        }
      }
    }
  })

  it('gives every preset width a whole height, and widths from the fixed list only', () => {
    for (const preset of presets) {
      const [w, h] = IMAGE_PRESETS[preset].ratio
      for (const width of IMAGE_PRESETS[preset].widths) {
        expect(IMAGE_WIDTHS).toContain(width)
        expect((width * h) % w, `${preset} ${width}`).toBe(0)
      }
      expect(IMAGE_PRESETS[preset].widths).toContain(IMAGE_PRESETS[preset].fallbackWidth)
    }
    expect(presetHeight('banner', 1600)).toBe(600)
    expect(presetHeight('city', 480)).toBe(360)
  })

  it('refuses what the server must not make: other widths, formats, presets, paths', () => {
    for (const url of [
      '/img/product/500/images/products/a.svg.jpeg',
      '/img/category/1280/images/categories/a.svg.jpeg',
      '/img/product/480/images/products/a.svg.png',
      '/img/product/480/images/products/a.svg',
      '/img/toString/480/images/products/a.svg.jpeg',
      '/img/constructor/480/images/products/a.svg.jpeg',
      '/img/product/480/images/../server/config.ts.jpeg',
      '/img/product/480/images/products/../../package.json.jpeg',
      '/img/product/480/images/%2e%2e/x.svg.jpeg',
      '/img/product/480/images/a.svg?x.jpeg',
      '/img/product/480/images//a.svg.jpeg',
      '/img/product/480/etc/passwd.svg.jpeg',
      '/img/product/0480/images/products/a.svg.jpeg',
      '/img/product/480/images/products/a.txt.jpeg',
    ]) {
      expect(parseDerivativePath(url), url).toBeUndefined()
    }
  })

  it('writes srcsets for every format and a JPEG fallback with the preset ratio for a photo', () => {
    const photo = uploadedImagePath(HASH, 'png')
    const sources = pictureSources(photo, 'banner')
    expect(sources).toEqual({
      avif: IMAGE_PRESETS.banner.widths.map((w) => `/img/banner/${w}${photo}.avif ${w}w`).join(', '),
      webp: IMAGE_PRESETS.banner.widths.map((w) => `/img/banner/${w}${photo}.webp ${w}w`).join(', '),
      jpeg: IMAGE_PRESETS.banner.widths.map((w) => `/img/banner/${w}${photo}.jpeg ${w}w`).join(', '),
      fallback: `/img/banner/960${photo}.jpeg`,
      width: 960,
      height: 360,
    })
  })

  it('shows an SVG as it is, at the preset ratio', () => {
    expect(pictureSources('/images/banners/banner-1.svg', 'banner')).toEqual({ fallback: '/images/banners/banner-1.svg', width: 960, height: 360 })
    expect(pictureSources(uploadedImagePath(HASH, 'svg'), 'city')).toEqual({ fallback: uploadedImagePath(HASH, 'svg'), width: 480, height: 360 })
    expect(hasDerivatives('/images/products/a.svg')).toBe(false)
    expect(hasDerivatives('/images/products/a.png')).toBe(true)
    expect(hasDerivatives('https://cdn.example/a.jpg')).toBe(false)
  })

  it('leaves pictures it cannot process as they are', () => {
    for (const src of ['https://cdn.example/a.jpg', 'data:image/png;base64,AAAA', '', '/images/a.gif', '/assets/logo.svg']) {
      const sources = pictureSources(src, 'product')
      expect(sources).toEqual({ fallback: src, width: 480, height: 480 })
    }
  })

  it('names uploaded pictures by their hash, and share pictures by product', () => {
    expect(uploadedImagePath(HASH, 'jpeg')).toBe(`/images/u/${HASH}.jpg`)
    expect(() => uploadedImagePath('../etc', 'png')).toThrow()
    expect(isContentAddressed(`/images/u/${HASH}.webp`)).toBe(true)
    expect(isContentAddressed('/images/products/a.svg')).toBe(false)
    expect(shareImagePath({ kind: 'product', id: 42 })).toBe('/img/share/product/42.jpg')
    expect(shareImagePath({ kind: 'site' })).toBe('/img/share/site.jpg')
    expect([SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT]).toEqual([1200, 630])
  })
})

describe('pictureSources with a largest width', () => {
  it('lists no file wider than needed, keeping the first one at or above it', () => {
    const widths = (srcset: string | undefined) => srcset!.split(', ').map((entry) => Number(entry.split(' ')[1]!.replace('w', '')))
    const photo = uploadedImagePath(HASH, 'jpeg')
    expect(widths(pictureSources(photo, 'product', 640).avif)).toEqual([160, 320, 480, 640])
    expect(widths(pictureSources(photo, 'product', 600).avif)).toEqual([160, 320, 480, 640])
    expect(widths(pictureSources(photo, 'product', 100).avif)).toEqual([160])
    expect(widths(pictureSources(photo, 'product').avif)).toEqual([...IMAGE_PRESETS.product.widths])
  })
})
