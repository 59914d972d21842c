import { normalize } from './text'

const folded = new Map<number, string>()
/** A character's normalized form, by code point; ASCII lower-cased as it is */
const fold = (code: number) => {
  let n = folded.get(code)
  if (n === undefined) {
    const ch = String.fromCodePoint(code)
    n = code < 128 ? ch.toLowerCase() : normalize(ch)
    if (folded.size < 20_000) folded.set(code, n)
  }
  return n
}

const isAscii = (text: string) => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false
  return true
}
// reused between calls: the normalized text's code units, the character each comes from, and
// where each character starts in the text
let units = new Uint16Array(256)
let origins = new Int32Array(256)
let startsAt = new Int32Array(257)

/**
 * Wraps the parts of `text` that match the query's terms in the highlight tags, the way
 * Algolia's `_highlightResult` does. A term may be a list of alternatives (a word and its
 * synonyms): each one found is highlighted, and the term counts as matched when any one is.
 * Matching happens on the text normalized character by character, then maps back to the original
 * characters, so ＭＡＴＣＨＡ or チョコ highlight where matcha or ちょこ were asked for. Plain ASCII
 * text maps one to one and needs no table.
 */
export function highlight(text: string, terms: readonly (string | readonly string[])[], pre: string, post: string) {
  let normalized: string
  let origin: Int32Array | undefined
  let starts: Int32Array | undefined
  let length = 0
  if (isAscii(text)) {
    normalized = text.toLowerCase()
    length = text.length
  } else {
    if (startsAt.length <= text.length) {
      startsAt = new Int32Array(text.length * 2 + 1)
      units = new Uint16Array(text.length * 8)
      origins = new Int32Array(text.length * 8)
    }
    let size = 0
    for (let at = 0; at < text.length; length++) {
      const code = text.codePointAt(at)!
      const n = fold(code)
      if (size + n.length > units.length) {
        const grownUnits = new Uint16Array((size + n.length) * 2)
        const grownOrigins = new Int32Array((size + n.length) * 2)
        grownUnits.set(units)
        grownOrigins.set(origins)
        units = grownUnits
        origins = grownOrigins
      }
      for (let k = 0; k < n.length; k++) {
        units[size] = n.charCodeAt(k)
        origins[size++] = length
      }
      startsAt[length] = at
      at += code > 0xffff ? 2 : 1
    }
    startsAt[length] = text.length
    normalized = ''
    // apply reads the typed array as an array-like, without an iterator; in slices, under the argument limit
    for (let from = 0; from < size; from += 4096) normalized += String.fromCharCode.apply(null, units.subarray(from, Math.min(size, from + 4096)) as unknown as number[])
    origin = origins
    starts = startsAt
  }

  let marked: Uint8Array | undefined
  const matchedWords: string[] = []
  let matchedTerms = 0
  for (const alternatives of terms) {
    let matched = false
    for (const term of typeof alternatives === 'string' ? [alternatives] : alternatives) {
      if (!term) continue
      let from = normalized.indexOf(term)
      if (from >= 0) {
        matchedWords.push(term)
        matched = true
      }
      while (from >= 0) {
        marked ??= new Uint8Array(length)
        for (let k = from; k < from + term.length; k++) marked[origin ? origin[k]! : k] = 1
        from = normalized.indexOf(term, from + term.length)
      }
    }
    if (matched) matchedTerms++
  }
  const matchLevel = matchedTerms === 0 ? 'none' : matchedTerms === terms.length ? 'full' : 'partial'
  if (!marked) return { value: text, matchLevel, matchedWords, fullyHighlighted: false }

  const slice = (from: number, to: number) => (starts ? text.slice(starts[from], starts[to]) : text.slice(from, to))
  let value = ''
  let fully = length > 0
  for (let i = 0; i < length; ) {
    let j = i
    while (j < length && marked[j] === marked[i]) j++
    if (marked[i]) value += pre + slice(i, j) + post
    else {
      value += slice(i, j)
      fully = false
    }
    i = j
  }
  return { value, matchLevel, matchedWords, fullyHighlighted: fully }
}
