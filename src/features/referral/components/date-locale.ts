/** The app's locales as Intl names them. */
export const DATE_LOCALE = { zh_tw: 'zh-TW', en: 'en', ja: 'ja' } as const
