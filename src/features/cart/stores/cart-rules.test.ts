import { describe, expect, it } from 'vitest'
import { groupByProduct, subtotalOf } from './cart-groups'
import { applyChange, compareCarts } from './cart-reconcile'
import { addItem, itemCount, removeItem, setItemQuantity, type CartItem, type NewCartItem } from './cart-rules'
import { lineLimit, MAX_LINE_QUANTITY } from './line-limit'

const ids = () => {
  let n = 0
  return () => `id-${++n}`
}

const variant = (overrides: Partial<NewCartItem> = {}): NewCartItem => ({
  product_id: 1,
  variant_id: 11,
  image: '/images/products/snk-0001.svg',
  label: 'Takoyaki rice crackers',
  type: '8 pieces',
  price: 320,
  arrival_date: '2026-11-26',
  stock_type: 'OFF_SHELF',
  max_quantity: 5,
  ...overrides,
})

describe('cart rules', () => {
  it('raises the quantity when the same product and type is added again, and adds a line for another type', () => {
    const newId = ids()
    let { lines, result } = addItem([], variant(), 2, newId)
    expect(result).toEqual({ status: 'added', added: 2, quantity: 2 })
    ;({ lines, result } = addItem(lines, variant(), 1, newId))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ id: 'id-1', quantity: 3, server_id: null })
    ;({ lines } = addItem(lines, variant({ variant_id: 12, type: '16 pieces' }), 1, newId))
    expect(lines.map((l) => [l.type, l.quantity])).toEqual([
      ['8 pieces', 3],
      ['16 pieces', 1],
    ])
  })

  it('never goes above the stock, a pre-order allocation or the most a line may hold', () => {
    const newId = ids()
    let { lines, result } = addItem([], variant({ max_quantity: 4 }), 3, newId)
    ;({ lines, result } = addItem(lines, variant({ max_quantity: 4 }), 3, newId))
    expect(result).toEqual({ status: 'capped', added: 1, quantity: 4 })
    ;({ lines, result } = addItem(lines, variant({ max_quantity: 4 }), 1, newId))
    expect(result).toEqual({ status: 'at-limit', added: 0, quantity: 4 })
    expect(lines[0]!.quantity).toBe(4)

    // a pre-order's stock is its allocation
    const preOrder = variant({ variant_id: 20, stock_type: 'PRE_ORDER', max_quantity: lineLimit(6) })
    expect(addItem([], preOrder, 10, newId).result).toEqual({ status: 'capped', added: 6, quantity: 6 })

    expect(lineLimit(500)).toBe(MAX_LINE_QUANTITY)
    expect(lineLimit(-3)).toBe(0)
    const plenty = variant({ variant_id: 30, max_quantity: lineLimit(500) })
    expect(addItem([], plenty, 150, newId).result.quantity).toBe(MAX_LINE_QUANTITY)
  })

  it('refuses a sold-out variant', () => {
    const { lines, result } = addItem([], variant({ max_quantity: lineLimit(0) }), 1, ids())
    expect(result.status).toBe('sold-out')
    expect(lines).toEqual([])
  })

  it('updates a quantity by line id, between 1 and the limit; an unknown id changes nothing', () => {
    const newId = ids()
    const { lines } = addItem([], variant(), 2, newId)
    expect(setItemQuantity(lines, 'id-1', 4).line?.quantity).toBe(4)
    expect(setItemQuantity(lines, 'id-1', 40).line?.quantity).toBe(5)
    expect(setItemQuantity(lines, 'id-1', 0).line?.quantity).toBe(1)
    expect(setItemQuantity(lines, 'nope', 3)).toEqual({ lines, line: undefined })
  })

  it('removes a line by id, and groups lines by product', () => {
    const newId = ids()
    let lines: CartItem[] = []
    lines = addItem(lines, variant(), 1, newId).lines
    lines = addItem(lines, variant({ product_id: 2, variant_id: 21, label: 'Matcha', type: '40 g tin', price: 600 }), 2, newId).lines
    lines = addItem(lines, variant({ variant_id: 12, type: '16 pieces', price: 520 }), 1, newId).lines
    expect(groupByProduct(lines).map((g) => [g.label, g.variants.map((l) => l.type)])).toEqual([
      ['Takoyaki rice crackers', ['8 pieces', '16 pieces']],
      ['Matcha', ['40 g tin']],
    ])
    expect(itemCount(lines)).toBe(4)
    expect(subtotalOf(lines)).toBe(320 + 1200 + 520)
    const removed = removeItem(lines, 'id-2')
    expect(removed.line?.label).toBe('Matcha')
    expect(removed.lines.map((l) => l.id)).toEqual(['id-1', 'id-3'])
  })

  it('applies queued changes by variant', () => {
    const newId = ids()
    let lines = applyChange([], { kind: 'add', key: 'a', item: variant(), quantity: 2 }, newId)
    lines = applyChange(
      lines,
      {
        kind: 'merge',
        key: 'm',
        items: [
          { ...variant(), quantity: 9 },
          { ...variant({ variant_id: 12 }), quantity: 1 },
        ],
      },
      newId,
    )
    expect(lines.map((l) => l.quantity)).toEqual([5, 1])
    lines = applyChange(lines, { kind: 'set', key: 's', variant_id: 12, quantity: 3 }, newId)
    lines = applyChange(lines, { kind: 'remove', key: 'r', variant_id: 11 }, newId)
    expect(lines.map((l) => [l.variant_id, l.quantity])).toEqual([[12, 3]])
  })

  it('reports new prices, quantities cut to the stock and lines gone, but not lines added elsewhere', () => {
    const newId = ids()
    const seen = addItem(addItem([], variant(), 4, newId).lines, variant({ variant_id: 12, type: '16 pieces' }), 1, newId).lines
    const now: CartItem[] = [
      { ...seen[0]!, price: 350, quantity: 2, max_quantity: 2 },
      { ...seen[0]!, id: 'other', variant_id: 99, label: 'From the phone' },
    ]
    expect(compareCarts(seen, now, newId)).toEqual([
      { id: expect.any(String), kind: 'price', label: 'Takoyaki rice crackers', type: '8 pieces', from: 320, to: 350 },
      { id: expect.any(String), kind: 'stock', label: 'Takoyaki rice crackers', type: '8 pieces', from: 4, to: 2 },
      { id: expect.any(String), kind: 'gone', label: 'Takoyaki rice crackers', type: '16 pieces' },
    ])
    expect(compareCarts(seen, seen, newId)).toEqual([])
    // the server keeps a quantity the stock no longer covers, and says how much is left
    const over = [{ ...seen[0]!, max_quantity: 1 }, seen[1]!]
    expect(compareCarts(seen, over, newId)).toEqual([{ id: expect.any(String), kind: 'stock', label: 'Takoyaki rice crackers', type: '8 pieces', from: 4, to: 1 }])
    expect(compareCarts(over, over, newId)).toEqual([])
  })
})
