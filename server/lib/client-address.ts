import type { IncomingMessage } from 'node:http'
import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { ipv6Groups } from './ip'

/**
 * Who may tell the shop a client's address (TRUST_PROXY): nobody (`hops` 0, no `proxies`); the
 * `hops` proxies in front, whoever connects; or only the listed proxies (addresses and CIDR
 * ranges), so a client that reaches the port directly cannot name an address of its choosing.
 */
export interface ProxyTrust {
  hops: number
  proxies: readonly string[]
}

export const NO_PROXY: ProxyTrust = { hops: 0, proxies: [] }

/** TRUST_PROXY's text: `false`, `true` (one proxy), a number of proxies (0 to 9), or a comma-separated list of the proxies' addresses and CIDR ranges. */
export function parseTrustProxy(text: string): ProxyTrust | string {
  if (text === 'false') return NO_PROXY
  if (text === 'true') return { hops: 1, proxies: [] }
  if (/^[0-9]$/.test(text)) return { hops: Number(text), proxies: [] }
  const proxies = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const bad = proxies.find((entry) => !validRange(entry))
  if (bad !== undefined || proxies.length === 0) return `must be true, false, the number of proxies in front (0 to 9), or the proxies' addresses and CIDR ranges, comma-separated${bad === undefined ? '' : ` (not: ${bad.slice(0, 60)})`}`
  return { hops: 0, proxies }
}

function validRange(entry: string) {
  const [address = '', prefix, extra] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

const lists = new WeakMap<ProxyTrust, BlockList>()

/** Whether `address` is one of the listed proxies (never, without a list). */
export function isListedProxy(trust: ProxyTrust, address: string | undefined): boolean {
  if (trust.proxies.length === 0 || address === undefined) return false
  let list = lists.get(trust)
  if (!list) {
    list = new BlockList()
    for (const entry of trust.proxies) {
      const [range = '', prefix] = entry.split('/')
      const type = isIP(range) === 4 ? 'ipv4' : 'ipv6'
      if (prefix === undefined) list.addAddress(range, type)
      else list.addSubnet(range, Number(prefix), type)
    }
    lists.set(trust, list)
  }
  const bare = unmapped(address.trim())
  const family = isIP(bare)
  return family !== 0 && list.check(bare, family === 4 ? 'ipv4' : 'ipv6')
}

const unmapped = (address: string) => /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address

/**
 * The client's IP address. Each proxy appends the address it was reached from to X-Forwarded-For,
 * so the entries on the right were written by proxies and whatever a client put in the header
 * itself stays to their left and is never read. (A proxy that replaces the header leaves one entry.)
 * - `hops` proxies: the entry that many from the right (the leftmost when there are fewer).
 * - Listed proxies: only when the connection comes from one of them, the rightmost entry that is not
 *   itself a listed proxy; a connection from anywhere else is its own client.
 * Without a trusted proxy, or with no entry, the socket's peer.
 */
export function addressOf(forwardedFor: string | undefined, socketAddress: string | undefined, trust: ProxyTrust): string {
  const socket = socketAddress ?? 'unknown'
  const listed = trust.proxies.length > 0
  if (!forwardedFor || (listed ? !isListedProxy(trust, socketAddress) : trust.hops === 0)) return socket
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) return socket
  if (!listed) return entries[Math.max(0, entries.length - trust.hops)]!
  for (let i = entries.length - 1; i >= 0; i--) if (!isListedProxy(trust, entries[i])) return entries[i]!
  return entries[0]!
}

/** The client's IP address of a request the app answers (see addressOf). */
export function clientAddress(c: Context, trust: ProxyTrust): string {
  let socketAddress: string | undefined
  try {
    socketAddress = getConnInfo(c).remote.address
  } catch {
    // requests made in-process (tests) have no socket
  }
  return addressOf(c.req.header('x-forwarded-for'), socketAddress, trust)
}

/** The client's IP address of a request Node hands over directly (a WebSocket upgrade; see addressOf). */
export function requestAddress(request: IncomingMessage, trust: ProxyTrust): string {
  const forwarded = request.headers['x-forwarded-for']
  return addressOf(Array.isArray(forwarded) ? forwarded.join(',') : forwarded, request.socket.remoteAddress, trust)
}

/**
 * What a per-address limit counts: an IPv4 address (also when written IPv4-mapped, `::ffff:1.2.3.4`),
 * or an IPv6 address's /64, since one subscriber is routed a whole /64 and picks addresses from it
 * at will.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!
  if (!isIPv6(address)) return address
  return `${ipv6Groups(address)!
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/**
 * Open connections per client address (see addressKey), refused beyond `limit`; 0 counts nothing
 * and refuses nothing.
 */
export class AddressCounter {
  private readonly open = new Map<string, number>()

  constructor(readonly limit: number) {}

  /** Takes a place for `address`; false (and nothing taken) when it already holds `limit`. */
  take(address: string): boolean {
    if (this.limit <= 0) return true
    const key = addressKey(address)
    const held = this.open.get(key) ?? 0
    if (held >= this.limit) return false
    this.open.set(key, held + 1)
    return true
  }

  /** Gives back a place `take` gave. */
  release(address: string) {
    if (this.limit <= 0) return
    const key = addressKey(address)
    const held = this.open.get(key) ?? 0
    if (held <= 1) this.open.delete(key)
    else this.open.set(key, held - 1)
  }

  /** addresses holding a place right now */
  get addresses() {
    return this.open.size
  }
}
