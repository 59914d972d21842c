import { createRequire } from 'node:module'
import path from 'node:path'
import type { TokenizerBuilder } from '@patdx/kuromoji'

/**
 * Kana readings of Japanese names, so that a shopper typing まっちゃ or マッチャ finds 抹茶
 * (decision 43). The reading comes from kuromoji's morphological analysis with its IPADIC
 * dictionary (IPADIC gives katakana readings: 抹茶 → マッチャ); words it does not know are kept as
 * written. Each reading is given in hiragana and in katakana: the embedded engine folds the two
 * scripts into one, hosted Algolia does not.
 *
 * The dictionary takes under a second and about 300 MB (heap and buffers) to load, so it is loaded
 * on the server only, when a name is not yet known, and let go as soon as no call needs it;
 * readings are remembered per text in this process and, through stored-readings.ts, in the
 * database: the catalogue import works them out, the index builds read them (decision 0069).
 */
export interface Reading {
  hiragana: string
  katakana: string
}

/** a text with kana or kanji: one that has a reading */
export const JAPANESE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/
const toHiragana = (text: string) => text.replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
export const toKatakana = (text: string) => text.replace(/[\u3041-\u3096]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60))

type Tokenizer = Awaited<ReturnType<TokenizerBuilder['build']>>

const CACHE_LIMIT = 100_000
const cache = new Map<string, Reading>()

/** how many times this process has loaded the dictionary (tests: a start must not) */
export let dictionaryLoads = 0

async function loadTokenizer(): Promise<Tokenizer> {
  dictionaryLoads++
  const [kuromoji, { default: NodeDictionaryLoader }] = await Promise.all([import('@patdx/kuromoji'), import('@patdx/kuromoji/node')])
  // the package's entry is build/index.mjs; its gzipped dictionary sits beside build/
  const entry = createRequire(import.meta.url).resolve('@patdx/kuromoji')
  const loader = new NodeDictionaryLoader({ dic_path: path.join(path.dirname(entry), '..', 'dict') })
  return new kuromoji.TokenizerBuilder({ loader }).build()
}

/** The tokenizer, shared by the calls under way and dropped (for the garbage collector) when the last one ends. */
let shared: { tokenizer: Promise<Tokenizer>; users: number } | undefined

async function withTokenizer<T>(use: (tokenizer: Tokenizer) => T): Promise<T> {
  shared ??= { tokenizer: loadTokenizer(), users: 0 }
  const current = shared
  current.users++
  try {
    return use(await current.tokenizer)
  } finally {
    if (--current.users === 0 && shared === current) shared = undefined
  }
}

/** The reading of each Japanese text (one with kana or kanji); other texts have none. */
export async function japaneseReadings(texts: Iterable<string>): Promise<Map<string, Reading>> {
  const out = new Map<string, Reading>()
  const missing: string[] = []
  for (const text of texts) {
    if (out.has(text) || !JAPANESE.test(text)) continue
    const known = cache.get(text)
    if (known) out.set(text, known)
    else missing.push(text)
  }
  if (missing.length === 0) return out
  await withTokenizer((tokenizer) => {
    for (const text of new Set(missing)) {
      const kana = tokenizer
        .tokenize(text)
        .map((token) => (token.reading && token.reading !== '*' ? token.reading : token.surface_form))
        .join('')
      const hiragana = toHiragana(kana)
      const reading = { hiragana, katakana: toKatakana(hiragana) }
      if (cache.size >= CACHE_LIMIT) cache.clear()
      cache.set(text, reading)
      out.set(text, reading)
    }
  })
  return out
}

/** A reading as a searchable attribute holds it: both scripts, or nothing for a text without Japanese. */
export const readingValues = (readings: Map<string, Reading>, text: string): string[] => {
  const reading = readings.get(text)
  return reading ? [reading.hiragana, reading.katakana] : []
}
