import { describe, expect, it } from 'vitest'
import { emptyDraft, readDraft } from './checkout-draft'

describe('reading a stored checkout draft', () => {
  it('keeps what was typed', () => {
    const draft = { ...emptyDraft(), recipientChoice: 'new', coupon: 'WELCOME100' }
    draft.recipient.zip_code = '10617'
    draft.invoice.mode = 'company'
    draft.invoice.tax_id = '22099131'
    expect(readDraft(JSON.stringify(draft))).toEqual(draft)
  })

  it('drops fields of the wrong type and unknown fields, and survives garbage', () => {
    const stored = { recipientChoice: 'someone', recipient: { name: 7, phone: '0912345678', extra: 'x' }, invoice: { mode: 'company', carrier_type: 'pigeon' }, saveRecipient: 'yes', coupon: '' }
    const draft = readDraft(JSON.stringify(stored))
    expect(draft.recipientChoice).toBeNull()
    expect(draft.recipient).toEqual({ ...emptyDraft().recipient, phone: '0912345678' })
    expect(draft.invoice.mode).toBe('company')
    expect(draft.invoice.carrier_type).toBe('none')
    expect(readDraft(JSON.stringify({ invoice: { mode: 'barter' } })).invoice.mode).toBe('personal')
    expect(draft.saveRecipient).toBe(true)
    expect(draft.coupon).toBeNull()
    expect(readDraft('{not json')).toEqual(emptyDraft())
    expect(readDraft(null)).toEqual(emptyDraft())
  })
})
