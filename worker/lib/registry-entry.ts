/**
 * Maps MCP registry `server.json` entries to catalogue servers (worker/db/imports.ts writes them).
 *
 * Two shapes arrive: the 2025 snake_case one (`version_detail`, packages with `registry_name` /
 * `name`, remotes with `transport_type`) and the current camelCase one (`version`, packages with
 * `registryType` / `identifier` / `transport`, remotes with `type`). Each is validated by the
 * rules of its own format: current entries by the registry's server.json schema, legacy ones
 * (which predate those limits) by the catalogue's own limits. A refused entry is reported with
 * its reason and never half-written.
 */
import { z } from 'zod'
import { parseGithubUrl } from '@shared/github-url'
import type { PostInstallInstruction } from '@shared/install/model'
import { isRemoteUrl, readPostInstallInstructions } from '@shared/install/source'
import { keywordTags } from '@shared/keywords'
import { LIMITS } from '@shared/limits'

export interface ImportedServer {
  /** The seed's own UUID, reused as the public id when the server is new. */
  sourceId: string | null
  registryName: string
  name: string
  displayName: string
  description: string
  author: string
  version: string
  icon: string | null
  githubUrl: string | null
  repoOwner: string | null
  tags: string[]
  packages: Array<Record<string, unknown>>
  remotes: Array<{ name: string; url: string; type?: string }>
  metadata: Record<string, unknown>
  status: 'active' | 'pending'
}

export type MapResult = { ok: true; server: ImportedServer } | { ok: false; name: string; reason: string }

// ---- validation: the registry's current server.json schema (2025-12-11) ----
const NAME_RE = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/
const input = z.object({ value: z.string().optional(), valueHint: z.string().optional() }).passthrough()
const positional = input.extend({ type: z.literal('positional') }).refine((a) => a.value !== undefined || a.valueHint !== undefined, {
  message: 'a positional argument needs a valueHint or a value',
})
const named = input.extend({ type: z.literal('named'), name: z.string() })
const argument = z.union([positional, named])
/**
 * A remote's or a transport's address: an http(s) URL, or (the registry draft,
 * modelcontextprotocol/registry#910) one that begins with a variable, `{baseUrl}/mcp`.
 */
const remoteUrl = z.string().refine(isRemoteUrl, 'must be an http(s) URL or begin with a {variable}')
const transport = z.union([
  z.object({ type: z.literal('stdio') }).passthrough(),
  z.object({ type: z.enum(['streamable-http', 'sse']), url: remoteUrl }).passthrough(),
])
const currentPackage = z
  .object({
    registryType: z.string(),
    identifier: z.string(),
    version: z
      .string()
      .min(1)
      .refine((v) => v !== 'latest', { message: "version must not be 'latest' (pin a release)" })
      .optional(),
    transport,
    packageArguments: z.array(argument).optional(),
    runtimeArguments: z.array(argument).optional(),
    environmentVariables: z.array(z.object({ name: z.string() }).passthrough()).optional(),
  })
  .passthrough()
const currentShape = z
  .object({
    name: z
      .string({ error: 'name is required' })
      .min(3)
      .max(200)
      .regex(NAME_RE, "name must look like 'namespace/name' with exactly one slash"),
    description: z.string({ error: 'description is required' }).min(1).max(100, 'description is longer than 100 characters'),
    version: z.string({ error: 'version is required' }).max(255),
    title: z.string().min(1).max(100).optional(),
    websiteUrl: z.string().url().optional(),
    repository: z
      .object({ url: z.string().url(), source: z.string(), subfolder: z.string().optional(), id: z.string().optional() })
      .optional(),
    icons: z.array(z.object({ src: z.string().url().max(255) }).passthrough()).optional(),
    packages: z.array(currentPackage).optional(),
    remotes: z.array(z.object({ type: z.enum(['streamable-http', 'sse']), url: remoteUrl }).passthrough()).optional(),
  })
  .passthrough()

// ---- validation: the 2025 snake_case shape, by the catalogue's own limits ----
const legacyPackage = z.union([
  z.string().min(1),
  z
    .object({ registry_name: z.string().optional(), name: z.string().min(1, 'a package needs a name'), version: z.string().optional() })
    .passthrough(),
])
const legacyShape = z
  .object({
    id: z.string().optional(),
    name: z
      .string({ error: 'name is required' })
      .min(1, 'name is required')
      .max(200)
      .regex(NAME_RE, "name must look like 'namespace/name' with exactly one slash"),
    // Seventy-odd real 2025 entries (Cloudflare's and ClickHouse's among them) have no
    // description; they are kept, with one derived from the name (see `common`).
    description: z.string().max(LIMITS.description, `description is longer than ${LIMITS.description} characters`).default(''),
    repository: z.object({ url: z.string().optional(), source: z.string().optional() }).passthrough().optional(),
    version_detail: z.object({ version: z.string().optional(), release_date: z.string().optional() }).passthrough().optional(),
    packages: z.array(legacyPackage).optional(),
    remotes: z.array(z.union([z.string(), z.object({ url: z.string(), transport_type: z.string().optional() }).passthrough()])).optional(),
  })
  .passthrough()

function isLegacy(entry: Record<string, unknown>): boolean {
  if ('version_detail' in entry) return true
  const pkgs = Array.isArray(entry.packages) ? entry.packages : []
  if (pkgs.some((p) => typeof p === 'string' || (p && typeof p === 'object' && ('registry_name' in p || 'name' in p)))) return true
  const remotes = Array.isArray(entry.remotes) ? entry.remotes : []
  return remotes.some((r) => r && typeof r === 'object' && 'transport_type' in r)
}

// ---- derivation ----
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** 'mcp-server-axiom' -> 'Axiom'; 'alibaba-cloud-ops-mcp-server' -> 'Alibaba Cloud Ops'. */
export function displayNameFrom(registryName: string): string {
  const last = registryName.split('/').pop() ?? registryName
  const core = last
    .replace(/^(?:mcp[-_.]?server[-_.]?|server[-_.]?mcp[-_.]?|mcp[-_.])/i, '')
    .replace(/(?:[-_.]mcp[-_.]server|[-_.]server[-_.]mcp|[-_.]mcp|[-_.]server)$/i, '')
  const words = (core || last).split(/[-_.\s]+/).filter(Boolean)
  return (
    words
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ')
      .slice(0, LIMITS.displayName) || last
  )
}

function namespaceOwner(registryName: string): string {
  const ns = registryName.split('/')[0] ?? ''
  const gh = /^io\.github\.(.+)$/i.exec(ns)
  return gh ? gh[1] : ns
}

function deriveTags(text: string, registryTypes: string[], remote: boolean): string[] {
  const tags = new Set<string>()
  for (const t of registryTypes) if (t && t !== 'unknown') tags.add(t.toLowerCase())
  if (remote) tags.add('remote')
  for (const t of keywordTags(text)) tags.add(t)
  return [...tags].slice(0, LIMITS.tags)
}

function common(
  registryName: string,
  description: string,
  repoUrl: string | undefined,
  parts: Pick<ImportedServer, 'sourceId' | 'version' | 'icon' | 'packages' | 'remotes' | 'metadata'> & { displayName?: string },
): ImportedServer {
  const ref = parseGithubUrl(repoUrl)
  const githubUrl = ref ? `https://github.com/${ref.owner}/${ref.repo}` : null
  const registryTypes = parts.packages.map((p) => String(p.registry_type ?? ''))
  const repoPart = registryName.split('/').pop() ?? ''
  const displayName = parts.displayName ?? displayNameFrom(registryName)
  const author = ref?.owner ?? namespaceOwner(registryName)
  const metadata = description.trim() ? parts.metadata : { ...parts.metadata, descriptionDerived: true }
  return {
    ...parts,
    registryName,
    name: registryName,
    displayName,
    description: description.trim() || `${displayName} MCP server by ${author}.`,
    author,
    metadata,
    version: (parts.version || '1.0.0').slice(0, LIMITS.version),
    githubUrl,
    repoOwner: ref ? ref.owner.toLowerCase() : null,
    tags: deriveTags(`${repoPart.replace(/[-_.]/g, ' ')} ${description}`, registryTypes, parts.remotes.length > 0),
    // A listing with no repository cannot be claimed or checked: it waits for an admin.
    status: githubUrl ? 'active' : 'pending',
  }
}

/** A post-install step as server.json writes it: optional fields left out rather than null. */
function stepJson(s: PostInstallInstruction): Record<string, unknown> {
  return {
    description: s.description,
    ...(s.command ? { command: s.command } : {}),
    ...(s.documentation ? { documentation: s.documentation } : {}),
    ...(s.optional ? { optional: true } : {}),
  }
}

/** A zod error as one line: the first issue, with where it is ("surfaces.3.readAt: ..."). */
export function issueText(error: z.ZodError): string {
  const issue = error.issues[0]
  const where = issue.path.length ? `${issue.path.join('.')}: ` : ''
  return `${where}${issue.message}`
}

/** Validates and maps one registry entry (either shape). */
export function mapRegistryEntry(raw: unknown): MapResult {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, name: '', reason: 'entry is not an object' }
  const entry = raw as Record<string, unknown>
  const label = typeof entry.name === 'string' ? entry.name : ''
  if (isLegacy(entry)) {
    const parsed = legacyShape.safeParse(entry)
    if (!parsed.success) return { ok: false, name: label, reason: issueText(parsed.error) }
    const e = parsed.data
    const packages = (e.packages ?? []).map((p) =>
      typeof p === 'string'
        ? { registry_type: 'npm', identifier: p, name: p, version: 'latest' }
        : { ...p, registry_type: p.registry_name ?? 'unknown', identifier: p.name, version: p.version || 'latest' },
    )
    const remotes = (e.remotes ?? []).map((r, i) =>
      typeof r === 'string'
        ? { name: `remote-${i + 1}`, url: r }
        : { name: r.transport_type ?? `remote-${i + 1}`, url: r.url, type: r.transport_type },
    )
    return {
      ok: true,
      server: common(e.name, e.description, e.repository?.url, {
        sourceId: e.id && UUID_RE.test(e.id) ? e.id.toLowerCase() : null,
        version: e.version_detail?.version ?? '',
        icon: null,
        packages,
        remotes,
        metadata: { registry: { format: '2025', releaseDate: e.version_detail?.release_date ?? null } },
      }),
    }
  }
  const parsed = currentShape.safeParse(entry)
  if (!parsed.success) return { ok: false, name: label, reason: issueText(parsed.error) }
  const e = parsed.data
  const packages = (e.packages ?? []).map((p) => {
    // The draft's post-install steps are kept as the install generator reads them (bounded, text,
    // documentation http(s) only), so what is stored is what is shown; none, the key is left out.
    const { postInstallInstructions: declared, ...rest } = p as typeof p & { postInstallInstructions?: unknown }
    const steps = readPostInstallInstructions(declared)
    return {
      ...rest,
      ...(steps.length ? { postInstallInstructions: steps.map(stepJson) } : {}),
      registry_type: p.registryType,
      identifier: p.identifier,
      name: p.identifier,
      version: p.version ?? 'latest',
    }
  })
  // Headers and URL variables are kept: install configurations are built from them.
  const remotes = (e.remotes ?? []).map((r) => ({ ...r, name: r.type, url: r.url, type: r.type }))
  const iconSrc = e.icons?.find((i) => /^https:\/\//i.test(i.src))?.src ?? null
  return {
    ok: true,
    server: common(e.name, e.description, e.repository?.url, {
      sourceId: null,
      displayName: e.title,
      version: e.version,
      icon: iconSrc,
      packages,
      remotes,
      metadata: {
        registry: { format: 'current', websiteUrl: e.websiteUrl ?? null, subfolder: e.repository?.subfolder ?? null },
      },
    }),
  }
}

/** An array of server.json entries, or a registry list response `{servers:[{server,_meta}]}`. */
export function entriesOf(doc: unknown): unknown[] {
  if (Array.isArray(doc)) return doc
  if (doc && typeof doc === 'object' && Array.isArray((doc as { servers?: unknown }).servers)) {
    return (doc as { servers: unknown[] }).servers.map((s) =>
      s && typeof s === 'object' && 'server' in s ? (s as { server: unknown }).server : s,
    )
  }
  if (doc && typeof doc === 'object' && 'name' in doc) return [doc]
  throw new Error('Not a registry document: expected an array of server.json entries or {servers:[...]}')
}

/** The registry's own facts about one entry (`_meta['io.modelcontextprotocol.registry/official']`). */
export interface OfficialMeta {
  status: 'active' | 'deprecated' | 'deleted'
  statusMessage: string | null
  publishedAt: string | null
  updatedAt: string | null
  /** Whether this entry is its server's latest version; legacy entries without facts count as latest. */
  isLatest: boolean
}

export interface RegistryItem {
  server: unknown
  meta: OfficialMeta
}

export interface RegistryPage {
  items: RegistryItem[]
  /** The cursor of the next page; null on the last one. */
  nextCursor: string | null
}

const OFFICIAL = 'io.modelcontextprotocol.registry/official'
const STATUSES = new Set(['active', 'deprecated', 'deleted'])

function officialMeta(raw: unknown): OfficialMeta {
  const o = (raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[OFFICIAL] : null) as Record<string, unknown> | null
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null)
  const status = str(o?.status)
  return {
    status: status && STATUSES.has(status) ? (status as OfficialMeta['status']) : 'active',
    statusMessage: str(o?.statusMessage)?.slice(0, 500) ?? null,
    publishedAt: str(o?.publishedAt),
    updatedAt: str(o?.updatedAt),
    isLatest: typeof o?.isLatest === 'boolean' ? o.isLatest : true,
  }
}

/**
 * One page of `GET /v0.1/servers`: its entries with the registry's facts, and the next cursor.
 * Entries in the 2025 shape arrive bare, with `_meta` inside them or none at all.
 * @example parseRegistryPage(await res.json()).nextCursor
 */
export function parseRegistryPage(doc: unknown): RegistryPage {
  if (!doc || typeof doc !== 'object' || !Array.isArray((doc as { servers?: unknown }).servers)) {
    throw new Error('not a registry list response: expected {servers:[...]}')
  }
  const { servers, metadata } = doc as { servers: unknown[]; metadata?: { nextCursor?: unknown } }
  const items = servers.map((s): RegistryItem => {
    const wrapped = s && typeof s === 'object' && 'server' in s
    const meta = s && typeof s === 'object' ? (s as { _meta?: unknown })._meta : undefined
    return { server: wrapped ? (s as { server: unknown }).server : s, meta: officialMeta(meta) }
  })
  const next = metadata?.nextCursor
  return { items, nextCursor: typeof next === 'string' && next ? next : null }
}
