/**
 * The scanner as the catalogue runs it, for the labelled set (test/scan-set/): each scan told, besides
 * the other listings' tool names, which listing offers each name (ScanContext.toolOwners: every
 * benign server of the set, by its name and package) and which listing it reads (ScanContext.self:
 * the server the surface is, or hosts the poisoned tool). Every listing stands alike and the scanned
 * one's standing is left unknown, so every other listing counts as more established: the harshest
 * reading for false alarms. `npm run eval:scan -- --scanner test/services/scanning/catalogue-scanner.ts`
 * prints the set's figures with it; catalogue-eval.test.ts holds them.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Surface } from '@shared/surface'
import { scanSurface as scan } from '../../../worker/lib/scan'
import type { ScanContext, ScanSelf, ToolOwner } from '../../../worker/lib/scan/rule-types'

/** What this module reads of a benign server of the set (test/worker/lib/scan/eval-metrics.ts BenignServer). */
interface BenignServer {
  source: { name: string; package: string; serverInfo?: { name: string; version: string; title?: string } | null }
  tools: Array<{ name: string }>
}

const SET = resolve(import.meta.dirname, '../../scan-set/benign')

export const benignSet: Record<string, BenignServer> = Object.fromEntries(
  readdirSync(SET)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(join(SET, name), 'utf8')) as BenignServer]),
)

/** Every benign server as a listing of the catalogue. */
const owners = new Map<string, ToolOwner[]>()
/** Which listing a surface is, by its server's name and version (poisoned surfaces keep their host's). */
const selves = new Map<string, ScanSelf>()
const keyOf = (info: { name: string; version: string } | null | undefined) => `${info?.name}@${info?.version}`
for (const [slug, server] of Object.entries(benignSet)) {
  const owner: ToolOwner = { id: slug, name: server.source.name, ref: server.source.package, standing: 100 }
  for (const tool of server.tools) {
    const list = owners.get(tool.name) ?? []
    if (!list.some((o) => o.id === slug)) list.push(owner)
    owners.set(tool.name, list)
  }
  const info = server.source.serverInfo
  const names = [server.source.name, server.source.package, info?.name ?? '', info?.title ?? ''].filter(Boolean)
  if (info) selves.set(keyOf(info), { id: slug, names, hosts: [] })
}

export const toolOwners: ReadonlyMap<string, readonly ToolOwner[]> = owners

/** scanSurface with the catalogue's context added to what the set's measuring passes. */
export function scanSurface(surface: Surface, context: ScanContext = {}) {
  const self = selves.get(keyOf(surface.serverInfo as { name: string; version: string } | null))
  return scan(surface, { ...context, toolOwners: owners, ...(self ? { self } : {}) })
}
