/**
 * Words for what the scanner finds (worker/shared/scan.ts), shared by the badge, the findings,
 * the Changes timeline, the review queue and the advisory's figures. Every level and severity is
 * said in words; colour only repeats it.
 */
import type { Finding, ItemChange, RiskLevel, ScanClass, Severity, StoredFinding, SurfaceDiff } from '@shared/scan'

export const RISK_LABEL: Record<RiskLevel, string> = {
  none: 'No known risk',
  low: 'Low risk',
  medium: 'Medium risk',
  high: 'High risk',
}

export const SEVERITY_LABEL: Record<Severity, string> = { low: 'Low', medium: 'Medium', high: 'High' }

/** What a risk badge's tooltip and screen-reader text add to its words. */
export const RISK_EXPLAINED = "from the catalogue's scan of its tools' descriptions"

/** A tone per level: neutral for none and low, amber for medium, red for high (AA contrast in both themes). */
export const RISK_TONE: Record<RiskLevel, string> = {
  none: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  low: 'border-zinc-300 bg-zinc-50 text-zinc-800 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100',
  medium: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  high: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
}

export const CLASS_LABEL: Record<ScanClass, string> = {
  invisible: 'Invisible characters',
  'deceptive-name': 'Deceptive names',
  'model-directed': 'Instructions to the model',
  secrets: 'Reaching for secrets',
  exfiltration: 'Sending data out',
  'hidden-bulk': 'Hidden bulk',
  'annotation-honesty': 'Dishonest hints',
  change: 'Risky changes',
}

const SEVERITY_RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 }

/** Open findings first, the most severe first; dismissed ones last. The order among equals is the Worker's. */
export function sortFindings<T extends StoredFinding>(findings: readonly T[]): T[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        Number(Boolean(a.f.review)) - Number(Boolean(b.f.review)) || SEVERITY_RANK[a.f.severity] - SEVERITY_RANK[b.f.severity] || a.i - b.i,
    )
    .map(({ f }) => f)
}

const KIND_WORD: Record<Finding['kind'], string> = {
  server: 'the server',
  tool: 'tool',
  prompt: 'prompt',
  resource: 'resource',
  resourceTemplate: 'resource template',
}

/** Where a finding sits, in words: 'tool search, inputSchema.properties.path.description'; 'the server, instructions'. */
export function findingPlace(f: Pick<Finding, 'kind' | 'item' | 'field'>): { item: string; field: string } {
  const item = f.kind === 'server' || f.item === null ? KIND_WORD.server : `${KIND_WORD[f.kind]} ${f.item}`
  return { item, field: f.field }
}

/** A hash as a client pins it: 'sha256:' and the hex. */
export function pinnedHash(hash: string): string {
  return hash.startsWith('sha256:') ? hash : `sha256:${hash}`
}

/** The first 12 hex digits of a hash, to tell versions apart at a glance. */
export function shortHash(hash: string): string {
  const hex = hash.replace(/^sha256:/, '')
  return hex.length > 12 ? `${hex.slice(0, 12)}…` : hex
}

const KIND_WORDS: Record<ItemChange['kind'], [string, string]> = {
  tool: ['tool', 'tools'],
  prompt: ['prompt', 'prompts'],
  resource: ['resource', 'resources'],
  resourceTemplate: ['resource template', 'resource templates'],
}

/** What changed, in one line: '2 tools changed, 1 prompt added', 'Instructions changed'. */
export function diffHeading(diff: SurfaceDiff): string {
  const byChange = new Map<string, { kind: ItemChange['kind']; change: ItemChange['change']; n: number }>()
  for (const item of diff.items) {
    const key = `${item.kind}|${item.change}`
    const seen = byChange.get(key)
    if (seen) seen.n += 1
    else byChange.set(key, { kind: item.kind, change: item.change, n: 1 })
  }
  const said = [...byChange.values()].map(({ kind, change, n }) => `${n} ${KIND_WORDS[kind][n === 1 ? 0 : 1]} ${change}`)
  if (diff.instructions) said.push('instructions changed')
  const line = said.length ? said.join(', ') : 'details changed'
  return line.charAt(0).toUpperCase() + line.slice(1)
}
