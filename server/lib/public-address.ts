import dns from 'node:dns'
import net from 'node:net'

/**
 * Addresses that are not on the public internet: this host, private and shared networks,
 * link-local (the cloud metadata service at 169.254.169.254 and fd00:ec2::254), unspecified,
 * documentation, benchmarking, multicast and reserved ranges, and the IPv6 tunnels that carry an
 * IPv4 address of their own choosing (6to4, Teredo). IPv4-mapped IPv6 (::ffff:a.b.c.d) is checked
 * by its IPv4 address (net.BlockList does so).
 */
const NOT_PUBLIC = new net.BlockList()
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv4')
}
for (const [address, prefix] of [
  // ::/96 holds :: and ::1 and the old IPv4-compatible form ::a.b.c.d
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv6')
}

/** The IPv4 address in a NAT64 address (64:ff9b::/96, RFC 6052), which is what it reaches. */
function nat64Target(address: string): string | undefined {
  const match = /^64:ff9b:(?:0:){0,5}:?(.+)$/i.exec(address)
  if (!match) return undefined
  const tail = match[1]!
  if (net.isIPv4(tail)) return tail
  const groups = tail.split(':')
  if (groups.length > 2 || groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined
  const value = groups.reduce((n, g) => n * 0x10000 + parseInt(g, 16), 0)
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.')
}

/** Whether `address` (an IP address, not a name) is one on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4')
  if (family !== 6) return false
  if (/^64:ff9b:/i.test(address) && !/^64:ff9b:1:/i.test(address)) {
    const inner = nat64Target(address)
    return inner !== undefined && isPublicAddress(inner)
  }
  return !NOT_PUBLIC.check(address, 'ipv6')
}

export class AddressRefused extends Error {
  override readonly name = 'AddressRefused'
}

/**
 * dns.lookup for connections that must reach the public internet only: the name is resolved
 * where the connection is made, and any answer that is not a public address refuses the whole
 * connection. So a name checked earlier cannot be pointed at the shop's own network afterwards
 * (DNS rebinding), and one answer among several cannot slip through.
 */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '')
    const refused = addresses.find((a) => !isPublicAddress(a.address))
    if (refused || addresses.length === 0) {
      return callback(new AddressRefused(`${hostname} resolves to ${refused?.address ?? 'no address'}, not a public address`), '')
    }
    if (options.all) return callback(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}
