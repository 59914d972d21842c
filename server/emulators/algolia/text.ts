import { to } from 'opencc-js/preset/t2cn'

/**
 * Text handling for Traditional Chinese, Japanese and English alike: NFKC (full-width and
 * half-width forms become one), lower case, katakana folded to hiragana (チョコ finds ちょこ),
 * Traditional Chinese characters folded to Simplified (拉面 finds 拉麵), words from Intl.Segmenter.
 * CJK has no spaces and the segmenter's words rarely match what a shopper types, so CJK runs are
 * also indexed as overlapping character pairs, and a CJK query is matched pair by pair (all pairs
 * required).
 */
const KATAKANA = /[\u30a1-\u30f6]/g
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/g
const CJK_RUN = /[\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g
const CJK_CHAR = /[\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/

/**
 * Traditional to Simplified, character by character, from OpenCC's character table (its
 * phrase table is left out: a fold must map one character to one character, so that highlighting
 * can fold a text character by character and land on the same letters). Folding this way, as
 * hosted Algolia does ("transform traditional Chinese to modern"), is many-to-one and needs no
 * context; the other way is not (面 is 麵 in 拉面 but 面 in 面具).
 */
const SIMPLIFIED = new Map<string, string>()
for (const dict of to.cn!.flat()) {
  if (typeof dict !== 'string') continue
  for (const entry of dict.split('|')) {
    const [from, simplified] = entry.split(' ')
    if (from && simplified && from.length === 1 && simplified.length === 1 && from !== simplified) SIMPLIFIED.set(from, simplified)
  }
}

const toHiragana = (ch: string) => String.fromCharCode(ch.charCodeAt(0) - 0x60)
const toSimplified = (ch: string) => SIMPLIFIED.get(ch) ?? ch

export const normalize = (text: string) => text.normalize('NFKC').toLowerCase().replace(KATAKANA, toHiragana).replace(HAN, toSimplified)

export const isCjk = (text: string) => CJK_CHAR.test(text)

const segmenter = new Intl.Segmenter('ja', { granularity: 'word' })

const words = (normalized: string) => {
  const out: string[] = []
  for (const part of segmenter.segment(normalized)) if (part.isWordLike) out.push(part.segment)
  return out
}

const pairs = (run: string) => (run.length < 2 ? [run] : Array.from({ length: run.length - 1 }, (_, i) => run.slice(i, i + 2)))

const KANA_ONLY = /^[\u3040-\u30ff]+$/
const unlessKana = (run: string) => (KANA_ONLY.test(run) ? ' ' : run)

/**
 * Tokens stored for a text: its words, plus the character pairs of every CJK run. A run of kana
 * alone (a reading, mostly) skips the segmenter, whose Japanese dictionary is what indexing spends
 * its time on: a query reads kana by pairs, so its pairs and its last character (for a
 * one-character prefix query) are all it needs.
 */
export function indexTokens(text: string, normalized = normalize(text)): string[] {
  const tokens = new Set(words(normalized.replace(CJK_RUN, unlessKana)))
  for (const run of normalized.match(CJK_RUN) ?? []) {
    for (const pair of pairs(run)) tokens.add(pair)
    if (KANA_ONLY.test(run)) tokens.add(run.at(-1)!)
  }
  return [...tokens]
}

export interface QueryTerm {
  term: string
  cjk: boolean
  /**
   * Latin words allow typos by length, like Algolia: 1 from 4 characters, 2 from 8. CJK allows
   * none (decision 44): Algolia tolerates typos in Japanese only with `indexLanguages: ['ja']`,
   * and in a two-character word one wrong character is another word.
   */
  typos: number
  /** matched as a prefix: the query's last term, unless a CJK pair (a whole pair is the unit) */
  prefix: boolean
}

/** The terms a query must all match: Latin words as they are, CJK runs as character pairs. */
export function queryTerms(query: string, normalized = normalize(query)): QueryTerm[] {
  const terms: QueryTerm[] = []
  const seen = new Set<string>()
  const add = (term: string, cjk: boolean) => {
    if (seen.has(term)) return
    seen.add(term)
    terms.push({ term, cjk, typos: cjk ? 0 : term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0, prefix: false })
  }
  for (const word of words(normalized)) {
    if (!isCjk(word)) add(word, false)
  }
  for (const run of normalized.match(CJK_RUN) ?? []) for (const pair of pairs(run)) add(pair, true)
  const last = terms.at(-1)
  if (last && !(last.cjk && last.term.length === 2)) last.prefix = true
  return terms
}
