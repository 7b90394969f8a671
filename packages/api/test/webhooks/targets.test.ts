// PLAZO_WEBHOOK_TARGETS=public (issue 38, item 7): a hosted sandbox is not a proxy into its own network.
// Notifications and token requests go only to public addresses, decided after DNS on every address a name
// resolves to; the guard is fuzzed against an independent list of the special-purpose ranges (IANA registries).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { BlockList } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { seededRandom } from '../../../../test-support/seeded-random.ts'
import { DeliveryError, post } from '../../src/domain/webhooks/http-post.ts'
import { checkTarget, isPublicAddress } from '../../src/domain/webhooks/targets.ts'

/**
 * The special-purpose ranges, written from the IANA registry, independently of ipaddr.js. AS112 and AMT
 * (192.31.196.0/24, 192.52.193.0/24, 192.175.48.0/24) are reachable, but no merchant's endpoint lives there:
 * refusing them too is the cautious reading both lists take.
 */
function reference(): BlockList {
  const list = new BlockList()
  for (const [network, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.31.196.0', 24],
    ['192.52.193.0', 24],
    ['192.175.48.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const) {
    list.addSubnet(network, prefix, 'ipv4')
  }
  return list
}

const PRIVATE = [
  '127.0.0.1',
  '10.0.0.1',
  '172.16.5.4',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '::1',
  '::',
  'fe80::1',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '2001:db8::1',
]
const PUBLIC = [
  '8.8.8.8',
  '93.184.216.34',
  '1.1.1.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001::200e',
  '::ffff:8.8.8.8',
]

describe('the public-address guard', () => {
  it.each(PRIVATE)('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false))
  it.each(PUBLIC)('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true))

  it('agrees with the IANA ranges on 50,000 seeded IPv4 addresses, and on their IPv4-mapped IPv6 forms', () => {
    const list = reference()
    const random = seededRandom(38)
    let refused = 0
    for (let n = 0; n < 50_000; n++) {
      // Half of them drawn near the ranges' edges, where a mistake would hide.
      const first =
        random() < 0.5
          ? [0, 10, 100, 127, 169, 172, 192, 198, 203, 223, 224, 239, 240, 255][Math.floor(random() * 14)]
          : Math.floor(random() * 256)
      const address = [first, ...Array.from({ length: 3 }, () => Math.floor(random() * 256))].join('.')
      const expected = !list.check(address, 'ipv4')
      if (!expected) refused++
      expect(isPublicAddress(address), address).toBe(expected)
      expect(isPublicAddress(`::ffff:${address}`), `::ffff:${address}`).toBe(expected)
    }
    expect(refused).toBeGreaterThan(10_000)
  })
})

describe('checkTarget with PLAZO_WEBHOOK_TARGETS=public', () => {
  const dns =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))

  it('pins a name that resolves to public addresses to the first one checked', async () => {
    const url = new URL('https://hooks.shop.example/plazo')
    expect(await checkTarget(url, 'public', dns('93.184.216.34', '2606:4700::1'))).toEqual({
      address: '93.184.216.34',
      family: 4,
    })
  })

  it.each([
    ['http://127.0.0.1:8080/hook', dns()],
    ['http://10.0.0.1/hook', dns()],
    ['http://169.254.169.254/latest/meta-data', dns()],
    ['http://[::1]:9/hook', dns()],
    ['http://[::ffff:127.0.0.1]/hook', dns()],
    ['https://rebind.shop.example/hook', dns('127.0.0.1')],
    ['https://both.shop.example/hook', dns('93.184.216.34', '10.0.0.1')],
    ['https://metadata.shop.example/hook', dns('169.254.169.254')],
    ['https://nothing.shop.example/hook', dns()],
  ])('refuses %s', async (url, lookup) => {
    await expect(checkTarget(new URL(url), 'public', lookup)).rejects.toBeInstanceOf(DeliveryError)
  })

  it('refuses a name the machine resolves to loopback (localhost), with the real resolver', async () => {
    await expect(checkTarget(new URL('http://localhost:9/hook'), 'public')).rejects.toThrow(
      /not a public address/,
    )
  })
})

describe('a delivery with PLAZO_WEBHOOK_TARGETS=public', () => {
  let server: http.Server | undefined
  afterEach(async () => {
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
    server = undefined
  })

  it('never connects to a loopback receiver, by address or by name', async () => {
    let connections = 0
    server = http.createServer((_req, res) => res.end('ok'))
    server.on('connection', () => connections++)
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    const previous = process.env.PLAZO_WEBHOOK_TARGETS
    process.env.PLAZO_WEBHOOK_TARGETS = 'public'
    try {
      for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]']) {
        const sent = post({
          url: new URL(`http://${host}:${port}/hook`),
          headers: {},
          body: '{}',
          timeoutMs: 1_000,
        })
        await expect(sent).rejects.toThrow(/not a public address, and PLAZO_WEBHOOK_TARGETS=public/)
      }
    } finally {
      process.env.PLAZO_WEBHOOK_TARGETS = previous
    }
    expect(connections).toBe(0)
  })
})
