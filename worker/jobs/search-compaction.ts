/**
 * Keeping the full-text indexes fast to read. FTS5 writes each change as a small segment and
 * merges segments level by level, so an index built by many writes (a first sync, years of
 * edits) holds a couple of dozen segments, and every word a search looks up is looked up in each
 * of them. Measured at 100,000 servers: a rare word's search read 2.3 ms of index with 24
 * segments, 1.1 ms with one. Merging them all into one is FTS5's own 'merge' command with a
 * negative page count, done in steps of MERGE_PAGES (each about a tenth of a second of the
 * database's time there) so no request waits behind the whole merge. The daily schedule runs it
 * (schedule.ts), at a quiet hour.
 */
import type { DB } from '../db/client'
import { mergeStep, segmentCount } from '../db/search-compaction'
import { SEARCH_INDEXES, type SearchIndex } from '../db/server-search'

/** Index pages one merge step writes. */
const MERGE_PAGES = 2000
/** Steps one call may take per index: a merge of 100,000 servers takes about a dozen. */
const MAX_STEPS = 60

export interface Compaction {
  index: SearchIndex
  /** Segments before and after. */
  before: number
  after: number
  steps: number
}

/** Merges each index into one segment, step by step; an index already in one costs one read. */
export async function compactSearchIndexes(db: DB): Promise<Compaction[]> {
  const done: Compaction[] = []
  for (const index of SEARCH_INDEXES) {
    const before = await segmentCount(db, index)
    let after = before
    let steps = 0
    while (after > 1 && steps < MAX_STEPS) {
      await mergeStep(db, index, MERGE_PAGES)
      steps++
      after = await segmentCount(db, index)
    }
    done.push({ index, before, after, steps })
  }
  return done
}
