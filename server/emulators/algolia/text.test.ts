import { describe, expect, it } from 'vitest'
import { indexTokens, normalize, queryTerms } from './text'

describe('search text', () => {
  it('folds width, case and katakana', () => {
    expect(normalize('ＭＡＴＣＨＡ ﾁｮｺ チョコ')).toBe('matcha ちょこ ちょこ')
  })

  it('indexes words and CJK character pairs', () => {
    expect(indexTokens('Uji 宇治抹茶')).toEqual(expect.arrayContaining(['uji', '宇治', '治抹', '抹茶']))
  })

  it('turns a query into terms: Latin words with typo allowances, CJK pairs', () => {
    expect(queryTerms('Hokkaido milk 抹茶ラテ')).toEqual([
      { term: 'hokkaido', cjk: false, typos: 2 },
      { term: 'milk', cjk: false, typos: 1 },
      { term: '抹茶', cjk: true, typos: 0 },
      { term: '茶ら', cjk: true, typos: 0 },
      { term: 'らて', cjk: true, typos: 0 },
    ])
    expect(queryTerms('tea')).toEqual([{ term: 'tea', cjk: false, typos: 0 }])
    expect(queryTerms('京')).toEqual([{ term: '京', cjk: true, typos: 0 }])
    expect(queryTerms('  ')).toEqual([])
  })
})
