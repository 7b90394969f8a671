import dns from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { DeliveryError } from './delivery-error.ts'

/**
 * Where notifications and OAuth2 token requests may go (PLAZO_WEBHOOK_TARGETS):
 * - unset: anywhere (a sandbox of one's own, whose receivers are on localhost);
 * - `loopback`: loopback addresses only, decided on the URL before any DNS lookup (tests and CI: nothing leaves
 *   the machine);
 * - `public`: public addresses only (a sandbox hosted for many merchants, which must not be a proxy into its own
 *   network): the name is resolved, every address it resolves to must be public, and the connection goes to the
 *   address that was checked, so a second, different answer of the DNS cannot redirect it.
 */
export type TargetMode = 'any' | 'loopback' | 'public'

export function targetMode(value: string | undefined = process.env.PLAZO_WEBHOOK_TARGETS): TargetMode {
  return value === 'loopback' || value === 'public' ? value : 'any'
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i

/**
 * A public unicast address: not loopback, private, link-local, carrier-grade NAT, multicast, reserved,
 * documentation, benchmarking or unspecified, in IPv4 or IPv6, nor an IPv4 address carried in IPv6 (mapped,
 * NAT64, 6to4, Teredo) that is one of those. ipaddr.js names each range; only `unicast` is public.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString())
    return v6.range() === 'unicast'
  }
  return parsed.range() === 'unicast'
}

/** The address a request must connect to, once checked; undefined when the mode pins none. */
export interface CheckedTarget {
  address: string
  family: 4 | 6
}

type Lookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>

const systemLookup: Lookup = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true })

/**
 * Decides whether `url` may be sent to under `mode`; throws a DeliveryError naming the reason otherwise. In
 * `public` mode, answers the address to connect to.
 */
export async function checkTarget(
  url: URL,
  mode: TargetMode,
  lookup: Lookup = systemLookup,
): Promise<CheckedTarget | undefined> {
  if (mode === 'any') return undefined
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (mode === 'loopback') {
    if (LOOPBACK_HOSTS.test(url.hostname)) return undefined
    throw new DeliveryError(`${url.hostname} is not a loopback address, and PLAZO_WEBHOOK_TARGETS=loopback`)
  }
  let addresses: Array<{ address: string; family: number }>
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else {
    try {
      addresses = await lookup(host)
    } catch (error) {
      throw new DeliveryError(
        `${host} could not be resolved: ${(error as { code?: string }).code ?? 'DNS error'}`,
      )
    }
  }
  const refused = addresses.find((entry) => !isPublicAddress(entry.address))
  if (refused || addresses.length === 0) {
    const shown = refused ? `${refused.address}, which is not a public address` : 'no address'
    throw new DeliveryError(`${host} resolves to ${shown}, and PLAZO_WEBHOOK_TARGETS=public`)
  }
  const first = addresses[0] as { address: string; family: number }
  return { address: first.address, family: first.family === 6 ? 6 : 4 }
}
