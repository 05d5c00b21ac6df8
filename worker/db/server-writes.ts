/**
 * Server writes. Each create and update is one D1 batch (one transaction): the server row, its
 * `server_tags` rows (kept in step with `servers.tags`) and a `server_revisions` row, so a
 * revision exists exactly when the write happened and tag filters never disagree with the row.
 *
 * A revision stores who and when, and the fields it changed: `before` holds their old values
 * (null for the registration), `after` their new values (every field for the registration).
 * Reverting a revision puts its `before` values back, as a new revision.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { parseGithubUrl } from '@shared/github-url'
import { readPostInstallInstructions, urlVariables } from '@shared/install/source'
import { normalizeTags, type ServerForm, type ServerUpdate } from '@shared/schemas'
import type { ServerRevision, ServerRevisionList, ServerStatus } from '@shared/types'
import { autoCategories, CATEGORIES_FIELD, CLASSIFIED_FIELDS, categoryRowStatements, humanChose, newCategoryRows } from './categories'
import type { DB } from './client'
import { SYNCED_FIELDS } from './imports'
import { refreshPackagesOfServer } from './packages'
import { pageInfo, pageOffset } from './paging'
import { type ServerRow, serverRevisions, servers, serverTags, users } from './schema'

/** The fields the form edits, and so the fields a revision records. */
export const EDITABLE_FIELDS = [
  'name',
  'displayName',
  'description',
  'author',
  'version',
  'icon',
  'githubUrl',
  'readmeText',
  'tags',
  'categories',
  'packages',
  'remotes',
  'metadata',
] as const
export type EditableField = (typeof EDITABLE_FIELDS)[number]
export type ServerSnapshot = Pick<ServerRow, EditableField>
export type ServerChanges = Partial<ServerSnapshot>

const pick = (row: ServerChanges, fields: readonly EditableField[]): ServerChanges =>
  Object.fromEntries(fields.map((f) => [f, row[f]])) as ServerChanges

/** Lower-cased repository owner of a github.com address: how an owner is recognised by login. */
export const repoOwnerOf = (githubUrl: string | null | undefined) => parseGithubUrl(githubUrl)?.owner.toLowerCase() ?? null

const emptyToNull = (v: string | null | undefined) => (v?.trim() ? v : null)

/**
 * The technical name when the form leaves it empty: `io.github.{owner}/{repo}` like registry
 * names, else a slug of the display name.
 */
export function defaultServerName(githubUrl: string | null, displayName: string, id: string): string {
  const ref = parseGithubUrl(githubUrl)
  if (ref) return `io.github.${ref.owner}/${ref.repo}`.toLowerCase()
  const slug = displayName
    .normalize('NFKD')
    // Accents come apart under NFKD; dropping the marks keeps 'ü' as 'u' rather than a gap.
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
  return slug || `server-${id.slice(0, 8)}`
}

/** Form values (validated) as the columns store them; fields not sent are left out. */
export function changesFromForm(input: ServerUpdate): ServerChanges {
  const out: ServerChanges = {}
  for (const field of EDITABLE_FIELDS) {
    const value = input[field]
    if (value === undefined) continue
    if (field === 'name' && !value) continue
    out[field] = (
      field === 'icon' || field === 'githubUrl' || field === 'readmeText' ? emptyToNull(value as string | null) : value
    ) as never
  }
  return out
}

type Loose = Record<string, unknown>

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : (v ?? ''))

/**
 * A value as the form sees it, so that a field sent back unchanged compares equal whatever shape
 * it was stored in (imported packages in camelCase or as strings, untrimmed or upper-case text).
 */
function comparable(field: EditableField, value: unknown): unknown {
  if (field === 'tags') return normalizeTags((value as string[]) ?? [])
  if (field === 'packages') {
    return ((value as unknown[]) ?? []).map((p) => {
      const o: Loose = typeof p === 'string' ? { identifier: p } : ((p ?? {}) as Loose)
      return {
        registry_type: text(o.registry_type ?? o.registryType),
        identifier: text(o.identifier ?? o.name),
        version: text(o.version),
        // The registry draft's post-install steps, as the install generator reads them.
        steps: readPostInstallInstructions(o.postInstallInstructions),
      }
    })
  }
  if (field === 'remotes') {
    return ((value as unknown[]) ?? []).map((r) => {
      const o: Loose = typeof r === 'string' ? { url: r } : ((r ?? {}) as Loose)
      const url = String(text(o.url))
      // The default and description of each `{variable}` the URL names, which the form edits.
      const declared = (o.variables && typeof o.variables === 'object' ? o.variables : {}) as Record<string, Loose | undefined>
      const variables = urlVariables(url).map((name) => [name, text(declared[name]?.default), text(declared[name]?.description)])
      return { name: text(o.name), url, variables }
    })
  }
  if (typeof value === 'string') return value.trim() || null
  return value ?? null
}

/** JSON with object keys sorted, so equal objects serialise equally whatever their key order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  )
}

/** The subset of `next` that differs from the stored row. */
export function diffServer(current: ServerSnapshot, next: ServerChanges): ServerChanges {
  const out: ServerChanges = {}
  for (const field of EDITABLE_FIELDS) {
    if (!(field in next)) continue
    if (stableJson(comparable(field, current[field])) !== stableJson(comparable(field, next[field]))) {
      out[field] = next[field] as never
    }
  }
  return out
}

function tagRows(serverId: string, tags: string[]) {
  return tags.map((tag) => ({ serverId, tag }))
}

/**
 * Registers a server (active at once) created by `userId`; returns its id. Categories the form
 * sends are the registrant's choice; without them the classifier chooses.
 */
export async function createServer(db: DB, input: ServerForm, userId: string): Promise<string> {
  const id = crypto.randomUUID()
  const githubUrl = emptyToNull(input.githubUrl)
  const fields: Omit<ServerSnapshot, 'categories'> = {
    name: input.name || defaultServerName(githubUrl, input.displayName, id),
    displayName: input.displayName,
    description: input.description,
    author: input.author,
    version: input.version,
    icon: emptyToNull(input.icon),
    githubUrl,
    readmeText: emptyToNull(input.readmeText),
    tags: input.tags,
    packages: input.packages,
    remotes: input.remotes,
    metadata: input.metadata,
  }
  const chosen = !!input.categories?.length
  const snapshot: ServerSnapshot = { ...fields, categories: chosen ? input.categories! : autoCategories(fields) }
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [
    db.insert(servers).values({
      ...snapshot,
      id,
      status: 'active',
      repoOwner: repoOwnerOf(githubUrl),
      createdBy: userId,
      localEdits: chosen ? [CATEGORIES_FIELD] : [],
    }),
  ]
  if (snapshot.tags.length) statements.push(db.insert(serverTags).values(tagRows(id, snapshot.tags)))
  statements.push(...newCategoryRows(db, id, snapshot.categories, chosen ? 'human' : 'auto'))
  statements.push(db.insert(serverRevisions).values({ id: crypto.randomUUID(), serverId: id, userId, before: null, after: snapshot }))
  await db.batch(statements)
  return id
}

/** Fields whose edit the sync and imports then leave alone: the registry's, and the categories. */
const KEPT_WHEN_EDITED: readonly string[] = [...SYNCED_FIELDS, CATEGORIES_FIELD]

/**
 * The category writes an update implies: a person's choice (kept from now on), else the
 * classifier's answer to the edited words when it differs from the stored one; null for none.
 */
function categoryUpdate(server: ServerRow, changes: ServerChanges): { categories: string[]; source: 'auto' | 'human' } | null {
  if (changes.categories) return { categories: changes.categories, source: 'human' }
  if (humanChose(server.localEdits) || !CLASSIFIED_FIELDS.some((f) => f in changes)) return null
  const categories = autoCategories({ ...server, ...changes })
  return JSON.stringify(categories) === JSON.stringify(server.categories) ? null : { categories, source: 'auto' }
}

/**
 * Writes `changes` (already diffed against `server`) with their revision. A new repository
 * clears the facts read from the old one (stars, avatar, licence); the next repository lookup
 * fills them again. Automatic categories follow edited words; the revision records only what the
 * person changed.
 */
export async function updateServer(db: DB, server: ServerRow, changes: ServerChanges, userId: string): Promise<void> {
  const fields = Object.keys(changes) as EditableField[]
  if (fields.length === 0) return
  // What a person changed here is theirs: the registry sync leaves these fields alone from now on.
  const localEdits = [...new Set([...server.localEdits, ...fields.filter((f) => KEPT_WHEN_EDITED.includes(f))])]
  const recategorise = categoryUpdate(server, changes)
  const set: Partial<ServerRow> = {
    ...changes,
    ...(recategorise ? { categories: recategorise.categories } : {}),
    localEdits,
    updatedAt: new Date().toISOString(),
  }
  if ('githubUrl' in changes) {
    Object.assign(set, { repoOwner: repoOwnerOf(changes.githubUrl), stars: 0, ownerAvatarUrl: null, license: null })
  }
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [db.update(servers).set(set).where(eq(servers.id, server.id))]
  if (changes.tags) {
    statements.push(db.delete(serverTags).where(eq(serverTags.serverId, server.id)))
    if (changes.tags.length) statements.push(db.insert(serverTags).values(tagRows(server.id, changes.tags)))
  }
  if (recategorise) statements.push(...categoryRowStatements(db, server.id, recategorise.categories, recategorise.source))
  statements.push(
    db.insert(serverRevisions).values({
      id: crypto.randomUUID(),
      serverId: server.id,
      userId,
      before: pick(server, fields),
      after: changes,
    }),
  )
  await db.batch(statements)
}

/** Soft delete and restore: only the status changes; nothing the server holds is removed. */
export async function setServerStatus(db: DB, serverId: string, status: ServerStatus): Promise<void> {
  await db.batch(serverStatusStatements(db, serverId, status))
}

/** The statements of a status change, for a caller that records more in the same batch (a review decision). */
export function serverStatusStatements(db: DB, serverId: string, status: ServerStatus) {
  // Packages count only live servers: their counts and scores change in the same batch.
  return [
    db.update(servers).set({ status, updatedAt: new Date().toISOString() }).where(eq(servers.id, serverId)),
    refreshPackagesOfServer(db, serverId),
  ] as const
}

/** One revision of one server, with its stored fields, or null. */
export async function getRevision(db: DB, serverId: string, revisionId: string) {
  const [row] = await db
    .select()
    .from(serverRevisions)
    .where(and(eq(serverRevisions.id, revisionId), eq(serverRevisions.serverId, serverId)))
    .limit(1)
  return row ?? null
}

/** A server's revisions, newest first, each with its author and the fields it changed. */
export async function listRevisions(db: DB, serverId: string, page: number, limit: number): Promise<ServerRevisionList> {
  const [rows, total] = await db.batch([
    db
      .select({
        id: serverRevisions.id,
        createdAt: serverRevisions.createdAt,
        before: serverRevisions.before,
        after: serverRevisions.after,
        username: users.login,
        avatarUrl: users.avatarUrl,
      })
      .from(serverRevisions)
      .leftJoin(users, eq(users.id, serverRevisions.userId))
      .where(eq(serverRevisions.serverId, serverId))
      // rowid (insertion order) breaks ties between revisions written in the same millisecond.
      .orderBy(desc(serverRevisions.createdAt), desc(sql`${serverRevisions}.rowid`))
      .limit(limit)
      .offset(pageOffset({ page, limit })),
    db.select({ n: count() }).from(serverRevisions).where(eq(serverRevisions.serverId, serverId)),
  ])
  const n = total[0]?.n ?? 0
  return {
    revisions: rows.map(
      (r): ServerRevision => ({
        id: r.id,
        createdAt: r.createdAt,
        kind: r.before ? 'update' : 'create',
        user: r.username ? { username: r.username, avatarUrl: r.avatarUrl } : null,
        changedFields: Object.keys(r.before ?? r.after),
        before: r.before,
        after: r.after,
      }),
    ),
    ...pageInfo(n, { page, limit }),
  }
}
