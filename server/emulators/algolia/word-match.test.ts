import { radix } from '@orama/orama/trees'
import { describe, expect, it } from 'vitest'
import { findWithin, findWords, prefixDistance, wordNear } from './word-match'

const WORDS = ['kyoto', 'kobe', 'kochi', 'matcha', 'macha', 'match', 'chocolate', 'chocolates', 'choco', 'hokkaido', 'hokuto', 'nara', 'naruto', 'ramen', 'soba', 'somen', 'nishin', 'tsukiji', 'bingata', '抹茶', '茶ら', 'ちょこ']

function treeOf(words: string[]) {
  const tree = new radix.RadixTree()
  words.forEach((word, doc) => tree.insert(word, doc))
  return tree
}

const collect = (find: (visit: (node: { w: string }) => void) => void) => {
  const words: string[] = []
  find((node) => words.push(node.w))
  return words.sort()
}

/** Typos between two words (insertions, deletions, substitutions, swaps of neighbours), the whole table. */
function distance(a: string, b: string) {
  const table = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i]![j] = Math.min(table[i - 1]![j]! + 1, table[i]![j - 1]! + 1, table[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) table[i]![j] = Math.min(table[i]![j]!, table[i - 2]![j - 2]! + 1)
    }
  }
  return table[a.length]![b.length]!
}

// a small deterministic generator, so that a failure can be replayed
function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
}

function misspell(word: string, next: () => number) {
  const i = Math.floor(next() * word.length)
  const letter = 'abcdefghiklmnorstuy'[Math.floor(next() * 19)]!
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1)
    case 1:
      return word.slice(0, i) + letter + word.slice(i + 1)
    case 2:
      return word.slice(0, i) + letter + word.slice(i)
    default:
      return word.slice(0, i) + (word[i + 1] ?? '') + word[i] + word.slice(i + 2)
  }
}

describe('radix tree lookups', () => {
  const tree = treeOf(WORDS)

  it('finds a word exactly, or every word it begins, also when the term ends inside an edge', () => {
    expect(collect((visit) => findWords(tree, 'match', true, visit))).toEqual(['match'])
    expect(collect((visit) => findWords(tree, 'matc', true, visit))).toEqual([])
    expect(collect((visit) => findWords(tree, 'matc', false, visit))).toEqual(['match', 'matcha'])
    expect(collect((visit) => findWords(tree, 'chocolat', false, visit))).toEqual(['chocolate', 'chocolates'])
    expect(collect((visit) => findWords(tree, 'k', false, visit))).toEqual(['kobe', 'kochi', 'kyoto'])
    expect(collect((visit) => findWords(tree, '抹', false, visit))).toEqual(['抹茶'])
    expect(collect((visit) => findWords(tree, 'zz', false, visit))).toEqual([])
  })

  it('finds words within the typo budget, a wrong first letter included', () => {
    expect(collect((visit) => findWithin(tree, 'xyoto', 1, visit))).toEqual(['kyoto'])
    expect(collect((visit) => findWithin(tree, 'ishin', 1, visit))).toEqual(['nishin'])
    expect(collect((visit) => findWithin(tree, 'tsukqji', 1, visit))).toEqual(['tsukiji'])
    expect(collect((visit) => findWithin(tree, 'hxkkaidx', 1, visit))).toEqual([])
    expect(collect((visit) => findWithin(tree, 'hxkkaidx', 2, visit))).toEqual(['hokkaido'])
  })

  it('counts a swap of two neighbouring letters as one typo', () => {
    expect(collect((visit) => findWithin(tree, 'mtacha', 1, visit))).toEqual(['macha', 'matcha'])
    expect(collect((visit) => findWithin(tree, 'kyoot', 1, visit))).toEqual(['kyoto'])
    expect(collect((visit) => findWithin(tree, 'ohkkaido', 1, visit))).toEqual(['hokkaido'])
    expect(collect((visit) => findWithin(tree, 'ohkkaiod', 1, visit))).toEqual([])
    expect(collect((visit) => findWithin(tree, 'ohkkaiod', 2, visit))).toEqual(['hokkaido'])
    expect(prefixDistance('whitechocolate', 'cohcolate', 2)).toBe(1)
    expect(prefixDistance('kyoto', 'ykoot', 2)).toBe(2)
  })

  it('keeps every word that starts with the term, however long', () => {
    expect(collect((visit) => findWithin(tree, 'choc', 1, visit))).toEqual(['choco', 'chocolate', 'chocolates'])
  })

  it('finds exactly the words a full comparison with every word finds', () => {
    const next = random(7)
    for (let n = 0; n < 400; n++) {
      const source = WORDS[Math.floor(next() * WORDS.length)]!
      const term = next() < 0.5 ? misspell(source, next) : misspell(misspell(source, next), next)
      if (!term) continue
      for (const budget of [1, 2]) {
        const expected = WORDS.filter((w) => w.startsWith(term) || distance(term, w) <= budget).sort()
        expect(collect((visit) => findWithin(tree, term, budget, visit)), `${term} within ${budget}`).toEqual(expected)
      }
    }
  })
})

describe('a word near a term', () => {
  it('allows the typos anywhere inside a word of the text', () => {
    expect(prefixDistance('chocolate', 'chocolte', 2)).toBe(1)
    expect(prefixDistance('whitechocolate', 'choco', 1)).toBe(0)
    expect(prefixDistance('kyoto', 'xxxxx', 2)).toBe(3)
    expect(wordNear('chocolate', 'chocolte', 2)).toBe(true)
    expect(wordNear('chocolate', 'chxcxlxte', 2)).toBe(false)
    // a much shorter word is never near
    expect(wordNear('cho', 'chocolte', 2)).toBe(false)
  })

  it('is the smallest distance to any stretch of the word, capped above the limit', () => {
    const next = random(5)
    const stretches = (w: string) => Array.from({ length: w.length + 1 }, (_, i) => Array.from({ length: w.length - i + 1 }, (_, k) => w.slice(i, i + k))).flat()
    for (let n = 0; n < 500; n++) {
      const word = WORDS[Math.floor(next() * WORDS.length)]!
      const term = misspell(misspell(WORDS[Math.floor(next() * WORDS.length)]!, next), next)
      const best = Math.min(...stretches(word).map((s) => distance(term, s)))
      for (const limit of [1, 2]) expect(Math.min(prefixDistance(word, term, limit), limit + 1), `${word} ~ ${term}`).toBe(Math.min(best, limit + 1))
    }
  })

  it('answers as the full table does, the quick letter check notwithstanding', () => {
    const next = random(11)
    const texts = ['hokkaido', 'white', 'chocolate', '抹茶ちょこ', 'langue', 'kishu', 'ume', 'somen', 'nishin']
    for (let n = 0; n < 2000; n++) {
      const word = texts[Math.floor(next() * texts.length)]!
      const term = misspell(misspell(texts[Math.floor(next() * texts.length)]!, next), next)
      for (const typos of [1, 2]) {
        const full = !(Math.abs(word.length - term.length) > typos && word.length < term.length) && prefixDistance(word, term, typos) <= typos
        expect(wordNear(word, term, typos), `${word} ~ ${term} (${typos})`).toBe(full)
      }
    }
  })
})
