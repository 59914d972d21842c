import { isIPv6 } from 'node:net'

/**
 * The eight 16-bit groups of an IPv6 address however it is written: `::` filled with zeros, an
 * embedded IPv4 tail (`64:ff9b::1.2.3.4`) as its two groups, a zone (`%eth0`) dropped. Undefined
 * for anything that is not an IPv6 address.
 */
export function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined
  const bare = address.replace(/%.*$/, '')
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)]
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
          return [(a << 8) | b, (c << 8) | d]
        })
  const [head = '', tail] = bare.split('::')
  const left = parse(head)
  if (tail === undefined) return left
  const right = parse(tail)
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/** The IPv4 address in the last two of an IPv6 address's groups. */
export function lastIPv4(groups: readonly number[]): string {
  const [high = 0, low = 0] = groups.slice(-2)
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}
