import { describe, expect, it } from 'vitest'
import { postalAddressKey, chineseNumeral, normalizeAddressText } from './postal-address-key'

const at = (address: string, county = '台北市', district = '大安區') => postalAddressKey({ county, district, address })

describe('chineseNumeral', () => {
  it('reads positional and digit-by-digit numerals', () => {
    expect(chineseNumeral('一')).toBe('1')
    expect(chineseNumeral('十')).toBe('10')
    expect(chineseNumeral('十二')).toBe('12')
    expect(chineseNumeral('二十')).toBe('20')
    expect(chineseNumeral('三百九十')).toBe('390')
    expect(chineseNumeral('一百零五')).toBe('105')
    expect(chineseNumeral('一千零一十')).toBe('1010')
    expect(chineseNumeral('一一〇')).toBe('110')
    expect(chineseNumeral('三九零')).toBe('390')
  })
})

describe('normalizeAddressText', () => {
  it('writes one form for width, numerals, spaces and 臺', () => {
    expect(normalizeAddressText('復興南路一段 390 號')).toBe('復興南路1段390號')
    expect(normalizeAddressText('復興南路１段３９０號')).toBe('復興南路1段390號')
    expect(normalizeAddressText('復興南路第一段三百九十號')).toBe('復興南路1段390號')
    expect(normalizeAddressText('臺北市')).toBe('台北市')
  })

  it('writes floors, sub-numbers and basements one way', () => {
    for (const floor of ['3F', '3f', '3 F', '３Ｆ', '3樓', '三樓', '3 fl.', '3 floor']) expect(normalizeAddressText(`390號${floor}`)).toBe('390號3樓')
    for (const sub of ['5之1號', '5-1號', '5－1號', '五之一號', '5號之1', '5—1號']) expect(normalizeAddressText(`中山路${sub}`)).toBe('中山路5-1號')
    for (const room of ['3樓之2', '3F-2', '三樓之二', '3f之2']) expect(normalizeAddressText(`8號${room}`)).toBe('8號3樓-2')
    for (const basement of ['B1', 'b1', '地下1樓', '地下室一樓', 'B1F']) expect(normalizeAddressText(`8號${basement}`)).toBe('8號b1樓')
  })

  it('reads a house number without 號 by where it stands', () => {
    expect(normalizeAddressText('復興南路1段390')).toBe('復興南路1段390號')
    expect(normalizeAddressText('復興南路1段390, 3F')).toBe('復興南路1段390號3樓')
    expect(normalizeAddressText('復興南路1段390 3樓')).toBe('復興南路1段390號3樓')
    expect(normalizeAddressText('No. 390 3F')).toBe('390號3樓')
    expect(normalizeAddressText('8號3樓301')).toBe('8號3樓301室')
    expect(normalizeAddressText('8號3樓301室')).toBe('8號3樓301室')
  })

  it('keeps what tells addresses apart', () => {
    expect(normalizeAddressText('中山路5-1號')).not.toBe(normalizeAddressText('中山路51號'))
    expect(normalizeAddressText('中山路5號3樓')).not.toBe(normalizeAddressText('中山路53樓'))
    expect(normalizeAddressText('忠孝東路四段100號')).not.toBe(normalizeAddressText('忠孝東路五段100號'))
    expect(normalizeAddressText('12巷3弄5號')).not.toBe(normalizeAddressText('12巷35號'))
  })
})

describe('postalAddressKey', () => {
  it('matches the review’s case: 復興南路1段390號 and 復興南路一段 390 號', () => {
    expect(at('復興南路1段390號')).toBe(at('復興南路一段 390 號'))
    expect(at('復興南路1段390號', '臺北市')).toBe(at('復興南路一段 390 號', '台北市'))
  })

  it('matches the same flat written with its floor, lane and alley in other forms', () => {
    expect(at('信義路五段7號3F')).toBe(at('信義路5段7號三樓'))
    expect(at('和平東路二段十二巷三弄五號之一 4F')).toBe(at('和平東路2段12巷3弄5-1號4樓'))
    expect(at('ＡＢＣ大樓 忠孝東路四段１００號')).toBe(at('abc大樓忠孝東路4段100號'))
  })

  it('drops a county, district, zip or 台灣 typed again at the start of the address', () => {
    expect(at('台北市大安區復興南路1段390號')).toBe(at('復興南路1段390號'))
    expect(at('106臺北市大安區復興南路一段390號')).toBe(at('復興南路1段390號'))
    expect(at('台灣台北市大安區復興南路1段390號')).toBe(at('復興南路1段390號'))
  })

  it('tells apart other floors, numbers, districts and counties', () => {
    expect(at('復興南路1段390號3樓')).not.toBe(at('復興南路1段390號4樓'))
    expect(at('復興南路1段390號')).not.toBe(at('復興南路1段392號'))
    expect(at('中山路5號', '台北市', '中山區')).not.toBe(at('中山路5號', '台北市', '大安區'))
    expect(at('中山路5號', '台北市', '中正區')).not.toBe(at('中山路5號', '台中市', '中正區'))
  })
})
