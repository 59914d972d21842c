import { parse as legacyParse } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { refusedSpellings } from '../../tests/fixtures/push-endpoints'
import { checkEndpoint } from './push'

/** the default PUSH_SERVICE_HOSTS, and a push service the operator listed by address (as the tests' receiver is) */
const HOSTS = [...'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.services.mozilla.com,web.push.apple.com,*.push.apple.com,*.notify.windows.com'.split(','), '127.0.0.1:8443', 'localhost:8443']

describe('push endpoints', () => {
  it('takes the endpoints browsers give, at the host and port they name', () => {
    expect(checkEndpoint('https://fcm.googleapis.com/fcm/send/dXk3:APA91bG-x_y', HOSTS)).toEqual({
      href: 'https://fcm.googleapis.com/fcm/send/dXk3:APA91bG-x_y',
      hostname: 'fcm.googleapis.com',
      port: 443,
      path: '/fcm/send/dXk3:APA91bG-x_y',
      listedAddress: false,
    })
    expect(checkEndpoint('https://wns2-par02p.notify.windows.com/w/?token=BQYAAA%2b%2f', HOSTS)).toMatchObject({ hostname: 'wns2-par02p.notify.windows.com', path: '/w/?token=BQYAAA%2b%2f' })
    expect(checkEndpoint('https://web.push.apple.com/QGd3-abc', HOSTS)).toMatchObject({ hostname: 'web.push.apple.com', listedAddress: false })
    expect(checkEndpoint('https://updates.push.services.mozilla.com/wpush/v2/gAAAAA', HOSTS)).toMatchObject({ port: 443 })
    // the operator's own entries by address or as localhost may be private, at their port only
    expect(checkEndpoint('https://127.0.0.1:8443/push/x', HOSTS)).toMatchObject({ hostname: '127.0.0.1', port: 8443, listedAddress: true })
    expect(checkEndpoint('https://localhost:8443/push/x', HOSTS)).toMatchObject({ hostname: 'localhost', listedAddress: true })
    expect(checkEndpoint('https://127.0.0.1/push/x', HOSTS)).toBeUndefined()
    expect(checkEndpoint('https://10.0.0.1/push/x', HOSTS)).toBeUndefined()
    expect(checkEndpoint('http://fcm.googleapis.com/fcm/send/x', HOSTS)).toBeUndefined()
    expect(checkEndpoint('https://push.apple.com/', HOSTS)).toBeUndefined()
    expect(checkEndpoint('https://evilpush.apple.com/', HOSTS)).toBeUndefined()
  })

  it.each(refusedSpellings(8443))('refuses %j', (endpoint) => {
    expect(checkEndpoint(endpoint, HOSTS)).toBeUndefined()
  })

  // pieces of hosts that the two URL parsers have read differently, or that one of them rewrites
  const HOST_PIECES = ['a', 'push', 'apple', 'com', 'fcm', 'googleapis', '127', '0', '2', '0x7f', '2130706433', 'internal-admin', 'xn--80ak6aa92e', 'A', 'PUSH', '-']
  const ODD_PIECES = ['%2e', '%2E', "'", '%27', '"', '`', '{', '}', ';', '!', '$', '&', '(', '*', '+', ',', '=', '~', '_', '%', '%00', '%41', '\t', '\n', '\r', ' ', '\\', '/', '@', ':', '[', ']', '#', '?', '^', '|', 'ⓐ', 'ａ', '．', '。', '\u00ad', '\u200b', 'ß']

  it('reads every endpoint it takes as web-push’s url.parse and https.request do: same host, same port (fast-check)', () => {
    const often = <T>(usual: T, ...rare: T[]) => fc.oneof({ weight: 4, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: fc.constantFrom(...rare) })
    const endpoint = fc
      .record({
        scheme: often('https://', 'HTTPS://', 'https:', 'https:/', 'https:///', 'https:\\\\', ' https://', 'http://'),
        user: often('', 'u@', 'u:p@', 'fcm.googleapis.com@', 'a.push.apple.com\\@', ':@'),
        host: fc.array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...HOST_PIECES) }, { weight: 3, arbitrary: fc.constant('.') }, { weight: 2, arbitrary: fc.constantFrom(...ODD_PIECES) }), { minLength: 1, maxLength: 8 }),
        suffix: fc.constantFrom('', '.push.apple.com', '.push.apple.com', '.notify.windows.com', '.googleapis.com', '.push.apple.com.', '.0.0.1'),
        port: often('', ':443', ':8443', ':', ':0443', ':08443', ':65979'),
        path: fc.constantFrom('', '/', '/probe', "/x'y", '/a b', '/@127.0.0.2', '/?q=1', '/#f', '\\x', '/%2e%2e/x'),
      })
      .map(({ scheme, user, host, suffix, port, path }) => `${scheme}${user}${host.join('')}${suffix}${port}${path}`)
    let taken = 0
    fc.assert(
      fc.property(endpoint, (s) => {
        const target = checkEndpoint(s, HOSTS)
        if (!target) return
        taken++
        const legacy = legacyParse(s)
        expect(target.href).toBe(s)
        expect(target.hostname).toMatch(/^[a-z0-9.-]+$/)
        expect(legacy.hostname).toBe(target.hostname)
        expect(Number(legacy.port ?? 443)).toBe(target.port)
        expect(`${legacy.protocol}//${legacy.host}`).toBe(new URL(s).origin)
      }),
      { numRuns: 20_000 },
    )
    // the property was not met by refusing everything
    expect(taken).toBeGreaterThan(100)
  })

  it('takes any plain name under a listed *. entry (fast-check)', () => {
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,20}[a-z0-9])?$/)
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^\/[A-Za-z0-9_:-]{0,40}$/), (labels, path) => {
        const href = `https://${labels.join('.')}.push.apple.com${path}`
        expect(checkEndpoint(href, HOSTS)).toMatchObject({ href, hostname: `${labels.join('.')}.push.apple.com`, port: 443 })
      }),
    )
  })
})
