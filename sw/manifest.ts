import type { ManifestOptions } from 'vite-plugin-pwa'

const BRAND = '#e8384f'

/** The web app manifest: what the phone shows once the shop is on the home screen. */
export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: '日本伴手禮小舖',
  short_name: '伴手禮小舖',
  description: '日本零食、飲料、拉麵、地方伴手禮與每月零食箱，從日本直送台灣。',
  lang: 'zh-Hant-TW',
  dir: 'ltr',
  start_url: '/',
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
    { name: '搜尋商品', short_name: '搜尋', url: '/product/search', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    { name: '購物車', short_name: '購物車', url: '/cart', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    { name: '我的收藏', short_name: '收藏', url: '/user/favorite', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
  ],
}
