/**
 * One key per Taiwanese delivery address however it was typed, for the referral programme's
 * same-address guard (decision 62): `復興南路1段390號3F` and `復興南路一段 390 號 三樓` are one flat.
 * Pure and deliberately conservative: it only removes differences of writing (width, numerals,
 * spaces, punctuation, 臺/台, the forms of 段/巷/弄/號/樓/之), never words, so two keys are equal
 * only when the addresses say the same thing.
 */

const DIGIT: Record<string, number> = { 〇: 0, 零: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 }
const UNIT: Record<string, number> = { 十: 10, 百: 100, 千: 1000 }
const NUMERAL = '〇零一二三四五六七八九十百千'

/** 三百二十 → 320, 十二 → 12, 一百零五 → 105; written digit by digit (一一〇) → 110. */
export function chineseNumeral(run: string): string {
  if (![...run].some((ch) => ch in UNIT)) return [...run].map((ch) => DIGIT[ch]).join('')
  let total = 0
  let digit = 0
  for (const ch of run) {
    if (ch in UNIT) {
      total += (digit || 1) * UNIT[ch]!
      digit = 0
    } else {
      digit = DIGIT[ch]!
    }
  }
  return String(total + digit)
}

/** Writing only: the address's text with one form for each thing it says (no county or district handling). */
export function normalizeAddressText(text: string): string {
  let s = text.normalize('NFKC').toLowerCase()
  s = s.replace(/臺/g, '台').replace(/巿/g, '市').replace(/楼/g, '樓').replace(/号/g, '號')
  // hyphens of every width and kind, and 之 between numbers, are one "-": 5之1號 = 5-1號, 3樓之2 = 3F-2
  s = s.replace(/[\u2010-\u2015\u2212~]/g, '-').replace(new RegExp(`之(?=\\s*[\\d${NUMERAL}])`, 'g'), '-')
  s = s.replace(new RegExp(`[${NUMERAL}]+`, 'g'), chineseNumeral)
  // 第一段 = 一段; No. 390 = 390號
  s = s.replace(/第\s*(?=\d)/g, '').replace(/\bno\.?\s*(?=\d)/g, '#')
  s = s.replace(/#(\d+(?:\s*-\s*\d+)?)/g, '$1號')
  // floors: 3F, 3f, 3 fl., 3樓; basements: B1, 地下1樓, 地下室1樓
  s = s.replace(/(\d+)\s*(?:floor|fl\.?|f)(?![a-z])/g, '$1樓')
  s = s.replace(/地下室?\s*(\d+)\s*樓?/g, 'b$1樓').replace(/(?<![a-z])b\s*(\d+)(?:\s*樓)?/g, 'b$1樓')
  // a house number followed by the floor with only a space or comma between: 390 3F = 390號3樓
  s = s.replace(/(\d+(?:\s*-\s*\d+)?)[\s,，、.]+(?=b?\d+樓)/g, '$1號')
  // spaces and punctuation say nothing (the hyphen does: 5-1號 is not 51號)
  s = s.replace(/[^\p{L}\p{N}-]/gu, '')
  // 390號之1 = 390之1號; a number with no unit at the end is the house number (after a floor: the room)
  s = s.replace(/(\d+)號-(\d+)(?![\d樓])/g, '$1-$2號').replace(/號+/g, '號')
  s = s.replace(/樓(\d+)$/, '樓$1室').replace(/(?<![\d-])(\d+(?:-\d+)?)$/, '$1號')
  return s
}

export interface AddressParts {
  county: string
  district: string
  address: string
}

/**
 * County, district and address as one comparable key. The zip code is left out (it follows from the
 * district and is often mistyped); a county, district or `台灣` typed again at the start of the
 * address is dropped, so `台北市大安區復興南路…` in the address field matches `復興南路…`.
 */
export function postalAddressKey(parts: AddressParts): string {
  const county = normalizeAddressText(parts.county)
  const district = normalizeAddressText(parts.district)
  let address = normalizeAddressText(parts.address).replace(/^\d{3,6}(?=\D)/, '').replace(/^台灣/, '')
  if (county && address.startsWith(county)) address = address.slice(county.length)
  if (district && address.startsWith(district)) address = address.slice(district.length)
  return `${county}|${district}|${address}`
}
