import { i18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_LINE_QUANTITY } from '../stores/line-limit'
import { stockNote } from './stock-note'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})

const line = (quantity: number, max: number, stock_type: 'OFF_SHELF' | 'PRE_ORDER' = 'OFF_SHELF') => ({ quantity, max_quantity: max, stock_type })

describe('stockNote', () => {
  it('says the stock is what stops a line below the per-order limit, not a per-order rule', () => {
    expect(MAX_LINE_QUANTITY).toBeGreaterThan(8)
    expect(stockNote(line(8, 8))).toEqual({ text: 'Only 8 left.', warn: false })
    expect(stockNote(line(3, 8))).toBeNull()
    expect(stockNote(line(1, 4))).toEqual({ text: 'Only 4 left.', warn: false })
    expect(stockNote(line(2, 7, 'PRE_ORDER'))).toEqual({ text: 'Pre-order: only 7 left.', warn: false })
  })

  it('names the per-order limit where that is what stops the line', () => {
    expect(stockNote(line(MAX_LINE_QUANTITY, MAX_LINE_QUANTITY))).toEqual({ text: `At most ${MAX_LINE_QUANTITY} per order.`, warn: false })
    expect(stockNote(line(MAX_LINE_QUANTITY, MAX_LINE_QUANTITY, 'PRE_ORDER'))).toEqual({ text: `At most ${MAX_LINE_QUANTITY} per order.`, warn: false })
    expect(stockNote(line(2, MAX_LINE_QUANTITY))).toBeNull()
  })

  it('warns of a line that cannot be ordered as it is', () => {
    expect(stockNote(line(1, 0))).toEqual({ text: 'Sold out: remove it to continue.', warn: true })
    expect(stockNote(line(5, 3))).toEqual({ text: 'Only 3 left: please lower the quantity.', warn: true })
  })
})
