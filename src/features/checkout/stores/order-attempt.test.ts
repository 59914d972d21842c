import { describe, expect, it } from 'vitest'
import { canonicalJson, createAttempts, type AttemptStorage } from './order-attempt'

const memoryStorage = (): AttemptStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>()
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) }
}

const counter = () => {
  let n = 0
  return () => `key-${++n}`
}

const body = { lines: [{ product_id: 1, variant_id: 2, quantity: 1 }], recipient_id: 5, invoice: { mode: 'personal', carrier_type: 'none', email: 'a@b.tw', name: '林' } }

describe('order attempts', () => {
  it('keeps one key for the same content, whatever the order of its fields', () => {
    const attempts = createAttempts(memoryStorage(), counter())
    const first = attempts.keyFor(body)
    expect(attempts.keyFor({ invoice: body.invoice, recipient_id: 5, lines: body.lines })).toBe(first)
  })

  it('makes a new key when the content changes, and after an attempt is finished', () => {
    const attempts = createAttempts(memoryStorage(), counter())
    const first = attempts.keyFor(body)
    const second = attempts.keyFor({ ...body, coupon_code: 'WELCOME100' })
    expect(second).not.toBe(first)
    attempts.finish()
    expect(attempts.keyFor({ ...body, coupon_code: 'WELCOME100' })).not.toBe(second)
  })

  it('finds the key again after a reload (a new page with the same session storage)', () => {
    const storage = memoryStorage()
    const before = createAttempts(storage, counter()).keyFor(body)
    const after = createAttempts(storage, () => 'other')
    expect(after.keyFor(body)).toBe(before)
    after.finish()
    expect(storage.data.size).toBe(0)
  })

  it('writes canonical JSON with sorted keys and without undefined fields', () => {
    expect(canonicalJson({ b: 1, a: [{ d: undefined, c: 'x' }] })).toBe('{"a":[{"c":"x"}],"b":1}')
  })
})
