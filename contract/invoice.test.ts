import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { INVOICE_MESSAGES, InvoiceOptionsInputSchema, invoiceChangeAllowed, isValidTaxId } from './invoice'

const issues = (input: unknown) => {
  const result = v.safeParse(InvoiceOptionsInputSchema, input)
  return result.success ? {} : v.flatten<typeof InvoiceOptionsInputSchema>(result.issues).nested
}
const parse = (input: unknown) => v.parse(InvoiceOptionsInputSchema, input)
const buyer = { email: 'mei@example.tw', name: '林美' }

describe('isValidTaxId (Ministry of Finance rule since April 2023)', () => {
  it('accepts real company tax numbers', () => {
    // TSMC, Chunghwa Telecom, Hon Hai
    for (const id of ['22099131', '96979933', '04541302']) expect(isValidTaxId(id), id).toBe(true)
  })

  it('accepts a seventh digit 7 whose 28 counts as 1 or as 0 (the Ministry’s examples 10458575 and 10458574)', () => {
    expect(isValidTaxId('10458575')).toBe(true) // sum 30
    expect(isValidTaxId('10458574')).toBe(true) // sum 29: valid only because 2+8=10 may count as 1
    expect(isValidTaxId('10458570')).toBe(true) // sum 25
    expect(isValidTaxId('10458572')).toBe(false) // 27 and 28: neither divisible by 5
    expect(isValidTaxId('10458573')).toBe(false)
  })

  it('accepts numbers valid only under the divisor 5 (not under the old divisor 10)', () => {
    expect(isValidTaxId('00000005')).toBe(true) // sum 5
    expect(isValidTaxId('22099136')).toBe(true) // sum 35
  })

  it('refuses wrong check sums and anything that is not 8 digits', () => {
    for (const id of ['22099132', '96979934', '12345678', '1234567', '123456789', '2209913a', '', ' 22099131']) expect(isValidTaxId(id), id).toBe(false)
  })
})

describe('InvoiceOptionsInputSchema', () => {
  it('takes a personal invoice without a carrier and drops fields of other modes', () => {
    expect(parse({ mode: 'personal', carrier_type: 'none', ...buyer, tax_id: '22099131' })).toEqual({ mode: 'personal', carrier_type: 'none', ...buyer })
  })

  it('trims and upper-cases a mobile barcode before checking it', () => {
    expect(parse({ mode: 'personal', carrier_type: 'mobile', carrier_code: '  /ab+9.-z ', ...buyer })).toMatchObject({ carrier_code: '/AB+9.-Z' })
    expect(parse({ mode: 'personal', carrier_type: 'mobile', carrier_code: '/1234567', ...buyer })).toMatchObject({ carrier_code: '/1234567' })
  })

  it('refuses mobile barcodes of the wrong form', () => {
    for (const code of ['1234567', '/123456', '/12345678', '/ABC_123', '/ABC 123', 'A/BC1234', '', '/中文字中文字中']) {
      expect(issues({ mode: 'personal', carrier_type: 'mobile', carrier_code: code, ...buyer }), code).toEqual({
        carrier_code: [code === '' ? INVOICE_MESSAGES.required : INVOICE_MESSAGES.mobileBarcode],
      })
    }
    expect(issues({ mode: 'personal', carrier_type: 'mobile', ...buyer })).toEqual({ carrier_code: [INVOICE_MESSAGES.required] })
  })

  it('takes a citizen certificate barcode of 2 capital letters and 14 digits', () => {
    expect(parse({ mode: 'personal', carrier_type: 'citizen', carrier_code: 'AB12345678901234', ...buyer })).toMatchObject({ carrier_code: 'AB12345678901234' })
    expect(parse({ mode: 'personal', carrier_type: 'citizen', carrier_code: ' tp00000000000001 ', ...buyer })).toMatchObject({ carrier_code: 'TP00000000000001' })
    for (const code of ['A12345678901234', 'ABC1234567890123', 'AB1234567890123', 'AB123456789012345', '1212345678901234']) {
      expect(issues({ mode: 'personal', carrier_type: 'citizen', carrier_code: code, ...buyer }), code).toEqual({ carrier_code: [INVOICE_MESSAGES.citizenCertificate] })
    }
  })

  it('takes a company invoice with a valid tax number and a title', () => {
    expect(parse({ mode: 'company', tax_id: ' 22099131 ', company_title: ' 台灣積體電路製造股份有限公司 ', ...buyer })).toEqual({
      mode: 'company',
      tax_id: '22099131',
      company_title: '台灣積體電路製造股份有限公司',
      ...buyer,
    })
    expect(issues({ mode: 'company', tax_id: '22099132', company_title: '', ...buyer })).toEqual({ tax_id: [INVOICE_MESSAGES.taxId], company_title: [INVOICE_MESSAGES.required] })
    expect(issues({ mode: 'company', tax_id: '2209913', company_title: 'x'.repeat(61), ...buyer })).toEqual({ tax_id: [INVOICE_MESSAGES.taxId], company_title: [INVOICE_MESSAGES.max60] })
  })

  it('takes a donation code of 3 to 7 digits', () => {
    for (const code of ['123', '25885', '8585', '1234567']) expect(parse({ mode: 'donation', donation_code: code, ...buyer })).toMatchObject({ donation_code: code })
    for (const code of ['12', '12345678', '12a4', 'ABC']) expect(issues({ mode: 'donation', donation_code: code, ...buyer }), code).toEqual({ donation_code: [INVOICE_MESSAGES.donationCode] })
  })

  it('needs a known mode and carrier type, an e-mail and a name', () => {
    expect(issues({ mode: 'paper', ...buyer })).toEqual({ mode: [INVOICE_MESSAGES.choice] })
    expect(issues({ mode: 'personal', carrier_type: 'card', ...buyer })).toEqual({ carrier_type: [INVOICE_MESSAGES.choice] })
    expect(issues({ mode: 'personal', carrier_type: 'none', email: 'nope', name: ' ' })).toEqual({ email: [INVOICE_MESSAGES.email], name: [INVOICE_MESSAGES.required] })
  })
})

describe('invoiceChangeAllowed', () => {
  it('refuses turning an issued personal or donated invoice into a company invoice', () => {
    expect(invoiceChangeAllowed({ mode: 'personal' }, { mode: 'company' }, true)).toBe(false)
    expect(invoiceChangeAllowed({ mode: 'donation' }, { mode: 'company' }, true)).toBe(false)
  })

  it('allows it before issue, and other changes after', () => {
    expect(invoiceChangeAllowed({ mode: 'personal' }, { mode: 'company' }, false)).toBe(true)
    expect(invoiceChangeAllowed({ mode: 'company' }, { mode: 'personal' }, true)).toBe(true)
    expect(invoiceChangeAllowed({ mode: 'personal' }, { mode: 'donation' }, true)).toBe(true)
  })
})
