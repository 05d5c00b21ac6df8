/**
 * A server's grade drops (grade_drops, written by worker/db/verdicts.ts when a verdict's overall
 * grade falls): the statement its changes feed sends in the same batch as its changes. Apart from
 * verdicts.ts, which reads the scanner's tables, so that scans.ts can send it without a cycle.
 */
import { desc, eq } from 'drizzle-orm'
import type { Grade } from '@shared/verdict'
import type { DB } from './client'
import { gradeDrops } from './schema'

/** A server's grade drops, newest first (a query for the changes feed's batch). */
export function serverGradeDropsQuery(db: DB, serverId: string, limit: number) {
  return db
    .select({
      id: gradeDrops.id,
      from: gradeDrops.fromGrade,
      to: gradeDrops.toGrade,
      reasons: gradeDrops.reasons,
      createdAt: gradeDrops.createdAt,
    })
    .from(gradeDrops)
    .where(eq(gradeDrops.serverId, serverId))
    .orderBy(desc(gradeDrops.createdAt), desc(gradeDrops.id))
    .limit(limit)
}

/** A grade drop as a server's changes feed shows it. */
export interface GradeDropEntry {
  id: number
  from: Grade | null
  to: Grade | null
  reasons: string[]
  at: string
}

export function toGradeDrops(rows: Awaited<ReturnType<typeof serverGradeDropsQuery>>): GradeDropEntry[] {
  return rows.map((r) => ({
    id: r.id,
    from: r.from as Grade | null,
    to: r.to as Grade | null,
    reasons: JSON.parse(r.reasons) as string[],
    at: r.createdAt,
  }))
}
