/**
 * Which addresses a probe may reach. A probe fetches a URL a stranger typed, from inside our
 * network, so everything that names this machine, a private network or a cloud's metadata service
 * is refused, whichever way it is written. The Worker cannot resolve names, so a public name that
 * resolves to a private address is left to the platform (and to the probe runner, which checks the
 * resolved address).
 */

/** Whether loopback is allowed: local development and the tests only, never a deploy. */
export interface AddressPolicy {
  allowLoopback: boolean
}

export type AddressCheck = { ok: true } | { ok: false; reason: string }

/** IPv4 ranges no probe may reach, as [first address, prefix length, what it is]. */
const BLOCKED_V4: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address (cloud metadata lives here)'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'an IETF protocol address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
]

/** Names that only ever mean this machine or an internal network. */
const BLOCKED_SUFFIXES = ['.localhost', '.internal', '.local', '.localdomain', '.home.arpa', '.lan', '.intranet']

/**
 * Parses an IPv4 address written any way `inet_aton` accepts (what many resolvers still do):
 * 1 to 4 parts, each decimal, octal (leading 0) or hex (0x), the last part filling the remaining
 * bytes, so `2130706433`, `0177.1` and `0x7f.0.0.1` are all 127.0.0.1. Null when it is not one.
 */
function parseIPv4(host: string): number | null {
  const parts = host.split('.')
  if (parts.length > 4 || parts.some((p) => p === '')) return null
  const values: number[] = []
  for (const part of parts) {
    const match = /^(0x[0-9a-f]*|0[0-7]*|[1-9][0-9]*)$/i.exec(part)
    if (!match) return null
    const value = /^0x/i.test(part)
      ? Number.parseInt(part.slice(2) || '0', 16)
      : part.length > 1 && part.startsWith('0')
        ? Number.parseInt(part, 8)
        : Number(part)
    values.push(value)
  }
  const last = values.pop() as number
  if (values.some((v) => v > 255) || last >= 2 ** (8 * (4 - values.length))) return null
  return values.reduce((acc, v, i) => acc + v * 2 ** (8 * (3 - i)), 0) + last
}

function blockedV4(address: number): string | null {
  for (const [base, prefix, what] of BLOCKED_V4) {
    const start = parseIPv4(base) as number
    const size = 2 ** (32 - prefix)
    if (address >= start && address < start + size) return what
  }
  return address === 0xffffffff ? 'a broadcast address' : null
}

/** The 8 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail accepted), or null. */
function parseIPv6(host: string): number[] | null {
  let text = host.replace(/^\[|\]$/g, '').toLowerCase()
  const zone = text.indexOf('%')
  if (zone >= 0) text = text.slice(0, zone)
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (tail) {
    const v4 = parseIPv4(tail[1])
    if (v4 === null) return null
    text = `${text.slice(0, tail.index)}${((v4 >>> 16) & 0xffff).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const read = (s: string) => (s === '' ? [] : s.split(':'))
  const head = read(halves[0])
  const rest = halves.length === 2 ? read(halves[1]) : []
  const missing = 8 - head.length - rest.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest]
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null
  return groups.map((g) => Number.parseInt(g, 16))
}

const v4From = (hi: number, lo: number) => hi * 0x10000 + lo

/** Why an IPv6 address may not be reached, or null; `loopbackOk` lets ::1 (and mapped 127/8) through. */
function blockedV6(groups: number[], loopbackOk: boolean): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0
  if (upperZero && g5 === 0 && g6 === 0 && g7 === 1) return loopbackOk ? null : 'a loopback address'
  if (upperZero && g5 === 0 && g6 === 0 && g7 === 0) return 'the unspecified address'
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4
  // (2002:AABB:CCDD::) carry an IPv4 address that is what is really reached.
  const embedded =
    upperZero && (g5 === 0xffff || g5 === 0)
      ? v4From(g6, g7)
      : g0 === 0x64 && g1 === 0xff9b
        ? v4From(g6, g7)
        : g0 === 0x2002
          ? v4From(g1, g2)
          : null
  if (embedded !== null) return checkV4(embedded, loopbackOk)
  if ((g0 & 0xfe00) === 0xfc00) return 'a unique-local address (cloud metadata lives here too)'
  if ((g0 & 0xffc0) === 0xfe80) return 'a link-local address'
  if ((g0 & 0xffc0) === 0xfec0) return 'a site-local address'
  if ((g0 & 0xff00) === 0xff00) return 'a multicast address'
  if (g0 === 0x2001 && g1 === 0x0db8) return 'a documentation address'
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'a discard-only address'
  return null
}

const isLoopbackV4 = (address: number) => address >>> 24 === 127

function checkV4(address: number, loopbackOk: boolean): string | null {
  if (loopbackOk && isLoopbackV4(address)) return null
  return blockedV4(address)
}

type HostKind = { kind: 'v4'; address: number } | { kind: 'v6'; groups: number[] } | { kind: 'name'; name: string }

function classify(hostname: string): HostKind | null {
  if (hostname.startsWith('[')) {
    const groups = parseIPv6(hostname)
    return groups ? { kind: 'v6', groups } : null
  }
  const name = hostname.toLowerCase().replace(/\.$/, '')
  const v4 = parseIPv4(name)
  if (v4 !== null) return { kind: 'v4', address: v4 }
  // Something that looks numeric but did not parse (0x1g.1, 1.2.3.4.5) is not a name either.
  if (/^[0-9.]+$|^0x/i.test(name)) return null
  return { kind: 'name', name }
}

/** Whether the host is this machine: 127.0.0.0/8, ::1 (or mapped), localhost and *.localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = classify(hostname)
  if (!host) return false
  if (host.kind === 'v4') return isLoopbackV4(host.address)
  if (host.kind === 'v6') return blockedV6(host.groups, false) !== null && blockedV6(host.groups, true) === null
  return host.name === 'localhost' || host.name.endsWith('.localhost')
}

function blockedName(name: string): string | null {
  if (name === 'localhost' || name.endsWith('.localhost')) return 'a loopback name'
  if (name === 'metadata' || name === 'metadata.google.internal' || name === 'instance-data') {
    return 'a cloud metadata name'
  }
  if (BLOCKED_SUFFIXES.some((suffix) => name.endsWith(suffix))) return 'an internal name'
  if (!name.includes('.')) return 'a name without a domain (resolved inside the network)'
  return null
}

/**
 * Whether a probe may fetch `url`: https only (http only for loopback when `allowLoopback`), no
 * credentials in the URL, and never a loopback, private, link-local, carrier-grade NAT,
 * unique-local, reserved or metadata address, whether written as a name, an IPv4 literal in any
 * notation or an IPv6 literal (IPv4-mapped included). `allowLoopback` opens loopback only.
 *
 * @example checkAddress(new URL('https://169.254.169.254/'), { allowLoopback: false }) // { ok: false, ... }
 */
export function checkAddress(url: URL, { allowLoopback }: AddressPolicy): AddressCheck {
  const refuse = (reason: string): AddressCheck => ({ ok: false, reason: `${url.hostname || url.href}: ${reason}` })
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse(`the scheme ${url.protocol} is not https`)
  if (url.username || url.password) return refuse('credentials in the URL are never sent')
  const host = classify(url.hostname)
  if (!host) return refuse('not a valid host')
  const loopback = allowLoopback && isLoopbackHost(url.hostname)
  const reason = loopback
    ? null
    : host.kind === 'v4'
      ? checkV4(host.address, false)
      : host.kind === 'v6'
        ? blockedV6(host.groups, false)
        : blockedName(host.name)
  if (reason) return refuse(`${reason} is never probed`)
  if (url.protocol === 'http:' && !loopback) return refuse('only https is allowed')
  return { ok: true }
}
