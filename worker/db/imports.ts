/** Writes mapped registry entries idempotently (the mapping and its rules: worker/lib/registry-entry.ts). */
import { eq, inArray, sql } from 'drizzle-orm'
import { type ImportedServer, mapRegistryEntry } from '../lib/registry-entry'
import { autoCategories, categoryRowStatements, humanChose, newCategoryRows } from './categories'
import type { DB } from './client'
import { servers, serverTags } from './schema'

export interface ImportReport {
  added: number
  updated: number
  refused: Array<{ index: number; name: string; reason: string }>
}

/** D1 allows 100 bound parameters per statement. */
export const PARAM_CHUNK = 90
const BATCH_SERVERS = 40

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/**
 * Writes entries idempotently: a server is found again by its registry name, else by its
 * repository when that listing has no registry name yet; found ones are updated (their likes,
 * stars and owner untouched), others inserted. Each server, its tags and its categories go in one
 * batch; categories a person chose are kept, others are classified again from the new fields.
 */
export async function importEntries(db: DB, entries: unknown[]): Promise<ImportReport> {
  const report: ImportReport = { added: 0, updated: 0, refused: [] }
  const mapped: ImportedServer[] = []
  const seen = new Set<string>()
  for (const [index, entry] of entries.entries()) {
    const result = mapRegistryEntry(entry)
    if (!result.ok) report.refused.push({ index, name: result.name, reason: result.reason })
    else if (seen.has(result.server.registryName)) {
      report.refused.push({ index, name: result.server.registryName, reason: 'duplicate name in this file' })
    } else {
      seen.add(result.server.registryName)
      mapped.push(result.server)
    }
  }

  const byName = new Map<string, string>()
  const byRepo = new Map<string, string>()
  /** Found listings whose categories a person chose. */
  const humanCategories = new Set<string>()
  for (const part of chunks(mapped, PARAM_CHUNK)) {
    const names = part.map((s) => s.registryName)
    const repos = part.map((s) => s.githubUrl).filter((u): u is string => !!u)
    const [named, repoRows] = await db.batch([
      db
        .select({ id: servers.id, registryName: servers.registryName, localEdits: servers.localEdits })
        .from(servers)
        .where(inArray(servers.registryName, names)),
      db
        .select({ id: servers.id, githubUrl: servers.githubUrl, localEdits: servers.localEdits })
        .from(servers)
        .where(sql`${servers.registryName} IS NULL AND ${inArray(servers.githubUrl, repos.length ? repos : [''])}`),
    ])
    for (const r of [...named, ...repoRows]) if (humanChose(r.localEdits)) humanCategories.add(r.id)
    for (const r of named) byName.set(r.registryName!, r.id)
    for (const r of repoRows) if (r.githubUrl) byRepo.set(r.githubUrl.toLowerCase(), r.id)
  }
  const takenIds = new Set<string>()
  for (const part of chunks(
    mapped.filter((s) => s.sourceId).map((s) => s.sourceId!),
    PARAM_CHUNK,
  )) {
    const rows = await db.select({ id: servers.id }).from(servers).where(inArray(servers.id, part))
    for (const r of rows) takenIds.add(r.id)
  }

  for (const part of chunks(mapped, BATCH_SERVERS)) {
    const statements = []
    const now = new Date().toISOString()
    for (const s of part) {
      const fields = {
        registryName: s.registryName,
        name: s.name,
        displayName: s.displayName,
        description: s.description,
        author: s.author,
        version: s.version,
        icon: s.icon,
        githubUrl: s.githubUrl,
        repoOwner: s.repoOwner,
        tags: s.tags,
        packages: s.packages,
        remotes: s.remotes,
        metadata: s.metadata,
        updatedAt: now,
      }
      const categories = autoCategories({ ...s, readmeText: null })
      let id = byName.get(s.registryName) ?? (s.githubUrl ? byRepo.get(s.githubUrl.toLowerCase()) : undefined)
      if (id) {
        report.updated++
        const kept = humanCategories.has(id)
        // An admin's decision (deleted) stands; a pending listing becomes active once it has a repository.
        statements.push(
          db
            .update(servers)
            .set({
              ...fields,
              ...(kept ? {} : { categories }),
              status: sql`CASE WHEN ${servers.status} = 'deleted' THEN 'deleted' ELSE ${s.status} END`,
            })
            .where(eq(servers.id, id)),
        )
        statements.push(db.delete(serverTags).where(eq(serverTags.serverId, id)))
        if (!kept) statements.push(...categoryRowStatements(db, id, categories, 'auto'))
      } else {
        report.added++
        id = s.sourceId && !takenIds.has(s.sourceId) ? s.sourceId : crypto.randomUUID()
        takenIds.add(id)
        statements.push(db.insert(servers).values({ id, ...fields, categories, status: s.status, source: 'import', createdAt: now }))
        statements.push(...newCategoryRows(db, id, categories, 'auto'))
      }
      if (s.tags.length) statements.push(db.insert(serverTags).values(s.tags.map((tag) => ({ serverId: id!, tag }))))
    }
    await db.batch(statements as [(typeof statements)[0], ...typeof statements])
  }
  return report
}
