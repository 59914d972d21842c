import dns from 'node:dns'
import net from 'node:net'
import { ipv6Groups, lastIPv4 } from './ip'

/**
 * Addresses that are not on the public internet: this host, private and shared networks,
 * link-local (the cloud metadata service at 169.254.169.254 and fd00:ec2::254), unspecified,
 * documentation, benchmarking, multicast and reserved ranges, and the IPv6 tunnels that carry an
 * IPv4 address of their own choosing (6to4, Teredo). IPv6 addresses that stand for an IPv4 address
 * are judged by it (see embeddedIPv4).
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
  // the rest of 64:ff9b::/32 beyond NAT64's /96: local-use translation (64:ff9b:1::/48, RFC 8215) and unassigned
  ['64:ff9b::', 32],
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

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:0:0/96), IPv4-translated
 * (::ffff:0:0:0/96, RFC 2765) and NAT64's well-known prefix (64:ff9b::/96, RFC 6052) each reach
 * the IPv4 address in their last 32 bits.
 */
function embeddedIPv4(groups: readonly number[]): string | undefined {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0)
  const mapped = zeros(0, 5) && groups[5] === 0xffff
  const translated = zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)
  return mapped || translated || nat64 ? lastIPv4(groups) : undefined
}

/** Whether `address` (an IP address, not a name) is one on the public internet. */
export function isPublicAddress(address: string): boolean {
  if (net.isIPv4(address)) return !NOT_PUBLIC.check(address, 'ipv4')
  const groups = ipv6Groups(address)
  if (!groups) return false
  const inner = embeddedIPv4(groups)
  if (inner !== undefined) return isPublicAddress(inner)
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
