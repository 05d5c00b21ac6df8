/** Detectors of deceptive names: mixed scripts in a name, and a name drawn to look like another tool's. */
import type { Detector, Hit, RuleInput, ScanContext, ToolOwner } from '../rule-types'
import { findMixedScriptWords, isPlainAscii, normalizeForMatching, renderExcerpt, skeleton } from '../unicode'
import { nameWords } from './items'
import { brandAsWritten, brandCopied, GENERIC_WORDS, onlySelfOwns, otherOwners, ownerLabel, selfCarries, wordsOfName } from './owners'

export const mixedScriptName: Detector = {
  name: 'mixed scripts in a name',
  on: 'raw',
  find: (text) =>
    findMixedScriptWords(text, false).map((span) => ({
      start: span.start,
      end: span.end,
      excerpt: `${text.slice(span.start, span.end)} (reads as "${span.decoded}")`,
    })),
}

/**
 * A name as it reads at a glance: its skeleton with the letters people confuse in identifiers made
 * one (l, I, i, 1 and |; 0 and o; rn and m; vv and w) and doubled letters single. 'firecrawI_scrape',
 * 'kubect1_apply', 'slack_post_mesage' and 'List_Directory' read as the names they imitate.
 */
export function glance(name: string): string {
  return lookalike(name).replace(/(.)\1+/g, '$1')
}

/** A glance that keeps doubled letters: two names equal here differ only by letters that look the same (firecrawI for firecrawl). */
function lookalike(name: string): string {
  const folded = normalizeForMatching(name).text.normalize('NFKC')
  return skeleton(folded.replace(/I/g, 'l'))
    .replace(/[1|!i]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
}

/** A glance without a final plural 's', for names of three words or more ('get_file_content' for 'get_file_contents'). */
function stem(name: string, look = glance(name)): string | null {
  if (nameWords(name).split('_').filter(Boolean).length < 3) return null
  return look.replace(/s$/, '')
}

/** A name without case and separators, for edit distances. */
const loose = (name: string) => name.toLowerCase().replace(/[\s_\-.]/g, '')

/**
 * Whether two strings are one slip apart: a letter added or dropped, or two neighbours swapped. A
 * letter changed is not one: get_value and set_value, search_code and search_node are other tools.
 */
function oneSlip(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

/** The buckets a loose name is filed under: its first four and last four letters. One slip in a name of nine letters or more leaves one of them whole. */
const bucketsOf = (flat: string) => [`^${flat.slice(0, 4)}`, `$${flat.slice(-4)}`]

/** Skeletons, glances, stems and loose forms of a context's names, computed once per set. */
const namesCache = new WeakMap<
  ReadonlySet<string>,
  { skeletons: Map<string, string>; glances: Map<string, string>; stems: Map<string, string>; near: Map<string, string[]> }
>()

function namesOf(names: ReadonlySet<string>) {
  let cached = namesCache.get(names)
  if (!cached) {
    cached = { skeletons: new Map(), glances: new Map(), stems: new Map(), near: new Map() }
    for (const name of names) {
      const key = skeleton(name)
      if (!cached.skeletons.has(key)) cached.skeletons.set(key, name)
      const look = glance(name)
      if (!cached.glances.has(look)) cached.glances.set(look, name)
      const short = stem(name, look)
      if (short && !cached.stems.has(short)) cached.stems.set(short, name)
      const flat = loose(name)
      if (flat.length >= 8)
        for (const bucket of bucketsOf(flat)) (cached.near.get(bucket) ?? cached.near.set(bucket, []).get(bucket)!).push(name)
    }
    namesCache.set(names, cached)
  }
  return cached
}

/**
 * Whether the words in which a name differs from another listing's are its own server's way of
 * naming, held in the same place by at least two of its other tools: one maps server says map_
 * in every tool, another maps_, and neither squats the other. A squatter's slip ('mesage',
 * 'seach', a dropped plural) is its name's alone.
 */
function ownWording(name: string, other: string, siblings: ReadonlySet<string>): boolean {
  const theirs = new Set(nameWords(other).split('_').filter(Boolean))
  const mine = nameWords(name).split('_')
  const differing = mine.map((word, at) => ({ word, at })).filter(({ word }) => word && !theirs.has(word))
  if (differing.length === 0) return false
  const others = [...siblings].filter((sibling) => sibling !== name).map((sibling) => nameWords(sibling).split('_'))
  // Its server's way of naming: at least two other tools hold the word in the same place.
  return differing.every(({ word, at }) => others.filter((words) => words[at] === word).length >= 2)
}

type NameStyle = 'snake' | 'kebab' | 'camel' | 'pascal' | 'word' | 'mixed'

function nameStyle(name: string): NameStyle {
  if (/^[_\-.]|[_\-.]$|[_\-.]{2}/.test(name) || (/_/.test(name) && /-/.test(name)) || (/[A-Z]/.test(name) && /[_-]/.test(name)))
    return 'mixed'
  if (/_/.test(name)) return 'snake'
  if (/-/.test(name)) return 'kebab'
  if (/^[a-z0-9]+[A-Z]/.test(name)) return 'camel'
  if (/^[A-Z][a-z0-9]+[A-Z]/.test(name)) return 'pascal'
  return 'word'
}

/** Whether a name is styled unlike most of its server's other tools (snake_case among kebab-case, Title_Case among lower). */
function breaksConvention(name: string, siblings: ReadonlySet<string>): boolean {
  const style = nameStyle(name)
  if (style === 'word') return false
  const counts = new Map<NameStyle, number>()
  let total = 0
  for (const sibling of siblings) {
    if (sibling === name) continue
    const other = nameStyle(sibling)
    if (other === 'word') continue
    counts.set(other, (counts.get(other) ?? 0) + 1)
    total++
  }
  if (total < 3) return style === 'mixed'
  const [dominant, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]
  return style !== dominant && count / total >= 0.6
}

/** The listing a look-alike's original belongs to, the most established first, if the catalogue knows it. */
const ownerOf = (context: ScanContext, name: string): ToolOwner | undefined => otherOwners(context, name)[0]

/** ' (a tool of Firecrawl MCP (firecrawl-mcp))' when the catalogue knows the original's listing. */
const ofListing = (owner: ToolOwner | undefined) => (owner ? `, a tool of ${ownerLabel(owner)}` : '')

/**
 * A name drawn to look like another tool's. Spelled with characters beyond ASCII so that its
 * skeleton is another listing's (or a sibling's) tool name: high, a disguise. In plain ASCII, a
 * letter swapped for one that looks the same (l, I and 1; O and 0; rn and m; vv and w): high too,
 * nobody writes firecrawI by accident. Only a glance away otherwise (a doubled letter dropped, a
 * plural, a slip in a long name, case or separators changed): medium, a squat that needs a
 * person's eye. A name equal to another listing's is no imitation (the copy rule weighs those:
 * many servers offer a read_file). The finding names the original's listing when the catalogue
 * knows it (ScanContext.toolOwners); the listing's own earlier names are not another's.
 */
export const imitation: Detector = {
  name: 'imitated tool name',
  on: 'raw',
  find: (text, input) => {
    const others = input.context.otherToolNames
    if (isPlainAscii(text)) {
      if (!others || others.has(text)) return []
      const look = glance(text)
      const known = namesOf(others)
      const short = stem(text, look)
      let other = look.length >= 4 ? known.glances.get(look) : undefined
      // A plural dropped or added counts only when nothing else differs: 'linear_getIssues' and
      // 'linear_get_issue' are two servers' habits, 'get_file_content' is 'get_file_contents' less an s.
      const plural = short ? known.stems.get(short) : undefined
      if (other === undefined && plural !== undefined && text.replace(/s$/, '') === plural.replace(/s$/, '')) other = plural
      // One letter added, dropped or swapped in a name long enough to be distinctive ('brave_web_seach').
      const mine = loose(text)
      if (other === undefined && mine.length >= 9) {
        // A squatter copies the style too: 'linear_get_issue' beside 'linear_getIssues' is two servers' habits.
        const style = nameStyle(text)
        for (const bucket of bucketsOf(mine)) {
          other = known.near
            .get(bucket)
            ?.find((name) => !input.item.siblings.has(name) && oneSlip(mine, loose(name)) && nameStyle(name) === style)
          if (other !== undefined) break
        }
      }
      if (other === undefined || other === text || input.item.siblings.has(other)) return []
      if (onlySelfOwns(input.context, other)) return []
      if (ownWording(text, other, input.item.siblings)) return []
      // Case and separators alone are naming habits (airtable's search_records, pinecone's
      // search-records), unless the name breaks its own server's habit to match the other's.
      if (loose(text) === loose(other) && !breaksConvention(text, input.item.siblings)) return []
      const owner = ownerOf(input.context, other)
      // Letters swapped for look-alikes and nothing else: drawn to deceive.
      if (loose(text) !== loose(other) && lookalike(text) === lookalike(other)) {
        return [
          {
            start: 0,
            end: text.length,
            excerpt: renderExcerpt(`${text} (looks like "${other}"${ofListing(owner)})`),
            reason: `The name \`${text}\` reads as \`${other}\`${ofListing(owner)}, with a letter swapped for one that looks the same: a model or a person takes one for the other.`,
          },
        ]
      }
      return [
        {
          start: 0,
          end: text.length,
          severity: 'medium',
          excerpt: renderExcerpt(`${text} (looks like "${other}"${ofListing(owner)})`),
          reason: owner
            ? `The name is a glance away from \`${other}\`${ofListing(owner)}, as a squatter names a tool to be taken for it.`
            : "The name is a glance away from another listed server's tool name, as a squatter names a tool to be taken for it.",
        },
      ]
    }
    const mine = skeleton(text)
    if (!mine) return []
    const candidates: string[] = []
    if (others) {
      const cached = namesOf(others)
      // Its skeleton, else its glance: a Cyrillic letter beside a 1 for an l ('kubeсt1_apply').
      const other = cached.skeletons.get(mine) ?? cached.glances.get(glance(text))
      if (other !== undefined && other !== text && !onlySelfOwns(input.context, other)) candidates.push(other)
    }
    for (const sibling of input.item.siblings) if (sibling !== text && skeleton(sibling) === mine) candidates.push(sibling)
    if (candidates.length === 0) return []
    const owner = input.item.siblings.has(candidates[0]) ? undefined : ownerOf(input.context, candidates[0])
    const hit: Hit = { start: 0, end: text.length, excerpt: renderExcerpt(`${text} (looks like "${candidates[0]}"${ofListing(owner)})`) }
    if (owner)
      hit.reason = `The name is spelled with letters of other scripts to read as \`${candidates[0]}\`${ofListing(owner)}: a model or a person takes one for the other.`
    return [hit]
  },
}

/** Names of a context's tool owners by their loose form (case and separators aside), computed once per map. */
const looseCache = new WeakMap<ReadonlyMap<string, readonly ToolOwner[]>, Map<string, string[]>>()

function looseOwned(owners: ReadonlyMap<string, readonly ToolOwner[]>, flat: string): readonly string[] {
  let index = looseCache.get(owners)
  if (!index) {
    index = new Map()
    for (const name of owners.keys()) {
      const key = loose(name)
      const list = index.get(key)
      if (list) list.push(name)
      else index.set(key, [name])
    }
    looseCache.set(owners, index)
  }
  return index.get(flat) ?? []
}

/** Words of a name that say nothing of whose it is, even to the medium copy rule. */
const FILLER = new Set(['mcp', 'server', 'servers', 'tool', 'tools', 'api', 'the', 'and', 'for', 'official', 'reference', 'archived'])

/**
 * A word of `name`, four letters or more, that the owner's names carry and the scanned listing's
 * do not: what makes a copy of a long name that is no brand's distinctive ('forecast' in
 * get_weather_forecast, a tool of "Weather Forecast", copied by a listing that says nothing of one).
 */
function sharedWord(name: string, owner: ToolOwner, selfNames: readonly string[]): string | null {
  const theirs = new Set([...wordsOfName(owner.name), ...wordsOfName(owner.ref ?? '')])
  const mine = new Set(selfNames.flatMap(wordsOfName))
  for (const word of wordsOfName(name)) if (word.length >= 4 && !FILLER.has(word) && theirs.has(word) && !mine.has(word)) return word
  return null
}

/**
 * A tool name copied from another, more established listing when the name is that listing's own:
 * it carries a brand of the listing's names that this listing's names do not (a weather server
 * offering slack_post_message, or slack-post-message): high, an impersonation. Without a brand, a
 * name of three words or more that one other listing alone offers and whose words its names
 * carry: medium. Never a name many listings share (search, read_file, get_weather), a listing's
 * own names (both Brave servers offer brave_web_search), the more established listing, or itself.
 * Needs the catalogue's context (toolOwners and self).
 */
export const copiedName: Detector = {
  name: "a copy of another listing's tool name",
  on: 'raw',
  find: (text, input) => {
    const { context } = input
    const owners = context.toolOwners
    const self = context.self
    if (!owners || !self || !isPlainAscii(text)) return []
    // The name itself, then the same name in another case or with other separators (slack-post-message).
    const names = [text, ...looseOwned(owners, loose(text)).filter((name) => name !== text && !input.item.siblings.has(name))]
    for (const name of names) {
      for (const owner of otherOwners(context, name, true)) {
        const brand = brandCopied(text, owner, self)
        if (brand === null) continue
        return [copyHit(text, name, owner, `nothing about this server is ${brandAsWritten(brand, owner)}`, 'high')]
      }
    }
    // No brand in the name, but a name foreign to this listing whose own texts speak as its owner.
    for (const name of names) {
      // The same words in this server's own naming habit are its way of writing them (a camelCase
      // server's takeScreenshot beside DevTools' take_screenshot), unless the name breaks the habit.
      if (name !== text && !breaksConvention(text, input.item.siblings)) continue
      for (const owner of otherOwners(context, name, true)) {
        const spoken = speaksAsOwner(text, name, owner, input)
        if (spoken === null) continue
        const why = `none of its words (${spoken.foreign.join(', ')}) is in this server's names, yet its own text speaks of ${spoken.word}, which this server is not`
        return [copyHit(text, name, owner, why, spoken.brand ? 'high' : 'medium')]
      }
    }
    // A long name one other listing alone offers, carrying its words.
    if (nameWords(text).split('_').filter(Boolean).length < 3) return []
    const sharers = otherOwners(context, text)
    const established = otherOwners(context, text, true)
    if (sharers.length !== 1 || established.length !== 1) return []
    const word = sharedWord(text, established[0], self.names)
    if (word === null) return []
    return [copyHit(text, text, established[0], `this server's names say nothing of ${word}`, 'medium')]
  },
}

/** What a name does, not what it acts on: a server of any kind may create, get or search (jira_get, create_issue). */
const ACTIONS = new Set(
  'get set list create update delete remove add read write search find fetch query run open close send post put patch edit make show view do'.split(
    ' ',
  ),
)

/** A word without a final plural: pull_requests and create_pull_request speak of one thing. */
const singular = (word: string) =>
  word
    .replace(/ies$/, 'y')
    .replace(/(?<=[sxz]|ch|sh)es$/, '')
    .replace(/(?<!s)s$/, '')

/**
 * What a tool says it is, where a person and a model read it beside its name: its title and
 * description (bounded). A parameter's description is left out: it speaks of the values (a tab
 * DevTools has open), not of whose tool this is.
 */
function ownTexts(input: RuleInput): string {
  const tool = input.item.tool
  if (!tool) return ''
  return [tool.title ?? '', tool.annotations?.title ?? '', tool.description ?? ''].join('\n').slice(0, 4000)
}

/** The other tools' titles and descriptions, bounded: what the listing itself says it is about. */
function othersSay(input: RuleInput, text: string): string {
  const out: string[] = []
  let size = 0
  for (const [name, said] of input.item.siblingTexts ?? []) {
    if (name === text || size > 20000) continue
    out.push(said.slice(0, 2000))
    size += Math.min(said.length, 2000)
  }
  return out.join('\n')
}

/** The words of a text, lowercased unless `asWritten`. */
const tokensOf = (said: string, asWritten: boolean) => new Set((asWritten ? said : said.toLowerCase()).split(/[^\p{L}\p{N}]+/u))

/**
 * Whether a name copied from `owner` (exactly, or in other case and separators) is foreign to
 * the listing offering it, and the tool's own texts speak as the owner: every word of what the
 * name acts on (pull and request in create_pull_request, git in git_push) is none of this
 * listing's names nor its other tools' names, and its title, description or a parameter's
 * description says a word of the owner's names that this listing's names do not (GitHub,
 * Kubernetes, LINE, Filesystem). The owner's word is a brand (high), or a word of what servers do
 * (git) that the copied name itself carries when one other listing alone offers the name
 * (medium); and none of the listing's other tools' titles and descriptions speak of that word.
 * A real server sharing a name (a browsing server's take_screenshot beside Chrome DevTools', a
 * weather server's get_weather) carries the name's words in its own names, never speaks of the
 * other listing, or speaks of it throughout (a DevTools bridge works with DevTools).
 */
function speaksAsOwner(
  text: string,
  name: string,
  owner: ToolOwner,
  input: RuleInput,
): { word: string; brand: boolean; foreign: string[] } | null {
  const { context, item } = input
  const self = context.self
  const acted = wordsOfName(text).filter((word) => word.length >= 3 && !ACTIONS.has(word) && !FILLER.has(word))
  if (acted.length === 0) return null
  const home = new Set<string>()
  for (const own of self?.names ?? []) for (const word of wordsOfName(own)) home.add(singular(word))
  for (const sibling of item.siblings)
    if (sibling !== text && loose(sibling) !== loose(text)) for (const word of wordsOfName(sibling)) home.add(singular(word))
  if (acted.some((word) => home.has(singular(word)) || selfCarries(self, word))) return null
  const alone = otherOwners(context, name).length === 1
  const candidates = new Set<string>()
  // Its words split (Chrome DevTools: chrome, dev, tools) and as written (GitHub: github, not git and hub alone).
  const labels = [owner.name, owner.ref ?? '']
  const written = labels.flatMap((label) => label.toLowerCase().split(/[^\p{L}\p{N}]+/u))
  for (const word of [...written, ...labels.flatMap(wordsOfName)])
    if (word.length >= 3 && !FILLER.has(word) && !/^\d+$/.test(word) && !selfCarries(self, word))
      if (!GENERIC_WORDS.has(word) || (alone && acted.includes(word))) candidates.add(word)
  if (candidates.size === 0) return null
  const said = ownTexts(input)
  if (!said.trim()) return null
  let others: string | undefined
  for (const word of candidates) {
    const written = brandAsWritten(word, owner)
    // A brand the owner writes in capitals (LINE) is that brand only so written: 'a line of text' is not it.
    const exact = written.length >= 3 && written === written.toUpperCase() && written !== written.toLowerCase()
    const key = exact ? written : word
    if (!tokensOf(said, exact).has(key)) continue
    // A listing whose other tools speak of it too works with that service (a DevTools bridge's
    // screenshot tool), it does not pass for it.
    others ??= othersSay(input, text)
    if (tokensOf(others, exact).has(key)) continue
    return { word: written, brand: !GENERIC_WORDS.has(word), foreign: acted }
  }
  return null
}

function copyHit(text: string, name: string, owner: ToolOwner, why: string, severity: 'high' | 'medium'): Hit {
  const copies = name === text ? `copies \`${name}\`` : `copies \`${name}\` in other separators`
  return {
    start: 0,
    end: text.length,
    severity,
    excerpt: renderExcerpt(`${text} (a tool of ${ownerLabel(owner)})`),
    reason: `The name ${copies}, a tool of ${ownerLabel(owner)}, and ${why}: a model choosing by name may call this one instead.`,
  }
}
