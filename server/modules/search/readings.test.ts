import { describe, expect, it } from 'vitest'
import { japaneseReadings, readingValues } from './readings'

describe('kana readings of Japanese names', () => {
  it('reads kanji in hiragana and katakana, keeps kana and unknown words as written, and skips text without Japanese', async () => {
    const readings = await japaneseReadings(['宇治抹茶バウムクーヘン', '京都', '神戸', 'Kit Kat 抹茶', 'Matcha Latte', '大阪'])
    expect(readingValues(readings, '宇治抹茶バウムクーヘン')).toEqual(['うじまっちゃばうむくーへん', 'ウジマッチャバウムクーヘン'])
    expect(readingValues(readings, '京都')).toEqual(['きょうと', 'キョウト'])
    expect(readingValues(readings, '神戸')).toEqual(['こうべ', 'コウベ'])
    expect(readingValues(readings, 'Kit Kat 抹茶')).toEqual(['Kit Kat まっちゃ', 'Kit Kat マッチャ'])
    expect(readingValues(readings, 'Matcha Latte')).toEqual([])
    // remembered: asked again, the same reading comes back without the dictionary
    const again = await japaneseReadings(['大阪'])
    expect(again.get('大阪')).toBe(readings.get('大阪'))
  })
})
