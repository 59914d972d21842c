import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseCatalogueFile } from '../../server/flows/catalogue-import/import'

const file = parseCatalogueFile(JSON.parse(readFileSync('server/db/seed/catalogue.json', 'utf8')))
const hasCjk = (s: string) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(s)
const hasKana = (s: string) => /[\u3040-\u30ff]/.test(s)

describe('the seed catalogue', () => {
  it('is a believable shop: enough products, the categories and hot cities of the spec, trend groups', () => {
    expect(file.products.length).toBeGreaterThanOrEqual(240)
    expect(file.categories.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['snacks', 'sweets', 'drinks', 'ramen-noodles', 'tea', 'regional-gifts', 'souvenirs', 'seasonal']),
    )
    const hot = file.cities.filter((c) => c.is_hot).map((c) => c.slug)
    expect(hot.sort()).toEqual(['kobe', 'kyoto', 'nara', 'osaka', 'wakayama'])
    expect(file.cities.length).toBeGreaterThan(5)
    expect(file.trend_groups.length).toBeGreaterThanOrEqual(6)
    for (const city of hot) expect(file.products.filter((p) => p.city === city).length, city).toBeGreaterThanOrEqual(10)
    for (const category of file.categories) {
      expect(file.products.filter((p) => p.categories.includes(category.slug)).length, category.slug).toBeGreaterThanOrEqual(10)
    }
  })

  it('has several variants on some products, pre-orders and sold-out products', () => {
    expect(file.products.filter((p) => p.variants.length > 1).length).toBeGreaterThanOrEqual(30)
    expect(file.products.filter((p) => p.stock_type === 'PRE_ORDER').length).toBeGreaterThanOrEqual(10)
    expect(file.products.filter((p) => p.stock_type === 'OFF_SHELF' && p.variants.every((v) => v.stock_left === 0)).length).toBeGreaterThanOrEqual(5)
    for (const p of file.products) for (const v of p.variants) expect(v.price, v.sku).toBeGreaterThanOrEqual(30)
  })

  it('names and describes every product distinctly in Traditional Chinese, English and Japanese', () => {
    for (const key of ['zh_tw', 'en', 'ja'] as const) {
      const names = file.products.map((p) => p.name[key])
      expect(new Set(names).size, `duplicate ${key} names`).toBe(names.length)
    }
    for (const p of file.products) {
      expect(hasCjk(p.name.zh_tw), p.sku).toBe(true)
      expect(hasCjk(p.name.en), p.sku).toBe(false)
      expect(hasCjk(p.name.ja), p.sku).toBe(true)
      expect(p.description.en.length, p.sku).toBeGreaterThan(30)
    }
    // Japanese text is Japanese, not Chinese copied over: most descriptions use kana
    expect(file.products.filter((p) => hasKana(p.description.ja)).length).toBeGreaterThan(file.products.length * 0.9)
  })

  it('gives every product its own pictures, shipped in the repository', () => {
    const pictures = [
      ...file.products.flatMap((p) => p.images),
      ...file.cities.map((c) => c.picture),
      ...file.trend_groups.map((t) => t.picture),
    ]
    for (const picture of pictures) expect(existsSync(path.join('public', picture)), picture).toBe(true)
    const firstImages = file.products.map((p) => p.images[0])
    expect(new Set(firstImages).size).toBe(file.products.length)
  })
})
