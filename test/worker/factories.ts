import { eq } from 'drizzle-orm'
import { featured, type NewServerRow, serverCategories, servers, serverTags } from '../../worker/db/schema'
import type { OfficialMeta } from '../../worker/lib/registry-entry'
import { type Grade, gradeRank } from '../../worker/shared/verdict'
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
  await db().update(servers).set({ grade, gradeRank: gradeRank(grade) }).where(eq(servers.id, serverId))
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
