/**
 * Server categories in D1: `servers.categories` (what cards and details show) and
 * `server_categories` (what the filter and the facet's counts read), always written together.
 * The taxonomy is worker/shared/categories.ts; the classifier is worker/lib/classify/.
 *
 * Who chose them is kept two ways that never disagree: 'categories' in `servers.local_edits`
 * (the one rule imports, the sync and edits read, as for every field a person changed) and the
 * rows' `source`, so counts of human and automatic choices need no JSON.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { CATEGORIES, type CategorySlug } from '@shared/categories'
import type { CategoryCount } from '@shared/types'
import { classify } from '../lib/classify/classifier'
import type { DB } from './client'
import { keptCategoryCounts, type ServerRow, serverCategories, servers } from './schema'

/** The field name a human choice is recorded under in `local_edits`. */
export const CATEGORIES_FIELD = 'categories'

export type CategorySource = 'auto' | 'human'

/** What the classifier reads of a server. */
export type ClassifiedFields = Pick<ServerRow, 'name' | 'displayName' | 'description' | 'tags' | 'readmeText'>

/** Fields whose change may change the automatic categories. */
export const CLASSIFIED_FIELDS = ['name', 'displayName', 'description', 'tags', 'readmeText'] as const

/**
 * A server's automatic categories.
 * @example autoCategories({ name: 'io.github.x/pg', displayName: 'Postgres', description: '...', tags: [], readmeText: null })
 */
export function autoCategories(s: ClassifiedFields): CategorySlug[] {
  return classify({ name: s.name, displayName: s.displayName, description: s.description, tags: s.tags, readme: s.readmeText })
}

/** Whether a person chose the server's categories (an import or the sync then keeps them). */
export const humanChose = (localEdits: readonly string[]) => localEdits.includes(CATEGORIES_FIELD)

/**
 * The statements that replace a server's category rows (`servers.categories` is written by the
 * caller's own update or insert, in the same batch).
 */
export function categoryRowStatements(db: DB, serverId: string, slugs: readonly string[], source: CategorySource): BatchItem<'sqlite'>[] {
  const out: BatchItem<'sqlite'>[] = [db.delete(serverCategories).where(eq(serverCategories.serverId, serverId))]
  if (slugs.length) out.push(db.insert(serverCategories).values(slugs.map((category) => ({ serverId, category, source }))))
  return out
}

/** Only the rows of a new server: nothing to delete first. */
export function newCategoryRows(db: DB, serverId: string, slugs: readonly string[], source: CategorySource): BatchItem<'sqlite'>[] {
  return slugs.length ? [db.insert(serverCategories).values(slugs.map((category) => ({ serverId, category, source })))] : []
}

/**
 * Every category of the taxonomy with the number of active servers in it (kept by triggers,
 * migrations/0022: one row per category, whatever the catalogue's size), in the taxonomy's
 * order (empty ones included, so the facet and the landing strip never lose a category).
 */
export async function categoryCounts(db: DB): Promise<CategoryCount[]> {
  const rows = await db.select({ category: keptCategoryCounts.category, count: keptCategoryCounts.n }).from(keptCategoryCounts)
  const counts = new Map(rows.map((r) => [r.category, r.count]))
  return CATEGORIES.map((c) => ({ slug: c.slug, name: c.name, description: c.description, count: counts.get(c.slug) ?? 0 }))
}

/** Servers without categories, oldest first: rows from before categories existed, or written by other means. */
export async function uncategorizedServers(db: DB, limit: number) {
  return db
    .select({
      id: servers.id,
      name: servers.name,
      displayName: servers.displayName,
      description: servers.description,
      tags: servers.tags,
      readmeText: servers.readmeText,
    })
    .from(servers)
    .where(sql`${servers.categories} = '[]'`)
    .orderBy(asc(servers.seq))
    .limit(limit)
}

/** Rows written per batch: a handful of statements each, well inside a D1 batch. */
const AUTO_CATEGORIES_BATCH = 50

/**
 * Files classified servers in their automatic categories: `servers.categories` (written only
 * while still empty) and their rows, a batch per AUTO_CATEGORIES_BATCH servers.
 */
export async function saveAutoCategories(db: DB, classified: ReadonlyArray<{ id: string; slugs: CategorySlug[] }>): Promise<void> {
  for (let i = 0; i < classified.length; i += AUTO_CATEGORIES_BATCH) {
    const statements: BatchItem<'sqlite'>[] = []
    for (const { id, slugs } of classified.slice(i, i + AUTO_CATEGORIES_BATCH)) {
      statements.push(
        db
          .update(servers)
          .set({ categories: slugs })
          .where(and(eq(servers.id, id), sql`${servers.categories} = '[]'`)),
        ...categoryRowStatements(db, id, slugs, 'auto'),
      )
    }
    await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
  }
}
