/**
 * What the Tools tab, the cards and the admin screen say about a server's surface, as pure
 * functions: a tool's parameters as table rows from its JSON Schema, the status line's sentences,
 * the health windows. Everything in a surface came from a stranger's server, so these return
 * strings for React text nodes, never markup, and they bound what they walk.
 */
import type { JsonValue, ProbeHealthWindow, ProbeStatus, ProbeTransport, ServerToolsResponse } from '@shared/surface'

/** One row of a tool's parameters table. */
export interface ParameterRow {
  /** Nested properties are dotted ('options.limit'); items of an array of objects take '[]' ('files[].path'). */
  name: string
  type: string
  required: boolean
  description: string | null
  enumValues: string[] | null
  defaultValue: string | null
}

type JsonObject = { [key: string]: JsonValue }

/** Levels of nested properties shown below a tool's own parameters, and rows per tool. */
const MAX_DEPTH = 2
const MAX_ROWS = 100
/** Values of an enum shown, and characters of a default or an enum value. */
const MAX_ENUM = 50
const MAX_VALUE_CHARS = 200

const isObject = (v: JsonValue | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)
const text = (v: JsonValue | undefined) => (typeof v === 'string' && v.trim() ? v : null)

function clip(s: string): string {
  return s.length > MAX_VALUE_CHARS ? `${s.slice(0, MAX_VALUE_CHARS)}…` : s
}

/** A value as a person reads it in a cell: strings as they are, anything else as JSON. */
function formatValue(v: JsonValue): string {
  return clip(typeof v === 'string' ? v : JSON.stringify(v))
}

/** 'string', 'array of string', 'string or null', 'string (uri)': what a schema accepts, in words. */
export function schemaType(schema: JsonValue | undefined, depth = 0): string {
  if (!isObject(schema)) return 'any'
  const { type, items, format } = schema
  const union = schema.anyOf ?? schema.oneOf
  let name: string
  if (Array.isArray(type)) name = type.filter((t) => typeof t === 'string').join(' or ')
  else if (type === 'array') name = depth < MAX_DEPTH && isObject(items) ? `array of ${schemaType(items, depth + 1)}` : 'array'
  else if (typeof type === 'string') name = type
  else if (Array.isArray(union) && depth < MAX_DEPTH) name = [...new Set(union.map((s) => schemaType(s, depth + 1)))].join(' or ')
  else if ('const' in schema) name = `constant ${formatValue(schema.const)}`
  else if (Array.isArray(schema.enum) && schema.enum.length) name = schema.enum[0] === null ? 'null' : typeof schema.enum[0]
  else name = 'any'
  return typeof format === 'string' && name ? `${name} (${format})` : name || 'any'
}

function walk(schema: JsonValue | undefined, prefix: string, depth: number, rows: ParameterRow[]) {
  if (!isObject(schema) || !isObject(schema.properties)) return
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [])
  for (const [name, value] of Object.entries(schema.properties)) {
    if (rows.length >= MAX_ROWS) return
    const prop = isObject(value) ? value : {}
    rows.push({
      name: `${prefix}${name}`,
      type: schemaType(prop),
      required: required.has(name),
      description: text(prop.description),
      enumValues: Array.isArray(prop.enum) ? prop.enum.slice(0, MAX_ENUM).map(formatValue) : null,
      defaultValue: 'default' in prop ? formatValue(prop.default) : null,
    })
    if (depth >= MAX_DEPTH) continue
    walk(prop, `${prefix}${name}.`, depth + 1, rows)
    if (prop.type === 'array') walk(prop.items, `${prefix}${name}[].`, depth + 1, rows)
  }
}

/**
 * A tool's input schema as table rows: its properties in the order the server gave them, with
 * nested objects' properties below them (two levels), at most 100 rows.
 * @example parameterRows({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] })
 * // [{ name: 'q', type: 'string', required: true, description: null, enumValues: null, defaultValue: null }]
 */
export function parameterRows(schema: JsonValue | undefined): ParameterRow[] {
  const rows: ParameterRow[] = []
  walk(schema, '', 0, rows)
  return rows
}

const TRANSPORTS: Record<ProbeTransport, string> = {
  'streamable-http': 'Streamable HTTP',
  sse: 'HTTP+SSE',
  stdio: 'stdio',
}

/** Each status in a word or two: the admin screen's counts and its errors. */
export const STATUS_LABELS: Record<ProbeStatus, string> = {
  ok: 'Read',
  auth_required: 'Needs an API key',
  needs_config: 'Needs configuration',
  unreachable: 'Unreachable',
  timeout: 'Timed out',
  protocol_error: 'Protocol error',
  refused: 'Address refused',
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' })
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** '3 hours ago', 'just now'; a date that does not parse shows as it came. */
export function timeAgo(iso: string, now = Date.now()): string {
  const at = new Date(iso).getTime()
  if (Number.isNaN(at)) return iso
  const past = Math.max(0, now - at)
  for (const [unit, ms] of UNITS) if (past >= ms) return relative.format(-Math.floor(past / ms), unit)
  return 'just now'
}

/** One sentence of the status line; 'problem' ones are shown as a warning (with words, not colour alone). */
export interface StatusSentence {
  text: string
  problem: boolean
}

const NOT_REACHED: ProbeStatus[] = ['unreachable', 'timeout']

function failure(last: NonNullable<ServerToolsResponse['lastProbe']>): string | null {
  switch (last.status) {
    case 'auth_required':
      return 'Needs an API key to list its tools'
    case 'needs_config':
      return last.missingVariable ? `Needs configuration: ${last.missingVariable}` : 'Needs configuration to list its tools'
    case 'refused':
      return 'Its address is not one the catalogue may reach'
    case 'protocol_error':
      return last.error ? `Answered, but not as an MCP server should: ${last.error}` : 'Answered, but not as an MCP server should'
    default:
      return null
  }
}

/**
 * The status line: where the surface shown came from and when ('Read from the server 3 hours
 * ago, version 1.4.0, over Streamable HTTP, protocol 2025-11-25'), why the newest probe failed,
 * and how often the server could not be reached lately; 'Not read yet' when it never was.
 */
export function statusSentences(data: ServerToolsResponse, now = Date.now()): StatusSentence[] {
  const { surface, lastProbe, recent } = data
  if (!surface && !lastProbe) return [{ text: 'Not read yet', problem: false }]
  const out: StatusSentence[] = []
  if (surface) {
    const from = { remote: 'Read from the server', package: 'Read from its package', declared: 'Declared by its maintainer' }[
      surface.source
    ]
    const version = surface.surface.serverInfo?.version || surface.version
    const parts = [`${from} ${timeAgo(surface.readAt, now)}`, version && `version ${version}`]
    if (surface.transport) parts.push(`over ${TRANSPORTS[surface.transport]}`)
    if (surface.protocolVersion) parts.push(`protocol ${surface.protocolVersion}`)
    out.push({ text: parts.filter(Boolean).join(', '), problem: false })
  }
  const why = lastProbe && lastProbe.status !== 'ok' ? failure(lastProbe) : null
  if (why) out.push({ text: why, problem: true })
  const tries = recent.length || !lastProbe ? recent : [lastProbe]
  const missed = tries.filter((p) => NOT_REACHED.includes(p.status)).length
  if (missed > 0) {
    out.push({
      text:
        tries.length === 1 ? 'Could not be reached when last tried' : `Could not be reached in ${missed} of the last ${tries.length} tries`,
      problem: true,
    })
  }
  if (!out.length) out.push({ text: 'Not read yet', problem: false })
  return out
}

/** 'Up 98.5% (64 of 65 probes), median 120 ms', or null for a window without probes. */
export function healthSentence(window: ProbeHealthWindow): string | null {
  if (window.probes === 0) return null
  const up = Math.round((1000 * window.ok) / window.probes) / 10
  const median = window.medianMs === null ? '' : `, median ${Math.round(window.medianMs)} ms`
  return `Up ${up}% (${window.ok} of ${window.probes} probes)${median}`
}

/** '1 tool', '12 tools'. */
export function toolCountText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'tool' : 'tools'}`
}
