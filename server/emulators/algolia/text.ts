/**
 * Text handling for Traditional Chinese, Japanese and English alike: NFKC (full-width and
 * half-width forms become one), lower case, katakana folded to hiragana (チョコ finds ちょこ),
 * words from Intl.Segmenter. CJK has no spaces and the segmenter's words rarely match what a
 * shopper types, so CJK runs are also indexed as overlapping character pairs, and a CJK query
 * is matched pair by pair (all pairs required).
 */
const KATAKANA = /[\u30a1-\u30f6]/g
const CJK_RUN = /[\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g
const CJK_CHAR = /[\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/

const segmenter = new Intl.Segmenter('ja', { granularity: 'word' })

export const normalize = (text: string) => text.normalize('NFKC').toLowerCase().replace(KATAKANA, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))

export const isCjk = (text: string) => CJK_CHAR.test(text)

const words = (normalized: string) => {
  const out: string[] = []
  for (const part of segmenter.segment(normalized)) if (part.isWordLike) out.push(part.segment)
  return out
}

const pairs = (run: string) => (run.length < 2 ? [run] : Array.from({ length: run.length - 1 }, (_, i) => run.slice(i, i + 2)))

/** Tokens stored for a text: its words, plus the character pairs of every CJK run. */
export function indexTokens(text: string): string[] {
  const normalized = normalize(text)
  const tokens = new Set(words(normalized))
  for (const run of normalized.match(CJK_RUN) ?? []) for (const pair of pairs(run)) tokens.add(pair)
  return [...tokens]
}

export interface QueryTerm {
  term: string
  cjk: boolean
  /** Latin words allow typos by length, like Algolia: 1 from 4 characters, 2 from 8 */
  typos: number
}

/** The terms a query must all match: Latin words as they are, CJK runs as character pairs. */
export function queryTerms(query: string): QueryTerm[] {
  const normalized = normalize(query)
  const terms: QueryTerm[] = []
  const seen = new Set<string>()
  const add = (term: string, cjk: boolean) => {
    if (seen.has(term)) return
    seen.add(term)
    terms.push({ term, cjk, typos: cjk ? 0 : term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0 })
  }
  for (const word of words(normalized)) {
    if (!isCjk(word)) add(word, false)
  }
  for (const run of normalized.match(CJK_RUN) ?? []) for (const pair of pairs(run)) add(pair, true)
  return terms
}
