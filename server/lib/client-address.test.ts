import { describe, expect, it } from 'vitest'
import { AddressCounter, addressKey, addressOf, NO_PROXY, parseTrustProxy, type ProxyTrust } from './client-address'

const hops = (n: number): ProxyTrust => ({ hops: n, proxies: [] })
const listed = (...proxies: string[]): ProxyTrust => ({ hops: 0, proxies })

describe('addressOf', () => {
  it('takes X-Forwarded-For only when a proxy is trusted', () => {
    expect(addressOf('203.0.113.9', '10.0.0.1', NO_PROXY)).toBe('10.0.0.1')
    expect(addressOf('203.0.113.9', '10.0.0.1', hops(1))).toBe('203.0.113.9')
    expect(addressOf(undefined, '10.0.0.1', hops(1))).toBe('10.0.0.1')
    expect(addressOf(' ', undefined, hops(1))).toBe('unknown')
  })

  it('reads the entry the outermost trusted proxy added, counted from the right, never what the client wrote', () => {
    // one proxy that appends: the client's own header stays to the left
    expect(addressOf('6.6.6.6, 203.0.113.9', '10.0.0.1', hops(1))).toBe('203.0.113.9')
    // a CDN and a load balancer: the CDN added the client, the balancer added the CDN
    expect(addressOf('6.6.6.6, 203.0.113.9, 198.51.100.7', '10.0.0.1', hops(2))).toBe('203.0.113.9')
    // fewer entries than proxies: the leftmost there is
    expect(addressOf('203.0.113.9', '10.0.0.1', hops(2))).toBe('203.0.113.9')
    expect(addressOf('6.6.6.6 , ,203.0.113.9', '10.0.0.1', hops(1))).toBe('203.0.113.9')
  })

  it('with listed proxies, believes the header only from them, and skips them from the right', () => {
    const trust = listed('10.0.0.0/8', '2001:db8:ffff::1')
    // a client that reaches the port directly is its own address, whatever it writes
    expect(addressOf('203.0.113.9', '198.51.100.4', trust)).toBe('198.51.100.4')
    expect(addressOf('6.6.6.6, 203.0.113.9', '10.1.2.3', trust)).toBe('203.0.113.9')
    expect(addressOf('6.6.6.6, 203.0.113.9, 10.9.9.9', '::ffff:10.1.2.3', trust)).toBe('203.0.113.9')
    expect(addressOf('203.0.113.9, 2001:db8:ffff::1', '2001:db8:ffff::1', trust)).toBe('203.0.113.9')
    // nothing but proxies in the header: the leftmost
    expect(addressOf('10.0.0.7, 10.0.0.8', '10.1.2.3', trust)).toBe('10.0.0.7')
  })
})

describe('parseTrustProxy', () => {
  it('reads false, true, a number of proxies, or the proxies’ addresses and ranges', () => {
    expect(parseTrustProxy('false')).toEqual(NO_PROXY)
    expect(parseTrustProxy('true')).toEqual(hops(1))
    expect(parseTrustProxy('2')).toEqual(hops(2))
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5,fd00::/8')).toEqual(listed('10.0.0.0/8', '192.168.1.5', 'fd00::/8'))
    for (const bad of ['yes', '10', '10.0.0.0/33', 'fd00::/129', 'proxy.internal', '10.0.0.1/8/1', ',']) expect(typeof parseTrustProxy(bad)).toBe('string')
  })
})

describe('addressKey', () => {
  it('counts IPv4 as it is, also IPv4-mapped', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('::FFFF:203.0.113.9')).toBe('203.0.113.9')
  })

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:0:1::/64'
    expect(addressKey('2001:db8:0:1::1')).toBe(key)
    expect(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key)
    expect(addressKey('2001:db8::1:0:0:0:7')).toBe(key)
    expect(addressKey('2001:db8:0:1:a::b%eth0')).toBe(key)
    expect(addressKey('2001:db8:0:2::1')).not.toBe(key)
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('::a:b:c:d:1.2.3.4')).toBe('0:0:a:b::/64')
    expect(addressKey('unknown')).toBe('unknown')
  })
})

describe('AddressCounter', () => {
  it('refuses an address its limit, gives places back, and forgets addresses holding none', () => {
    const counter = new AddressCounter(2)
    expect([counter.take('203.0.113.9'), counter.take('::ffff:203.0.113.9'), counter.take('203.0.113.9')]).toEqual([true, true, false])
    expect(counter.take('198.51.100.1')).toBe(true)
    counter.release('203.0.113.9')
    expect(counter.take('203.0.113.9')).toBe(true)
    counter.release('203.0.113.9')
    counter.release('203.0.113.9')
    counter.release('198.51.100.1')
    expect(counter.addresses).toBe(0)
  })

  it('counts nothing at limit 0', () => {
    const counter = new AddressCounter(0)
    for (let i = 0; i < 5; i++) expect(counter.take('203.0.113.9')).toBe(true)
    expect(counter.addresses).toBe(0)
  })
})
