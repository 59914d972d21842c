/**
 * Members' names as other people see them: a review's author (anyone), a referred friend (the
 * referrer, who knows them). One rule for names in Han, kana or Hangul, written family name
 * first as they are there: the first character, stars, and the last character unless that would
 * show a one-character given name whole (歐陽娜 → 歐**); at most three stars.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

/** 林小美 → 林*美, Ken Ito → K***o, 美 → 美*: `keepLast` false hides the last character too (山田花 → 山**). */
export function maskChars(name: string, keepLast = true) {
  const chars = [...name.trim()]
  if (chars.length <= 1) return `${chars[0] ?? ''}*`
  if (chars.length === 2 || !keepLast) return `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 3))}`
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 3))}${chars.at(-1)}`
}

/**
 * `public` (a review's author): other names as the given name and the family name's initial
 * (Mei Lin → Mei L.), enough to feel real, not enough to find them. `acquaintance` (a friend
 * shown to the referrer): other names masked like CJK ones (Ken Ito → K***o).
 */
export function maskedName(firstName: string, lastName: string, audience: 'public' | 'acquaintance'): string {
  const first = firstName.trim()
  const last = lastName.trim()
  if (CJK.test(first) || CJK.test(last)) return maskChars(`${last}${first}`, [...first].length > 1 || !last)
  if (audience === 'acquaintance') return maskChars(`${first} ${last}`)
  const given = [...first].slice(0, 20).join('')
  const initial = [...last][0]
  return initial ? `${given} ${initial.toUpperCase()}.` : given || '*'
}
