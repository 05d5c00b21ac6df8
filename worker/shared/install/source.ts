/**
 * Reads a listing's packages and remotes as stored (both server.json shapes, see
 * worker/lib/importer.ts) into one declared model.
 *
 * The 2025 snake_case entries were written by hand before the format told runtime arguments
 * from package arguments and before `is_secret` existed, and it shows: Docker entries list
 * docker's own flags and the image among their package arguments, PyPI entries list uv's
 * options, named arguments carry their value inside the name ('--directory <path>'), values are
 * examples to replace ('YOUR_API_KEY'). Each is read for what it means, by the rules below, so
 * that the command built from it runs; current entries are read as declared.
 */
import { LIMITS } from '../limits'
import type {
  DeclaredArgument,
  DeclaredInput,
  DeclaredKeyValue,
  DeclaredPackage,
  DeclaredRemote,
  PostInstallInstruction,
  RemoteTransport,
} from './model'
import { HTTP_URL_RE, isHttpUrl, isRemoteUrl } from './url-template'

export { isRemoteUrl, servedUrl, TEMPLATED_URL_RE, urlVariables } from './url-template'

type Raw = Record<string, unknown>

const isObject = (v: unknown): v is Raw => !!v && typeof v === 'object' && !Array.isArray(v)

function str(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() ? v : null
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return null
}

function pick(raw: Raw, ...keys: string[]): unknown {
  for (const k of keys) if (raw[k] !== undefined && raw[k] !== null) return raw[k]
  return undefined
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/** Text that reads as an example to replace: '<path>', 'YOUR_API_KEY', '/path/to/x', '$REPO_DIR', '${input:key}'. */
const PLACEHOLDER = /<[^<>\n]+>|\$\{[^}]+\}|\$[A-Z][A-Z0-9_]+|\byour[-_ ]?[a-z]|\/path\/to\b|\bpath[-_ ]to\b|absolute[-_ ]?path/i

/** Whether a legacy value is an example to replace rather than a value to use. */
export function looksLikePlaceholder(text: string): boolean {
  return PLACEHOLDER.test(text)
}

const SECRET_WORDS = new Set([
  'KEY',
  'APIKEY',
  'TOKEN',
  'SECRET',
  'PASSWORD',
  'PASSWD',
  'PASS',
  'PWD',
  'CREDENTIAL',
  'CREDENTIALS',
  'PAT',
  'SIGNATURE',
  'COOKIE',
])
/** A name ending so names something about a secret, not the secret ('..._KEY_ID', '..._TOKEN_FILE_PATH'). */
const NOT_SECRET_ENDINGS = new Set(['ID', 'URL', 'URI', 'NAME', 'TYPE', 'HOST', 'PATH', 'FILE', 'DIR', 'ENV', 'REGION', 'USER', 'USERNAME'])

/**
 * Whether a variable's name says it holds a secret ('API_KEY', 'DB_PASSWORD', 'GITHUB_TOKEN').
 * Only for 2025 entries, which cannot say so themselves; current entries' `isSecret` is trusted.
 */
export function nameLooksSecret(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
  return words.some((w) => SECRET_WORDS.has(w)) && !NOT_SECRET_ENDINGS.has(words[words.length - 1] ?? '')
}

/** A version the runtime can pin: not empty, not 'latest', not a range. */
function pinnedVersion(v: unknown): string | null {
  const t = str(v)?.trim()
  if (!t || t.toLowerCase() === 'latest') return null
  return /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/.test(t) ? t : null
}

function readVariables(v: unknown, legacy: boolean): Record<string, DeclaredInput> {
  if (!isObject(v)) return {}
  const out: Record<string, DeclaredInput> = {}
  for (const [key, raw] of Object.entries(v)) if (isObject(raw)) out[key] = readInput(raw, legacy)
  return out
}

function readInput(raw: Raw, legacy: boolean): DeclaredInput {
  const required = pick(raw, 'isRequired', 'is_required')
  return {
    value: str(raw.value),
    default: str(raw.default),
    valueHint: str(pick(raw, 'valueHint', 'value_hint')),
    description: str(raw.description),
    // The 2025 format had no way to say a value was optional: what it lists, the server needs.
    isRequired: legacy ? required !== false : required === true,
    isSecret: pick(raw, 'isSecret', 'is_secret') === true,
    choices: list(raw.choices)
      .map(str)
      .filter((c): c is string => c !== null),
    format: str(raw.format)?.trim().toLowerCase() ?? null,
    example: str(raw.placeholder),
    variables: readVariables(raw.variables, legacy),
    placeholder: false,
  }
}

function readKeyValues(v: unknown, legacy: boolean): DeclaredKeyValue[] {
  const out: DeclaredKeyValue[] = []
  for (const raw of list(v)) {
    if (!isObject(raw)) continue
    const name = str(raw.name)?.trim()
    if (!name) continue
    const input = readInput(raw, legacy)
    if (legacy && pick(raw, 'isSecret', 'is_secret') === undefined) input.isSecret = nameLooksSecret(name)
    out.push({ ...input, name })
  }
  return out
}

function readCurrentArguments(v: unknown): DeclaredArgument[] {
  const out: DeclaredArgument[] = []
  for (const raw of list(v)) {
    if (!isObject(raw)) continue
    const type = raw.type === 'named' ? 'named' : 'positional'
    const name = type === 'named' ? (str(raw.name)?.trim() ?? null) : null
    if (type === 'named' && !name) continue
    out.push({ ...readInput(raw, false), type, name })
  }
  return out
}

/** A flag and its value in one string: '--directory <path>', '-e TOKEN', '-m pkg.cli'. */
const FLAG_AND_VALUE = /^(-{1,2}[^\s=]+)\s+([\s\S]+)$/
/** A flag joined to its value: '--api-key=YOUR_KEY'. */
const FLAG_IS_VALUE = /^(-{1,2}[^\s=]+)=([\s\S]+)$/

/**
 * 2025 arguments carry their value in `value` (and again in `default`, `value_hint` and `name`);
 * a named one holds its flag and value together. Each becomes a named argument (flag, value) or
 * a literal positional one. A value that is an example to replace is marked as such, and so is
 * any value of a flag whose name says secret ('--api-key'): such a value is never used as given.
 */
function readLegacyArguments(v: unknown): DeclaredArgument[] {
  const out: DeclaredArgument[] = []
  for (const raw of list(v)) {
    if (typeof raw === 'string' && raw.trim()) {
      out.push({ ...readInput({}, true), type: 'positional', name: null, value: raw.trim(), placeholder: looksLikePlaceholder(raw) })
      continue
    }
    if (!isObject(raw)) continue
    const base = readInput(raw, true)
    const name = str(raw.name)?.trim() ?? null
    let text = (base.value ?? base.default ?? (raw.type === 'named' ? name : base.valueHint))?.trim()
    if (!text) continue
    if (raw.type === 'named' && name && !text.startsWith(name)) text = `${name} ${text}`
    const split = FLAG_AND_VALUE.exec(text)
    const joined = split ? null : FLAG_IS_VALUE.exec(text)
    const arg: Pick<DeclaredArgument, 'type' | 'name' | 'value' | 'joined'> = split
      ? { type: 'named', name: split[1], value: split[2].trim() }
      : joined
        ? { type: 'named', name: joined[1], value: joined[2].trim(), joined: true }
        : { type: 'positional', name: null, value: text }
    const isSecret = base.isSecret || (arg.type === 'named' && nameLooksSecret(arg.name!))
    out.push({ ...base, ...arg, valueHint: null, default: null, isSecret, placeholder: isSecret || looksLikePlaceholder(arg.value!) })
  }
  return out
}

/** A Docker image reference: lower-case repository path, optional registry host, tag and digest. */
const IMAGE_PATH_PART = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*'
export const IMAGE_REF = new RegExp(
  `^(?:[a-z0-9][a-z0-9.-]*(?::\\d+)?/)?${IMAGE_PATH_PART}(?:/${IMAGE_PATH_PART})*` +
    '(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$',
)

const DOCKER_FLAGS = new Set([
  '-i',
  '--interactive',
  '--rm',
  '-e',
  '--env',
  '--env-file',
  '-v',
  '--volume',
  '-p',
  '--publish',
  '--name',
  '--network',
  '-t',
  '--tty',
  '--init',
])
const isDockerFlag = (a: DeclaredArgument) => DOCKER_FLAGS.has((a.type === 'named' ? a.name : a.value) ?? '')
const isEnvFlag = (a: DeclaredArgument) => a.type === 'named' && (a.name === '-e' || a.name === '--env')

/**
 * 2025 Docker entries spell out a whole `docker run`: docker's flags, the image, then the
 * server's own arguments. The first positional argument that is an image reference splits them;
 * without one, docker's flags mean all are docker's. `-e NAME=value` becomes a declared variable,
 * so its value is supplied like any other and never sits in the arguments.
 */
function readLegacyDocker(pkg: DeclaredPackage) {
  const args = pkg.packageArguments
  const at = args.findIndex((a) => a.type === 'positional' && a.value !== null && IMAGE_REF.test(a.value))
  let runtime: DeclaredArgument[]
  if (at >= 0) {
    runtime = args.slice(0, at)
    pkg.packageArguments = args.slice(at + 1)
    // The seed's version is the project's release, not an image tag: the image runs as named.
    pkg.identifier = args[at].value!
    pkg.version = null
  } else if (args.some(isDockerFlag)) {
    runtime = args
    pkg.packageArguments = []
  } else {
    runtime = []
  }
  const declared = new Set(pkg.environmentVariables.map((e) => e.name))
  pkg.runtimeArguments = runtime.map((a) => {
    if (!isEnvFlag(a) || !a.value) return a
    const eq = a.value.indexOf('=')
    const name = (eq < 0 ? a.value : a.value.slice(0, eq)).trim()
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return a
    if (!declared.has(name)) {
      declared.add(name)
      const example = eq < 0 ? null : a.value.slice(eq + 1).trim() || null
      const isSecret = nameLooksSecret(name)
      pkg.environmentVariables.push({
        ...readInput({}, true),
        name,
        default: isSecret ? null : example,
        isSecret,
        placeholder: example !== null && looksLikePlaceholder(example),
      })
    }
    return { ...a, value: name, placeholder: false }
  })
}

/** uv's own options, which 2025 PyPI entries list among the package's arguments. */
const UV_OPTIONS = new Set([
  '--directory',
  '--with',
  '--with-editable',
  '--with-requirements',
  '--python',
  '-p',
  '--from',
  '--project',
  '--index',
  '--index-url',
])

/**
 * 2025 PyPI entries list what follows `uvx` (or `uv run`): uv's options become runtime arguments,
 * and a first positional argument naming the package itself is the command uvx already runs.
 */
function readLegacyPypi(pkg: DeclaredPackage) {
  const uv = (a: DeclaredArgument) => a.type === 'named' && UV_OPTIONS.has(a.name ?? '')
  pkg.runtimeArguments = pkg.packageArguments.filter(uv)
  const rest = pkg.packageArguments.filter((a) => !uv(a))
  if (rest[0]?.type === 'positional' && rest[0].value === pkg.identifier) rest.shift()
  pkg.packageArguments = rest
}

function readTransport(v: unknown, legacy: boolean): DeclaredPackage['transport'] {
  if (!isObject(v) || (v.type !== 'streamable-http' && v.type !== 'sse')) return { type: 'stdio' }
  const url = str(v.url)
  if (!url) return { type: 'stdio' }
  return { type: v.type, url, headers: readKeyValues(v.headers, legacy) }
}

/**
 * One stored package, whichever shape, or null when it names nothing. A plain string names a
 * package but not its registry.
 */
export function readPackage(raw: unknown): DeclaredPackage | null {
  if (typeof raw === 'string') {
    const identifier = raw.trim()
    if (!identifier) return null
    const none = { runtimeHint: null, runtimeArguments: [], packageArguments: [], environmentVariables: [], postInstallInstructions: [] }
    return { registryType: 'unknown', identifier, version: null, ...none, transport: { type: 'stdio' }, legacy: true }
  }
  if (!isObject(raw)) return null
  const legacy = raw.registryType === undefined
  const identifier = str(pick(raw, 'identifier', 'name'))?.trim()
  if (!identifier) return null
  const pkg: DeclaredPackage = {
    registryType: (str(pick(raw, 'registryType', 'registry_type', 'registry_name')) ?? 'unknown').trim().toLowerCase(),
    identifier,
    version: pinnedVersion(raw.version),
    runtimeHint: str(pick(raw, 'runtimeHint', 'runtime_hint'))?.trim() ?? null,
    runtimeArguments: legacy ? readLegacyArguments(raw.runtime_arguments) : readCurrentArguments(raw.runtimeArguments),
    packageArguments: legacy ? readLegacyArguments(raw.package_arguments) : readCurrentArguments(raw.packageArguments),
    environmentVariables: readKeyValues(pick(raw, 'environmentVariables', 'environment_variables'), legacy),
    transport: readTransport(raw.transport, legacy),
    postInstallInstructions: readPostInstallInstructions(raw.postInstallInstructions),
    legacy,
  }
  if (legacy && pkg.runtimeArguments.length === 0) {
    if (pkg.registryType === 'docker' || pkg.registryType === 'oci') readLegacyDocker(pkg)
    else if (pkg.registryType === 'pypi') readLegacyPypi(pkg)
  }
  return pkg
}

function remoteType(declared: string | null, url: string): RemoteTransport {
  const t = declared?.toLowerCase()
  if (t === 'sse') return 'sse'
  if (t === 'streamable-http' || t === 'streamable_http' || t === 'http') return 'streamable-http'
  // 2025 entries may leave the transport empty; an endpoint ending in /sse is an SSE one.
  return /\/sse\/?(?:[?#].*)?$/i.test(url) ? 'sse' : 'streamable-http'
}

/** An http(s) page address as `URL` parses it, within the URL limit; else null. */
function pageUrl(v: unknown): string | null {
  const t = typeof v === 'string' ? v.trim() : ''
  return t && t.length <= LIMITS.url && HTTP_URL_RE.test(t) && isHttpUrl(t) ? t : null
}

/** Keeps `max` characters of a step's text, its line breaks and tabs as spaces (it is shown, never run). */
function stepText(v: unknown, max: number): string | null {
  if (typeof v !== 'string') return null
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const t = v.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim()
  return t ? t.slice(0, max) : null
}

/**
 * A package's post-install steps (the registry draft's `postInstallInstructions`,
 * modelcontextprotocol/registry#1364), bounded as the catalogue keeps them: at most
 * LIMITS.postInstallSteps, each with a description (steps without one are dropped), its text and
 * command cut to their limits, and a documentation page only when it is an http(s) address.
 * Everything is text for a person to read or copy; nothing here is ever run.
 * @example readPostInstallInstructions([{ description: 'Start the daemon', command: 'widget start' }])[0].optional // false
 */
export function readPostInstallInstructions(v: unknown): PostInstallInstruction[] {
  const out: PostInstallInstruction[] = []
  for (const raw of list(v)) {
    if (out.length >= LIMITS.postInstallSteps) break
    if (!isObject(raw)) continue
    const description = stepText(raw.description, LIMITS.postInstallDescription)
    if (!description) continue
    out.push({
      description,
      command: stepText(raw.command, LIMITS.postInstallCommand),
      documentation: pageUrl(raw.documentation),
      optional: raw.optional === true,
    })
  }
  return out
}

/**
 * One stored remote (an object of either shape, or a plain address), or null without a usable
 * address: an http(s) one, or (current entries, the registry draft) one that begins with a
 * variable, `{baseUrl}/mcp`, whose variables say what to fill in. Such a URL is a template, not an
 * address: whoever needs one to connect to resolves it (`servedUrl`) or asks for it (plan.ts).
 */
export function readRemote(raw: unknown): DeclaredRemote | null {
  const obj = isObject(raw) ? raw : { url: raw }
  const url = str(obj.url)?.trim()
  if (!url || !isRemoteUrl(url)) return null
  // Only current entries declare headers and variables, so they are read by its rules.
  return {
    type: remoteType(str(pick(obj, 'type', 'transport_type')), url),
    url,
    headers: readKeyValues(obj.headers, false),
    variables: readVariables(obj.variables, false),
  }
}
