/**
 * The rescan, every minute: after the rules change (SCANNER_VERSION), stored surfaces are scanned
 * again a bounded batch at a time (services/scanning/rescan.ts), so one invocation stays within
 * the platform's limits and the next continues where it stopped.
 */
import type { DB } from '../db/client'
import { rescanSurfaces } from '../services/scanning/rescan'

/** Surfaces scanned again per cron invocation after the rules changed. */
export const RESCAN_BATCH = 20

/** Returns how many surfaces were scanned again. */
export const rescanStaleSurfaces = (db: DB) => rescanSurfaces(db, { limit: RESCAN_BATCH })
