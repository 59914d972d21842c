import { describe, expect, it } from 'vitest'
import { indexTokens, normalize, queryTerms } from './text'

describe('search text', () => {
  it('folds width, case and katakana', () => {
    expect(normalize('ＭＡＴＣＨＡ ﾁｮｺ チョコ')).toBe('matcha ちょこ ちょこ')
  })

  it('folds Traditional Chinese to Simplified, one character for one, so both forms meet', () => {
    expect(normalize('拉麵')).toBe(normalize('拉面'))
    expect(normalize('神戶')).toBe(normalize('神户'))
    expect(normalize('沖繩黑糖餅乾')).toBe('冲绳黑糖饼干')
    // Japanese forms are left as they are: 神戸 stays 神戸, and its words in the Japanese names still match
    expect(normalize('神戸 抹茶 大阪')).toBe('神戸 抹茶 大阪')
    for (const text of ['臺灣鳳梨酥', '拉麵・麵類', '關西名菓']) expect([...normalize(text)]).toHaveLength([...text].length)
  })

  it('indexes words and CJK character pairs', () => {
    expect(indexTokens('Uji 宇治抹茶')).toEqual(expect.arrayContaining(['uji', '宇治', '治抹', '抹茶']))
  })

  it('indexes a run of kana alone (a reading) by its pairs and last character, without the segmenter’s words', () => {
    expect(indexTokens('Uji うじまっちゃ').sort()).toEqual(['uji', 'うじ', 'じま', 'まっ', 'っち', 'ちゃ', 'ゃ'].sort())
    expect(indexTokens('ゆ')).toEqual(['ゆ'])
  })

  it('turns a query into terms: Latin words with typo allowances, CJK pairs, the last as a prefix unless a pair', () => {
    expect(queryTerms('Hokkaido milk 抹茶ラテ')).toEqual([
      { term: 'hokkaido', cjk: false, typos: 2, prefix: false },
      { term: 'milk', cjk: false, typos: 1, prefix: false },
      { term: '抹茶', cjk: true, typos: 0, prefix: false },
      { term: '茶ら', cjk: true, typos: 0, prefix: false },
      { term: 'らて', cjk: true, typos: 0, prefix: false },
    ])
    expect(queryTerms('tea')).toEqual([{ term: 'tea', cjk: false, typos: 0, prefix: true }])
    expect(queryTerms('京')).toEqual([{ term: '京', cjk: true, typos: 0, prefix: true }])
    expect(queryTerms('  ')).toEqual([])
  })
})
