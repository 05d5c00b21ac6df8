/**
 * What puts each server in one to three categories: a score per category, explainable term by
 * term, over the terms of terms.ts.
 * - a term counts once per field, weighted by where it is found (`FIELD_WEIGHTS`): the name says
 *   most, then the description, repository topics and tags, then the README, whose whole
 *   contribution per category is capped so a long README cannot outvote the description;
 * - a category qualifies at `THRESHOLD` (one strong term in the name or description is enough,
 *   a tag or a README mention alone is not) and when it scores at least `RELATIVE` of the best
 *   one; the best `MAX_CATEGORIES` are kept, ties going to the category listed first;
 * - when nothing qualifies, the server is in 'other'.
 */
import { CATEGORIES, type CategorySlug, MAX_CATEGORIES, OTHER } from '@shared/categories'
import { CATEGORY_TERMS } from './terms'

/** How much a term found in each field counts. */
export const FIELD_WEIGHTS = { name: 3, description: 2, topics: 1.5, tags: 1, readme: 0.5 } as const
export type ClassifiedField = keyof typeof FIELD_WEIGHTS

/** The README's whole contribution to one category, at most. */
export const README_CAP = 2
/** The score a category needs: one strong term in the description (2) or the name (3). */
export const THRESHOLD = 2
/** A kept category scores at least this share of the best one. */
export const RELATIVE = 0.5
/** The README is read up to here: its opening says what the server is for. */
const README_CHARS = 20_000

/**
 * Tags that say how a server is packaged or published, not what it does: the importer adds them
 * for every Docker image or remote, so they would put every such server in a category.
 */
const PACKAGING_TAGS = new Set(['npm', 'pypi', 'docker', 'oci', 'nuget', 'mcpb', 'remote', 'unknown', 'official', 'mcp'])

/**
 * Words every MCP listing uses about itself ('an MCP server for Claude'), removed before
 * matching so that they never count for any category.
 */
const BOILERPLATE = /\b(?:model context protocol|claude(?: desktop)?|cursor|windsurf|cline|anthropic s?|llms?|ai assistants?)\b/g

/** Lower-case words, every separator a space: 'mcp-server_PostgreSQL' -> 'mcp server postgresql'. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

interface Term {
  words: string[]
  prefix: boolean
  weight: number
}

function compile(raw: string): Term {
  const weak = raw.startsWith('~')
  const body = weak ? raw.slice(1) : raw
  const prefix = body.endsWith('*')
  return { words: normalize(prefix ? body.slice(0, -1) : body).split(' '), prefix, weight: weak ? 0.5 : 1 }
}

/** The terms compiled on first use, in the taxonomy's order: most of the Worker's requests never classify. */
let compiled: Array<{ slug: CategorySlug; terms: Term[] }> | null = null
const compiledTerms = () => {
  compiled ??= CATEGORIES.map((c) => ({ slug: c.slug, terms: CATEGORY_TERMS[c.slug].map(compile) }))
  return compiled
}

/** One field's words, indexed by position, so a term is looked up rather than scanned for. */
class Words {
  readonly list: string[]
  private readonly at = new Map<string, number[]>()
  constructor(text: string) {
    this.list = normalize(text).replace(BOILERPLATE, ' ').split(' ').filter(Boolean)
    this.list.forEach((w, i) => {
      const seen = this.at.get(w)
      if (seen) seen.push(i)
      else this.at.set(w, [i])
    })
  }

  private matches(word: string, wanted: string, prefix: boolean): boolean {
    if (prefix) return word.startsWith(wanted)
    return word === wanted || word === `${wanted}s` || word === `${wanted}es`
  }

  private startsAt(first: string, prefix: boolean): number[] {
    if (prefix) return [...this.at.entries()].filter(([w]) => w.startsWith(first)).flatMap(([, at]) => at)
    return [first, `${first}s`, `${first}es`].flatMap((w) => this.at.get(w) ?? [])
  }

  has(term: Term): boolean {
    const last = term.words.length - 1
    // Only the last word of a phrase takes a plural or an ending ('liquidity pools', 'scan code').
    return this.startsAt(term.words[0], term.prefix && last === 0).some((i) =>
      term.words.every((w, k) => {
        const word = this.list[i + k]
        if (word === undefined) return false
        return k === last ? this.matches(word, w, term.prefix) : k === 0 || word === w
      }),
    )
  }
}

export interface ClassifyInput {
  /** The technical name (e.g. 'io.github.owner/repo') and the display name. */
  name: string
  displayName?: string
  description: string
  tags?: readonly string[]
  /** Repository topics, when known. */
  topics?: readonly string[]
  readme?: string | null
}

export interface CategoryScore {
  slug: CategorySlug
  score: number
  /** Which terms counted, by field: why the server is in the category. */
  evidence: Array<{ field: ClassifiedField; term: string }>
}

/**
 * Every category's score for a server, best first; categories that score nothing are left out.
 * @example scoreCategories({ name: 'io.github.x/mcp-postgres', description: 'Query Postgres' })[0].slug // 'databases'
 */
export function scoreCategories(input: ClassifyInput): CategoryScore[] {
  const registry = input.name.replace(/^io\.github\./i, '')
  const fields: Array<[ClassifiedField, Words]> = [
    // Names glue words to 'mcp' and 'server' ('kagimcp', 'ynabmcpserver'): both spellings are read.
    ['name', new Words(`${input.displayName ?? ''} ${registry} ${registry.replace(/mcp|server/gi, ' ')}`)],
    ['description', new Words(input.description)],
    ['topics', new Words((input.topics ?? []).join(' '))],
    ['tags', new Words((input.tags ?? []).filter((t) => !PACKAGING_TAGS.has(t.toLowerCase())).join(' '))],
    ['readme', new Words((input.readme ?? '').slice(0, README_CHARS))],
  ]
  const scores: CategoryScore[] = []
  for (const { slug, terms } of compiledTerms()) {
    let score = 0
    let readme = 0
    const evidence: CategoryScore['evidence'] = []
    for (const [field, words] of fields) {
      if (words.list.length === 0) continue
      for (const term of terms) {
        if (!words.has(term)) continue
        const points = FIELD_WEIGHTS[field] * term.weight
        if (field === 'readme') {
          const add = Math.min(points, README_CAP - readme)
          if (add <= 0) continue
          readme += add
          score += add
        } else score += points
        evidence.push({ field, term: term.words.join(' ') + (term.prefix ? '*' : '') })
      }
    }
    if (score > 0) scores.push({ slug, score, evidence })
  }
  // A stable sort keeps the taxonomy's order between equal scores.
  return scores.sort((a, b) => b.score - a.score)
}

/**
 * A server's categories: one to three slugs, best first; 'other' when nothing qualifies.
 * @example classify({ name: 'io.github.x/mcp-postgres', description: 'Query Postgres' }) // ['databases']
 */
export function classify(input: ClassifyInput): CategorySlug[] {
  const scores = scoreCategories(input)
  const best = scores[0]?.score ?? 0
  const kept = scores
    .filter((s) => s.score >= THRESHOLD && s.score >= best * RELATIVE)
    .slice(0, MAX_CATEGORIES)
    .map((s) => s.slug)
  return kept.length ? kept : [OTHER]
}
