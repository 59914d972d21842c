import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { isTaiwanPhone, normalizePhone, RECIPIENT_MESSAGES, RecipientInputSchema } from './recipient'
import { findDistrict, TAIWAN_COUNTIES, zipMatchesDistrict } from './taiwan-districts'

const good = { name: '王小明', phone: '0912345678', zip_code: '244', county: '新北市', district: '林口區', address: '文化一路一段 100 號' }
const issues = (input: unknown) => {
  const result = v.safeParse(RecipientInputSchema, input)
  return result.success ? {} : v.flatten<typeof RecipientInputSchema>(result.issues).nested
}

describe('the Taiwan district table', () => {
  it('has the 22 counties and cities and their 368 townships and districts', () => {
    expect(TAIWAN_COUNTIES).toHaveLength(22)
    expect(TAIWAN_COUNTIES.reduce((n, c) => n + c.districts.length, 0)).toBe(368)
    for (const county of TAIWAN_COUNTIES) {
      expect(new Set(county.districts.map((d) => d.name)).size, county.name).toBe(county.districts.length)
      for (const d of county.districts) expect(d.zip, `${county.name}${d.name}`).toMatch(/^[1-9]\d{2}$/)
    }
  })

  it('knows well-known postal codes', () => {
    expect(findDistrict('臺北市', '中正區')?.zip).toBe('100')
    expect(findDistrict('基隆市', '中正區')?.zip).toBe('202')
    expect(findDistrict('新北市', '林口區')?.zip).toBe('244')
    expect(findDistrict('高雄市', '那瑪夏區')?.zip).toBe('849')
    expect(findDistrict('連江縣', '南竿鄉')?.zip).toBe('209')
    expect(findDistrict('金門縣', '烏坵鄉')?.zip).toBe('896')
    expect(findDistrict('新竹市', '香山區')?.zip).toBe('300')
  })

  it('names every district in English as Chunghwa Post does, for shoppers who cannot read Chinese', () => {
    for (const county of TAIWAN_COUNTIES) {
      for (const d of county.districts) expect(d.name_en, `${county.name}${d.name}`).toMatch(/^[A-Z][a-z]+(’[a-z]+)?( Central)? (District|Township|City)$/)
    }
    expect(findDistrict('臺北市', '大安區')?.name_en).toBe('Da’an District')
    expect(findDistrict('新北市', '淡水區')?.name_en).toBe('Tamsui District')
    expect(findDistrict('彰化縣', '鹿港鎮')?.name_en).toBe('Lukang Township')
    expect(findDistrict('宜蘭縣', '頭城鎮')?.name_en).toBe('Toucheng Township')
    expect(findDistrict('苗栗縣', '頭份市')?.name_en).toBe('Toufen City')
    expect(findDistrict('臺南市', '中西區')?.name_en).toBe('West Central District')
    expect(findDistrict('高雄市', '那瑪夏區')?.name_en).toBe('Namaxia District')
  })

  it('reads 台 as 臺 in county and district names', () => {
    expect(findDistrict('台北市', '大安區')?.zip).toBe('106')
    expect(findDistrict('雲林縣', '台西鄉')?.zip).toBe('636')
    expect(findDistrict('台東縣', '台東市')?.zip).toBe('950')
  })

  it('matches 3-, 5- and 6-digit postal codes by their first three digits', () => {
    expect(zipMatchesDistrict('244', '新北市', '林口區')).toBe(true)
    expect(zipMatchesDistrict('24451', '新北市', '林口區')).toBe(true)
    expect(zipMatchesDistrict('244012', '新北市', '林口區')).toBe(true)
    expect(zipMatchesDistrict('100', '新北市', '林口區')).toBe(false)
    expect(zipMatchesDistrict('2445', '新北市', '林口區')).toBe(false)
    expect(zipMatchesDistrict('2440123', '新北市', '林口區')).toBe(false)
    expect(zipMatchesDistrict('244', '新北市', '大安區')).toBe(false)
  })
})

describe('Taiwan phone numbers', () => {
  it('accepts mobiles and landlines as people write them, stored as digits', () => {
    const cases: Record<string, string> = {
      '0912345678': '0912345678',
      '0912-345-678': '0912345678',
      '+886 912 345 678': '0912345678',
      '+886-912-345-678': '0912345678',
      '(02) 2345-6789': '0223456789',
      '+886 2 2345 6789': '0223456789',
      '037-123456': '037123456',
      '04-2234-5678': '0422345678',
      '07-3456789': '073456789',
      '082-312345': '082312345',
      '089-345678': '089345678',
    }
    for (const [raw, stored] of Object.entries(cases)) {
      expect(normalizePhone(raw), raw).toBe(stored)
      expect(isTaiwanPhone(normalizePhone(raw)), raw).toBe(true)
    }
  })

  it('refuses numbers that are not Taiwanese or have the wrong length', () => {
    for (const raw of ['912345678', '091234567', '09123456789', '0112345678', '0912-ABC-678', '+81 90 1234 5678', '02-234', '12345']) {
      expect(isTaiwanPhone(normalizePhone(raw)), raw).toBe(false)
    }
  })
})

describe('RecipientInputSchema', () => {
  it('takes a good recipient, normalised', () => {
    expect(v.parse(RecipientInputSchema, { ...good, name: ' 王小明 ', phone: '+886 912-345-678', county: '新北市 ', zip_code: '24451' })).toEqual({
      ...good,
      zip_code: '24451',
    })
    expect(v.parse(RecipientInputSchema, { ...good, county: '台北市', district: '中正區', zip_code: '100', is_default: true })).toMatchObject({ county: '臺北市', is_default: true })
  })

  it("refuses a postal code that is malformed or not the district's", () => {
    for (const zip of ['24', '2445', '2440123', 'ABC', '100', '10001']) expect(issues({ ...good, zip_code: zip }), zip).toEqual({ zip_code: [RECIPIENT_MESSAGES.postalCode] })
  })

  it('refuses an unknown county and a district of another county', () => {
    expect(issues({ ...good, county: '東京都' })).toEqual({ county: [RECIPIENT_MESSAGES.county] })
    expect(issues({ ...good, district: '大安區' })).toEqual({ district: [RECIPIENT_MESSAGES.district] })
  })

  it('needs every field, within its length', () => {
    expect(issues({})).toEqual(Object.fromEntries(['name', 'phone', 'zip_code', 'county', 'district', 'address'].map((k) => [k, [RECIPIENT_MESSAGES.required]])))
    expect(issues({ ...good, name: ' ', address: 'x'.repeat(101), phone: '12345' })).toEqual({
      name: [RECIPIENT_MESSAGES.required],
      address: [RECIPIENT_MESSAGES.max100],
      phone: [RECIPIENT_MESSAGES.phone],
    })
    expect(issues({ ...good, name: 'x'.repeat(41), is_default: 'yes' })).toEqual({ name: [RECIPIENT_MESSAGES.max40], is_default: [RECIPIENT_MESSAGES.invalid] })
  })
})
