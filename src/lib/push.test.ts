import { i18n } from '@lingui/core'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { pushErrorMessage, pushFailureOf } from './push'

// the compiled catalogs (`lingui compile`, run by `npm test` before the unit tests); absent in a bare checkout
const compiled = import.meta.glob<{ messages: Record<string, unknown> }>('../../locales/{zh-TW,ja}/messages.ts', { eager: true })
const catalog = (tag: string) => Object.entries(compiled).find(([file]) => file.includes(`/${tag}/`))?.[1].messages

/** What Chromium throws from pushManager.subscribe and friends: English, whatever the page's language. */
const dom = (name: string, message: string) => new DOMException(message, name)
const BROWSER_ERRORS = {
  denied: dom('NotAllowedError', 'Registration failed - permission denied'),
  unsupported: dom('NotSupportedError', 'Registration failed - push service not available'),
  service: dom('AbortError', 'Registration failed - push service error'),
  key: dom('InvalidStateError', 'Registration failed - A subscription with a different applicationServerKey (or gcm_sender_id) already exists; to change the applicationServerKey, unsubscribe then resubscribe.'),
  network: new TypeError('Failed to fetch'),
}

afterAll(() => i18n.activate('en'))

describe('pushFailureOf', () => {
  it('sorts the browser’s push failures by kind', () => {
    for (const [kind, error] of Object.entries(BROWSER_ERRORS)) expect(pushFailureOf(error, true)).toBe(kind)
    expect(pushFailureOf(dom('InvalidAccessError', 'Registration failed - invalid applicationServerKey'), true)).toBe('key')
    expect(pushFailureOf(new ApiError(0, 'NETWORK_ERROR', '無法連線'), true)).toBe('network')
    expect(pushFailureOf(new Error('something else'), true)).toBe('unknown')
  })

  it('calls a push service failure while offline the network', () => {
    expect(pushFailureOf(BROWSER_ERRORS.service, false)).toBe('network')
    // a refusal stays a refusal, online or not
    expect(pushFailureOf(BROWSER_ERRORS.denied, false)).toBe('denied')
  })
})

describe.each([
  { tag: 'zh-TW', denied: '您已在瀏覽器設定中封鎖本商店的通知。', service: '瀏覽器的推播服務沒有回應，請稍後再試一次。' },
  { tag: 'ja', denied: undefined, service: 'ブラウザのプッシュサービスから応答がありませんでした。しばらくしてからもう一度お試しください。' },
])('pushErrorMessage in $tag', ({ tag, denied, service }) => {
  const messages = catalog(tag)
  it.skipIf(!messages)('speaks the page’s language, never the browser’s English', () => {
    i18n.load(tag, messages as never)
    i18n.activate(tag)
    for (const error of Object.values(BROWSER_ERRORS)) {
      const shown = pushErrorMessage(error)
      expect(shown).not.toBe(error.message)
      expect(shown).not.toMatch(/[A-Za-z]{4,}/)
    }
    expect(pushErrorMessage(BROWSER_ERRORS.service)).toBe(service)
    if (denied) expect(pushErrorMessage(BROWSER_ERRORS.denied)).toBe(denied)
    expect(pushErrorMessage(new Error('Registration failed - permission denied'))).toBe(pushErrorMessage(BROWSER_ERRORS.denied))
  })

  it.skipIf(!messages)('keeps the shop’s own refusal, which the API already wrote in the page’s language', () => {
    i18n.load(tag, messages as never)
    i18n.activate(tag)
    expect(pushErrorMessage(new ApiError(422, 'VALIDATION_FAILED', '推播端點無效'))).toBe('推播端點無效')
  })
})
