/**
 * Turns what a person types into an FTS5 query. Every word becomes a quoted term (so FTS5
 * syntax characters are data, never operators); the last word also matches as a prefix, as
 * people type; known synonyms meet ('postgres' ~ 'postgresql'). `any` finds servers with at
 * least one word, `all` those with every word, which rank first.
 */

const MAX_WORDS = 8
const MAX_WORD = 40

/** Names people use interchangeably; each list is one group, matched both ways. */
const SYNONYM_GROUPS = [
  ['postgres', 'postgresql', 'pg'],
  ['kubernetes', 'k8s'],
  ['javascript', 'js'],
  ['typescript', 'ts'],
  ['database', 'db'],
  ['mongodb', 'mongo'],
  ['github', 'gh'],
  ['llm', 'llms'],
  ['ai', 'llm'],
  ['aws', 'amazon'],
  ['gcp', 'google'],
  ['email', 'mail', 'gmail'],
  ['browser', 'puppeteer', 'playwright'],
]

const SYNONYMS = new Map<string, Set<string>>()
for (const group of SYNONYM_GROUPS) {
  for (const word of group) {
    const set = SYNONYMS.get(word) ?? new Set<string>()
    for (const other of group) if (other !== word) set.add(other)
    SYNONYMS.set(word, set)
  }
}

export interface FtsQuery {
  /** Matches servers having at least one of the words anywhere, README text included. */
  any: string
  /** Matches servers having every word in what their card shows; null when there is a single word. */
  all: string | null
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
}

/** The index's columns a card shows: the 'every word' tier leaves the README out. */
const CARD_COLUMNS = '{display_name name description author tags categories}'

const quote = (term: string) => `"${term}"`

/**
 * A word's terms: itself and its synonyms; the last word, as people type, also as a prefix and
 * cut short, unless it is common: a word found in thousands of servers was typed in full, and
 * expanding it would merge every longer word's postings on each request.
 */
function terms(word: string, isLast: boolean, common: boolean): string[] {
  const terms = new Set<string>([quote(word)])
  for (const syn of SYNONYMS.get(word) ?? []) terms.add(quote(syn))
  if (isLast && !common) {
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
 * frequent in the catalogue that they say little about relevance.
 */
export function buildFtsQuery(words: string[], common: ReadonlySet<string> = new Set()): FtsQuery {
  const termLists = words.map((w, i) => terms(w, i === words.length - 1, common.has(w)))
  const groups = termLists.map(group)
  const distinctive = groups.filter((_, i) => !common.has(words[i]))
  const named = distinctive.length ? distinctive : groups
  return {
    any: groups.join(' OR '),
    all: groups.length > 1 ? `${CARD_COLUMNS} : (${groups.join(' AND ')})` : null,
    distinctive: distinctive.length ? distinctive.join(' OR ') : null,
    inName: `{display_name name} : (${named.join(' OR ')})`,
    nameStarts: common.has(words[0]) ? null : `display_name : (${termLists[0].map((t) => `^ ${t}`).join(' OR ')})`,
    exactName: words.join(' '),
    words,
  }
}
