/**
 * The data file of surfaces shipped with the catalogue (data/package-surfaces-YYYY-MM-DD.json,
 * beside the registry snapshot): what the probe runner read from the snapshot's real packages,
 * written by `npm run coverage:packages -- --write` (scripts/package-coverage.ts) and loaded on
 * the first start by scripts/seed.ts (services/probing/shipped.ts stores each entry). Read here as
 * any file from outside: its shape checked field by field, its strings and counts bounded; each
 * surface stays untrusted and goes through the same caps as a runner's posted one.
 */
import { z } from 'zod'
import { RUNNER_FENCES } from '@shared/surface'
import { POSTED_CAPS } from './posted-surface'
import { issueText } from './registry-entry'

/** The format this module reads and the coverage script writes; another value is refused. */
export const SHIPPED_SURFACES_FORMAT = 'mcp-catalogue/package-surfaces@1'

/** Entries one file may hold: far above the snapshot's listings, far below what would swamp a seed. */
export const MAX_SHIPPED_SURFACES = 5000

const text = (max: number) => z.string().min(1).max(max)

const entrySchema = z.object({
  /** The listing as the snapshot names it: its registry name and version. */
  server: z.object({ name: text(200), version: text(256) }),
  /** The package read, as the runner names its target: 'npm:@scope/name@1.2.3'. */
  package: text(POSTED_CAPS.target),
  protocolVersion: text(POSTED_CAPS.protocolVersion).nullable(),
  readAt: z.iso.datetime(),
  durationMs: z.number().int().min(0).max(86_400_000),
  runner: z.object({ version: text(64), fence: z.enum(RUNNER_FENCES) }),
  /** Untrusted: read by `readPostedSurface` when stored. */
  surface: z.record(z.string(), z.unknown()),
  /** The announced lists the runner could not read (each empty in `surface`); capped as a posted result's are when stored. */
  listErrors: z.record(z.string(), z.string()).optional(),
})

const fileSchema = z.object({
  format: z.literal(SHIPPED_SURFACES_FORMAT),
  /** The registry snapshot whose listings were read (a file name in data/). */
  snapshot: text(200),
  writtenAt: z.iso.datetime(),
  surfaces: z.array(entrySchema).max(MAX_SHIPPED_SURFACES),
})

export type ShippedSurfaces = z.infer<typeof fileSchema>
export type ShippedSurface = ShippedSurfaces['surfaces'][number]

/** A data file that is not one: the message says where and what, for the operator to fix. */
export class ShippedSurfacesError extends Error {}

/**
 * The file's content checked, or ShippedSurfacesError naming the first thing wrong ('surfaces.2.readAt: Invalid ISO datetime').
 * @example const file = readShippedSurfaces(JSON.parse(await readFile(path, 'utf8')))
 */
export function readShippedSurfaces(untrusted: unknown): ShippedSurfaces {
  const parsed = fileSchema.safeParse(untrusted)
  if (!parsed.success)
    throw new ShippedSurfacesError(`not a surfaces file of format ${SHIPPED_SURFACES_FORMAT}: ${issueText(parsed.error)}`)
  return parsed.data
}
