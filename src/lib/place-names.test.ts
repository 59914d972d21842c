import { describe, expect, it } from 'vitest'
import { findCounty, findDistrict } from '../../contract/taiwan-districts'
import { addressLine, countyLabel, districtLabel } from './place-names'

describe('county and district labels', () => {
  const taipei = findCounty('臺北市')!
  const daan = findDistrict('臺北市', '大安區')!

  it('give the English name before the Chinese one in English', () => {
    expect(countyLabel(taipei, 'en')).toBe('Taipei City 臺北市')
    expect(districtLabel(daan, 'en')).toBe('106 Da’an District 大安區')
    expect(districtLabel(findDistrict('宜蘭縣', '羅東鎮')!, 'en')).toBe('265 Luodong Township 羅東鎮')
  })

  it('keep the Chinese names in Chinese and Japanese', () => {
    for (const locale of ['zh_tw', 'ja'] as const) {
      expect(countyLabel(taipei, locale)).toBe('臺北市')
      expect(districtLabel(daan, locale)).toBe('106 大安區')
    }
  })
})

describe('an address on one line', () => {
  it('reads as the parcel’s label: postal code, then county, district and street without spaces', () => {
    expect(addressLine({ zip_code: '10617', county: '臺北市', district: '大安區', address: '復興南路一段 100 號' })).toBe('10617 臺北市大安區復興南路一段 100 號')
  })
})
