/**
 * Writes mapped registry entries idempotently (the mapping and its rules:
 * worker/lib/registry-entry.ts), and the rule the importer and the registry sync share for a
 * listing that already exists: the fields an owner or admin edited here (`local_edits`) are kept.
 * That is decided in the write itself, against `local_edits` as it stands when the write runs, so
 * an edit saved after the listing was read is kept as surely as one saved long before.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core'
import { type ImportedServer, mapRegistryEntry } from '../lib/registry-entry'
import { autoCategories, CATEGORIES_FIELD, humanChose, newCategoryRows } from './categories'
import type { DB } from './client'
import { type ServerRow, serverCategories, servers, serverTags } from './schema'

/** The listing fields the registry supplies; any of them edited here is kept by imports and the sync. */
export const SYNCED_FIELDS = [
  'name',
  'displayName',
  'description',
  'author',
  'version',
  'icon',
  'githubUrl',
  'tags',
  'packages',
  'remotes',
  'metadata',
] as const satisfies ReadonlyArray<keyof ServerRow>

export interface ImportReport {
  added: number
  updated: number
  /** Updated listings that kept fields edited here (their `local_edits` as the update found it), by registry name. */
  kept: Array<{ name: string; fields: string[] }>
  refused: Array<{ index: number; name: string; reason: string }>
}

/** D1 allows 100 bound parameters per statement. */
export const PARAM_CHUNK = 90
const BATCH_SERVERS = 40

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** What an update of an existing listing reads first: the classifier's inputs and the state it starts from. */
export const LISTING_COLUMNS = {
  id: servers.id,
  registryName: servers.registryName,
  status: servers.status,
  localEdits: servers.localEdits,
  githubUrl: servers.githubUrl,
  name: servers.name,
  displayName: servers.displayName,
  description: servers.description,
  tags: servers.tags,
  readmeText: servers.readmeText,
  categories: servers.categories,
  updatedAt: servers.updatedAt,
}

export type Listing = { [K in keyof typeof LISTING_COLUMNS]: ServerRow[K] }

/** SQL: whether `field` is in the `local_edits` JSON array `localEdits`. */
const editedIn = (localEdits: SQL | typeof servers.localEdits, field: string) =>
  sql`EXISTS (SELECT 1 FROM json_each(${localEdits}) WHERE value = ${field})`

/** SQL, within a statement on `servers`: whether a person edited `field` of the row being written. */
const edited = (field: string) => editedIn(servers.localEdits, field)

/**
 * The status a found listing takes from an entry: one without a repository waits for an admin
 * (the mapping's status), unless its repository is a person's edit; a deleted one takes
 * `whenDeleted`, which each caller decides.
 */
export const entryStatus = (s: ImportedServer, whenDeleted: SQL) =>
  sql`CASE WHEN ${servers.status} = 'deleted' THEN ${whenDeleted} WHEN ${edited('githubUrl')} THEN ${servers.status} ELSE ${s.status} END`

/** The side table of each JSON column, and what its rows hold after the server's id (in column order), `j` being one item. */
const SIDE_ROWS = {
  tags: { table: serverTags, rest: sql`j.value` },
  [CATEGORIES_FIELD]: { table: serverCategories, rest: sql`j.value, 'auto'` },
} as const

/**
 * Sets a side table's rows to the server's JSON column as it stands when they run (after the
 * update earlier in the same batch), unless a person edited the field: then the rows the edit
 * wrote stay.
 */
function sideRowsFollow(db: DB, serverId: string, field: keyof typeof SIDE_ROWS): BatchItem<'sqlite'>[] {
  const { table, rest } = SIDE_ROWS[field]
  const keptHere = editedIn(sql`(SELECT ${servers.localEdits} FROM ${servers} WHERE ${servers.id} = ${serverId})`, field)
  return [
    db.delete(table).where(and(eq(table.serverId, serverId), sql`NOT ${keptHere}`)),
    db
      .insert(table)
      .select(
        sql`SELECT ${servers.id}, ${rest} FROM ${servers}, json_each(${servers[field]}) AS j WHERE ${servers.id} = ${serverId} AND NOT ${edited(field)}`,
      ),
  ]
}

const stable = (v: unknown) => JSON.stringify(v)

/**
 * The statements that bring a found listing to an entry: the update (which `set` adds to: status,
 * provenance) and, when the listing's tags or categories move, their side rows. Each field takes
 * the entry's value unless it is in `local_edits` when the update runs; the repository's owner
 * goes with the repository.
 *
 * The classifier runs here, not in SQL, on `row` as read earlier: its answer is written only when
 * a person has not chosen the categories and the row is as read (`updated_at` unchanged); a row
 * written since keeps the categories that write gave it.
 */
export function listingUpdate(db: DB, row: Listing, s: ImportedServer, set: SQLiteUpdateSetSource<typeof servers>) {
  const fields: SQLiteUpdateSetSource<typeof servers> = { registryName: s.registryName }
  for (const f of SYNCED_FIELDS) {
    fields[f] = sql`CASE WHEN ${edited(f)} THEN ${servers[f]} ELSE ${sql.param(s[f], servers[f])} END`
  }
  fields.repoOwner = sql`CASE WHEN ${edited('githubUrl')} THEN ${servers.repoOwner} ELSE ${s.repoOwner} END`
  const followers: BatchItem<'sqlite'>[] = []
  const editedAtRead = (f: string) => row.localEdits.includes(f)
  if (!editedAtRead('tags') && stable(s.tags) !== stable(row.tags)) followers.push(...sideRowsFollow(db, row.id, 'tags'))
  if (!humanChose(row.localEdits)) {
    const assumed = Object.fromEntries(SYNCED_FIELDS.filter((f) => !editedAtRead(f)).map((f) => [f, s[f]]))
    const categories = autoCategories({ ...row, ...assumed })
    if (stable(categories) !== stable(row.categories)) {
      fields.categories = sql`CASE WHEN NOT ${edited(CATEGORIES_FIELD)} AND ${servers.updatedAt} IS ${row.updatedAt}
        THEN ${sql.param(categories, servers.categories)} ELSE ${servers.categories} END`
      followers.push(...sideRowsFollow(db, row.id, CATEGORIES_FIELD))
    }
  }
  const update = db
    .update(servers)
    .set({ ...fields, ...set })
    .where(eq(servers.id, row.id))
  return { update, followers }
}

/**
 * Writes entries idempotently: a server is found again by its registry name, else by its
 * repository when that listing has no registry name yet; found ones are updated (their likes,
 * stars and owner untouched, the fields edited here kept: `listingUpdate`), others inserted. Each
 * server, its tags and its categories go in one batch. The report's `kept` comes from the
 * updates themselves (RETURNING), so it names what the writes kept, not what a read foresaw.
 */
export async function importEntries(db: DB, entries: unknown[]): Promise<ImportReport> {
  const report: ImportReport = { added: 0, updated: 0, kept: [], refused: [] }
  const mapped: ImportedServer[] = []
  const seen = new Set<string>()
  for (const [index, entry] of entries.entries()) {
    const result = mapRegistryEntry(entry)
    if (!result.ok) report.refused.push({ index, name: result.name, reason: result.reason })
    else if (seen.has(result.server.registryName)) {
      report.refused.push({ index, name: result.server.registryName, reason: 'duplicate name in this file' })
    } else {
      seen.add(result.server.registryName)
      mapped.push(result.server)
    }
  }

  const byName = new Map<string, Listing>()
  const byRepo = new Map<string, Listing>()
  for (const part of chunks(mapped, PARAM_CHUNK)) {
    const names = part.map((s) => s.registryName)
    const repos = part.map((s) => s.githubUrl).filter((u): u is string => !!u)
    const [named, repoRows] = await db.batch([
      db.select(LISTING_COLUMNS).from(servers).where(inArray(servers.registryName, names)),
      db
        .select(LISTING_COLUMNS)
        .from(servers)
        .where(sql`${servers.registryName} IS NULL AND ${inArray(servers.githubUrl, repos.length ? repos : [''])}`),
    ])
    for (const r of named) byName.set(r.registryName!, r)
    for (const r of repoRows) if (r.githubUrl) byRepo.set(r.githubUrl.toLowerCase(), r)
  }
  const takenIds = new Set<string>()
  for (const part of chunks(
    mapped.filter((s) => s.sourceId).map((s) => s.sourceId!),
    PARAM_CHUNK,
  )) {
    const rows = await db.select({ id: servers.id }).from(servers).where(inArray(servers.id, part))
    for (const r of rows) takenIds.add(r.id)
  }

  for (const part of chunks(mapped, BATCH_SERVERS)) {
    const statements: BatchItem<'sqlite'>[] = []
    /** Where each update's RETURNING answer lands in the batch's results. */
    const updates: number[] = []
    const now = new Date().toISOString()
    for (const s of part) {
      const row = byName.get(s.registryName) ?? (s.githubUrl ? byRepo.get(s.githubUrl.toLowerCase()) : undefined)
      if (row) {
        report.updated++
        // An admin's decision (deleted) stands; a pending listing becomes active once it has a repository.
        const { update, followers } = listingUpdate(db, row, s, { status: entryStatus(s, sql`'deleted'`), updatedAt: now })
        updates.push(statements.length)
        statements.push(update.returning({ name: servers.registryName, localEdits: servers.localEdits }), ...followers)
      } else {
        report.added++
        const id = s.sourceId && !takenIds.has(s.sourceId) ? s.sourceId : crypto.randomUUID()
        takenIds.add(id)
        const { sourceId: _, status, ...fields } = s
        const categories = autoCategories({ ...s, readmeText: null })
        statements.push(db.insert(servers).values({ id, ...fields, categories, status, source: 'import', createdAt: now, updatedAt: now }))
        if (s.tags.length) statements.push(db.insert(serverTags).values(s.tags.map((tag) => ({ serverId: id, tag }))))
        statements.push(...newCategoryRows(db, id, categories, 'auto'))
      }
    }
    const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
    for (const i of updates) {
      for (const { name, localEdits } of results[i] as Array<{ name: string; localEdits: string[] }>) {
        if (localEdits.length) report.kept.push({ name, fields: localEdits })
      }
    }
  }
  return report
}
