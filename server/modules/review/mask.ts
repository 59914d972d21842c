/**
 * A reviewer's public name: enough to feel real, not enough to find them. Names in Han, kana or
 * Hangul are written family name first and masked in the middle (林美玲 → 林*玲, 林美 → 林*);
 * others as the given name and the family name's initial (Mei Lin → Mei L.).
 */
export function maskedName(firstName: string, lastName: string): string {
  const first = firstName.trim()
  const last = lastName.trim()
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
  if (cjk.test(first) || cjk.test(last)) {
    const chars = [...`${last}${first}`]
    if (chars.length <= 1) return `${chars.join('')}*`
    if (chars.length === 2) return `${chars[0]}*`
    return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars.at(-1)}`
  }
  const given = [...first].slice(0, 20).join('')
  const initial = [...last][0]
  return initial ? `${given} ${initial.toUpperCase()}.` : given || '*'
}
