import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MAX_STATEMENT_NAME_BYTES, statementByShape, statementName } from './prepared'

/** A checkout's shape as writeCheckout builds it: counts, then every column written. */
const checkoutShape = (lines: number, events: number, extraOrderColumn = '') =>
  [
    lines,
    events,
    `no,user_id,status,payment_status,subtotal,discount,logistics_fee,tax,amount,coupon_code,shipment,recipient,invoice,locale,payment_due_at,created_at,updated_at${extraOrderColumn}`,
    'attempt,status,amount,attempt_started_at,created_at,updated_at',
    'product_id,variant_id,name,variant_label,image,unit_price,quantity,stock_type',
    'at,subject,from_status,to_status,actor,reason',
  ].join('|')

describe('prepared statement names', () => {
  it('fit in the 63 bytes Postgres keeps, however long the shape', () => {
    const shape = checkoutShape(50, 2, ',a_column_added_later_with_a_long_name')
    expect(shape.length).toBeGreaterThan(300)
    const name = statementName('checkout', shape)
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(MAX_STATEMENT_NAME_BYTES)
    expect(name).toMatch(/^checkout_[0-9a-f]{16}$/)
  })

  it('are the same for the same shape and differ between shapes', () => {
    expect(statementName('checkout', checkoutShape(2, 2))).toBe(statementName('checkout', checkoutShape(2, 2)))
    const shapes = new Set<string>()
    for (let lines = 1; lines <= 100; lines++) {
      for (let events = 1; events <= 5; events++) {
        shapes.add(checkoutShape(lines, events))
        shapes.add(checkoutShape(lines, events, ',coupon_id'))
      }
    }
    for (let i = 0; i < 20_000; i++) shapes.add(`shape ${i}`)
    // checked in a plain loop: 40,000 expect() calls take seconds on a busy machine
    const names = new Map<string, string>()
    const tooLong: string[] = []
    const shared: string[] = []
    for (const shape of shapes) {
      const name = statementName('checkout', shape)
      if (Buffer.byteLength(name) > MAX_STATEMENT_NAME_BYTES) tooLong.push(name)
      if (names.has(name) && names.get(name) !== shape) shared.push(name)
      names.set(name, shape)
    }
    expect(tooLong).toEqual([])
    expect(shared).toEqual([])
    expect(names.size).toBe(shapes.size)
  })

  it('refuse a name that cannot fit and a name used by two statements', () => {
    expect(() => statementName('x'.repeat(MAX_STATEMENT_NAME_BYTES), 'one')).toThrow(/too long/)
    statementByShape('test_only_once', () => sql`select 1`)
    expect(() => statementByShape('test_only_once', () => sql`select 2`)).toThrow(/two statements/)
  })
})
