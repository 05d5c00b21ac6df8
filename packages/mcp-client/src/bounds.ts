import { canonicalJson } from './canonical'
import type {
  JsonValue,
  Surface,
  SurfacePrompt,
  SurfacePromptArgument,
  SurfaceResource,
  SurfaceResourceTemplate,
  SurfaceTool,
  ToolAnnotations,
} from './surface'

/** How much of a stranger's server one probe may read: time, pages, items, bytes, string sizes, depth. */
export interface ProbeBounds {
  /** Each HTTP request and each MCP request (connect, one page). */
  stepTimeoutMs: number
  /** The whole probe, every step and fallback included. */
  totalTimeoutMs: number
  /** Pages read per list (tools, prompts, resources, templates); a list with more is a protocol error. */
  maxPages: number
  /** Items kept per list; a server listing more is a protocol error. */
  maxItems: number
  /** Bytes read from one response body (the legacy SSE stream carries every answer, so it is its whole budget). */
  maxBytes: number
  /** Characters kept of any one string (descriptions, names, schema texts). */
  maxStringLength: number
  /** Nesting kept in a JSON value (schemas, capabilities, the Server Card); deeper becomes {} or []. */
  maxDepth: number
  /** The canonical JSON of the whole surface, in characters: what one stored row may hold. */
  maxSurfaceChars: number
}

/**
 * The bounds a probe runs with unless told otherwise. 30 s covers a cold start of a serverless
 * remote; 500 tools is above every real server seen; 1 M characters keeps a surface well inside
 * a D1 row (2 MB).
 */
export const DEFAULT_PROBE_BOUNDS: ProbeBounds = {
  stepTimeoutMs: 10_000,
  totalTimeoutMs: 30_000,
  maxPages: 10,
  maxItems: 500,
  maxBytes: 2 * 1024 * 1024,
  maxStringLength: 8 * 1024,
  maxDepth: 16,
  maxSurfaceChars: 1_000_000,
}

/** A surface (or a part of one) that cannot be used at all: the probe maps it to `protocol_error`. */
export class SurfaceError extends Error {
  override name = 'SurfaceError'
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

const cut = (text: string, bounds: ProbeBounds) => (text.length > bounds.maxStringLength ? text.slice(0, bounds.maxStringLength) : text)

/** A string field when the value is one (capped), else nothing: wrong types are dropped, not guessed. */
function optionalText(value: unknown, bounds: ProbeBounds): string | undefined {
  return typeof value === 'string' ? cut(value, bounds) : undefined
}

function requiredText(value: unknown, what: string, bounds: ProbeBounds): string {
  if (typeof value !== 'string' || value.length === 0) throw new SurfaceError(`${what} has no name`)
  return cut(value, bounds)
}

const optionalBoolean = (value: unknown) => (typeof value === 'boolean' ? value : undefined)

/**
 * Any JSON value from a stranger, made safe to keep: strings cut, arrays and objects at most
 * `maxItems` entries, nesting past `maxDepth` replaced by an empty object or array (for a JSON
 * Schema, "anything"), and what is not JSON (functions, non-finite numbers) dropped.
 *
 * @example capJson(tool.inputSchema, DEFAULT_PROBE_BOUNDS)
 */
export function capJson(value: unknown, bounds: ProbeBounds, depth = 0): JsonValue | undefined {
  if (value === null || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string') return cut(value, bounds)
  if (Array.isArray(value)) {
    if (depth >= bounds.maxDepth) return []
    return value.slice(0, bounds.maxItems).map((item) => capJson(item, bounds, depth + 1) ?? null)
  }
  if (isObject(value)) {
    if (depth >= bounds.maxDepth) return {}
    const out: Record<string, JsonValue> = {}
    for (const key of Object.keys(value).slice(0, bounds.maxItems)) {
      const item = capJson(value[key], bounds, depth + 1)
      if (item !== undefined) out[cut(key, bounds)] = item
    }
    return out
  }
  return undefined
}

function list(value: unknown, what: string, bounds: ProbeBounds): unknown[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw new SurfaceError(`${what} is not a list`)
  return value.slice(0, bounds.maxItems)
}

/** A list's items, each read by `read`; an item whose name was already seen is dropped, as a name must identify one item (or hashes per tool would lie). */
function items<T>(
  value: unknown,
  what: string,
  read: (item: unknown, bounds: ProbeBounds) => T,
  key: (item: T) => string,
  bounds: ProbeBounds,
): T[] {
  const seen = new Set<string>()
  return list(value, what, bounds)
    .map((item) => read(item, bounds))
    .filter((item) => !seen.has(key(item)) && seen.add(key(item)))
}

function entry(value: unknown, what: string): Json {
  if (!isObject(value)) throw new SurfaceError(`a ${what} is not an object`)
  return value
}

/** Only the fields of ToolAnnotations, each of its own type. */
function annotations(value: unknown, bounds: ProbeBounds): ToolAnnotations | undefined {
  if (!isObject(value)) return undefined
  const out: ToolAnnotations = {
    title: optionalText(value.title, bounds),
    readOnlyHint: optionalBoolean(value.readOnlyHint),
    destructiveHint: optionalBoolean(value.destructiveHint),
    idempotentHint: optionalBoolean(value.idempotentHint),
    openWorldHint: optionalBoolean(value.openWorldHint),
  }
  return withoutUndefined(out)
}

/** Leaves out absent fields, so the canonical JSON (and the hash) does not depend on how a field was left out. */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

function tool(value: unknown, bounds: ProbeBounds): SurfaceTool {
  const raw = entry(value, 'tool')
  return withoutUndefined({
    name: requiredText(raw.name, 'a tool', bounds),
    title: optionalText(raw.title, bounds),
    description: optionalText(raw.description, bounds),
    inputSchema: isObject(raw.inputSchema) ? capJson(raw.inputSchema, bounds) : undefined,
    outputSchema: isObject(raw.outputSchema) ? capJson(raw.outputSchema, bounds) : undefined,
    annotations: annotations(raw.annotations, bounds),
  })
}

function promptArgument(value: unknown, bounds: ProbeBounds): SurfacePromptArgument {
  const raw = entry(value, 'prompt argument')
  return withoutUndefined({
    name: requiredText(raw.name, 'a prompt argument', bounds),
    description: optionalText(raw.description, bounds),
    required: optionalBoolean(raw.required),
  })
}

function prompt(value: unknown, bounds: ProbeBounds): SurfacePrompt {
  const raw = entry(value, 'prompt')
  const args = raw.arguments === undefined ? undefined : list(raw.arguments, 'a prompt’s arguments', bounds)
  return withoutUndefined({
    name: requiredText(raw.name, 'a prompt', bounds),
    title: optionalText(raw.title, bounds),
    description: optionalText(raw.description, bounds),
    arguments: args?.map((arg) => promptArgument(arg, bounds)),
  })
}

function resource(value: unknown, bounds: ProbeBounds): SurfaceResource {
  const raw = entry(value, 'resource')
  if (typeof raw.uri !== 'string' || raw.uri.length === 0) throw new SurfaceError('a resource has no uri')
  return withoutUndefined({
    uri: cut(raw.uri, bounds),
    name: requiredText(raw.name, 'a resource', bounds),
    title: optionalText(raw.title, bounds),
    mimeType: optionalText(raw.mimeType, bounds),
    description: optionalText(raw.description, bounds),
  })
}

function resourceTemplate(value: unknown, bounds: ProbeBounds): SurfaceResourceTemplate {
  const raw = entry(value, 'resource template')
  if (typeof raw.uriTemplate !== 'string' || raw.uriTemplate.length === 0) {
    throw new SurfaceError('a resource template has no uriTemplate')
  }
  return withoutUndefined({
    uriTemplate: cut(raw.uriTemplate, bounds),
    name: requiredText(raw.name, 'a resource template', bounds),
    title: optionalText(raw.title, bounds),
    mimeType: optionalText(raw.mimeType, bounds),
    description: optionalText(raw.description, bounds),
  })
}

function serverInfo(value: unknown, bounds: ProbeBounds): Surface['serverInfo'] {
  if (!isObject(value) || typeof value.name !== 'string') return null
  return withoutUndefined({
    name: cut(value.name, bounds),
    version: typeof value.version === 'string' ? cut(value.version, bounds) : '',
    title: optionalText(value.title, bounds),
  })
}

/**
 * The one door for a surface from outside (a server's answers, the probe runner's POST): keeps
 * only the fields of `Surface`, each of its own type, with strings cut to `maxStringLength`,
 * JSON values capped in depth and size, lists at most `maxItems` long and items with a repeated
 * name dropped. Throws `SurfaceError` for what cannot be used (not an object, an item without a
 * name, a list that is not a list, a surface past `maxSurfaceChars`).
 *
 * @example const surface = toSurface(await c.req.json(), DEFAULT_PROBE_BOUNDS)
 */
export function toSurface(untrusted: unknown, bounds: ProbeBounds = DEFAULT_PROBE_BOUNDS): Surface {
  if (!isObject(untrusted)) throw new SurfaceError('the surface is not an object')
  const surface: Surface = {
    serverInfo: serverInfo(untrusted.serverInfo, bounds),
    capabilities: isObject(untrusted.capabilities) ? (capJson(untrusted.capabilities, bounds) ?? {}) : {},
    instructions: typeof untrusted.instructions === 'string' ? cut(untrusted.instructions, bounds) : null,
    tools: items(untrusted.tools, 'tools', tool, (t) => t.name, bounds),
    prompts: items(untrusted.prompts, 'prompts', prompt, (p) => p.name, bounds),
    resources: items(untrusted.resources, 'resources', resource, (r) => r.uri, bounds),
    resourceTemplates: items(untrusted.resourceTemplates, 'resource templates', resourceTemplate, (r) => r.uriTemplate, bounds),
  }
  const size = canonicalJson(surface).length
  if (size > bounds.maxSurfaceChars) {
    throw new SurfaceError(`the surface is ${size} characters, more than the ${bounds.maxSurfaceChars} kept`)
  }
  return surface
}
