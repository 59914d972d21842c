import type { Locale } from '../../contract/constants'

/**
 * The server's messages, keyed by their English text (the same convention as the PWA's Lingui
 * catalogs: the source message is the id). Validation messages written in contract/ schemas are
 * looked up here too, so a field error reaches the shopper in their language.
 */
const CATALOG: Record<string, { zh_tw: string; ja: string }> = {
  'The given data was invalid.': { zh_tw: '輸入的資料有誤。', ja: '入力内容に誤りがあります。' },
  'The requested resource was not found.': { zh_tw: '找不到您要的資料。', ja: 'お探しのデータが見つかりません。' },
  'Product not found.': { zh_tw: '找不到這項商品。', ja: '商品が見つかりません。' },
  'Trend group not found.': { zh_tw: '找不到這個主題。', ja: '特集が見つかりません。' },
  'Oops...Something went wrong': { zh_tw: '糟糕…發生了一些問題', ja: '申し訳ありません、問題が発生しました' },
  'Only TWD is supported.': { zh_tw: '目前僅支援新台幣（TWD）。', ja: '現在は新台湾ドル（TWD）のみ対応しています。' },
  'must be a whole number': { zh_tw: '必須是整數', ja: '整数で入力してください' },
  'must be a city slug': { zh_tw: '城市代碼格式不正確', ja: '都市コードの形式が正しくありません' },
  'is too large': { zh_tw: '數值過大', ja: '値が大きすぎます' },
  'is too small': { zh_tw: '數值過小', ja: '値が小さすぎます' },
  'is too long': { zh_tw: '長度過長', ja: '長すぎます' },
  'is not one of the allowed values': { zh_tw: '不是允許的值', ja: '許可されていない値です' },
  'is invalid': { zh_tw: '格式不正確', ja: '形式が正しくありません' },
  'is not a known parameter': { zh_tw: '不是可接受的參數', ja: '使用できないパラメーターです' },
}

export function translate(locale: Locale, message: string): string {
  if (locale === 'en') return message
  return CATALOG[message]?.[locale] ?? message
}

export const knownMessages = (): string[] => Object.keys(CATALOG)
