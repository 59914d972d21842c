import type { SearchResult } from './search-client'

/**
 * What a keyword searches for. Algolia indexes letters and digits only: an emoji or a symbol is a
 * separator, so a query made of them alone is an empty query, which on hosted Algolia as in the
 * embedded engine lists the whole catalogue (decision 58). Food emoji stand for the word they
 * draw (the Traditional Chinese name the catalogue uses; synonyms take it to the other languages);
 * a keyword with nothing searchable left is not sent at all and finds nothing.
 */
const EMOJI_WORDS: Record<string, string> = {
  '🍫': '巧克力',
  '🍵': '茶',
  '🫖': '茶',
  '☕': '咖啡',
  '🍜': '拉麵',
  '🍲': '鍋',
  '🍘': '仙貝',
  '🍪': '餅乾',
  '🍰': '蛋糕',
  '🎂': '蛋糕',
  '🧁': '蛋糕',
  '🍮': '布丁',
  '🍡': '糰子',
  '🍬': '糖',
  '🍭': '糖',
  '🍯': '蜂蜜',
  '🍓': '草莓',
  '🍈': '哈密瓜',
  '🍋': '檸檬',
  '🍑': '桃',
  '🍊': '橘',
  '🍠': '地瓜',
  '🌰': '栗',
  '🥜': '花生',
  '🌸': '櫻花',
  '🍣': '壽司',
  '🍙': '飯糰',
  '🍱': '便當',
  '🍛': '咖哩',
  '🍢': '關東煮',
  '🍤': '蝦',
  '🦐': '蝦',
  '🦀': '蟹',
  '🐟': '魚',
  '🍶': '清酒',
  '🥛': '牛奶',
  '🧋': '奶茶',
  '🥢': '筷',
}

const SEARCHABLE = /[\p{L}\p{N}]/u
const EMOJI = new RegExp(Object.keys(EMOJI_WORDS).join('|'), 'gu')

/**
 * The query to send for a keyword: food emoji read as words; `undefined` when nothing in it can be
 * searched (only emoji or symbols: 🎌, ★★, !!!). An empty keyword stays '' (every product).
 */
export function searchQuery(keyword: string): string | undefined {
  const text = keyword.trim()
  if (text === '') return ''
  // emoji variation selectors and joiners (☕️, 🍫‍) are not part of the picture's meaning
  const query = text
    .replace(/[\uFE0E\uFE0F\u200D]/gu, '')
    .replace(EMOJI, (emoji) => ` ${EMOJI_WORDS[emoji]} `)
    .replace(/\s+/gu, ' ')
    .trim()
  return SEARCHABLE.test(query) ? query : undefined
}

/** The answer to a keyword with nothing searchable in it, shaped as the engine's. */
export const noResults = (hitsPerPage: number): SearchResult => ({ hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage, facets: {} })
