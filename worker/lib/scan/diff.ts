/**
 * What changed between two surfaces of one server: tools, prompts, resources and resource
 * templates added, removed, renamed or changed (descriptions word by word, schemas property by
 * property, annotations hint by hint), the instructions, and whether any version said so. Pure:
 * the same two surfaces always give the same diff, in the new surface's order.
 */
import type { AnnotationChange, DiffPart, ItemChange, SchemaChange, SurfaceDiff } from '@shared/scan'
import type { JsonValue, Surface, SurfacePrompt, SurfaceTool, ToolAnnotations } from '@shared/surface'
import { wordDiff } from './word-diff'

/** One side of a comparison: a stored surface and the listing version it belongs to. */
export interface VersionedSurface {
  surface: Surface
  listingVersion: string
}

type JsonObject = { [key: string]: JsonValue }

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value)

/** JSON with keys sorted, so equal values compare equal however a server ordered their keys. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonical(item))).join(',')}]`
  const record = value as Record<string, unknown>
  const entries = Object.keys(record)
    .sort()
    .filter((key) => record[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
  return `{${entries.join(',')}}`
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b)

/** How long a rendered value may be in a SchemaChange (the diff is shown, not stored for ever). */
const MAX_RENDERED = 600

const cut = (text: string) => (text.length > MAX_RENDERED ? `${text.slice(0, MAX_RENDERED - 1)}…` : text)

/** A JSON value as one short line: strings as they are, the rest as compact JSON. */
function render(value: JsonValue | undefined): string | undefined {
  if (value === undefined) return undefined
  return cut(typeof value === 'string' ? value : canonical(value))
}

/** A schema's type as a person reads it: 'string', 'string|null', 'any'. */
function typeOf(schema: JsonValue | undefined): string {
  if (!isObject(schema)) return 'any'
  const type = schema.type
  if (typeof type === 'string') return type
  if (Array.isArray(type)) return type.map(String).join('|')
  const union = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null
  if (union) return union.map((branch) => typeOf(branch)).join('|')
  if ('const' in schema) return `const ${render(schema.const)}`
  if (Array.isArray(schema.enum)) return 'enum'
  return 'any'
}

/** An added or removed property as one line: its type, whether it is required, and its description. */
function summary(schema: JsonValue | undefined, required: boolean): string {
  const description = isObject(schema) && typeof schema.description === 'string' ? schema.description : ''
  return cut(`${typeOf(schema)}${required ? ', required' : ''}${description ? `: ${description}` : ''}`)
}

/** Keywords compared one by one; any other keyword that differs is reported as 'other'. */
const HANDLED = new Set(['type', 'description', 'enum', 'default', 'properties', 'required', 'items'])

const requiredOf = (schema: JsonValue | undefined): Set<string> =>
  new Set(
    isObject(schema) && Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [],
  )

const propertiesOf = (schema: JsonValue | undefined): JsonObject =>
  isObject(schema) && isObject(schema.properties) ? schema.properties : {}

const join = (path: string, name: string) => (path ? `${path}.${name}` : name)

/**
 * The differences between two versions of one schema node, its properties (dotted paths) and its
 * items ('files[]', 'files[].path'), appended to `out` in the new schema's order, removed
 * properties after the ones kept.
 */
function compareSchema(
  schema: SchemaChange['schema'],
  path: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  out: SchemaChange[],
) {
  if (same(before, after)) return
  const b = isObject(before) ? before : {}
  const a = isObject(after) ? after : {}
  const add = (change: SchemaChange['change'], from?: string, to?: string) => {
    const entry: SchemaChange = { schema, path, change }
    if (from !== undefined) entry.before = from
    if (to !== undefined) entry.after = to
    out.push(entry)
  }
  if (!same(b.type, a.type)) add('type', typeOf(b), typeOf(a))
  if (!same(b.description, a.description)) add('description', render(b.description), render(a.description))
  if (!same(b.enum, a.enum)) add('enum', render(b.enum), render(a.enum))
  if (!same(b.default, a.default)) add('default', render(b.default), render(a.default))
  const others = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => !HANDLED.has(key) && !same(b[key], a[key]))
  if (others.length > 0) {
    const side = (node: JsonObject) =>
      others
        .filter((key) => node[key] !== undefined)
        .map((key) => `${key}: ${render(node[key])}`)
        .join('; ')
    add('other', cut(side(b)) || undefined, cut(side(a)) || undefined)
  }
  const propsBefore = propertiesOf(b)
  const propsAfter = propertiesOf(a)
  const reqBefore = requiredOf(b)
  const reqAfter = requiredOf(a)
  for (const name of Object.keys(propsAfter)) {
    const child = join(path, name)
    if (!(name in propsBefore)) {
      out.push({ schema, path: child, change: 'added', after: summary(propsAfter[name], reqAfter.has(name)) })
      continue
    }
    if (reqBefore.has(name) !== reqAfter.has(name)) out.push({ schema, path: child, change: reqAfter.has(name) ? 'required' : 'optional' })
    compareSchema(schema, child, propsBefore[name], propsAfter[name], out)
  }
  for (const name of Object.keys(propsBefore)) {
    if (!(name in propsAfter))
      out.push({ schema, path: join(path, name), change: 'removed', before: summary(propsBefore[name], reqBefore.has(name)) })
  }
  // A property required but not declared (or the other way) still changes what a call must carry.
  for (const name of reqAfter)
    if (!reqBefore.has(name) && !(name in propsAfter)) out.push({ schema, path: join(path, name), change: 'required' })
  for (const name of reqBefore)
    if (!reqAfter.has(name) && !(name in propsBefore)) out.push({ schema, path: join(path, name), change: 'optional' })
  if (!same(b.items, a.items)) {
    const items = `${path}[]`
    if (b.items === undefined) out.push({ schema, path: items, change: 'added', after: summary(a.items, false) })
    else if (a.items === undefined) out.push({ schema, path: items, change: 'removed', before: summary(b.items, false) })
    else compareSchema(schema, items, b.items, a.items, out)
  }
}

/** Every difference between two tools' input and output schemas. */
export function schemaChanges(before: SurfaceTool, after: SurfaceTool): SchemaChange[] {
  const out: SchemaChange[] = []
  compareSchema('inputSchema', '', before.inputSchema, after.inputSchema, out)
  compareSchema('outputSchema', '', before.outputSchema, after.outputSchema, out)
  return out
}

const HINTS = ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const

/**
 * Whether a hint's change makes the tool promise less safety: it may now destroy (destructiveHint
 * turned on), write (readOnlyHint turned off), do something different when repeated
 * (idempotentHint turned off), or reach outside (openWorldHint turned on).
 */
function risky(hint: AnnotationChange['hint'], before: unknown, after: unknown): boolean {
  switch (hint) {
    case 'destructiveHint':
    case 'openWorldHint':
      return after === true && before !== true
    case 'readOnlyHint':
    case 'idempotentHint':
      return before === true && after !== true
    default:
      return false
  }
}

/**
 * Whether a hint's change makes the tool claim more safety than before: read-only turned on,
 * destructive turned off or dropped, a closed world claimed. Honest when the tool only reads; the
 * rug pull's other half when a destructive tool starts claiming to be read-only, so clients stop
 * asking before it runs.
 */
export function claimsSafer(hint: AnnotationChange['hint'], before: unknown, after: unknown): boolean {
  switch (hint) {
    case 'readOnlyHint':
      return after === true && before !== true
    case 'destructiveHint':
      return before === true && after !== true
    case 'openWorldHint':
      return after === false && before !== false
    default:
      return false
  }
}

/** Every annotation hint that differs, each marked risky (less safe) or not, and claimsSafer when it now claims more safety. */
export function annotationChanges(before: ToolAnnotations | undefined, after: ToolAnnotations | undefined): AnnotationChange[] {
  const out: AnnotationChange[] = []
  for (const hint of HINTS) {
    const from = before?.[hint] ?? null
    const to = after?.[hint] ?? null
    if (from === to) continue
    const change: AnnotationChange = { hint, before: from, after: to, risky: risky(hint, from, to) }
    if (claimsSafer(hint, from, to)) change.claimsSafer = true
    out.push(change)
  }
  return out
}

const text = (value: string | undefined | null) => value ?? ''

/** Fills in what differs in title and description; true when either does. */
function describe(change: ItemChange, before: { title?: string; description?: string }, after: { title?: string; description?: string }) {
  if (text(before.title) !== text(after.title)) change.title = { before: before.title ?? null, after: after.title ?? null }
  if (text(before.description) !== text(after.description)) change.description = wordDiff(text(before.description), text(after.description))
}

function toolChange(kind: 'changed' | 'renamed', before: SurfaceTool, after: SurfaceTool): ItemChange | null {
  const change: ItemChange = { kind: 'tool', change: kind, name: after.name }
  if (kind === 'renamed') change.previousName = before.name
  describe(change, before, after)
  const schema = schemaChanges(before, after)
  if (schema.length > 0) change.schema = schema
  const annotations = annotationChanges(before.annotations, after.annotations)
  if (annotations.length > 0) change.annotations = annotations
  if (kind === 'changed' && !change.title && !change.description && !change.schema && !change.annotations) {
    return same(before, after) ? null : { ...change, other: ['definition'] }
  }
  return change
}

/** A prompt's arguments, compared by name: 'arguments.city: added (required)', 'arguments.state.required: false → true'. */
function argumentChanges(before: SurfacePrompt, after: SurfacePrompt): string[] {
  const out: string[] = []
  const old = new Map((before.arguments ?? []).map((argument) => [argument.name, argument]))
  const now = new Map((after.arguments ?? []).map((argument) => [argument.name, argument]))
  for (const [name, argument] of now) {
    const was = old.get(name)
    if (!was) {
      out.push(`arguments.${name}: added${argument.required ? ' (required)' : ''}`)
      continue
    }
    if (Boolean(was.required) !== Boolean(argument.required))
      out.push(`arguments.${name}.required: ${Boolean(was.required)} → ${Boolean(argument.required)}`)
    if (text(was.description) !== text(argument.description)) out.push(`arguments.${name}.description`)
  }
  for (const name of old.keys()) if (!now.has(name)) out.push(`arguments.${name}: removed`)
  const order = (list: SurfacePrompt['arguments']) =>
    (list ?? []).map((argument) => argument.name).filter((name) => old.has(name) && now.has(name))
  if (out.length === 0 && !same(order(before.arguments), order(after.arguments))) out.push('arguments (order)')
  return out
}

function promptChange(kind: 'changed' | 'renamed', before: SurfacePrompt, after: SurfacePrompt): ItemChange | null {
  const change: ItemChange = { kind: 'prompt', change: kind, name: after.name }
  if (kind === 'renamed') change.previousName = before.name
  describe(change, before, after)
  const other = argumentChanges(before, after)
  if (other.length > 0) change.other = other
  if (kind === 'changed' && !change.title && !change.description && !change.other) return null
  return change
}

interface Listed {
  name: string
  title?: string
  mimeType?: string
  description?: string
}

function listedChange(kind: 'resource' | 'resourceTemplate', key: string, before: Listed, after: Listed): ItemChange | null {
  const change: ItemChange = { kind, change: 'changed', name: key }
  describe(change, before, after)
  const other = (['name', 'mimeType'] as const).filter((field) => text(before[field]) !== text(after[field]))
  if (other.length > 0) change.other = [...other]
  if (!change.title && !change.description && !change.other) return null
  return change
}

/** The share of two texts a word diff keeps: 1 for equal texts, 0 for texts with nothing in common. */
export function similarity(before: string, after: string): number {
  if (before === after) return 1
  const kept = wordDiff(before, after).reduce((sum, part) => sum + (part.op === 'same' ? part.text.length : 0), 0)
  return (2 * kept) / (before.length + after.length)
}

/** How close two descriptions must be (with the same schema or arguments) for a removed and an added item to be one renamed. */
export const RENAME_SIMILARITY = 0.6

/** The most description comparisons one list's rename pairing may make. */
export const MAX_RENAME_COMPARISONS = 2000

interface Named {
  name: string
  description?: string
}

/**
 * Pairs removed items with added ones that look like the same item under a new name: equal apart
 * from the name, or with the same `core` (input schema, arguments) and a close description. An
 * item with nothing to recognise it by (no description, an empty core) is never paired.
 */
function renames<T extends Named>(removed: T[], added: T[], core: (item: T) => unknown, empty: (item: T) => boolean): Map<string, T> {
  const pairs = new Map<string, T>()
  const taken = new Set<string>()
  const rest = new Map([...removed, ...added].map((item) => [item, canonical({ ...item, name: undefined })]))
  const cores = new Map([...removed, ...added].map((item) => [item, canonical(core(item))]))
  const candidates = added.filter((now) => text(now.description) || !empty(now))
  // Exact matches first, so a close match never takes the tool another one is identical to.
  for (const now of candidates) {
    const was = removed.find((item) => !taken.has(item.name) && rest.get(item) === rest.get(now))
    if (was) {
      pairs.set(now.name, was)
      taken.add(was.name)
    }
  }
  // Then close ones, within a budget of description comparisons (a server replacing hundreds of tools at once).
  let budget = MAX_RENAME_COMPARISONS
  for (const now of candidates) {
    if (pairs.has(now.name)) continue
    let best: T | null = null
    let score = 0
    for (const was of removed) {
      if (taken.has(was.name) || cores.get(was) !== cores.get(now) || budget-- <= 0) continue
      const close = similarity(text(was.description), text(now.description))
      if (close >= RENAME_SIMILARITY && close > score) {
        best = was
        score = close
      }
    }
    if (best) {
      pairs.set(now.name, best)
      taken.add(best.name)
    }
  }
  return pairs
}

/**
 * Compares two lists keyed by `key`: changed and added items in the new list's order (renamed ones
 * where `renamed` pairs them), then removed ones in the old list's order.
 */
function compareList<T extends { name: string }>(
  kind: ItemChange['kind'],
  before: T[],
  after: T[],
  key: (item: T) => string,
  changed: (kind: 'changed' | 'renamed', was: T, now: T) => ItemChange | null,
  renamed?: (removed: T[], added: T[]) => Map<string, T>,
): ItemChange[] {
  const old = new Map(before.map((item) => [key(item), item]))
  const now = new Map(after.map((item) => [key(item), item]))
  const removed = before.filter((item) => !now.has(key(item)))
  const added = after.filter((item) => !old.has(key(item)))
  const pairs = renamed ? renamed(removed, added) : new Map<string, T>()
  const paired = new Set([...pairs.values()].map(key))
  const out: ItemChange[] = []
  for (const item of after) {
    const was = old.get(key(item)) ?? pairs.get(item.name)
    if (!was) out.push({ kind, change: 'added', name: key(item) })
    else {
      const change = changed(old.has(key(item)) ? 'changed' : 'renamed', was, item)
      if (change) out.push(change)
    }
  }
  for (const item of removed) if (!paired.has(key(item))) out.push({ kind, change: 'removed', name: key(item) })
  return out
}

const hasProperties = (schema: JsonValue | undefined) => Object.keys(propertiesOf(schema)).length > 0

/**
 * What changed from one surface of a server to the next: per tool, prompt, resource (by URI) and
 * resource template (by URI template) added, removed, renamed-looking or changed, with word
 * diffs of descriptions and instructions, schema changes by property path and annotation changes
 * (risky ones marked); the server's declared version and the listing's version on both sides,
 * and `withoutNewVersion` when the surfaces differ yet neither version moved.
 *
 * @example diffSurfaces({ surface: old, listingVersion: '1.0.0' }, { surface: now, listingVersion: '1.0.0' })
 */
export function diffSurfaces(before: VersionedSurface, after: VersionedSurface): SurfaceDiff {
  const b = before.surface
  const a = after.surface
  const items = [
    ...compareList(
      'tool',
      b.tools,
      a.tools,
      (tool) => tool.name,
      toolChange,
      (removed, added) =>
        renames(
          removed,
          added,
          (tool) => tool.inputSchema ?? null,
          (tool) => !hasProperties(tool.inputSchema),
        ),
    ),
    ...compareList(
      'prompt',
      b.prompts,
      a.prompts,
      (prompt) => prompt.name,
      promptChange,
      (removed, added) =>
        renames(
          removed,
          added,
          (prompt) => prompt.arguments ?? [],
          (prompt) => (prompt.arguments ?? []).length === 0,
        ),
    ),
    ...compareList(
      'resource',
      b.resources,
      a.resources,
      (resource) => resource.uri,
      (_, was, now) => listedChange('resource', now.uri, was, now),
    ),
    ...compareList(
      'resourceTemplate',
      b.resourceTemplates,
      a.resourceTemplates,
      (template) => template.uriTemplate,
      (_, was, now) => listedChange('resourceTemplate', now.uriTemplate, was, now),
    ),
  ]
  const diff: SurfaceDiff = {
    serverVersion: { before: b.serverInfo?.version ?? null, after: a.serverInfo?.version ?? null },
    listingVersion: { before: before.listingVersion, after: after.listingVersion },
    withoutNewVersion: false,
    items,
    counts: { added: 0, removed: 0, renamed: 0, changed: 0 },
  }
  if (text(b.instructions) !== text(a.instructions)) diff.instructions = wordDiff(text(b.instructions), text(a.instructions))
  for (const item of items) diff.counts[item.change]++
  diff.withoutNewVersion =
    before.listingVersion === after.listingVersion && diff.serverVersion.before === diff.serverVersion.after && !same(b, a)
  return diff
}

/** True when a diff records no change at all to what the server offers (items or instructions). */
export function isEmptyDiff(diff: SurfaceDiff): boolean {
  return diff.items.length === 0 && !diff.instructions
}

/** The text a diff's parts rebuild on one side: 'before' (kept and removed) or 'after' (kept and added). */
export function diffSide(parts: readonly DiffPart[], side: 'before' | 'after'): string {
  const skip = side === 'before' ? 'added' : 'removed'
  return parts
    .filter((part) => part.op !== skip)
    .map((part) => part.text)
    .join('')
}
