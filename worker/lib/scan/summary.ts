import type { Finding, SurfaceDiff } from '@shared/scan'

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** What a change's kind of item is called in a person's sentence. */
const KIND_WORDS: Record<string, string> = {
  tool: 'tool',
  prompt: 'prompt',
  resource: 'resource',
  resourceTemplate: 'resource template',
}

/**
 * The one line a dashboard entry, a feed entry and a review item say about a surface: what
 * changed (or that it was read for the first time), whether the version stayed the same, and how
 * many new findings of medium or above it brought.
 *
 * @example changeSummary(diff, 1, 4) // '1 tool changed, without a new version; 1 new finding'
 */
export function changeSummary(diff: SurfaceDiff | null, newFindings: number, toolCount: number): string {
  const parts: string[] = []
  if (!diff) parts.push(`First read: ${plural(toolCount, 'tool')}`)
  else {
    const byChange = new Map<string, number>()
    for (const item of diff.items) {
      const key = `${KIND_WORDS[item.kind] ?? item.kind}|${item.change}`
      byChange.set(key, (byChange.get(key) ?? 0) + 1)
    }
    const said = [...byChange].map(([key, n]) => {
      const [kind, change] = key.split('|')
      return `${plural(n, kind)} ${change}`
    })
    if (diff.instructions) said.push('instructions changed')
    if (said.length === 0) said.push('details changed')
    parts.push(`${said.join(', ')}${diff.withoutNewVersion ? ', without a new version' : ''}`)
  }
  if (newFindings > 0) parts.push(plural(newFindings, 'new finding'))
  return parts.join('; ')
}

/** A review item's title for a finding: where it is and what was found, short. */
export function findingTitle(finding: Finding): string {
  const where = finding.item === null ? 'the server' : `${KIND_WORDS[finding.kind] ?? finding.kind} ${finding.item}`
  const excerpt = finding.excerpt.length > 80 ? `${finding.excerpt.slice(0, 79)}…` : finding.excerpt
  return `${finding.rule} in ${where} (${finding.field}): ${excerpt}`
}

/**
 * What makes two findings the same for a person who reviewed one: the rule, where it is and what
 * it quotes. A finding about a change also names the change (the surfaces' hashes), so each
 * change is reviewed on its own; a finding in a text stays the same finding on the next surface
 * that still has that text, and keeps its review.
 */
export function findingKey(finding: Finding, change: { from: string | null; to: string } | null): string {
  const base = [finding.rule, finding.kind, finding.item ?? '', finding.field, finding.excerpt].join('\u0000')
  return finding.class === 'change' && change ? `${base}\u0000${change.from ?? ''}>${change.to}` : base
}
