/**
 * Reads of the stored verdicts (`server_verdicts`, written by worker/db/verdicts.ts when a
 * listing's inputs change): never graded per request. The registry API's `_meta` reads the grades
 * in its page's own statement; the MCP endpoint's `get_server` reads the whole verdict.
 */
import { eq, sql } from 'drizzle-orm'
import type { Verdict } from '@shared/verdict'
import type { RegistryVerdict } from '../lib/render/registry-api'
import type { DB } from './client'
import { serverVerdicts } from './schema'

/**
 * A listing's stored grades as JSON (the registry API's RegistryVerdict: the overall grade, each
 * dimension that applies with its grade, the method's revision, when it was graded), or null when it was never graded: a
 * correlated subquery on the outer statement's `servers` row, so a page reads them in its own
 * statement, one primary-key row a listing.
 */
export const verdictGradesJson = sql<string | null>`(SELECT json_object('grade', v.grade,
    'dimensions', (SELECT json_group_object(json_extract(dim.value, '$.dimension'), json_extract(dim.value, '$.grade'))
      FROM json_each(v.verdict, '$.dimensions') dim WHERE json_extract(dim.value, '$.applies') IS NOT 0),
    'method', json_extract(v.verdict, '$.method'), 'computedAt', v.computed_at)
  FROM ${serverVerdicts} v WHERE v.server_id = "servers"."id")`

/** verdictGradesJson's value parsed. */
export const toVerdictGrades = (json: string | null): RegistryVerdict | null =>
  json === null ? null : (JSON.parse(json) as RegistryVerdict)

/** A listing's stored verdict, parsed; null when it was never graded. */
export async function storedVerdict(db: DB, serverId: string): Promise<Verdict | null> {
  const [row] = await db
    .select({ verdict: serverVerdicts.verdict })
    .from(serverVerdicts)
    .where(eq(serverVerdicts.serverId, serverId))
    .limit(1)
  return row ? (JSON.parse(row.verdict) as Verdict) : null
}
