/**
 * Where an address points, for the rules about data sent out. Four answers:
 *
 * - `documentation`: a name or address reserved so that it never reaches anyone (RFC 2606 and
 *   RFC 6761 names such as example.com and .test, RFC 5737 and RFC 3849 documentation ranges) or
 *   a placeholder every tutorial uses (domain.com, yourcompany.com): data "sent" there goes nowhere;
 * - `local`: loopback, private and link-local addresses, .local and .internal names: a service on
 *   the user's own machine or network, not outside;
 * - `own`: the listing's own service (its hosts, their registrable domain, a host named for its
 *   brand: api.github.com for a GitHub server), where its data is meant to go;
 * - `outside`: anything else, a phone number included.
 *
 * The exfiltration rules and the change rules ask here, so both draw the line in one place. Pure
 * and bounded: an address is read once, at most 2,000 characters of it.
 */
import type { ScanSelf } from './rule-types'

export type Destination = 'documentation' | 'local' | 'own' | 'outside'

/** Addresses read at most this far: no real host or mailbox is longer. */
const MAX_ADDRESS = 2000

/** The host of a URL or an email address, lowercased, without brackets or port, or null when it has none. */
export function hostOf(address: string): string | null {
  const text = address.trim().slice(0, MAX_ADDRESS)
  const at = text.lastIndexOf('@')
  const scheme = /^[a-z][\w+.-]*:\/\//i.test(text)
  if (!scheme && at > 0) return clean(text.slice(at + 1).split(/[/?#>\s]/)[0])
  const m = /^(?:[a-z][\w+.-]*:)?\/\/(?:[^@/?#\s]*@)?(\[[^\]]+\]|[^/:?#\s]+)/i.exec(text)
  if (m) return clean(m[1])
  // A bare host name, as a text often writes one: 'collector.evil.io/v1'.
  const bare = /^([a-z0-9](?:[a-z0-9-]{0,62}\.)+[a-z][a-z0-9-]{1,62})(?=$|[:/?#])/i.exec(text)
  return bare ? clean(bare[1]) : null
}

const clean = (host: string) =>
  host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase() || null

/** A phone number as a destination: '+44 7700 900123', 'tel:+1-202-555-0100'. */
const PHONE = /^(?:tel:|sms:)?\+?\d[\d\s().-]{6,20}\d$/i
export const isPhoneNumber = (address: string) => PHONE.test(address.trim())

/** RFC 2606 and RFC 6761 names: reserved for documentation and tests, never a real destination. */
const RESERVED_NAME = /(?:^|\.)(?:example\.(?:com|net|org)|example|test|invalid)$/

/**
 * Placeholders tutorials and schemas write where a real domain would go (the list the email rule
 * used to keep): not reserved by an RFC, but no one's service is reached by writing them.
 */
const PLACEHOLDER_NAME =
  /(?:^|\.)(?:domain\.com|email\.com|company\.com|yourdomain\.[a-z]+|yourcompany\.[a-z]+|your-domain\.[a-z]+|mydomain\.[a-z]+|acme\.(?:com|org|corp)|foo\.(?:com|bar)|test\.com|host\.tld|domain\.tld)$/

/** Names of the user's own machine or network: RFC 6761 localhost, mDNS .local, .internal, .lan, home.arpa. */
const LOCAL_NAME = /(?:^|\.)(?:localhost|local|internal|lan|home\.arpa|localdomain)$/

/** Whether a host is reserved for documentation, or a placeholder no one's service answers. */
export function isDocumentationHost(host: string): boolean {
  if (RESERVED_NAME.test(host) || PLACEHOLDER_NAME.test(host)) return true
  const v4 = ipv4(host)
  if (v4) return inRange(v4, [192, 0, 2], 24) || inRange(v4, [198, 51, 100], 24) || inRange(v4, [203, 0, 113], 24)
  // RFC 3849: 2001:db8::/32.
  return /^2001:0?db8(?::|$)/.test(host)
}

/** Whether a host is the user's own machine or network: loopback, private, link-local, shared (CGNAT) ranges, local names. */
export function isLocalHost(host: string): boolean {
  if (LOCAL_NAME.test(host)) return true
  const v4 = ipv4(host.replace(/^::ffff:/, ''))
  if (v4) {
    const [a, b] = v4
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    )
  }
  // IPv6 loopback, unspecified, unique local fc00::/7, link-local fe80::/10.
  return host === '::1' || host === '::' || /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host)
}

function ipv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)
  if (!m) return null
  const parts = m.slice(1).map(Number)
  return parts.every((n) => n <= 255) ? parts : null
}

const inRange = (ip: number[], prefix: number[], bits: number) => prefix.every((n, i) => i * 8 >= bits || ip[i] === n)

/**
 * Suffixes under which anyone can have a name (the public suffix list's private part, the few that
 * matter here, and two-level country suffixes): the registrable domain is one label more, so one
 * Vercel app is not every Vercel app.
 */
const SHARED_SUFFIX =
  /(?:^|\.)(?:vercel\.app|netlify\.app|herokuapp\.com|workers\.dev|pages\.dev|github\.io|gitlab\.io|onrender\.com|fly\.dev|azurewebsites\.net|cloudfunctions\.net|appspot\.com|web\.app|firebaseapp\.com|ngrok\.io|ngrok\.app|ngrok-free\.app|ngrok\.dev|trycloudflare\.com|glitch\.me|repl\.co|replit\.app|deno\.dev|railway\.app|supabase\.co|amazonaws\.com|blob\.core\.windows\.net|run\.app|modal\.run|(?:co|com|net|org|gov|edu|ac|or|ne|go)\.[a-z]{2})$/

/** The registrable domain of a host: 'api.notion.com' → 'notion.com', 'x.co.uk' stays, 'a.b.vercel.app' → 'b.vercel.app'. */
export function registrableDomain(host: string): string {
  if (ipv4(host) || host.includes(':')) return host
  const labels = host.split('.')
  const suffix = SHARED_SUFFIX.exec(host)
  const keep = suffix ? suffix[0].replace(/^\./, '').split('.').length + 1 : 2
  return labels.slice(-keep).join('.')
}

/**
 * Hosts where anyone keeps a page or a repository: the host alone says nothing of whose it is, so
 * it is the listing's own only through a path of its own ('github.com/acme') or for the host's own
 * listing (GitHub's server and github.com).
 */
const SHARED_HOST =
  /^(?:(?:www|api|gist|raw|codeload|uploads)\.)?(?:github\.com|githubusercontent\.com|gitlab\.com|bitbucket\.org|codeberg\.org|npmjs\.com|npmjs\.org|pypi\.org|huggingface\.co|hub\.docker\.com|docker\.io|sourceforge\.net|medium\.com|substack\.com|notion\.site|google\.com|docs\.google\.com|drive\.google\.com)$/

/** Words a listing's names hold that name no brand: 'mcp', 'server', 'search'... */
const GENERIC = new Set(
  'mcp mcps server servers model context protocol official the and for api apis tool tools client clients plugin plugins integration connector bridge remote local node nodejs python py js ts io com org net dev app apps cli sdk open search web http https example examples reference secure code data docs documentation doc assist fetch browser maps map chart charts kit hub lab labs cloud labs ai llm agent agents bot bots service services platform studio desktop online free pro lite core base run runner get set sync'.split(
    ' ',
  ),
)

/** The brand words of a listing's names: 'github-mcp-server' → github, 'ai.perplexity/mcp-server' → perplexity. */
export function brandWords(names: readonly string[]): string[] {
  const out = new Set<string>()
  for (const name of names.slice(0, 20)) {
    // A registry namespace's code host and top-level domain are no brand: 'io.github.acme/x' is acme's, 'ai.perplexity/x' perplexity's.
    const named = name.replace(/^io\.github\.([^/\s]+)\//i, '$1/').replace(/^[a-z]{2,10}\.([a-z0-9.-]+)\//i, '$1/')
    for (const word of named
      .slice(0, 200)
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)) {
      if (word.length >= 3 && !GENERIC.has(word) && !/^\d+$/.test(word)) out.add(word)
    }
  }
  return [...out]
}

/**
 * Hosts a listing's names stand for: a reverse-DNS registry namespace is its owner's domain
 * ('ai.perplexity/mcp-server' → perplexity.ai), and 'io.github.acme/x' its owner's GitHub pages.
 */
export function namespaceHosts(names: readonly string[]): string[] {
  const out: string[] = []
  for (const name of names.slice(0, 20)) {
    const m = /^([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+)\//i.exec(name.trim())
    if (!m) continue
    const labels = m[1].toLowerCase().split('.')
    if (labels[0] === 'io' && labels[1] === 'github' && labels[2]) out.push(`github.com/${labels[2]}`, `${labels[2]}.github.io`)
    else out.push(labels.reverse().join('.'))
  }
  return out
}

/** An address as host and path, for matching against the listing's own hosts. */
function placeOf(address: string, host: string): string {
  const after = address.slice(0, MAX_ADDRESS).replace(/^[a-z][\w+.-]*:\/\/(?:[^@/?#\s]*@)?/i, '')
  const path = after.slice(after.indexOf('/') === -1 ? after.length : after.indexOf('/')).split(/[?#\s]/)[0]
  return `${host}${path}`.toLowerCase()
}

/** Whether a host (with its path) is the listing's own service. */
export function isOwnHost(host: string, path: string, self: ScanSelf | undefined): boolean {
  if (!self) return false
  const hosts = [...self.hosts, ...namespaceHosts(self.names)].slice(0, 50)
  const here = `${host}${path}`
  for (const entry of hosts) {
    const own = entry
      .toLowerCase()
      .replace(/^[a-z][\w+.-]*:\/\//, '')
      .replace(/\/+$/, '')
    if (!own) continue
    const slash = own.indexOf('/')
    if (slash !== -1) {
      // A page of its own on a shared host: 'github.com/acme' owns github.com/acme/... (and its API's and raw files' paths).
      const ownHost = own.slice(0, slash)
      const ownPath = own.slice(slash)
      const hostMatch = host === ownHost || registrableDomain(host) === registrableDomain(ownHost)
      if (hostMatch && (here.slice(host.length).startsWith(`${ownPath}/`) || here.slice(host.length) === ownPath)) return true
      if (hostMatch && /\/(?:repos|users|orgs)\//.test(path) && path.includes(`${ownPath}/`)) return true
      continue
    }
    if (SHARED_HOST.test(own)) {
      if (host === own) return brandOwns(host, self)
      continue
    }
    if (host === own || host.endsWith(`.${own}`)) return true
    const domain = registrableDomain(own)
    if (host === domain || host.endsWith(`.${domain}`)) return true
  }
  return brandOwns(host, self)
}

/**
 * Whether the host's registrable name is one of the listing's brand words: api.github.com for a
 * GitHub server, api.notion.com for Notion. The label must be the word itself: notion-cdn.net and
 * githubusercontent-mirror.io are anyone's.
 */
function brandOwns(host: string, self: ScanSelf): boolean {
  if (ipv4(host) || host.includes(':')) return false
  const domain = registrableDomain(host)
  const label = domain.split('.')[0]
  return brandWords(self.names).includes(label)
}

/**
 * Whether a repository a text names ('octo-collect/inbox') is the listing's own: its owner is one
 * of the listing's brand words or the owner of its registry namespace or of a page among its
 * hosts. The code host being the listing's service (GitHub's own server) does not make every
 * repository on it the listing's.
 */
export function isOwnRepository(repository: string, self?: ScanSelf): boolean {
  if (!self) return false
  const owner = repository.split('/')[0].toLowerCase()
  if (brandWords(self.names).includes(owner)) return true
  // A page of its own: 'github.com/acme', 'https://gitlab.com/acme/tool' (the host's own name aside).
  return [...self.hosts, ...namespaceHosts(self.names)].slice(0, 50).some((entry) => {
    const path = entry
      .toLowerCase()
      .replace(/^[a-z][\w+.-]*:\/\//, '')
      .split('/')
      .slice(1)
    return path[0] === owner
  })
}

/** Where an address (a URL, an email address, a bare host or a phone number) points, for the listing `self` when known. */
export function destinationOf(address: string, self?: ScanSelf): Destination {
  if (isPhoneNumber(address)) return 'outside'
  const host = hostOf(address)
  if (!host) return 'documentation'
  if (isDocumentationHost(host)) return 'documentation'
  if (isLocalHost(host)) return 'local'
  if (isOwnHost(host, placeOf(address, host).slice(host.length), self)) return 'own'
  return 'outside'
}

/**
 * Places whose whole job is to receive what anyone sends and hand it on to whoever set them up:
 * paste sites, request catchers, anonymous file drops, tunnels to someone's machine, and chat
 * webhooks (a Discord or Slack webhook posts into the channel of whoever made it). Data sent there
 * has left, whatever the sentence calls it ('a public copy', 'so the team sees it'), and a tool
 * whose purpose is sending (an HTTP or issue tool) does not send there by its purpose: only a tool
 * naming the place's own service or kind (a Discord or webhook tool, a paste tool) does. Matched on the host
 * (and for a chat platform the webhook's path), after the address is known to be outside.
 */
const DROP_SITES: ReadonlyArray<{ kind: string; host: RegExp; path?: RegExp; named: RegExp }> = [
  {
    kind: 'a paste site, where anyone with the link reads it',
    host: /(?:^|\.)(?:pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.\w+|dpaste\.(?:com|org)|rentry\.(?:co|org)|paste\.rs|privatebin\.net|controlc\.com|justpaste\.it|termbin\.com|ix\.io|sprunge\.us|pastie\.org|0bin\.net|katb\.in|bpa\.st|paste\.gg)$/,
    named: /\bpaste\w*|\bsnippets?\b/i,
  },
  {
    kind: 'a request catcher, which shows whoever made it every request it receives',
    host: /(?:^|\.)(?:webhook\.site|requestbin\.(?:com|net)|pipedream\.net|beeceptor\.com|hookbin\.com|requestcatcher\.com|mockbin\.org|postb\.in|interact\.sh|oast\.(?:fun|live|me|online|pro|site)|burpcollaborator\.net|canarytokens\.com|dnslog\.cn|ceye\.io)$/,
    named: /\b(?:request\s*(?:bin|catcher|inspector)|webhooks?)\b/i,
  },
  {
    kind: 'an anonymous file drop',
    host: /(?:^|\.)(?:transfer\.sh|file\.io|0x0\.st|tmpfiles\.org|catbox\.moe|litterbox\.catbox\.moe|anonfiles\.com|gofile\.io|bashupload\.com|temp\.sh|filebin\.net|oshi\.at)$/,
    named: /\bfile\s+(?:drop|shar\w*|transfer)\b/i,
  },
  {
    kind: "a tunnel to someone's own machine",
    host: /(?:^|\.)(?:ngrok(?:-free)?\.(?:app|io|dev)|trycloudflare\.com|loca\.lt|serveo\.net|localhost\.run|lhr\.life|bore\.pub)$/,
    named: /\b(?:tunnel\w*|ngrok)\b/i,
  },
  {
    kind: 'a chat webhook, which posts into the channel of whoever made it',
    host: /^(?:(?:ptb|canary)\.)?discord(?:app)?\.com$/,
    path: /^\/api(?:\/v\d+)?\/webhooks\//,
    named: /\b(?:discord|webhooks?)\b/i,
  },
  {
    kind: 'a chat webhook, which posts into the channel of whoever made it',
    host: /^hooks\.slack\.com$/,
    named: /\b(?:slack|webhooks?)\b/i,
  },
  {
    kind: "a chat bot's API, which posts into the chat of whoever made the bot",
    host: /^api\.telegram\.org$/,
    path: /^\/bot/,
    named: /\b(?:telegram|bots?)\b/i,
  },
  {
    kind: 'a chat webhook, which posts into the channel of whoever made it',
    host: /(?:^|\.)(?:webhook\.office\.com|outlook\.office\.com|chat\.googleapis\.com)$/,
    named: /\b(?:teams|google\s+chat|hangouts|webhooks?)\b/i,
  },
]

/** What kind of drop site an address is (a paste site, a chat webhook...), or null: see DROP_SITES. */
export function dropSiteOf(address: string): { kind: string; named: RegExp } | null {
  const host = hostOf(address)
  if (!host) return null
  const path = placeOf(address, host).slice(host.length)
  for (const site of DROP_SITES) if (site.host.test(host) && (!site.path || site.path.test(path))) return site
  return null
}

/** Whether data sent to this address leaves for somewhere that is neither a placeholder, the user's own machine nor the listing's own service. */
export const isOutsideDestination = (address: string, self?: ScanSelf) => destinationOf(address, self) === 'outside'

/** Why an address is where it is, in a few words for a finding's reason. */
export function destinationReason(address: string, self?: ScanSelf): string {
  const where = destinationOf(address, self)
  const host = hostOf(address) ?? address
  switch (where) {
    case 'documentation':
      return `${host} is reserved for documentation: nothing sent there reaches anyone`
    case 'local':
      return `${host} is the user's own machine or network`
    case 'own':
      return `${host} is the listing's own service`
    default:
      return isPhoneNumber(address)
        ? `${address.trim()} is a phone number, outside any service the tool is about`
        : `${host} is not the listing's own service`
  }
}
