import dns from 'node:dns'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AddressRefused, isPublicAddress, publicOnlyLookup } from './public-address'

describe('public addresses', () => {
  it('tells the public internet from this host, private networks, link-local (metadata), unspecified and reserved ranges', () => {
    for (const address of ['8.8.8.8', '142.250.196.110', '17.253.144.10', '2a00:1450:4001:82b::200a', '2606:4700::6810:84e5', '64:ff9b::8.8.8.8', '64:ff9b::808:808', '::ffff:8.8.8.8', '::ffff:0:8.8.8.8', '::ffff:0:808:808']) {
      expect([address, isPublicAddress(address)]).toEqual([address, true])
    }
    for (const address of [
      '127.0.0.1',
      '127.0.0.2',
      '0.0.0.0',
      '10.0.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '192.0.0.170',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::127.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      // IPv4-translated (RFC 2765), judged by its IPv4 address like IPv4-mapped
      '::ffff:0:7f00:1',
      '::ffff:0:127.0.0.1',
      '0:0:0:0:ffff:0:a9fe:a9fe',
      '::ffff:0:10.0.0.1',
      '::ffff:0:0:0',
      '64:ff9b::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::8.8.8.8',
      '64:ff9b:2::808:808',
      '64:ff9b:0:0:0:1:808:808',
      'fe80::1%eth0',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
      'localhost',
      '',
    ]) {
      expect([address, isPublicAddress(address)]).toEqual([address, false])
    }
  })

  describe('lookup at connect time', () => {
    afterEach(() => vi.restoreAllMocks())
    const lookup = promisify((host: string, options: dns.LookupOptions, callback: (error: Error | null, result?: unknown) => void) =>
      publicOnlyLookup(host, options, (error, address, family) => callback(error, options.all ? address : { address, family })),
    )
    const answers = (addresses: dns.LookupAddress[]) =>
      vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _options: dns.LookupOptions, callback: (error: null, addresses: dns.LookupAddress[]) => void) => callback(null, addresses)) as never)

    it('answers a name that resolves to public addresses only, in the form the caller asked for', async () => {
      answers([
        { address: '142.250.196.110', family: 4 },
        { address: '2404:6800:4012::200a', family: 6 },
      ])
      expect(await lookup('fcm.googleapis.com', { all: true })).toHaveLength(2)
      expect(await lookup('fcm.googleapis.com', {})).toEqual({ address: '142.250.196.110', family: 4 })
    })

    it('refuses a name when any of its addresses is not public (a rebound name, a mixed answer)', async () => {
      for (const bad of ['127.0.0.1', '169.254.169.254', '::ffff:10.0.0.1', 'fd00:ec2::254', '0.0.0.0']) {
        answers([
          { address: '142.250.196.110', family: 4 },
          { address: bad, family: bad.includes(':') ? 6 : 4 },
        ])
        await expect(lookup('rebound.push.example', { all: true })).rejects.toBeInstanceOf(AddressRefused)
      }
    })
  })
})
