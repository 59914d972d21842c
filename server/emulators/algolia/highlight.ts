import { normalize } from './text'

/**
 * Wraps the parts of `text` that match the query's terms in the highlight tags, the way
 * Algolia's `_highlightResult` does. Matching happens on normalized text, then maps back to the
 * original characters, so ＭＡＴＣＨＡ or チョコ highlight where matcha or ちょこ were asked for.
 */
const folded = new Map<string, string>()
const fold = (ch: string) => {
  let n = folded.get(ch)
  if (n === undefined) {
    n = normalize(ch)
    if (folded.size < 20_000) folded.set(ch, n)
  }
  return n
}

export function highlight(text: string, terms: string[], pre: string, post: string) {
  const chars = [...text]
  let normalized = ''
  const origin: number[] = []
  chars.forEach((ch, i) => {
    const n = ch.charCodeAt(0) < 128 ? ch.toLowerCase() : fold(ch)
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
