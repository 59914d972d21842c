import { describe, expect, it } from 'vitest'
import { ipv6Groups, lastIPv4 } from './ip'

describe('ipv6Groups', () => {
  it('reads every way of writing an IPv6 address into its eight groups', () => {
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1])
    expect(ipv6Groups('2001:db8::')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0])
    expect(ipv6Groups('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toEqual([0x2001, 0xdb8, 0, 1, 0xffff, 0xffff, 0xffff, 0xffff])
    expect(ipv6Groups('2001:db8::1:0:0:0:7')).toEqual([0x2001, 0xdb8, 0, 1, 0, 0, 0, 7])
    expect(ipv6Groups('fe80::a:b%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0xa, 0xb])
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1])
    expect(ipv6Groups('::ffff:0:169.254.169.254')).toEqual([0, 0, 0, 0, 0xffff, 0, 0xa9fe, 0xa9fe])
    expect(ipv6Groups('1:2:3:4:5:6:7.8.9.10')).toEqual([1, 2, 3, 4, 5, 6, 0x708, 0x90a])
  })

  it('is undefined for anything else', () => {
    for (const other of ['1.2.3.4', '', 'localhost', '1::2::3', '1:2:3:4:5:6:7:8:9', '::ffff:1.2.3', '::g']) expect([other, ipv6Groups(other)]).toEqual([other, undefined])
  })

  it('reads the IPv4 address in the last two groups', () => {
    expect(lastIPv4(ipv6Groups('64:ff9b::808:808')!)).toBe('8.8.8.8')
    expect(lastIPv4(ipv6Groups('::ffff:0:169.254.169.254')!)).toBe('169.254.169.254')
  })
})
