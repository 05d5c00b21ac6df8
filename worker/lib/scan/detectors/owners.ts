/**
 * The catalogue behind a tool name: which listing a name belongs to (ScanContext.toolOwners), the
 * listing being scanned (ScanContext.self), and the brand words a listing's names carry, so that
 * a copied, imitated or shadowed tool is named with the listing it belongs to, and a server whose
 * own names carry the brand (Brave's two servers both offering brave_web_search) is not a copy.
 */
import type { ScanContext, ScanSelf, ToolOwner } from '../rule-types'
import { nameWords } from './items'

/**
 * Words that say what a server does, not whose it is: a name made of them is anybody's to use
 * (get_weather, read_file, search_nodes), and a listing called "Weather" owns no brand in them.
 * Namespace words of registry names (io, github in io.github.owner/repo) are dropped before.
 */
export const GENERIC_WORDS = new Set(
  (
    'mcp server servers service tool tools api apis sdk cli app apps client official reference archived community ' +
    'model context protocol modelcontextprotocol plugin integration connector extension bridge kit lite pro the and for ' +
    'get set list create update delete remove add read write search find fetch query run open close send post ' +
    'file files folder directory path text data docs doc documentation web www http https url browser page pages ' +
    'memory memories knowledge graph node nodes entity entities note notes task tasks todo time date calendar ' +
    'weather forecast map maps geo location place places route routes direction directions geocode ' +
    'email mail message messages chat channel channels user users issue issues comment comments ' +
    'image images video audio code repo repos repository database db sql table tables record records ' +
    'screenshot screen click navigate scrape crawl summary translate translation sequential thinking ' +
    'cloud local remote ai llm agent agents assistant workflow workflows job jobs log logs test tests ' +
    'git shell terminal command commands process system status info config settings chart charts ' +
    'new my your our open free simple basic easy smart auto tiny demo example sample everything utils'
  ).split(/\s+/),
)

/** A registry name without its reverse-DNS namespace ('io.github.'): the owner and the repository speak for the listing. */
function withoutNamespace(name: string): string {
  return name.replace(/^[a-z]{2,6}\.(?:github\.|gitlab\.)?(?=[\w-]+[./])/i, '').replace(/^@/, '')
}

/** A name's words (camelCase split, separators, scopes and slashes), lowercased. */
export function wordsOfName(name: string): string[] {
  return nameWords(withoutNamespace(name).replace(/[/@:()[\],]+/g, ' '))
    .split(/[_\s]+/)
    .filter(Boolean)
}

/** The listing's names as one lowercase run without separators: a brand written 'BraveSearch' or 'brave-search' is in it. */
const runOf = (names: readonly string[]) =>
  names
    .map(withoutNamespace)
    .join(' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')

/** The brand words a listing's names carry: words of its names that are not generic, three letters or more (n8n is one). */
export function brandWords(owner: ToolOwner): Set<string> {
  const out = new Set<string>()
  for (const name of [owner.name, owner.ref ?? '']) for (const word of wordsOfName(name)) if (isBrandWord(word)) out.add(word)
  return out
}

const isBrandWord = (word: string) => word.length >= 3 && !GENERIC_WORDS.has(word) && !/^\d+$/.test(word) && !/^v\d/.test(word)

/** Whether the scanned listing's names carry `word` (written apart or run together: 'BraveSearch' carries brave). */
export const selfCarries = (self: ScanSelf | undefined, word: string) => runOf(self?.names ?? []).includes(word.toLowerCase())

/** Whether the listing being scanned is this owner. */
const isSelf = (owner: ToolOwner, self: ScanSelf | undefined) => self?.id !== undefined && owner.id === self.id

/**
 * The listings offering `name` besides the one being scanned, the most established first; with
 * `established`, only those more established than it (a listing never copies one below it).
 */
export function otherOwners(context: ScanContext, name: string, established = false): ToolOwner[] {
  const owners = context.toolOwners?.get(name) ?? []
  const self = context.self
  return owners.filter((owner) => !isSelf(owner, self) && (!established || self?.standing === undefined || owner.standing > self.standing))
}

/** Whether every listing offering `name` is the one being scanned: its own earlier name, not another's. */
export function onlySelfOwns(context: ScanContext, name: string): boolean {
  const owners = context.toolOwners?.get(name)
  return owners !== undefined && owners.length > 0 && owners.every((owner) => isSelf(owner, context.self))
}

/**
 * A brand of `owner` that `name` carries and the scanned listing's own names do not: 'slack' in
 * slack_post_message, a tool of Slack, offered by a weather server. Null when the name carries
 * none, or the listing's names carry it too (both Brave servers offer brave_web_search).
 */
export function brandCopied(name: string, owner: ToolOwner, self: ScanSelf | undefined): string | null {
  const brands = brandWords(owner)
  if (brands.size === 0) return null
  const mine = runOf(self?.names ?? [])
  for (const word of wordsOfName(name)) if (brands.has(word) && !mine.includes(word)) return word
  return null
}

/** The brand as the owner's name writes it ('Slack' for slack), for a reason a person reads. */
export function brandAsWritten(brand: string, owner: ToolOwner): string {
  const at = owner.name.toLowerCase().indexOf(brand)
  return at === -1 ? brand : owner.name.slice(at, at + brand.length)
}

/** A listing as a finding names it: 'Slack (modelcontextprotocol/server-slack)'. */
export function ownerLabel(owner: ToolOwner): string {
  const ref = owner.ref ? withoutNamespace(owner.ref) : ''
  return ref && ref.toLowerCase() !== owner.name.toLowerCase() ? `${owner.name} (${ref})` : owner.name
}

/** The brands of the catalogue's listings, each with its most established listing, worked out once per map. */
const brandCache = new WeakMap<ReadonlyMap<string, readonly ToolOwner[]>, Map<string, ToolOwner>>()

/**
 * The listing a brand word belongs to ('slack' for "when using the Slack tools"), the most
 * established listing whose names carry it; undefined for a word that is no listing's brand, or
 * that the scanned listing's own names carry.
 */
export function brandOwner(context: ScanContext, word: string): ToolOwner | undefined {
  const owners = context.toolOwners
  if (!owners) return undefined
  let brands = brandCache.get(owners)
  if (!brands) {
    brands = new Map()
    const seen = new Set<string>()
    for (const list of owners.values())
      for (const owner of list) {
        if (seen.has(owner.id)) continue
        seen.add(owner.id)
        for (const brand of brandWords(owner)) {
          const known = brands.get(brand)
          if (!known || owner.standing > known.standing) brands.set(brand, owner)
        }
      }
    brandCache.set(owners, brands)
  }
  const key = word.toLowerCase()
  const owner = brands.get(key)
  if (!owner || isSelf(owner, context.self) || runOf(context.self?.names ?? []).includes(key)) return undefined
  return owner
}
