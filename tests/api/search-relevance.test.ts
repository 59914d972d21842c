import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SearchEngine } from '../../server/emulators/algolia/engine'
import { openDatabase } from '../../server/db/client'
import { importCatalogue, parseCatalogueFile } from '../../server/modules/catalogue-import/service'
import { PRODUCT_INDEX_SETTINGS, productRecords } from '../../server/modules/search/records'

/**
 * What shoppers type, in Traditional Chinese, Japanese and English — two-character words, kana,
 * full-width and half-width forms, typos — and the seed product that must come first.
 */
const CASES: [query: string, firstSku: string, note: string][] = [
  ['抹茶', 'SWT-0001', 'two-character word'],
  ['宇治抹茶', 'SWT-0001', 'four characters, no spaces'],
  ['matcha', 'SWT-0001', 'English'],
  ['macha', 'SWT-0001', 'typo: a letter missing'],
  ['mtacha', 'SWT-0001', 'typo: two letters swapped, one typo as in Algolia'],
  ['ＭＡＴＣＨＡ', 'SWT-0001', 'full-width Latin'],
  ['uji matcha', 'SWT-0001', 'two words'],
  ['大阪', 'SWT-0010', 'city, two characters'],
  ['osaka', 'SWT-0010', 'city in English'],
  ['oskaa', 'SWT-0010', 'city with two letters swapped'],
  ['kyto', 'SSN-0001', 'typo in a city'],
  ['xyoto', 'SSN-0001', 'typo: the first letter wrong'],
  ['tsukqji', 'GFT-0019', 'typo: a wrong letter inside a word'],
  ['神戶', 'SSN-0024', 'Traditional form of the city'],
  ['神戸', 'SSN-0024', 'Japanese form of the city'],
  ['nara', 'SWT-0022', 'short city name'],
  ['和歌山', 'SWT-0029', 'three characters'],
  ['梅', 'GFT-0011', 'one character'],
  ['umeboshi', 'GFT-0011', 'romaji'],
  ['拉麵', 'RMN-0018', 'Traditional Chinese'],
  ['ラーメン', 'RMN-0032', 'katakana'],
  ['raman', 'RMN-0032', 'typo'],
  ['とんこつ', 'SNK-0037', 'hiragana for 豚骨'],
  ['豚骨', 'RMN-0017', 'kanji'],
  ['味噌', 'GFT-0014', 'two characters'],
  ['miso', 'GFT-0014', 'four letters'],
  ['巧克力', 'SWT-0030', 'Chinese word for chocolate'],
  ['チョコ', 'SWT-0030', 'katakana prefix of チョコレート'],
  ['ﾁｮｺ', 'SWT-0030', 'half-width katakana'],
  ['chocolte', 'SWT-0030', 'typo: a letter missing in a long word'],
  ['布丁', 'SWT-0014', 'pudding in Chinese'],
  ['プリン', 'SWT-0014', 'pudding in katakana'],
  ['pudding', 'SWT-0014', 'English'],
  ['年輪蛋糕', 'SWT-0001', 'baumkuchen in Chinese'],
  ['バウムクーヘン', 'SWT-0001', 'long katakana'],
  ['柚子', 'DRK-0003', 'kanji'],
  ['ゆず', 'DRK-0003', 'hiragana for 柚子'],
  ['hokaido', 'SWT-0030', 'typo in Hokkaido'],
  ['北海道', 'SWT-0030', 'region'],
  ['哈密瓜', 'SWT-0031', 'melon in Chinese'],
  ['メロン', 'SWT-0031', 'melon in katakana'],
  ['仙貝', 'SNK-0001', 'rice cracker in Chinese'],
  ['せんべい', 'SNK-0001', 'hiragana'],
  ['八橋', 'SWT-0002', 'Chinese name of yatsuhashi'],
  ['yatsuhashi', 'SWT-0002', 'romaji'],
  ['煎茶', 'TEA-0010', 'tea'],
  ['ほうじ茶', 'TEA-0022', 'mixed kana and kanji'],
  ['招財貓', 'SOU-0001', 'maneki-neko in Chinese'],
  ['招き猫', 'SOU-0001', 'maneki-neko in Japanese'],
  ['沖繩', 'SOU-0030', 'Traditional form'],
  ['黒糖', 'DRK-0029', 'Japanese form of 黑糖'],
  ['brown sugar', 'DRK-0029', 'two English words'],
]

const database = await openDatabase({ dataDir: 'memory://' })
await importCatalogue(database.db, parseCatalogueFile(JSON.parse(readFileSync('server/db/seed/catalogue.json', 'utf8'))))
const engine = new SearchEngine()
engine.setSettings('products', PRODUCT_INDEX_SETTINGS)
engine.saveObjects('products', (await productRecords(database.db)).filter((r) => r.active).map(({ active: _active, ...r }) => r))
await database.close()

describe('search relevance on the seed catalogue', () => {
  it('has a test set of at least 40 queries', () => expect(CASES.length).toBeGreaterThanOrEqual(40))

  it.each(CASES)('%s puts %s first (%s)', (query, sku) => {
    const result = engine.search('products', { query, hitsPerPage: 5 }) as unknown as { hits: { sku: string }[] }
    expect(result.hits[0]?.sku).toBe(sku)
  })
})
