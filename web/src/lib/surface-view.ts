/**
 * What the Tools tab, the cards and the admin screen say about a server's surface, as pure
 * functions: a tool's parameters as table rows from its JSON Schema, the status line's sentences,
 * the health windows. Everything in a surface came from a stranger's server, so these return
 * strings for React text nodes, never markup, and they bound what they walk.
 */
import type {
  FailureCause,
  JsonValue,
  ListErrors,
  ProbeHealthWindow,
  ProbeOutcomeGroups,
  ProbeStatus,
  ProbeTransport,
  ServerToolsResponse,
  SurfaceComparison,
  SurfaceCoverage,
  SurfaceList,
} from '@shared/surface'
import { timeAgo } from './format'
import { shippedSentence } from './shipped-surface'

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

/** What the Tools tab says of a surface the maintainer declared, on the status line and on each tool. */
export const DECLARED_LABEL = 'Declared by the maintainer, not read by the catalogue'

const PACKAGE_KINDS: Record<string, string> = { npm: 'npm package', pypi: 'PyPI package', oci: 'OCI image' }

/**
 * The package a runner's probe names in its target, 'npm:@scope/name@1.2.3' (registry, identifier,
 * exact version: probe-runner/src/probe-package.ts), in words: its kind and version; null parts
 * for a target of another shape.
 */
export function packageOf(target: string | undefined): { kind: string | null; version: string | null } {
  const colon = target?.indexOf(':') ?? -1
  const kind = target && colon > 0 ? PACKAGE_KINDS[target.slice(0, colon)] : undefined
  if (!target || !kind) return { kind: null, version: null }
  const at = target.lastIndexOf('@')
  const version = at > colon + 1 ? target.slice(at + 1) : ''
  return { kind, version: version && version !== 'unversioned' ? version : null }
}

function readFrom(data: ServerToolsResponse, surface: NonNullable<ServerToolsResponse['surface']>, now: number): string {
  const ago = timeAgo(surface.readAt, now)
  if (surface.shipped) return shippedSentence(surface.shipped, surface.readAt)
  if (surface.source === 'package') {
    // The newest probe of a listing read from its package probed that package, whatever it found.
    const pkg = packageOf(data.lastProbe?.target)
    const parts = [`Read from the ${pkg.kind ?? 'package'} ${pkg.version ?? surface.version} (run by the catalogue, no network) ${ago}`]
    if (surface.protocolVersion) parts.push(`protocol ${surface.protocolVersion}`)
    return parts.join(', ')
  }
  if (surface.source === 'declared') return `${DECLARED_LABEL} (declared ${ago} for version ${surface.version})`
  const version = surface.surface.serverInfo?.version || surface.version
  const parts = [`Read from the server ${ago}`, version && `version ${version}`]
  if (surface.transport) parts.push(`over ${TRANSPORTS[surface.transport]}`)
  if (surface.protocolVersion) parts.push(`protocol ${surface.protocolVersion}`)
  return parts.filter(Boolean).join(', ')
}

/**
 * The status line: where the surface shown came from and when ('Read from the server 3 hours
 * ago, version 1.4.0, over Streamable HTTP, protocol 2025-11-25'; 'Read from the npm package
 * 1.2.3 (run by the catalogue, no network) 2 hours ago'; or, with nothing read, what the
 * maintainer declared), why the newest probe failed, and how often the server could not be
 * reached lately; 'Not read yet' when it never was.
 */
export function statusSentences(data: ServerToolsResponse, now = Date.now()): StatusSentence[] {
  const { surface, lastProbe, recent, declared } = data
  const out: StatusSentence[] = []
  if (surface) out.push({ text: readFrom(data, surface, now), problem: false })
  else if (declared)
    out.push({ text: `${DECLARED_LABEL} (declared ${timeAgo(declared.declaredAt, now)} for version ${declared.version})`, problem: false })
  if (!surface && !lastProbe) return out.length ? out : [{ text: 'Not read yet', problem: false }]
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

/** Tool names listed in one comparison sentence; the rest are counted. */
const NAMES_SHOWN = 10

function names(list: string[]): string {
  const shown = list.slice(0, NAMES_SHOWN).join(', ')
  return list.length > NAMES_SHOWN ? `${shown} and ${list.length - NAMES_SHOWN} more` : shown
}

/**
 * What the comparison of the surface read with the one declared says: that they match, or each
 * difference by tool name ('The server lists 2 tools the maintainer did not declare: x, y').
 * Differences are not problems of the server: they are told, not warned about.
 */
export function comparisonSentences(comparison: SurfaceComparison): string[] {
  if (comparison.equal) return ['What the server lists matches what its maintainer declared.']
  const { added, removed, changed } = comparison
  const out: string[] = []
  if (added.length) out.push(`The server lists ${toolCountText(added.length)} the maintainer did not declare: ${names(added)}`)
  if (removed.length) out.push(`The maintainer declared ${toolCountText(removed.length)} the server does not list: ${names(removed)}`)
  if (changed.length) {
    out.push(
      `${toolCountText(changed.length)} ${changed.length === 1 ? 'differs' : 'differ'} from what the maintainer declared: ${names(changed)}`,
    )
  }
  if (!out.length) out.push('The tools match what the maintainer declared; its prompts, resources or instructions differ.')
  return out
}

/**
 * The lists a server's list calls answer, as the maintainer declares them (PUT
 * /api/servers/:id/surface). A type, not an interface: the body's type is an open record.
 */
export type DeclaredLists = {
  tools: JsonValue[]
  prompts?: JsonValue
  resources?: JsonValue
  resourceTemplates?: JsonValue
  instructions?: JsonValue
}

const LIST_KEYS = ['prompts', 'resources', 'resourceTemplates', 'instructions'] as const

/**
 * What the maintainer pasted, as the body's `surface`: the result of tools/list (an object with a
 * `tools` list, optionally with the other lists beside it), a whole JSON-RPC answer holding one,
 * or a bare list of tools. Only the known lists are kept; their contents are the Worker's to
 * judge, which names each problem. An error says what is wrong with the text itself.
 * @example declaredLists('{"tools":[{"name":"echo"}]}') // { surface: { tools: [{ name: 'echo' }] } }
 */
export function declaredLists(text: string): { surface: DeclaredLists } | { error: string } {
  if (!text.trim()) return { error: 'Paste the JSON that tools/list returns, or choose a file holding it.' }
  let value: JsonValue
  try {
    value = JSON.parse(text) as JsonValue
  } catch (err) {
    return { error: `This is not valid JSON: ${(err as Error).message}` }
  }
  if (Array.isArray(value)) return { surface: { tools: value } }
  if (isObject(value) && isObject(value.result) && !('tools' in value)) value = value.result
  if (!isObject(value) || !Array.isArray(value.tools)) {
    return { error: 'The JSON needs a "tools" list, as tools/list returns it: {"tools": [...]}.' }
  }
  const surface: DeclaredLists = { tools: value.tools }
  for (const key of LIST_KEYS) if (key in value) surface[key] = value[key]
  return { surface }
}

/** The kinds of listing on the admin screen's coverage table, in words. */
export const COVERAGE_KINDS: Record<SurfaceCoverage['kind'], string> = {
  remote: 'Remote',
  npm: 'npm',
  pypi: 'PyPI',
  oci: 'OCI',
  other: 'Other',
}

/** Why a listing has no surface, in the middle of a sentence. */
const REASONS: Record<ProbeStatus | 'never', string> = {
  never: 'never probed',
  ok: 'read, nothing kept',
  auth_required: 'needs an API key',
  needs_config: 'needs configuration',
  unreachable: 'unreachable',
  timeout: 'timed out',
  protocol_error: 'protocol error',
  refused: 'address refused',
}

/**
 * Why listings have no surface, the commonest first: 'never probed 120, needs configuration 4';
 * an empty string when every listing has one.
 */
export function coverageReasons(reasons: SurfaceCoverage['reasons']): string {
  return (Object.entries(reasons) as Array<[ProbeStatus | 'never', number | undefined]>)
    .filter((entry): entry is [ProbeStatus | 'never', number] => (entry[1] ?? 0) > 0 && entry[0] in REASONS)
    .sort((a, b) => b[1] - a[1])
    .map(([why, n]) => `${REASONS[why]} ${n.toLocaleString('en-US')}`)
    .join(', ')
}

/**
 * A tool's note on the Tools tab when the surface read is compared with one declared: what the
 * maintainer did not declare, or declared otherwise; nothing for a tool both agree on.
 */
export function comparisonNote(comparison: SurfaceComparison | null, toolName: string): string | undefined {
  if (!comparison) return undefined
  if (comparison.added.includes(toolName)) return 'Not declared by the maintainer'
  if (comparison.changed.includes(toolName)) return 'Differs from what the maintainer declared'
  return undefined
}

/**
 * Why there is no surface to show, in a sentence after the status line's own, promising a read
 * only when one will come: the Worker's probe of a remote (the cron queues it), a probe runner
 * for a package (only where one runs), and nothing at all when probing is off or there is nothing
 * to read (`probing`, from the Worker's settings and the listing).
 */
export function missingExplained(data: ServerToolsResponse): string {
  const last = data.lastProbe
  if (last?.status === 'auth_required')
    return 'The catalogue never sends credentials, so it cannot list the tools of a server that asks for them.'
  if (last?.status === 'needs_config') {
    return last.transport === 'stdio' || !last.target.startsWith('http')
      ? 'Its package needs a setting only its users can give before it starts, so the catalogue cannot read it.'
      : 'Its address needs a value only its users can give, so the catalogue cannot read it.'
  }
  switch (data.probing) {
    case 'off':
      return 'Probing is off on this catalogue, so its tools are not read.'
    case 'none':
      return 'It has no remote or package the catalogue could read its tools from.'
    case 'runner':
      return last
        ? 'Its tools will show here once a probe runner has read its package.'
        : 'Its package is read only by a probe runner, and none has read it yet.'
    default:
      return last
        ? 'Its tools will show here once the catalogue has read them.'
        : 'Its tools, prompts and resources will show here once the catalogue has read them from the server.'
  }
}

/** A surface's lists, in words, in the order the Tools tab shows them. */
const LIST_WORDS: Record<SurfaceList, string> = {
  tools: 'tools',
  prompts: 'prompts',
  resources: 'resources',
  resourceTemplates: 'resource templates',
}

/**
 * The lists a surface was read without, each as one sentence with the server's own error (text:
 * a stranger wrote it): 'The server announced resources but did not list them: resources/list
 * failed: MCP error -32601: Method not found'. Empty when every list was read.
 */
export function listFailureSentences(listErrors: ListErrors | undefined): Array<{ list: SurfaceList; text: string }> {
  return (Object.keys(LIST_WORDS) as SurfaceList[])
    .filter((list) => listErrors?.[list])
    .map((list) => ({ list, text: `The server announced ${LIST_WORDS[list]} but did not list them: ${listErrors?.[list]}` }))
}

/** Why a probe failed, in the middle of a sentence: its cause, or its status where it named none. */
const CAUSE_WORDS: Record<FailureCause, string> = {
  package_not_found: 'package not found',
  version_not_found: 'version not found',
  dependency_not_found: 'dependency not found',
  registry_auth: 'registry credentials',
  certificate: 'certificate not trusted',
  network: 'registry unreachable',
  no_bin: 'no command to run',
  no_wheel: 'no wheel',
  client_missing: 'package client missing',
  no_exact_version: 'no exact version',
  not_plain: 'name or version refused',
  missing_variable: 'variable missing',
  crashed: 'crashed',
  output_cap: 'output past the cap',
  list_failed: 'a list failed',
}

const count = (n: number) => n.toLocaleString('en-US')

/** A kind's failures by cause, in the order given (FAILURE_CAUSES, then statuses): 'version not found 2, crashed 1'. */
export function failureGroups(failures: ProbeOutcomeGroups['failures']): string {
  return failures
    .map(
      ({ cause, listings }) =>
        `${cause in CAUSE_WORDS ? CAUSE_WORDS[cause as FailureCause] : (REASONS[cause as ProbeStatus] ?? cause)} ${count(listings)}`,
    )
    .join(', ')
}

/** A kind's needs_config listings with the variables most wanted: '4 (API_KEY 3, TENANT 1)'. */
export function needsConfigText(outcomes: ProbeOutcomeGroups): string {
  const wanted = outcomes.variables.map((v) => `${v.name} ${count(v.listings)}`).join(', ')
  return wanted ? `${count(outcomes.needsConfig)} (${wanted})` : count(outcomes.needsConfig)
}
