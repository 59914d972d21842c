import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** A PO catalog's entries as msgid → msgstr (messages with a context left out). */
function catalog(locale: 'zh-TW' | 'en' | 'ja'): Map<string, string> {
  const entries = new Map<string, string>()
  for (const entry of readFileSync(`locales/${locale}/messages.po`, 'utf8').split(/\n\n+/)) {
    if (/^#~/m.test(entry) || /^msgctxt /m.test(entry)) continue
    const id = /^msgid (".*")$/m.exec(entry)?.[1]
    const str = /^msgstr (".*")$/m.exec(entry)?.[1]
    if (id && str) entries.set(JSON.parse(id) as string, JSON.parse(str) as string)
  }
  return entries
}

/** Every zh-TW text a shopper meets: the app's catalog, the server's messages and notifications, the manifest. */
const zhTexts = (): [where: string, text: string][] => [
  ...[...catalog('zh-TW')].map(([id, text]): [string, string] => [`locales/zh-TW: ${id}`, text]),
  ...['server/lib/messages.ts', 'server/modules/notification/texts.ts', 'sw/manifest.ts'].map((file): [string, string] => [file, readFileSync(file, 'utf8')]),
]

describe('one word for one thing', () => {
  it.each([
    ['零食盒', '零食箱'],
    ['推薦好友', '邀請好友'],
  ])('zh-TW says %s nowhere (the shop says %s)', (unwanted, wanted) => {
    const found = zhTexts().filter(([, text]) => text.includes(unwanted)).map(([where]) => where)
    expect(found).toEqual([])
    expect(zhTexts().some(([, text]) => text.includes(wanted))).toBe(true)
  })

  it('no English text says "Back to index"', () => {
    expect([...catalog('en')].filter(([id, text]) => /back to index/i.test(`${id} ${text}`))).toEqual([])
  })
})

describe('service hours', () => {
  it('are the same hours in every language, in Taiwan time', () => {
    const id = [...catalog('en').keys()].find((key) => /^Monday to Friday/.test(key))
    expect(id).toBeDefined()
    for (const locale of ['zh-TW', 'en', 'ja'] as const) {
      const text = catalog(locale).get(id!) || id!
      expect(text, locale).toMatch(/(^|\D)9:00\D+18:00/)
      expect(text, locale).toContain('UTC+8')
      expect(text, locale).not.toMatch(/10:00|19:00/)
    }
  })
})
