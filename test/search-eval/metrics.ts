/**
 * The relevance harness's measures, kept apart from how results are fetched so the Worker test
 * (which gates on them) and the report printed by `npm run eval:search` read the same figures.
 *
 * recall@10 divides the relevant servers in the first ten by min(relevant, 10), so a topic with
 * thirty relevant servers can still score 1 when the first ten are all relevant. The reciprocal
 * rank counts only the first ten as well (MRR@10): a relevant server on page three helps nobody.
 */

export const K = 10

export interface LabelledQuery {
  query: string
  type: string
  /** Registry names of every server in the snapshot that answers the query. */
  relevant: string[]
  note?: string
}

export interface QueryResult {
  query: string
  type: string
  recall: number
  reciprocalRank: number
  /** How many servers the search matched in all. */
  total: number
  /** The first ten registry names, in order. */
  top: string[]
  /** 1-based rank of each relevant server within the fetched page, or null when not in it. */
  ranks: Record<string, number | null>
}

export interface Figures {
  queries: number
  recall: number
  mrr: number
}

export interface Report {
  overall: Figures
  byType: Record<string, Figures>
  results: QueryResult[]
}

/** What the harness test hands the runner: the figures and how they stand against the baseline. */
export interface Run extends Report {
  /** Fingerprint of the labelled set the figures were measured on. */
  labels: string
  /** True when the labelled set is not the one the baseline was measured on. */
  labelsChanged: boolean
  /** The overall measures that fell below the baseline, as sentences. */
  belowBaseline: string[]
}

/** Scores one query from the names the search returned, best first. */
export function scoreQuery(q: LabelledQuery, returned: string[], total: number): QueryResult {
  const top = returned.slice(0, K)
  const relevant = new Set(q.relevant)
  const hits = top.filter((name) => relevant.has(name)).length
  const first = top.findIndex((name) => relevant.has(name))
  const ranks: Record<string, number | null> = {}
  for (const name of q.relevant) {
    const at = returned.indexOf(name)
    ranks[name] = at < 0 ? null : at + 1
  }
  return {
    query: q.query,
    type: q.type,
    recall: hits / Math.min(relevant.size, K),
    reciprocalRank: first < 0 ? 0 : 1 / (first + 1),
    total,
    top,
    ranks,
  }
}

function figures(results: QueryResult[]): Figures {
  const mean = (get: (r: QueryResult) => number) => results.reduce((sum, r) => sum + get(r), 0) / results.length
  return { queries: results.length, recall: mean((r) => r.recall), mrr: mean((r) => r.reciprocalRank) }
}

/** Means over queries, overall and per query type (each query counts once, whatever its type). */
export function summarise(results: QueryResult[]): Report {
  const byType: Record<string, Figures> = {}
  for (const type of [...new Set(results.map((r) => r.type))].sort()) byType[type] = figures(results.filter((r) => r.type === type))
  return { overall: figures(results), byType, results }
}

/** Float noise allowed when a run is compared with the baseline. */
export const EPSILON = 1e-6

/** The measures that fell below the baseline, as sentences; empty when none did. */
export function regressions(current: Figures, baseline: Figures): string[] {
  const out: string[] = []
  if (current.recall < baseline.recall - EPSILON)
    out.push(`recall@${K} fell from ${baseline.recall.toFixed(4)} to ${current.recall.toFixed(4)}`)
  if (current.mrr < baseline.mrr - EPSILON) out.push(`MRR@${K} fell from ${baseline.mrr.toFixed(4)} to ${current.mrr.toFixed(4)}`)
  return out
}

/**
 * A fingerprint of the labelled set (queries, types and relevant servers, in any order), kept
 * with the baseline: figures measured on other labels are not comparable.
 */
export async function labelsFingerprint(queries: LabelledQuery[]): Promise<string> {
  const canonical = JSON.stringify(queries.map((q) => [q.query, q.type, [...q.relevant].sort()]))
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical))
  return [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
