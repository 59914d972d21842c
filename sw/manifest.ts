import type { ManifestOptions } from 'vite-plugin-pwa'
import type { Locale } from '../contract/constants'

const BRAND = '#e8384f'

/**
 * One manifest per language (decision 58), each linked from that language's pages: the shop put
 * on the home screen from /en is named, described and opened in English. All three are the same
 * app (`id: '/'`, scope `/`): a shopper who changes language inside the installed app stays in
 * it, and a device holds the shop once, named in the language it was installed from.
 */
export const MANIFEST_FILES: Record<Locale, string> = {
  zh_tw: 'manifest.webmanifest',
  en: 'manifest-en.webmanifest',
  ja: 'manifest-ja.webmanifest',
}

const TEXT: Record<Locale, { lang: string; prefix: string; name: string; short_name: string; description: string; search: [string, string]; cart: string; favourites: [string, string] }> = {
  zh_tw: {
    lang: 'zh-Hant-TW',
    prefix: '',
    name: '日本伴手禮小舖',
    short_name: '伴手禮小舖',
    description: '日本零食、飲料、拉麵、地方伴手禮與每月零食箱，從日本直送台灣。',
    search: ['搜尋商品', '搜尋'],
    cart: '購物車',
    favourites: ['我的收藏', '收藏'],
  },
  en: {
    lang: 'en',
    prefix: '/en',
    name: 'Japan Souvenir Shop',
    short_name: 'Souvenir Shop',
    description: 'Japanese snacks, drinks, ramen, regional gifts and a monthly snack box, shipped from Japan to Taiwan.',
    search: ['Search products', 'Search'],
    cart: 'Cart',
    favourites: ['My favourites', 'Favourites'],
  },
  ja: {
    lang: 'ja',
    prefix: '/ja',
    name: '日本のおみやげ小舗',
    short_name: 'おみやげ小舗',
    description: '日本のお菓子、飲み物、ラーメン、ご当地みやげと毎月のお菓子ボックスを、日本から台湾へお届けします。',
    search: ['商品を探す', '検索'],
    cart: 'カート',
    favourites: ['お気に入り', 'お気に入り'],
  },
}

const ICON = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }]

/** The web app manifest in one language: what the phone shows once the shop is on the home screen. */
export function webManifestFor(locale: Locale): Partial<ManifestOptions> {
  const text = TEXT[locale]
  return {
    id: '/',
    name: text.name,
    short_name: text.short_name,
    description: text.description,
    lang: text.lang,
    dir: 'ltr',
    start_url: text.prefix || '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: BRAND,
    background_color: '#ffffff',
    categories: ['shopping', 'food'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      { name: text.search[0], short_name: text.search[1], url: `${text.prefix}/product/search`, icons: ICON },
      { name: text.cart, short_name: text.cart, url: `${text.prefix}/cart`, icons: ICON },
      { name: text.favourites[0], short_name: text.favourites[1], url: `${text.prefix}/user/favorite`, icons: ICON },
    ],
  }
}

/** The zh-TW manifest, the one vite-plugin-pwa writes and links from the shell. */
export const webManifest = webManifestFor('zh_tw')

/** The `<link rel="manifest">` path for a language's pages. */
export const manifestHref = (locale: Locale): string => `/${MANIFEST_FILES[locale]}`
