/**
 * Reads of the stored verdicts (`server_verdicts`, written by worker/db/verdicts.ts when a
 * listing's inputs change): never graded per request. The registry API's `_meta` reads the grades
 * in its page's own statement; the detail answer (and the MCP endpoint's `get_server`, which
 * gives it) reads the whole verdict in its own statement (worker/db/servers.ts).
 */
import { sql } from 'drizzle-orm'
import { type Grade, VERDICT_DIMENSIONS, type VerdictDimension } from '@shared/verdict'
import type { RegistryVerdict } from '../lib/render/registry-api'
import { serverVerdicts } from './schema'

/** Each dimension's name, grade and whether it applies, in the verdict's order (VERDICT_DIMENSIONS'). */
const DIMENSION_PATHS = sql.raw(
  VERDICT_DIMENSIONS.flatMap((_, i) => [
    `'$.dimensions[${i}].dimension'`,
    `'$.dimensions[${i}].grade'`,
    `'$.dimensions[${i}].applies'`,
  ]).join(', '),
)

/**
 * A listing's stored grades as JSON, or null when it was never graded: a correlated subquery on
 * the outer statement's `servers` row, so a page reads them in its own statement, one primary-key
 * row a listing. The dimensions are read by their fixed paths in one json_extract (a json_each
 * would bill a row per dimension) and made into RegistryVerdict by `toVerdictGrades`.
 */
export const verdictGradesJson = sql<string | null>`(SELECT json_object('grade', v.grade, 'method', json_extract(v.verdict, '$.method'),
    'computedAt', v.computed_at, 'dimensions', json_extract(v.verdict, ${DIMENSION_PATHS}))
  FROM ${serverVerdicts} v WHERE v.server_id = "servers"."id")`

/**
 * verdictGradesJson's value as the registry API's `_meta` says it: the overall grade, each
 * dimension that applies with its grade (null: not enough known), the method's revision and when
 * it was graded.
 */
export function toVerdictGrades(json: string | null): RegistryVerdict | null {
  if (json === null) return null
  const read = JSON.parse(json) as Omit<RegistryVerdict, 'dimensions'> & { dimensions: unknown[] }
  const dimensions: RegistryVerdict['dimensions'] = {}
  for (let i = 0; i + 2 < read.dimensions.length; i += 3) {
    const [dimension, grade, applies] = read.dimensions.slice(i, i + 3)
    // A dimension that does not apply (health with no remote) is left out; false or 0 as stored.
    if (typeof dimension === 'string' && applies !== false && applies !== 0)
      dimensions[dimension as VerdictDimension] = (grade ?? null) as Grade | null
  }
  return { grade: read.grade, dimensions, method: read.method, computedAt: read.computedAt }
}
