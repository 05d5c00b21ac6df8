/**
 * Turns what a person types into an FTS5 query. Every word becomes a quoted term (so FTS5
 * syntax characters are data, never operators); the last word also matches as a prefix, as
 * people type; spellings of one thing meet ('postgres' ~ 'postgresql'). `any` finds servers with
 * at least one word, `all` those with every word in what their card shows, which rank first,
 * those with the words as a phrase before those with the words apart. The vocabulary
 * (vocabulary.ts) adds related terms and categories, matched in tiers of their own below
 * what was typed; `tools` matches the tools read from servers, an index of their own. Text only:
 * which words are common, which are misspelt and why a card matched are decided in
 * worker/services/search/.
 */
import type { PackageType } from '@shared/limits'
import { type Expansion, expandQuery, sameAs, termWords } from './vocabulary'

const MAX_WORDS = 8
const MAX_WORD = 40

export interface FtsQuery {
  /** Matches servers having at least one of the words anywhere, README text included. */
  any: string
  /** Matches servers having every word in what their card shows (README text left out). */
  all: string
  /** Matches servers having the words side by side, in order, on their card; null for a single word. */
  phrase: string | null
  /** Matches servers whose card has a term related to what was typed; null when the vocabulary has none. */
  related: string | null
  /** Matches servers in a category the query names or implies; null when none. */
  categories: string | null
  /** Whatever any of the above finds in the main index (servers_search). */
  found: string
  /**
   * Matches servers whose tools (the `servers_tools` index) hold every word (`all`) or any of them
   * (`any`); a total counts these with `found`.
   */
  tools: { all: string; any: string }
  /**
   * Matches servers having at least one of the words that are not common: what relevance ranks
   * (bm25) and where its candidates come from. Null when every word is common.
   */
  distinctive: string | null
  /** Matches servers with a word in their display or technical name (the distinctive words, if any). */
  inName: string
  /** Matches servers whose display name starts with the first word; null when that word is common. */
  nameStarts: string | null
  /** The whole text as a display name, for servers called exactly that. */
  exactName: string
  words: string[]
  expansion: Expansion
}

/** The index's columns a card shows: the 'every word' tier leaves the README out. */
const CARD_COLUMNS = '{display_name name description author tags categories}'
/** Where related terms are looked for: the card's text (categories have their own tier). */
const RELATED_COLUMNS = '{display_name name description author tags}'

const quote = (term: string) => `"${term}"`

/** Words that join others ('text to speech', 'tools for git'): never a reason to rank by name. */
const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'into',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'via',
  'with',
  'my',
  'your',
])

/**
 * A word's terms: itself and its synonyms; the last word, as people type, also as a prefix and
 * cut short, unless it is common: a word found in thousands of servers was typed in full, and
 * expanding it would merge every longer word's postings on each request.
 */
function terms(word: string, isLast: boolean, common: boolean, fixed: boolean): string[] {
  const terms = new Set<string>([quote(word)])
  for (const same of sameAs(word)) terms.add(quote(termWords(same).join(' ')))
  if (isLast && !common && !fixed) {
    terms.add(`${quote(word)}*`)
    // A half-typed word can run past its own stem ('testin' is indexed as 'test'): also try the
    // word less one to three letters as a whole stem.
    for (let cut = 1; cut <= 3 && word.length - cut >= 3; cut++) terms.add(quote(word.slice(0, -cut)))
  }
  return [...terms]
}

const group = (list: string[]) => (list.length === 1 ? list[0] : `(${list.join(' OR ')})`)

/** The searchable words of what a person typed (lower case, deduplicated, bounded); [] when none. */
export function searchWords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .normalize('NFKC')
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    ),
  ]
    .map((w) => w.slice(0, MAX_WORD))
    .slice(0, MAX_WORDS)
}

/** A word as one exact term, to count the servers holding it. */
export const exactTerm = (word: string) => quote(word)

/**
 * The FTS5 expressions for `words` (from `searchWords`, non-empty); `common` holds the words so
 * frequent in the catalogue that they say little about relevance; `fixed` words are matched
 * exactly as given, never as a prefix (a spelling correction is a whole indexed term).
 */
export function buildFtsQuery(words: string[], common: ReadonlySet<string> = new Set(), fixed: ReadonlySet<string> = new Set()): FtsQuery {
  const termLists = words.map((w, i) => terms(w, i === words.length - 1, common.has(w), fixed.has(w)))
  const groups = termLists.map(group)
  const distinctive = groups.filter((_, i) => !common.has(words[i]))
  // A name holding 'to' or 'for' says nothing about 'text to speech': small words count in
  // names only when nothing else was typed.
  const significant = groups.filter((_, i) => !common.has(words[i]) && !SMALL_WORDS.has(words[i]))
  const named = significant.length ? significant : distinctive.length ? distinctive : groups
  const any = groups.join(' OR ')
  // The words in order, the last one still a prefix while it is being typed.
  const last = words[words.length - 1]
  const phrase = words.length > 1 ? `${CARD_COLUMNS} : ${quote(words.join(' '))}${common.has(last) || fixed.has(last) ? '' : '*'}` : null
  const expansion = expandQuery(words)
  const related = expansion.related.length
    ? `${RELATED_COLUMNS} : (${expansion.related.map((r) => quote(termWords(r.term).join(' '))).join(' OR ')})`
    : null
  const categories = expansion.categories.length
    ? `categories : (${expansion.categories.map((c) => quote(c.slug.replace(/-/g, ' '))).join(' OR ')})`
    : null
  return {
    any,
    all: `${CARD_COLUMNS} : (${groups.join(' AND ')})`,
    phrase,
    related,
    categories,
    found: [any, related, categories].filter((e) => e !== null).join(' OR '),
    tools: { all: `tools : (${groups.join(' AND ')})`, any: `tools : (${any})` },
    distinctive: distinctive.length ? distinctive.join(' OR ') : null,
    inName: `{display_name name} : (${named.join(' OR ')})`,
    nameStarts:
      common.has(words[0]) || (words.length > 1 && SMALL_WORDS.has(words[0]))
        ? null
        : `display_name : (${termLists[0].map((t) => `^ ${t}`).join(' OR ')})`,
    exactName: words.join(' '),
    words,
    expansion,
  }
}

/** A word that joins others ('to', 'for'): never a reason on its own to rank by name. */
export const isSmallWord = (word: string) => SMALL_WORDS.has(word)

/** The typed words that say what is wanted: the joining words left out, unless nothing else was typed. */
export function significantWords(words: readonly string[]): string[] {
  const significant = words.filter((w) => !SMALL_WORDS.has(w))
  return significant.length ? significant : [...words]
}

/**
 * The tokens the indexes' `facets` column holds for the list filters a server passes
 * (migrations/0017_search_tools.sql; the package types, one per type it has, since
 * migrations/0020_search_package_types.sql): private-use characters, which the tokenizer keeps as
 * a word and `searchWords` never yields, so only a filter matches them.
 */
export const FACETS = {
  toolsKnown: '\uE000',
  remote: '\uE001',
  npm: '\uE002',
  pypi: '\uE003',
  oci: '\uE004',
  nuget: '\uE005',
  mcpb: '\uE006',
} as const satisfies Record<'toolsKnown' | 'remote' | PackageType, string>
export type Facet = keyof typeof FACETS

/**
 * An FTS5 expression for list filters, so a search narrows inside the index rather than
 * checking a set of ids per match: every tag (AND) and any of the categories (OR), each a phrase
 * in its own column, and every facet. It can over-match (a stem, or words of two tags side by
 * side); the rows are checked exactly afterwards. Null when there is no filter.
 */
export function filterExpression(tags: readonly string[], categories: readonly string[], facets: readonly Facet[] = []): string | null {
  const phrase = (column: string, text: string) => `${column} : "${text.replace(/"/g, '""')}"`
  const parts = tags.map((t) => phrase('tags', t))
  if (categories.length) parts.push(`(${categories.map((c) => phrase('categories', c)).join(' OR ')})`)
  parts.push(...facets.map((f) => phrase('facets', FACETS[f])))
  return parts.length ? parts.join(' AND ') : null
}
