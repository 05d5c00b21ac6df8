import { eq } from 'drizzle-orm'
import { featured, type NewServerRow, serverCategories, servers, serverTags, serverVerdicts } from '../../worker/db/schema'
import type { OfficialMeta } from '../../worker/lib/registry-entry'
import { GRADES, type Grade, gradeRank, VERDICT_DIMENSIONS, type Verdict, type VerdictDimension } from '../../worker/shared/verdict'
import { db } from './helpers'

let counter = 0

/** Inserts an active server (and its tag and category rows) with sensible defaults; returns the row. */
export async function insertServer(overrides: Partial<NewServerRow> = {}) {
  counter++
  const row: NewServerRow = {
    id: crypto.randomUUID(),
    name: `io.github.test/server-${counter}`,
    displayName: `Server ${counter}`,
    description: `Test server number ${counter}`,
    author: 'acme',
    tags: [],
    ...overrides,
  }
  await db().insert(servers).values(row)
  if (row.tags?.length)
    await db()
      .insert(serverTags)
      .values(row.tags.map((tag) => ({ serverId: row.id!, tag })))
  if (row.categories?.length) {
    const source = row.localEdits?.includes('categories') ? 'human' : 'auto'
    await db()
      .insert(serverCategories)
      .values(row.categories.map((category) => ({ serverId: row.id!, category, source })))
  }
  return row as NewServerRow & { id: string }
}

/**
 * Gives a listing a grade as the verdicts job stores it on the row (grade and its rank; the
 * postings' copies follow by trigger), without grading it: tests of the lists and the APIs.
 */
export async function setGrade(serverId: string, grade: Grade | null) {
  await db()
    .update(servers)
    .set({ grade, gradeRank: gradeRank(grade) })
    .where(eq(servers.id, serverId))
}

/**
 * A verdict as the grading job would store it (server_verdicts, and the row's grade): each
 * dimension graded as `dimensions` says (absent: not enough known; 'n/a': does not apply), with a
 * reason each. Not the method's output: the APIs' tests read it back as stored.
 */
export function fixtureVerdict(grade: Grade | null, dimensions: Partial<Record<VerdictDimension, Grade | 'n/a'>>): Verdict {
  return {
    method: 1,
    grade,
    score: grade === null ? null : 90 - 15 * GRADES.indexOf(grade),
    reasons: [{ effect: 'info', text: `Graded ${grade ?? 'nothing'} from the dimensions that apply.` }],
    missing: grade === null ? 'Nothing was read from the server yet.' : null,
    dimensions: VERDICT_DIMENSIONS.map((dimension) => {
      const given = dimensions[dimension]
      const g = given === undefined || given === 'n/a' ? null : given
      return {
        dimension,
        grade: g,
        score: g === null ? null : 90 - 15 * GRADES.indexOf(g),
        reasons: g === null ? [] : [{ effect: 'minus', text: `${dimension} lost points.`, points: -5 }],
        missing: given === undefined ? `Nothing known of ${dimension}.` : null,
        applies: given !== 'n/a',
      }
    }),
    compatibility: null,
    toolQuality: [],
    computedAt: '2026-11-01T10:00:00.000Z',
  }
}

/** Stores `verdict` for a listing as the grading job does: the verdict's row and the card's grade. */
export async function storeVerdict(serverId: string, verdict: Verdict) {
  await db()
    .insert(serverVerdicts)
    .values({ serverId, verdict: JSON.stringify(verdict), grade: verdict.grade, inputs: 'fixture', computedAt: verdict.computedAt })
    .onConflictDoUpdate({ target: serverVerdicts.serverId, set: { verdict: JSON.stringify(verdict), grade: verdict.grade } })
  await setGrade(serverId, verdict.grade)
}

export async function insertFeatured(serverId: string, values: Partial<typeof featured.$inferInsert> = {}) {
  await db()
    .insert(featured)
    .values({ serverId, commentHtml: '<p><b>Great</b> server</p>', ...values })
}

/** The registry's metadata of an active, latest entry, as a sync page carries it. */
export const OFFICIAL_META: OfficialMeta = {
  status: 'active',
  statusMessage: null,
  publishedAt: '2025-09-01T00:00:00Z',
  updatedAt: null,
  isLatest: true,
}

/** A registry entry (server.json) with a GitHub repository named after the name's second part. */
export const registryEntry = (name: string, description: string) => ({
  name,
  description,
  version: '1.0.0',
  repository: { url: `https://github.com/${name.split('/')[1]}`, source: 'github' },
})
