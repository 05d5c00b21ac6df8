/**
 * A search, from its words to its answer: the plan of each round trip (plan.ts), sent by
 * db/server-search.ts `readSearch` (one batch each), then the common words remembered
 * (common-words.ts), a misspelling corrected (correction.ts) and the rows made into an explained
 * page (results.ts). One round trip; two when a word turns out common or a typo is corrected.
 */
import type { DB } from '../../db/client'
import { readSearch, type ScopeRequest, searchScope } from '../../db/server-search'
import { rememberCommon, rememberedCounts } from './common-words'
import { correctionsOf } from './correction'
import { allCounts, correctedReads, firstReads, secondReads } from './plan'
import { correctedPage, resultPage, type SearchResult, searchResult } from './results'

export interface SearchRequest extends ScopeRequest {
  /** The typed words, as `searchWords` reads them (non-empty). */
  words: string[]
}

/**
 * One page of search results, each card saying why it matched when it does not show it, and the
 * (capped) total.
 */
export async function searchServers(db: DB, { words, ...request }: SearchRequest): Promise<SearchResult> {
  const scope = searchScope(request)
  // The words not remembered as common are counted in the same round trip as the page, which
  // takes them to be rare: most words are, and a common one, once counted, is remembered. Only
  // when one turns out common is the page read again, as it should be for a common word.
  const now = Date.now()
  const remembered = rememberedCounts(words, now)
  const first = firstReads(words, remembered, scope.whole)
  const firstRead = await readSearch(db, scope, first)
  rememberCommon(first.count, firstRead.counts, now)
  const again = secondReads(words, allCounts(words, remembered, first.count, firstRead.counts), first, scope.whole)
  const reads = again ?? first
  const read = again ? await readSearch(db, scope, again) : firstRead
  // When a misspelt word made the query thin, the corrected page instead (one more round trip).
  const fixed = correctionsOf(
    words,
    reads.typos.map((t) => t.word),
    read.candidates,
  )
  if (!fixed) return searchResult(resultPage(read, reads.fts))
  return searchResult(correctedPage(resultPage(await readSearch(db, scope, correctedReads(fixed)), fixed.fts), fixed.terms))
}
