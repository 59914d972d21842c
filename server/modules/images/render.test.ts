import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ImageRefused, inspectImage } from './inspect'
import { effectiveWidth, renderDerivative } from './render'

describe('inspectImage', () => {
  it('gives a sideways-stored phone photo the size it is shown at', async () => {
    const portrait = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#c33' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    expect(await inspectImage(portrait)).toMatchObject({ format: 'jpeg', content_type: 'image/jpeg', width: 300, height: 600 })
  })

  it('refuses a picture cut short after a good header', async () => {
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer()
    await expect(inspectImage(png.subarray(0, png.byteLength / 2))).rejects.toThrow(ImageRefused)
  })

  it('refuses GIF and AVIF, which the catalogue does not take', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer()
    await expect(inspectImage(gif)).rejects.toThrow('is a gif picture; only JPEG, PNG, WebP and SVG are accepted')
  })
})

describe('effectiveWidth', () => {
  it('never asks for more pixels than the original has', () => {
    const svg = { format: 'svg', width: 600, height: 600 }
    expect(effectiveWidth('product', 320, svg)).toBe(320)
    expect(effectiveWidth('product', 1280, svg)).toBe(600)
    // a 2000×300 strip: contained in a square it may be 2000 wide; covering 8:3 it is 800 wide at most
    expect(effectiveWidth('product', 1280, { format: 'jpeg', width: 2000, height: 300 })).toBe(1280)
    expect(effectiveWidth('banner', 1600, { format: 'jpeg', width: 2000, height: 300 })).toBe(800)
  })

  it('turns a portrait photo into the preset ratio without upscaling it', async () => {
    const portrait = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#3c3' } }).png().toBuffer()
    const source = { format: 'png', width: 300, height: 600 }
    const width = effectiveWidth('city', 960, source)
    expect(width).toBe(300)
    const out = await sharp(await renderDerivative(portrait, source, 'city', width, 'webp')).metadata()
    expect(out).toMatchObject({ format: 'webp', width: 300, height: 225 })
  })
})
