/**
 * A tool's parameters as the quality checks read them: every property its input schema declares,
 * nested ones too (an object's properties, an array's items, each branch of anyOf/oneOf/allOf, the
 * schema of additionalProperties, $defs), each with a path a maintainer recognises
 * ('options.outputPath', 'sort[].field'). A schema is a stranger's input: the walk stops at the
 * depth a stored surface keeps and after a number of schemas and parameters, whatever the schema
 * holds (cycles cannot occur in JSON, but a surface built elsewhere could be huge or deep).
 */
import { DEFAULT_PROBE_BOUNDS } from '@mcp-catalogue/mcp-client'
import type { JsonValue, SurfaceTool } from '@shared/surface'

export type JsonObject = { [key: string]: JsonValue }

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * JSON levels below the input schema that a stored surface keeps: past them the probe's caps
 * (capJson, DEFAULT_PROBE_BOUNDS.maxDepth) replaced every object by {} and every array by [],
 * which would read as "untyped" when it is only "not kept". The walk reads no deeper, and what
 * sits at the edge is given the benefit of the doubt (isTyped). A surface built elsewhere, however
 * deep, is read to the same depth.
 */
export const KEPT_JSON_DEPTH = DEFAULT_PROBE_BOUNDS.maxDepth
/** Schemas visited per tool at most: the largest real tool shipped visits about 300; one that runs past is graded on what was read. */
export const MAX_SCHEMAS_VISITED = 2000
/** Parameters kept per tool at most (nested ones included). */
export const MAX_PARAMETERS = 500

/** One declared parameter: where it sits, and its schema as the server sent it (any JSON value, not always an object). */
export interface ToolParameter {
  path: string
  schema: JsonValue
  /** JSON levels from the input schema to this one ('properties', then the name: a top-level parameter is at 2). */
  depth: number
}

export interface ToolParameters {
  /** In the order the schema lists them, depth first; the same path may appear once per branch that declares it. */
  parameters: ToolParameter[]
  /** Whether a cap stopped the walk before the whole schema was read. */
  truncated: boolean
}

/** Keywords whose value is one schema describing the same value's parts, and how a path names what they hold. */
const ONE_SCHEMA: ReadonlyArray<[keyword: string, suffix: string]> = [
  ['items', '[]'],
  ['additionalProperties', '.*'],
]
/** Keywords whose value is a list of schemas for the same value. */
const BRANCHES = ['anyOf', 'oneOf', 'allOf']
/** Keywords whose value maps a definition's name to a schema ($ref's targets). */
const DEFINITIONS = ['$defs', 'definitions']

const memo = new WeakMap<SurfaceTool, ToolParameters>()

/**
 * Every parameter the tool's input schema declares, memoised per tool object (each check reads it).
 * @example toolParameters({ name: 't', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }).parameters // [{ path: 'q', schema: { type: 'string' } }]
 */
export function toolParameters(tool: SurfaceTool): ToolParameters {
  const known = memo.get(tool)
  if (known) return known
  const found: ToolParameters = { parameters: [], truncated: false }
  let visited = 0
  const at = (prefix: string, name: string) => (prefix === '' ? name : `${prefix}.${name}`)

  const visit = (schema: JsonValue | undefined, prefix: string, depth: number): void => {
    if (!isJsonObject(schema)) return
    if (depth >= KEPT_JSON_DEPTH || visited >= MAX_SCHEMAS_VISITED || found.parameters.length >= MAX_PARAMETERS) {
      found.truncated = true
      return
    }
    visited++
    const properties = schema.properties
    if (isJsonObject(properties)) {
      for (const [name, sub] of Object.entries(properties)) {
        if (found.parameters.length >= MAX_PARAMETERS || depth + 2 >= KEPT_JSON_DEPTH) {
          found.truncated = true
          break
        }
        const path = at(prefix, name)
        found.parameters.push({ path, schema: sub, depth: depth + 2 })
        visit(sub, path, depth + 2)
      }
    }
    for (const [keyword, suffix] of ONE_SCHEMA) visit(schema[keyword], `${prefix}${suffix}`, depth + 1)
    for (const keyword of ['items', 'prefixItems']) {
      const list = schema[keyword]
      if (Array.isArray(list)) for (const [i, sub] of list.entries()) visit(sub, `${prefix}[${i}]`, depth + 2)
    }
    for (const keyword of BRANCHES) {
      const branches = schema[keyword]
      if (Array.isArray(branches)) for (const branch of branches) visit(branch, prefix, depth + 2)
    }
    for (const keyword of DEFINITIONS) {
      const definitions = schema[keyword]
      if (isJsonObject(definitions)) for (const [name, sub] of Object.entries(definitions)) visit(sub, at(prefix, name), depth + 2)
    }
  }

  visit(tool.inputSchema, '', 0)
  memo.set(tool, found)
  return found
}

/**
 * Whether a parameter's schema says what kind of value it takes: a `type`, an `enum` or `const`, a
 * `$ref` to a definition, or branches (anyOf/oneOf: every branch; allOf: any branch) that do.
 * `{}`, `true`, a bare description, or a value that is not a schema at all say nothing. `depth`
 * is the schema's JSON depth below the input schema: where the stored surface emptied what the
 * schema held (KEPT_JSON_DEPTH), a list or branch it had counts as typed, since what it said is not known.
 * @example isTyped({ anyOf: [{ type: 'string' }, { type: 'null' }] }) // true
 * @example isTyped({ description: 'Any value' }) // false
 */
export function isTyped(schema: JsonValue, depth = 0): boolean {
  if (depth >= KEPT_JSON_DEPTH) return true
  if (!isJsonObject(schema)) return false
  const type = schema.type
  if (typeof type === 'string' && type !== '') return true
  if ('const' in schema) return true
  if (typeof schema.$ref === 'string' && schema.$ref !== '') return true
  const emptied = depth + 1 >= KEPT_JSON_DEPTH
  if (emptied && ['type', 'enum', 'anyOf', 'oneOf', 'allOf'].some((k) => Array.isArray(schema[k]))) return true
  if (Array.isArray(type) && type.length > 0 && type.every((t) => typeof t === 'string' && t !== '')) return true
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return true
  for (const keyword of ['anyOf', 'oneOf']) {
    const branches = schema[keyword]
    if (Array.isArray(branches) && branches.length > 0 && branches.every((b) => isTyped(b, depth + 2))) return true
  }
  const all = schema.allOf
  return Array.isArray(all) && all.some((b) => isTyped(b, depth + 2))
}

/** A schema's own description, trimmed; '' without one. */
export const descriptionOf = (schema: JsonValue): string =>
  isJsonObject(schema) && typeof schema.description === 'string' ? schema.description.trim() : ''

/** The distinct paths of these parameters, in order. */
export const pathsOf = (parameters: readonly ToolParameter[]): string[] => [...new Set(parameters.map((p) => p.path))]
