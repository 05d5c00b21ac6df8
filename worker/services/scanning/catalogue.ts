/**
 * The listing being scanned as the scan knows it (ScanSelf): its names, the hosts of its own
 * service and its standing, from its row as db/scans.ts reads it in the batch that reads the scan's
 * basis (or as a route already holds it), so that telling the listing from the others costs no
 * round trip of its own.
 */
import type { SelfRow } from '../../db/scans'
import type { ScanSelf } from '../../lib/scan/rule-types'

/**
 * What ScanSelf is made of: a listing's row as db/scans.ts reads it (SelfRow, its standing worked
 * out), or a route's ServerRow, whose standing is worked out here from its parts.
 */
export interface SelfSource extends Omit<SelfRow, 'standing'> {
  /** db/scans.ts standingOf, when the read worked it out; else the row's parts below. */
  standing?: number
  stars?: number
  likeCount?: number
  createdAt?: string
}

/** A URL's host, lowercased, without 'www.'; null for what is not an http(s) address. */
function hostOf(url: unknown): string | null {
  if (typeof url !== 'string') return null
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null
    return parsed.hostname.toLowerCase().replace(/^www\./, '') || null
  } catch {
    return null
  }
}

/**
 * db/scans.ts standingOf in JavaScript, for a row read without it: stars, 10 per like, 1 per 30
 * days listed up to 60. The test of the read holds the two to one answer.
 */
export function standingFrom(row: { stars?: number; likeCount?: number; createdAt?: string }, now: Date): number {
  const created = row.createdAt ? Date.parse(row.createdAt) : Number.NaN
  const days = Number.isNaN(created) ? 0 : Math.min(Math.max(Math.floor((now.getTime() - created) / 86_400_000), 0), 1825)
  return (row.stars ?? 0) + 10 * (row.likeCount ?? 0) + Math.floor(days / 30)
}

/**
 * The listing as the scan knows it. Hosts: its remotes', its website's (the registry's
 * websiteUrl), and for a GitHub repository the owner's pages (owner.github.io) but not github.com
 * itself, which hosts everybody. Names: its technical and registry names, its title, its
 * repository (owner/name), and the server's own name and title (serverInfo) from the surface.
 */
export function selfOf(row: SelfSource, now: Date, serverNames: ReadonlyArray<string | null | undefined> = []): ScanSelf {
  const hosts = new Set<string>()
  for (const remote of row.remotes ?? []) {
    const host = hostOf(typeof remote === 'string' ? remote : (remote as { url?: unknown } | null)?.url)
    if (host) hosts.add(host)
  }
  const registry = row.metadata?.registry as { websiteUrl?: unknown } | undefined
  const website = hostOf(registry?.websiteUrl)
  if (website) hosts.add(website)
  const owner = /^https?:\/\/(?:www\.)?github\.com\/([\w.-]+)/i.exec(row.githubUrl ?? '')?.[1]
  if (owner) hosts.add(`${owner.toLowerCase()}.github.io`)
  const repository = /^https?:\/\/(?:www\.)?github\.com\/([\w.-]+\/[\w.-]+)/i.exec(row.githubUrl ?? '')?.[1]
  const names = [
    ...new Set([row.name, row.registryName, row.displayName, repository, ...serverNames].filter((n): n is string => Boolean(n))),
  ]
  return { id: row.id, names, hosts: [...hosts], standing: row.standing ?? standingFrom(row, now) }
}
