import { isIPv4, isIPv6 } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { ipv6Groups } from './ip'

/**
 * The client's IP address. Behind `proxies` proxies (TRUST_PROXY) it is the X-Forwarded-For entry
 * that many from the right: each proxy appends the address it was reached from, so that entry was
 * written by the outermost proxy, and whatever a client put in the header itself stays to its left
 * and is never read. (A proxy that replaces the header leaves one entry, which is the same one.)
 * With fewer entries than proxies the leftmost is taken; with none, or no proxy, the socket's peer.
 */
export function addressOf(forwardedFor: string | undefined, socketAddress: string | undefined, proxies: number): string {
  if (proxies > 0 && forwardedFor) {
    const entries = forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    const forwarded = entries[Math.max(0, entries.length - proxies)]
    if (forwarded) return forwarded
  }
  return socketAddress ?? 'unknown'
}

/** The client's IP address of a request the app answers (see addressOf). */
export function clientAddress(c: Context, proxies: number): string {
  let socketAddress: string | undefined
  try {
    socketAddress = getConnInfo(c).remote.address
  } catch {
    // requests made in-process (tests) have no socket
  }
  return addressOf(c.req.header('x-forwarded-for'), socketAddress, proxies)
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
