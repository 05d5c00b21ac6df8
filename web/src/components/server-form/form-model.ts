/**
 * The register / edit form's values, how they come from a server, and what is sent: validated
 * with the Worker's own zod schemas, so the form shows exactly the messages the API would give.
 * No DOM and no fetch here, so the browser tests can check these rules in Node.
 */

import { readPostInstallInstructions } from '@shared/install/source'
import { urlVariables } from '@shared/install/url-template'
import { LIMITS } from '@shared/limits'
import type { ServerDetail, SessionUser } from '@shared/types'
import {
  fieldErrors,
  fieldIssues,
  normalizeTags,
  type PostInstallStepInput,
  type ServerForm,
  type ServerUpdate,
  serverFormSchema,
  serverUpdateSchema,
} from '../../lib/schemas'

export interface PackageRow {
  registry_type: string
  identifier: string
  version: string
  /** The registry draft's post-install steps: shown beside the configuration, never run. Left out when none. */
  postInstallInstructions?: PostInstallStepInput[]
}

/** What the form keeps of one `{variable}` of a remote's URL. */
export interface RemoteVariable {
  default?: string
  description?: string
}

export interface RemoteRow {
  name: string
  /** An http(s) address, or one that begins with a variable (`{baseUrl}/mcp`, the registry draft's). */
  url: string
  /** Defaults and descriptions of the URL's `{variables}`; left out when none is given. */
  variables?: Record<string, RemoteVariable>
}

export interface FormValues {
  displayName: string
  description: string
  version: string
  author: string
  githubUrl: string
  icon: string
  tags: string[]
  /** Category slugs; none on registration means the classifier chooses. */
  categories: string[]
  packages: PackageRow[]
  remotes: RemoteRow[]
}

/** Field key ('displayName', 'packages.2.version', ...) to its message. */
export type FieldErrors = Record<string, string>

export const DEFAULT_VERSION = '1.0.0'

/** The specification's default author: the user's first name, else e-mail. */
export function defaultAuthor(user: SessionUser | null): string {
  return user?.firstName?.trim() || user?.email?.trim() || ''
}

export function emptyForm(user: SessionUser | null): FormValues {
  return {
    displayName: '',
    description: '',
    version: DEFAULT_VERSION,
    author: defaultAuthor(user),
    githubUrl: '',
    icon: '',
    tags: [],
    categories: [],
    packages: [],
    remotes: [],
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

/**
 * Post-install steps as the form edits them, read from what is stored by the install generator's
 * rule (bounded, documentation http(s) only), so the form shows what the Configuration tab shows.
 */
export function stepInputs(raw: unknown): PostInstallStepInput[] {
  return readPostInstallInstructions(raw).map((s) => ({
    description: s.description,
    ...(s.command ? { command: s.command } : {}),
    ...(s.documentation ? { documentation: s.documentation } : {}),
    ...(s.optional ? { optional: true } : {}),
  }))
}

/** Stored packages come in several shapes (registry snake_case, camelCase, plain strings). */
function packageRow(p: ServerDetail['packages'][number]): PackageRow {
  if (typeof p === 'string') return { registry_type: 'npm', identifier: p, version: '' }
  const steps = stepInputs(p.postInstallInstructions)
  return {
    registry_type: text(p.registry_type ?? p.registryType ?? p.registry_name),
    identifier: text(p.identifier ?? p.name),
    version: text(p.version ?? (p.version_detail as { version?: unknown } | undefined)?.version),
    ...(steps.length ? { postInstallInstructions: steps } : {}),
  }
}

/** The default and description of each variable the URL names, as stored; none, left out. */
export function remoteVariables(url: string, raw: unknown): Record<string, RemoteVariable> | undefined {
  const stored = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
  const out: Record<string, RemoteVariable> = {}
  for (const name of urlVariables(url)) {
    const v = stored[name]
    if (!v || typeof v !== 'object') continue
    const { default: def, description } = v as Record<string, unknown>
    const kept: RemoteVariable = {
      ...(typeof def === 'string' && def.trim() ? { default: def.trim() } : {}),
      ...(typeof description === 'string' && description.trim() ? { description: description.trim() } : {}),
    }
    if (Object.keys(kept).length) out[name] = kept
  }
  return Object.keys(out).length ? out : undefined
}

function remoteRow(r: ServerDetail['remotes'][number]): RemoteRow {
  if (typeof r === 'string') return { name: '', url: r }
  const url = text(r.url)
  const variables = remoteVariables(url, r.variables)
  return { name: text(r.name ?? r.type ?? r.transport_type), url, ...(variables ? { variables } : {}) }
}

export function formFromServer(server: ServerDetail): FormValues {
  return {
    displayName: server.displayName,
    description: server.description,
    version: server.version,
    author: server.author,
    githubUrl: server.githubUrl ?? '',
    icon: server.icon ?? '',
    tags: [...server.tags],
    categories: [...server.categories],
    packages: server.packages.map(packageRow),
    remotes: server.remotes.map(remoteRow),
  }
}

/** What the API takes; blank optional URLs are left out on create (absent, not ''). */
function payloadOf(v: FormValues) {
  return {
    displayName: v.displayName,
    description: v.description,
    version: v.version,
    author: v.author,
    githubUrl: v.githubUrl.trim() || undefined,
    icon: v.icon.trim() || undefined,
    tags: v.tags,
    categories: v.categories,
    packages: v.packages,
    remotes: v.remotes,
  }
}

type Payload = ReturnType<typeof payloadOf>

/**
 * The fields an edit changed. Only those are sent, so a field the user did not touch keeps its
 * stored value exactly (an imported package's extra keys, a legacy remote without a name).
 */
function changedFields(values: FormValues, initial: FormValues): Partial<Record<keyof Payload, unknown>> {
  const now = payloadOf(values)
  const before = payloadOf(initial)
  const changed: Partial<Record<keyof Payload, unknown>> = {}
  for (const key of Object.keys(now) as Array<keyof Payload>) {
    if (JSON.stringify(now[key]) !== JSON.stringify(before[key])) {
      // Clearing a URL on edit is sending '' (the schema stores it as empty).
      changed[key] = (key === 'githubUrl' || key === 'icon') && now[key] === undefined ? '' : now[key]
    }
  }
  return changed
}

/** A valid form as the body of the call it goes with (register or edit), or its field errors. */
export type Submission =
  | { ok: true; kind: 'create'; body: ServerForm }
  | { ok: true; kind: 'update'; body: ServerUpdate }
  | { ok: false; errors: FieldErrors }

/**
 * Validates and builds the request body. Create sends the whole form; edit only what changed;
 * a restricted owner only `{ githubUrl }` (the Worker refuses anything else from them).
 */
export function buildSubmission(values: FormValues, mode: 'create' | 'edit' | 'restricted', initial: FormValues): Submission {
  if (mode === 'create') {
    const payload = payloadOf(values)
    // No category ticked on registration: the Worker classifies the server.
    const result = serverFormSchema.safeParse({ ...payload, categories: payload.categories.length ? payload.categories : undefined })
    if (!result.success) return { ok: false, errors: fieldErrors(fieldIssues(result.error)) }
    return { ok: true, kind: 'create', body: result.data }
  }
  const candidate = mode === 'restricted' ? { githubUrl: values.githubUrl.trim() } : changedFields(values, initial)
  const result = serverUpdateSchema.safeParse(candidate)
  if (!result.success) return { ok: false, errors: fieldErrors(fieldIssues(result.error)) }
  return { ok: true, kind: 'update', body: result.data }
}

/** The order fields appear in, so focus goes to the first one with an error. */
export const FIELD_ORDER = [
  'displayName',
  'description',
  'version',
  'author',
  'githubUrl',
  'icon',
  'tags',
  'categories',
  'packages',
  'remotes',
]

export const fieldId = (key: string) => `field-${key.replace(/\./g, '-')}`
export const errorId = (key: string) => `${fieldId(key)}-error`

/**
 * Adds a tag. Empty, duplicate (tags are stored lower-case) or an eleventh tag is ignored, as
 * the specification says. The input's maxLength keeps a typed tag within 30 characters; a longer
 * repository topic is skipped rather than cut into a word nobody chose.
 */
export function addTag(tags: string[], input: string): string[] {
  const [tag] = normalizeTags([input])
  if (!tag || tag.length > LIMITS.tag || tags.includes(tag) || tags.length >= LIMITS.tags) return tags
  return [...tags, tag]
}
