/** Detectors of deceptive names: mixed scripts in a name, and a name drawn to look like another tool's. */
import type { Detector } from '../rule-types'
import { findMixedScriptWords, isPlainAscii, normalizeForMatching, renderExcerpt, skeleton } from '../unicode'
import { nameWords } from './items'

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
  const folded = normalizeForMatching(name).text.normalize('NFKC')
  return skeleton(folded.replace(/I/g, 'l'))
    .replace(/[1|!i]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/(.)\1+/g, '$1')
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

/**
 * A name drawn to look like another tool's. Spelled with characters beyond ASCII so that its
 * skeleton is another listing's (or a sibling's) tool name: high, a disguise. In plain ASCII and
 * only a glance away from another listing's name (a letter swapped for its look-alike, a doubled
 * letter dropped, case or separators changed): medium, a squat that needs a person's eye. A name
 * equal to another listing's is no imitation: many servers offer a read_file.
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
      if (ownWording(text, other, input.item.siblings)) return []
      // Case and separators alone are naming habits (airtable's search_records, pinecone's
      // search-records), unless the name breaks its own server's habit to match the other's.
      if (loose(text) === loose(other) && !breaksConvention(text, input.item.siblings)) return []
      return [
        {
          start: 0,
          end: text.length,
          severity: 'medium',
          excerpt: renderExcerpt(`${text} (looks like "${other}")`),
          reason: "The name is a glance away from another listed server's tool name, as a squatter names a tool to be taken for it.",
        },
      ]
    }
    const mine = skeleton(text)
    if (!mine) return []
    const candidates: string[] = []
    if (others) {
      const other = namesOf(others).skeletons.get(mine)
      if (other !== undefined && other !== text) candidates.push(other)
    }
    for (const sibling of input.item.siblings) if (sibling !== text && skeleton(sibling) === mine) candidates.push(sibling)
    if (candidates.length === 0) return []
    return [{ start: 0, end: text.length, excerpt: renderExcerpt(`${text} (looks like "${candidates[0]}")`) }]
  },
}
