/**
 * A rescan run's storage (migrations/0031_rescan_runs.sql): the run of a scanner version, and what
 * its rescanned surfaces and their listings held before and hold after, as statement builders
 * that go in the rescan's own batch, around the statements that rewrite the findings. The counts
 * are read from the rows themselves (a finding dismissed by a review is not open; a surface's and
 * a listing's risk as SQLite wrote them), so they are what the store holds, exactly.
 */
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { DB } from './client'
import { rescanRunCounts, rescanRunListings, rescanRuns, reviewItems, serverSurfaces, servers, surfaceFindings } from './schema'

export type RescanSide = 'before' | 'after'

/**
 * Starts the run of `scannerVersion` unless it exists: its total is the surfaces older rules
 * scanned, counted once (the count is in the SELECT a run that exists filters out).
 */
export function startRunStatement(db: DB, input: { scannerVersion: number; at: string }): BatchItem<'sqlite'> {
  const { scannerVersion, at } = input
  return db
    .insert(rescanRuns)
    .select(
      db
        .select({
          scannerVersion: sql<number>`${scannerVersion}`.as('scanner_version'),
          startedAt: sql<string>`${at}`.as('started_at'),
          finishedAt: sql<null>`NULL`.as('finished_at'),
          surfacesTotal:
            sql<number>`(SELECT count(*) FROM ${serverSurfaces} WHERE coalesce(${serverSurfaces.scannerVersion}, 0) < ${scannerVersion})`.as(
              'surfaces_total',
            ),
          surfacesRescanned: sql<number>`0`.as('surfaces_rescanned'),
        })
        .from(sql`(SELECT 1)`)
        .where(sql`NOT EXISTS (SELECT 1 FROM ${rescanRuns} WHERE ${rescanRuns.scannerVersion} = ${scannerVersion})`),
    )
    .onConflictDoNothing()
}

/** A group's count in the column of its side, 0 in the other: one row of `rescan_run_counts`. */
function sideColumns(side: RescanSide) {
  const n = sql<number>`count(*)`
  return {
    nBefore: (side === 'before' ? n : sql<number>`0`).as('n_before'),
    nAfter: (side === 'after' ? n : sql<number>`0`).as('n_after'),
  }
}

/** A count met again (a later batch of the run) adds to its side, so the sums span every batch. */
function addedToSide(side: RescanSide) {
  return {
    target: [rescanRunCounts.scannerVersion, rescanRunCounts.measure, rescanRunCounts.key],
    set:
      side === 'before'
        ? { nBefore: sql`${rescanRunCounts.nBefore} + excluded.n_before` }
        : { nAfter: sql`${rescanRunCounts.nAfter} + excluded.n_after` },
  }
}

/** Open findings of some surfaces grouped by `column`, added to the run's count of `measure` on one side. */
function findingCountStatement(
  db: DB,
  input: { scannerVersion: number; surfaceIds: number[]; side: RescanSide; measure: string; column: SQL },
) {
  const { scannerVersion, surfaceIds, side, measure, column } = input
  return db
    .insert(rescanRunCounts)
    .select(
      db
        .select({
          scannerVersion: sql<number>`${scannerVersion}`.as('scanner_version'),
          measure: sql<string>`${measure}`.as('measure'),
          key: sql<string>`${column}`.as('key'),
          ...sideColumns(side),
        })
        .from(surfaceFindings)
        .leftJoin(reviewItems, eq(reviewItems.id, surfaceFindings.reviewId))
        .where(and(inArray(surfaceFindings.surfaceId, surfaceIds), sql`coalesce(${reviewItems.status}, 'open') <> 'dismissed'`))
        .groupBy(column),
    )
    .onConflictDoUpdate(addedToSide(side))
}

/**
 * What a batch's surfaces hold on one side of their rescan, added to the run: their open findings
 * by severity and by class, the surfaces by risk; and their listings, whose risk before is kept
 * from the first batch that met them and whose risk after is rewritten by each.
 */
export function countStatements(
  db: DB,
  input: { scannerVersion: number; surfaceIds: number[]; serverIds: string[]; side: RescanSide },
): BatchItem<'sqlite'>[] {
  const { scannerVersion, surfaceIds, serverIds, side } = input
  const risk = sql<string>`coalesce(${serverSurfaces.risk}, 'none')`
  const statements: BatchItem<'sqlite'>[] = [
    findingCountStatement(db, { scannerVersion, surfaceIds, side, measure: 'severity', column: sql`${surfaceFindings.severity}` }),
    findingCountStatement(db, { scannerVersion, surfaceIds, side, measure: 'class', column: sql`${surfaceFindings.class}` }),
    db
      .insert(rescanRunCounts)
      .select(
        db
          .select({
            scannerVersion: sql<number>`${scannerVersion}`.as('scanner_version'),
            measure: sql<string>`'surface_risk'`.as('measure'),
            key: risk.as('key'),
            ...sideColumns(side),
          })
          .from(serverSurfaces)
          .where(inArray(serverSurfaces.id, surfaceIds))
          .groupBy(risk),
      )
      .onConflictDoUpdate(addedToSide(side)),
  ]
  const listingRisk = sql<string>`coalesce(${servers.risk}, 'none')`
  if (side === 'before') {
    statements.push(
      db
        .insert(rescanRunListings)
        .select(
          db
            .select({
              scannerVersion: sql<number>`${scannerVersion}`.as('scanner_version'),
              serverId: servers.id,
              riskBefore: listingRisk.as('risk_before'),
              riskAfter: listingRisk.as('risk_after'),
            })
            .from(servers)
            .where(inArray(servers.id, serverIds)),
        )
        .onConflictDoNothing(),
    )
  } else {
    statements.push(
      db
        .update(rescanRunListings)
        .set({ riskAfter: sql`(SELECT coalesce(s.risk, 'none') FROM ${servers} s WHERE s.id = ${rescanRunListings.serverId})` })
        .where(and(eq(rescanRunListings.scannerVersion, scannerVersion), inArray(rescanRunListings.serverId, serverIds))),
    )
  }
  return statements
}

/** Adds a batch's surfaces to the run, and marks it finished when `finished` (no surface is left), or open again when not. */
export function progressStatement(db: DB, input: { scannerVersion: number; rescanned: number; finished: boolean; at: string }) {
  const { scannerVersion, rescanned, finished, at } = input
  return db
    .update(rescanRuns)
    .set({
      surfacesRescanned: sql`${rescanRuns.surfacesRescanned} + ${rescanned}`,
      surfacesTotal: sql`max(${rescanRuns.surfacesTotal}, ${rescanRuns.surfacesRescanned} + ${rescanned})`,
      finishedAt: finished ? at : null,
    })
    .where(eq(rescanRuns.scannerVersion, scannerVersion))
}

/** Marks the run of `scannerVersion` finished if it is not: nothing is left to rescan. Writes no row when there is nothing to mark. */
export const finishRun = (db: DB, input: { scannerVersion: number; at: string }) =>
  db
    .update(rescanRuns)
    .set({ finishedAt: input.at })
    .where(and(eq(rescanRuns.scannerVersion, input.scannerVersion), isNull(rescanRuns.finishedAt)))

/** Runs shown to admins at most, the newest first. */
export const RESCAN_RUNS_SHOWN = 10

/** The newest runs with their counts and their listings' risk changes, in one round trip. */
export async function readRescanRuns(db: DB, limit = RESCAN_RUNS_SHOWN) {
  const newest = db.select().from(rescanRuns).orderBy(desc(rescanRuns.startedAt), desc(rescanRuns.scannerVersion)).limit(limit)
  const shown = sql`(SELECT ${rescanRuns.scannerVersion} FROM ${rescanRuns} ORDER BY ${rescanRuns.startedAt} DESC, ${rescanRuns.scannerVersion} DESC LIMIT ${limit})`
  const [runs, counts, listings] = await db.batch([
    newest,
    db.select().from(rescanRunCounts).where(sql`${rescanRunCounts.scannerVersion} IN ${shown}`),
    db
      .select({
        scannerVersion: rescanRunListings.scannerVersion,
        riskBefore: rescanRunListings.riskBefore,
        riskAfter: rescanRunListings.riskAfter,
        n: sql<number>`count(*)`,
      })
      .from(rescanRunListings)
      .where(sql`${rescanRunListings.scannerVersion} IN ${shown}`)
      .groupBy(rescanRunListings.scannerVersion, rescanRunListings.riskBefore, rescanRunListings.riskAfter),
  ])
  return { runs, counts, listings }
}

export type RescanRunRows = Awaited<ReturnType<typeof readRescanRuns>>
