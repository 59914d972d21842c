import { describe, expect, it } from 'vitest'
import { highlight } from './highlight'
import { normalize } from './text'

/** The plain way: every character normalized on its own, marked, and wrapped one by one. */
function reference(text: string, terms: string[], pre: string, post: string) {
  const chars = [...text]
  let normalized = ''
  const origin: number[] = []
  chars.forEach((ch, i) => {
    const n = ch.charCodeAt(0) < 128 ? ch.toLowerCase() : normalize(ch)
    normalized += n
    for (let k = 0; k < n.length; k++) origin.push(i)
  })
  const marked = new Array<boolean>(chars.length).fill(false)
  const matchedWords: string[] = []
  for (const term of terms) {
    if (!term) continue
    let from = normalized.indexOf(term)
    if (from >= 0) matchedWords.push(term)
    while (from >= 0) {
      for (let k = from; k < from + term.length; k++) marked[origin[k]!] = true
      from = normalized.indexOf(term, from + term.length)
    }
  }
  let value = ''
  chars.forEach((ch, i) => {
    if (marked[i] && !marked[i - 1]) value += pre
    value += ch
    if (marked[i] && !marked[i + 1]) value += post
  })
  const matchLevel = matchedWords.length === 0 ? 'none' : matchedWords.length === terms.length ? 'full' : 'partial'
  return { value, matchLevel, matchedWords, fullyHighlighted: marked.every(Boolean) && chars.length > 0 }
}

describe('highlight', () => {
  it('wraps matches found on normalized text around the original characters', () => {
    expect(highlight('ＭＡＴＣＨＡ Latte', ['matcha'], '<em>', '</em>')).toEqual({ value: '<em>ＭＡＴＣＨＡ</em> Latte', matchLevel: 'full', matchedWords: ['matcha'], fullyHighlighted: false })
    expect(highlight('Uji Matcha', ['uji', 'tea'], '<b>', '</b>')).toEqual({ value: '<b>Uji</b> Matcha', matchLevel: 'partial', matchedWords: ['uji'], fullyHighlighted: false })
    expect(highlight('チョコ', ['ちょこ'], '[', ']')).toEqual({ value: '[チョコ]', matchLevel: 'full', matchedWords: ['ちょこ'], fullyHighlighted: true })
    expect(highlight('', ['x'], '[', ']')).toEqual({ value: '', matchLevel: 'none', matchedWords: [], fullyHighlighted: false })
    const long = `${'抹茶ラテ '.repeat(20_000)}end`
    expect(highlight(long, ['end'], '[', ']').value).toBe(`${'抹茶ラテ '.repeat(20_000)}[end]`)
  })

  it('answers as the character-by-character way does', () => {
    const pieces = ['Matcha', 'matcha', 'ＭＡＴＣＨＡ', 'ﾁｮｺ', 'チョコ', 'ちょこ', '抹茶', ' ', '-', '🍵', 'é', 'e\u0301', 'ﬁ', 'Ⅻ', 'Tea', 'ｔｅａ', '茶', 'aa']
    const termsPool = ['matcha', 'ちょこ', '抹茶', 'tea', 'a', 'aa', 'é', 'fi', 'xii', '茶', 'zz']
    let seed = 9
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
    for (let n = 0; n < 1500; n++) {
      const text = Array.from({ length: Math.floor(next() * 6) }, () => pieces[Math.floor(next() * pieces.length)]).join('')
      const terms = Array.from({ length: 1 + Math.floor(next() * 3) }, () => termsPool[Math.floor(next() * termsPool.length)]!)
      expect(highlight(text, terms, '<em>', '</em>'), `${text} / ${terms.join(' ')}`).toEqual(reference(text, terms, '<em>', '</em>'))
    }
  })
})
