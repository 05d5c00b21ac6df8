/**
 * A surface a maintainer declares for a listing's version (a server nobody can read without a
 * key): scanned for its texts like a read one (services/scanning/surface-scan.ts), then stored in
 * place of the one declared before, in one batch (db/probes.ts `storeDeclaredSurface`).
 */
import type { Surface, SurfaceHashes } from '@shared/surface'
import type { DB } from '../../db/client'
import { storeDeclaredSurface } from '../../db/probes'
import type { SelfSource } from '../scanning/catalogue'
import { declaredSurfaceFindings } from '../scanning/surface-scan'

/** @example await declareSurface(db, { serverId, version: server.version, surface, hashes: await hashSurface(surface) }) */
export async function declareSurface(
  db: DB,
  input: { serverId: string; version: string; surface: Surface; hashes: SurfaceHashes; now?: Date; listing?: SelfSource },
): Promise<void> {
  const { listing, ...declared } = input
  // The listing's row, when the caller holds it, tells the scan which listing this is (ScanSelf).
  await storeDeclaredSurface(db, { ...declared, findings: await declaredSurfaceFindings(db, input.surface, listing, input.now) })
}
