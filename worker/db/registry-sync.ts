/**
 * The registry sync's writes and its runs (the job that drives them: worker/jobs/registry-sync.ts).
 *
 * Entries go through the importer's rules (`mapRegistryEntry`). One listing per registry name
 * shows its latest version; every version is kept in `server_versions`. What the registry
 * supplies is written on every sync, except the fields in a listing's `local_edits`: those an
 * owner or admin changed here, decided by each write against `local_edits` as it stands then (the
 * importer's rule, `listingUpdate`), so an edit saved while a page is under way is kept too. A
 * refused entry is recorded with its reason and never written.
 * A page's writes are idempotent, so a page read twice (an invocation stopped after writing it
 * but before saving the cursor) changes nothing the second time.
 */
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { type ImportedServer, mapRegistryEntry, type OfficialMeta, type RegistryItem } from '../lib/registry-entry'
import { autoCategories, newCategoryRows } from './categories'
import type { DB } from './client'
import { chunks, entryStatus, LISTING_COLUMNS, type Listing, listingUpdate, PARAM_CHUNK } from './imports'
import { type SyncRunRow, servers, serverTags, serverVersions, syncRefusals, syncRuns } from './schema'

/** Statements per D1 batch: a batch is one transaction, and smaller ones keep D1 responsive. */
const BATCH_LISTINGS = 25

export interface PageCounts {
  added: number
  updated: number
  hidden: number
  refused: number
}

interface Candidate {
  server: ImportedServer
  meta: OfficialMeta
}

/**
 * The candidate for a name's listing: its latest version; without one on this page, the newest
 * published, but only when no listing exists yet (a later page brings the latest).
 */
function listingCandidate(entries: Candidate[], exists: boolean): Candidate | null {
  const latest = entries.find((e) => e.meta.isLatest)
  if (latest) return latest
  if (exists) return null
  return [...entries].sort((a, b) => ((b.meta.publishedAt ?? '') > (a.meta.publishedAt ?? '') ? 1 : -1))[0] ?? null
}

/**
 * The status a found listing takes from its latest version, decided when the write runs:
 * 'deleted' upstream hides it; back from 'deleted' it returns only when the sync hid it (an
 * admin's deletion stands); otherwise as the importer decides (`entryStatus`).
 */
function nextStatus(s: ImportedServer, meta: OfficialMeta) {
  if (meta.status === 'deleted') return 'deleted'
  return entryStatus(s, sql`CASE WHEN ${servers.upstreamStatus} = 'deleted' THEN ${s.status} ELSE 'deleted' END`)
}

/**
 * A page's writes, built from one read of the listings it names: the batches to run, with the
 * run's progress (next cursor, counts, refusals) in the last, so the saved cursor never runs ahead
 * of the data. Each statement decides for itself every field a person may edit, so a plan
 * written after an edit keeps it, however long after the read.
 */
export interface PagePlan {
  counts: PageCounts
  groups: BatchItem<'sqlite'>[][]
}

/** Reads what a page's entries need of the catalogue and builds its writes (`writePagePlan` runs them). */
export async function planRegistryPage(
  db: DB,
  runId: number,
  items: RegistryItem[],
  progress: { cursor: string | null; done: boolean },
): Promise<PagePlan> {
  const counts: PageCounts = { added: 0, updated: 0, hidden: 0, refused: 0 }
  const refusals: Array<{ name: string; version: string | null; reason: string }> = []
  const byName = new Map<string, Candidate[]>()
  for (const item of items) {
    const result = mapRegistryEntry(item.server)
    if (!result.ok) {
      const version = (item.server as { version?: unknown } | null)?.version
      refusals.push({ name: result.name, version: typeof version === 'string' ? version : null, reason: result.reason })
      continue
    }
    const list = byName.get(result.server.registryName) ?? []
    list.push({ server: result.server, meta: item.meta })
    byName.set(result.server.registryName, list)
  }
  counts.refused = refusals.length

  const existing = new Map<string, Listing>()
  const byRepo = new Map<string, Listing>()
  for (const part of chunks([...byName.keys()], PARAM_CHUNK)) {
    const repos = part.flatMap((n) => byName.get(n)!.map((c) => c.server.githubUrl)).filter((u): u is string => !!u)
    const [named, adoptable] = await db.batch([
      db.select(LISTING_COLUMNS).from(servers).where(inArray(servers.registryName, part)),
      // A listing from an imported file without a registry name is the same server (the
      // importer's rule); one registered here stays its owner's and is linked instead.
      db
        .select(LISTING_COLUMNS)
        .from(servers)
        .where(
          sql`${servers.registryName} IS NULL AND ${servers.source} = 'import' AND ${inArray(servers.githubUrl, repos.length ? repos.slice(0, PARAM_CHUNK) : [''])}`,
        ),
    ])
    for (const r of named) existing.set(r.registryName!, r)
    for (const r of adoptable) if (r.githubUrl) byRepo.set(r.githubUrl.toLowerCase(), r)
  }

  const now = new Date().toISOString()
  const groups: BatchItem<'sqlite'>[][] = []
  for (const names of chunks([...byName.keys()], BATCH_LISTINGS)) {
    const statements: BatchItem<'sqlite'>[] = []
    for (const name of names) {
      const entries = byName.get(name)!
      let row = existing.get(name)
      if (!row) {
        const repo = entries.find((e) => e.server.githubUrl)?.server.githubUrl?.toLowerCase()
        row = repo ? byRepo.get(repo) : undefined
        if (row) byRepo.delete(repo!)
      }
      const candidate = listingCandidate(entries, !!row)
      let id = row?.id
      if (candidate) {
        const { server: s, meta } = candidate
        const upstream = {
          registryName: s.registryName,
          source: 'registry',
          syncedAt: now,
          upstreamUpdatedAt: meta.updatedAt ?? meta.publishedAt,
          upstreamStatus: meta.status,
          upstreamStatusMessage: meta.statusMessage,
        }
        if (row) {
          if (meta.status === 'deleted' && row.status !== 'deleted') counts.hidden++
          else counts.updated++
          const { update, followers } = listingUpdate(db, row, s, { ...upstream, status: nextStatus(s, meta), updatedAt: now })
          statements.push(update, ...followers)
        } else if (meta.status !== 'deleted') {
          // An entry deleted before this catalogue ever listed it is not worth a hidden listing.
          counts.added++
          id = crypto.randomUUID()
          const { sourceId: _, ...fields } = s
          const categories = autoCategories({ ...s, readmeText: null })
          statements.push(
            db.insert(servers).values({ ...fields, ...upstream, categories, id, status: s.status, createdAt: now, updatedAt: now }),
          )
          if (s.tags.length) statements.push(db.insert(serverTags).values(s.tags.map((tag) => ({ serverId: id!, tag }))))
          statements.push(...newCategoryRows(db, id, categories, 'auto'))
        }
      }
      if (!id) continue
      for (const { server: s, meta } of entries) {
        const version = {
          status: meta.status,
          publishedAt: meta.publishedAt,
          upstreamUpdatedAt: meta.updatedAt ?? meta.publishedAt,
          packages: s.packages,
          remotes: s.remotes,
        }
        statements.push(
          db
            .insert(serverVersions)
            .values({ serverId: id, version: s.version, ...version })
            .onConflictDoUpdate({ target: [serverVersions.serverId, serverVersions.version], set: version }),
        )
      }
    }
    if (statements.length) groups.push(statements)
  }

  // Four bound parameters a refusal: 20 a statement stay under D1's 100.
  const finish: BatchItem<'sqlite'>[] = chunks(refusals, 20).map((part) =>
    db.insert(syncRefusals).values(part.map((r) => ({ runId, ...r }))),
  )
  finish.push(
    db
      .update(syncRuns)
      .set({
        cursor: progress.cursor,
        pages: sql`${syncRuns.pages} + 1`,
        added: sql`${syncRuns.added} + ${counts.added}`,
        updated: sql`${syncRuns.updated} + ${counts.updated}`,
        hidden: sql`${syncRuns.hidden} + ${counts.hidden}`,
        refused: sql`${syncRuns.refused} + ${counts.refused}`,
        errorCount: 0,
        ...(progress.done ? { status: 'completed', finishedAt: now, leaseUntil: null } : {}),
      })
      .where(eq(syncRuns.id, runId)),
  )
  groups.push(finish)
  return { counts, groups }
}

/** Runs a page's planned batches, in order; returns the page's counts. */
export async function writePagePlan(db: DB, plan: PagePlan): Promise<PageCounts> {
  for (const group of plan.groups) await db.batch(group as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
  return plan.counts
}

/**
 * Writes one page of registry entries and the run's progress.
 * @example await applyRegistryPage(db, run.id, page.items, { cursor: page.nextCursor, done: !page.nextCursor })
 */
export async function applyRegistryPage(
  db: DB,
  runId: number,
  items: RegistryItem[],
  progress: { cursor: string | null; done: boolean },
): Promise<PageCounts> {
  return writePagePlan(db, await planRegistryPage(db, runId, items, progress))
}

/** How long an invocation may hold a run before another may take it over (it has surely stopped). */
export const LEASE_MS = 5 * 60_000

/**
 * The run to work on, held for this invocation: the one in progress, else a new one (full when
 * no run ever completed or `full` asks for one, else incremental since the last completed run's
 * start), or null when
 * another invocation holds the run in progress, or when a new run is not yet due.
 */
export async function claimRun(
  db: DB,
  opts: { now: Date; minIntervalMs: number; force?: boolean; full?: boolean },
): Promise<SyncRunRow | null> {
  const now = opts.now.toISOString()
  const leaseUntil = new Date(opts.now.getTime() + LEASE_MS).toISOString()
  const claim = () =>
    db
      .update(syncRuns)
      .set({ leaseUntil, invocations: sql`${syncRuns.invocations} + 1` })
      .where(and(eq(syncRuns.status, 'running'), or(sql`${syncRuns.leaseUntil} IS NULL`, lt(syncRuns.leaseUntil, now))))
      .returning()
  const [held] = await claim()
  if (held) return held
  const [running, last, lastStarted] = await db.batch([
    db.select({ id: syncRuns.id }).from(syncRuns).where(eq(syncRuns.status, 'running')).limit(1),
    db.select().from(syncRuns).where(eq(syncRuns.status, 'completed')).orderBy(desc(syncRuns.startedAt)).limit(1),
    db.select({ startedAt: syncRuns.startedAt }).from(syncRuns).orderBy(desc(syncRuns.startedAt)).limit(1),
  ])
  if (running.length) return null
  const lastStart = lastStarted[0] ? Date.parse(lastStarted[0].startedAt) : 0
  if (!opts.force && opts.now.getTime() - lastStart < opts.minIntervalMs) return null
  const since = opts.full ? null : (last[0]?.startedAt ?? null)
  await db
    .insert(syncRuns)
    .values({ kind: since ? 'incremental' : 'full', updatedSince: since, startedAt: now })
    .onConflictDoNothing()
  const [fresh] = await claim()
  return fresh ?? null
}

/** Gives the run back for the next invocation (it stays 'running'). */
export async function releaseRun(db: DB, runId: number): Promise<void> {
  await db.update(syncRuns).set({ leaseUntil: null }).where(eq(syncRuns.id, runId))
}

/** After this many failed invocations in a row, a run is given up; the next starts afresh. */
export const MAX_RUN_ERRORS = 5

/** Records a failed invocation (the registry unreachable, a malformed page) and releases the run. */
export async function recordRunError(db: DB, runId: number, message: string): Promise<void> {
  const failed = sql`${syncRuns.errorCount} + 1 >= ${MAX_RUN_ERRORS}`
  await db
    .update(syncRuns)
    .set({
      lastError: message.slice(0, 500),
      errorCount: sql`${syncRuns.errorCount} + 1`,
      leaseUntil: null,
      status: sql`CASE WHEN ${failed} THEN 'failed' ELSE ${syncRuns.status} END`,
      finishedAt: sql`CASE WHEN ${failed} THEN ${new Date().toISOString()} ELSE ${syncRuns.finishedAt} END`,
    })
    .where(eq(syncRuns.id, runId))
}

export async function findRun(db: DB, runId: number): Promise<SyncRunRow | null> {
  const [row] = await db.select().from(syncRuns).where(eq(syncRuns.id, runId)).limit(1)
  return row ?? null
}

/** The latest runs, newest first, each with its refusals (at most `refusalsPerRun`). */
export async function listRuns(db: DB, limit: number, refusalsPerRun = 50) {
  const runs = await db.select().from(syncRuns).orderBy(desc(syncRuns.id)).limit(limit)
  if (runs.length === 0) return []
  const refusals = await db
    .select()
    .from(syncRefusals)
    .where(
      sql`${syncRefusals.id} IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY run_id ORDER BY id) AS n FROM ${syncRefusals} WHERE ${inArray(
        syncRefusals.runId,
        runs.map((r) => r.id),
      )}) WHERE n <= ${refusalsPerRun})`,
    )
    .orderBy(syncRefusals.id)
  return runs.map((run) => ({ ...run, refusalList: refusals.filter((r) => r.runId === run.id) }))
}
