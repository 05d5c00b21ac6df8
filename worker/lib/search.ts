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
  /** Matches servers having at least one of the words. */
  any: string
  /** Matches servers having every word; null when there is a single word. */
  all: string | null
  /** Matches servers with a word in their display or technical name. */
  inName: string
  words: string[]
}

const quote = (term: string) => `"${term}"`

function termGroup(word: string, isLast: boolean): string {
  const terms = new Set<string>([quote(word)])
  for (const syn of SYNONYMS.get(word) ?? []) terms.add(quote(syn))
  if (isLast) {
    terms.add(`${quote(word)}*`)
    // A half-typed word can run past its own stem ('testin' is indexed as 'test'): also try the
    // word less one to three letters as a whole stem.
    for (let cut = 1; cut <= 3 && word.length - cut >= 3; cut++) terms.add(quote(word.slice(0, -cut)))
  }
  return terms.size === 1 ? [...terms][0] : `(${[...terms].join(' OR ')})`
}

/** Returns null when the text holds no searchable word. */
export function buildFtsQuery(text: string): FtsQuery | null {
  const words = [
    ...new Set(
      text
        .toLowerCase()
        .normalize('NFKC')
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    ),
  ]
    .map((w) => w.slice(0, MAX_WORD))
    .slice(0, MAX_WORDS)
  if (words.length === 0) return null
  const groups = words.map((w, i) => termGroup(w, i === words.length - 1))
  return {
    any: groups.join(' OR '),
    all: groups.length > 1 ? groups.join(' AND ') : null,
    inName: `{display_name name} : (${groups.join(' OR ')})`,
    words,
  }
}
