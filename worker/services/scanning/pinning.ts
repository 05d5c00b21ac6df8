/**
 * The pinning check's answer: does a hash a client computed (of the whole surface, or of one
 * tool's definition) match a surface the catalogue has read or been declared for this listing?
 * With the matching surface's risk and findings (for a tool's hash, only that tool's and the
 * server's own), and the listing's current hash, so a client can tell 'changed since' from 'never
 * seen'. Null for a missing listing.
 */
import type { SurfaceCheckResponse } from '@shared/scan'
import type { PinningRead } from '../../db/scans'

export type PinningAnswer = Omit<SurfaceCheckResponse, 'serverId' | 'hash' | 'tool'>

export function pinningAnswer(read: PinningRead, tool: string | null): { status: string; answer: PinningAnswer } | null {
  const { listing, surface } = read
  if (!listing) return null
  return {
    status: listing.status,
    answer: {
      match: surface !== null,
      surface: surface && {
        ...surface,
        findings: surface.findings.filter((f) => !tool || f.item === tool || f.kind === 'server'),
      },
      current: { version: listing.version, hash: listing.hash },
    },
  }
}
