/**
 * Every text of a surface that an AI client's model reads, one by one, with where it sits: the
 * server's own texts, and for each tool, prompt, resource and resource template its name, title,
 * description and every string inside its input and output schemas and annotations. The scanner's
 * rules run over these; a finding's `field` is the text's `field`.
 */
import type { SurfaceItemKind } from '@shared/scan'
import type { JsonValue, Surface, SurfaceTool } from '@shared/surface'

/** What a text is to the model: rules choose the roles they read. */
export type TextRole =
  | 'name'
  | 'title'
  | 'description'
  | 'instructions'
  | 'version'
  | 'annotation-title'
  | 'schema-title'
  | 'schema-description'
  | 'property-name'
  | 'enum'
  | 'default'
  | 'example'
  | 'const'
  /** Any other string inside a schema (a pattern, an unknown keyword's value). */
  | 'schema-string'
  /** `type`, `format`, `$schema`, `$ref`, `$id`: keywords whose values only a schema reader uses. */
  | 'schema-keyword'
  | 'argument-name'
  | 'argument-description'
  | 'uri'
  | 'mime'

export const TEXT_ROLES: readonly TextRole[] = [
  'name',
  'title',
  'description',
  'instructions',
  'version',
  'annotation-title',
  'schema-title',
  'schema-description',
  'property-name',
  'enum',
  'default',
  'example',
  'const',
  'schema-string',
  'schema-keyword',
  'argument-name',
  'argument-description',
  'uri',
  'mime',
]

/** One text a model reads. */
export interface SurfaceText {
  kind: SurfaceItemKind
  /** The tool's (prompt's, resource's) name; null for the server's own texts. */
  item: string | null
  /** A dotted path from the item, as a Finding's `field`. */
  field: string
  role: TextRole
  text: string
  /** For a property name or a prompt argument's name: whether the schema (or the argument) requires it. */
  required?: boolean
  /** For a property name or a prompt argument's name: its description, which says what the parameter is for. */
  note?: string
}

/** Nesting followed inside one schema; surfaces are capped at 16 already, this guards a surface built elsewhere. */
const MAX_SCHEMA_DEPTH = 40
/** Texts yielded per item at most: a capped surface stays far below, an uncapped one cannot run away. */
const MAX_TEXTS_PER_ITEM = 5000

type JsonObject = { [key: string]: JsonValue }

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Keywords whose value is a map from a name to a schema; the names of `properties` are property names. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'])
/** Keywords whose value is one schema. */
const SCHEMA_ONE = new Set([
  'items',
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'contentSchema',
])
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems'])
const SCHEMA_KEYWORDS = new Set([
  'type',
  'format',
  '$schema',
  '$ref',
  '$id',
  '$anchor',
  '$dynamicRef',
  'contentEncoding',
  'contentMediaType',
])

interface Budget {
  left: number
}

/** Every string inside a JSON value (a default, an example, an enum), each with its path. */
function* jsonStrings(
  kind: SurfaceItemKind,
  item: string | null,
  path: string,
  role: TextRole,
  value: JsonValue,
  depth: number,
  budget: Budget,
): Generator<SurfaceText> {
  if (budget.left <= 0 || depth > MAX_SCHEMA_DEPTH) return
  if (typeof value === 'string') {
    budget.left--
    yield { kind, item, field: path, role, text: value }
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* jsonStrings(kind, item, `${path}.${i}`, role, value[i], depth + 1, budget)
  } else if (isObject(value)) {
    for (const [key, entry] of Object.entries(value)) yield* jsonStrings(kind, item, `${path}.${key}`, role, entry, depth + 1, budget)
  }
}

/** Every text inside one JSON Schema, recursively: titles, descriptions, property names, enum values, defaults, examples, consts. */
function* schemaTexts(
  kind: SurfaceItemKind,
  item: string,
  path: string,
  schema: JsonValue | undefined,
  depth: number,
  budget: Budget,
): Generator<SurfaceText> {
  if (budget.left <= 0 || depth > MAX_SCHEMA_DEPTH) return
  if (Array.isArray(schema)) {
    // Old draft tuple form of `items`, or a value where a schema was expected: read its strings all the same.
    for (let i = 0; i < schema.length; i++) yield* schemaTexts(kind, item, `${path}.${i}`, schema[i], depth + 1, budget)
    return
  }
  if (!isObject(schema)) return
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [])
  for (const [key, value] of Object.entries(schema)) {
    const at = `${path}.${key}`
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      for (const [name, sub] of Object.entries(value)) {
        if (budget.left <= 0) return
        if (key === 'properties' || key === 'patternProperties') {
          budget.left--
          yield {
            kind,
            item,
            field: `${at}.${name}`,
            role: 'property-name',
            text: name,
            required: key === 'properties' && required.has(name),
            note: isObject(sub) && typeof sub.description === 'string' ? sub.description : undefined,
          }
        }
        yield* schemaTexts(kind, item, `${at}.${name}`, sub, depth + 1, budget)
      }
    } else if (SCHEMA_ONE.has(key)) {
      yield* schemaTexts(kind, item, at, value, depth + 1, budget)
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) yield* schemaTexts(kind, item, `${at}.${i}`, value[i], depth + 1, budget)
    } else if (key === 'title' && typeof value === 'string') {
      budget.left--
      yield { kind, item, field: at, role: 'schema-title', text: value }
    } else if ((key === 'description' || key === '$comment') && typeof value === 'string') {
      budget.left--
      yield { kind, item, field: at, role: 'schema-description', text: value }
    } else if (key === 'enum') {
      yield* jsonStrings(kind, item, at, 'enum', value, depth + 1, budget)
    } else if (key === 'const') {
      yield* jsonStrings(kind, item, at, 'const', value, depth + 1, budget)
    } else if (key === 'default') {
      yield* jsonStrings(kind, item, at, 'default', value, depth + 1, budget)
    } else if (key === 'examples' || key === 'example') {
      yield* jsonStrings(kind, item, at, 'example', value, depth + 1, budget)
    } else if (key === 'required') {
      // The names it lists are the properties' own names, read above.
    } else if (SCHEMA_KEYWORDS.has(key) && typeof value === 'string') {
      budget.left--
      yield { kind, item, field: at, role: 'schema-keyword', text: value }
    } else {
      yield* jsonStrings(kind, item, at, 'schema-string', value, depth + 1, budget)
    }
  }
}

function* toolTexts(tool: SurfaceTool): Generator<SurfaceText> {
  const budget: Budget = { left: MAX_TEXTS_PER_ITEM }
  const item = tool.name
  yield { kind: 'tool', item, field: 'name', role: 'name', text: tool.name }
  if (typeof tool.title === 'string') yield { kind: 'tool', item, field: 'title', role: 'title', text: tool.title }
  if (typeof tool.description === 'string') yield { kind: 'tool', item, field: 'description', role: 'description', text: tool.description }
  if (typeof tool.annotations?.title === 'string')
    yield { kind: 'tool', item, field: 'annotations.title', role: 'annotation-title', text: tool.annotations.title }
  yield* schemaTexts('tool', item, 'inputSchema', tool.inputSchema, 0, budget)
  yield* schemaTexts('tool', item, 'outputSchema', tool.outputSchema, 0, budget)
}

/**
 * Every text of a surface a model reads, in a fixed order: the server's, then each tool, prompt,
 * resource and resource template in the order the server listed them.
 *
 * @example for (const t of surfaceTexts(surface)) if (t.role === 'description') ...
 */
export function* surfaceTexts(surface: Surface): Generator<SurfaceText> {
  if (surface.serverInfo) {
    const info = surface.serverInfo
    if (typeof info.name === 'string') yield { kind: 'server', item: null, field: 'serverInfo.name', role: 'name', text: info.name }
    if (typeof info.title === 'string') yield { kind: 'server', item: null, field: 'serverInfo.title', role: 'title', text: info.title }
    if (typeof info.version === 'string')
      yield { kind: 'server', item: null, field: 'serverInfo.version', role: 'version', text: info.version }
  }
  if (typeof surface.instructions === 'string')
    yield { kind: 'server', item: null, field: 'instructions', role: 'instructions', text: surface.instructions }
  for (const tool of surface.tools ?? []) yield* toolTexts(tool)
  for (const prompt of surface.prompts ?? []) {
    const item = prompt.name
    yield { kind: 'prompt', item, field: 'name', role: 'name', text: prompt.name }
    if (typeof prompt.title === 'string') yield { kind: 'prompt', item, field: 'title', role: 'title', text: prompt.title }
    if (typeof prompt.description === 'string')
      yield { kind: 'prompt', item, field: 'description', role: 'description', text: prompt.description }
    const args = Array.isArray(prompt.arguments) ? prompt.arguments.slice(0, MAX_TEXTS_PER_ITEM) : []
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]
      if (typeof arg?.name === 'string')
        yield {
          kind: 'prompt',
          item,
          field: `arguments.${i}.name`,
          role: 'argument-name',
          text: arg.name,
          required: arg.required === true,
          note: typeof arg.description === 'string' ? arg.description : undefined,
        }
      if (typeof arg?.description === 'string')
        yield { kind: 'prompt', item, field: `arguments.${i}.description`, role: 'argument-description', text: arg.description }
    }
  }
  for (const resource of surface.resources ?? []) {
    const item = resource.name
    yield { kind: 'resource', item, field: 'name', role: 'name', text: resource.name }
    if (typeof resource.title === 'string') yield { kind: 'resource', item, field: 'title', role: 'title', text: resource.title }
    if (typeof resource.description === 'string')
      yield { kind: 'resource', item, field: 'description', role: 'description', text: resource.description }
    if (typeof resource.uri === 'string') yield { kind: 'resource', item, field: 'uri', role: 'uri', text: resource.uri }
    if (typeof resource.mimeType === 'string') yield { kind: 'resource', item, field: 'mimeType', role: 'mime', text: resource.mimeType }
  }
  for (const template of surface.resourceTemplates ?? []) {
    const item = template.name
    yield { kind: 'resourceTemplate', item, field: 'name', role: 'name', text: template.name }
    if (typeof template.title === 'string') yield { kind: 'resourceTemplate', item, field: 'title', role: 'title', text: template.title }
    if (typeof template.description === 'string')
      yield { kind: 'resourceTemplate', item, field: 'description', role: 'description', text: template.description }
    if (typeof template.uriTemplate === 'string')
      yield { kind: 'resourceTemplate', item, field: 'uriTemplate', role: 'uri', text: template.uriTemplate }
    if (typeof template.mimeType === 'string')
      yield { kind: 'resourceTemplate', item, field: 'mimeType', role: 'mime', text: template.mimeType }
  }
}
