/**
 * From a listing's declared packages and remotes to install options: what runs, what it is
 * handed, and what the user must supply.
 */
import type {
  DeclaredArgument,
  DeclaredInput,
  DeclaredKeyValue,
  DeclaredPackage,
  DeclaredRemote,
  Input,
  InputKind,
  InstallOption,
  InstallPlan,
  NamedValue,
  Value,
} from './model'
import { noRuntime, runtimeFor } from './runtimes'
import { looksLikePlaceholder, readPackage, readRemote, TEMPLATED_URL_RE, urlVariables } from './source'

/** One version of a listing, as stored: its packages and remotes in either server.json shape. */
export interface InstallVersion {
  version: string
  packages: readonly unknown[]
  remotes: readonly unknown[]
}

/** A listing: its current version, and the others when known (a registry sync brings them). */
export interface InstallListing extends InstallVersion {
  name: string
  versions?: readonly InstallVersion[]
}

export interface PlanOptions {
  /** The listing version to configure; the current one by default. */
  version?: string
}

/**
 * The key a client file files the server under: the registry name's last part, in the letters,
 * digits, '-' and '_' that every client accepts.
 * @example serverKey('io.github.acme/widget') // 'widget'
 */
export function serverKey(name: string): string {
  const last = name.split('/').filter(Boolean).pop() ?? name
  const key = last
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 64)
  return /^[A-Za-z]/.test(key) ? key : `mcp-${key || 'server'}`
}

const upperSnake = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')

/** Collects an option's inputs, one id each. */
class Inputs {
  required: Input[] = []
  optional: Input[] = []
  private taken = new Set<string>()

  constructor(private readonly prefix: string) {}

  add(input: Omit<Input, 'id' | 'envName'>, hint: string, optional = false): string {
    const base =
      hint
        .replace(/[^A-Za-z0-9_.-]+/g, '_')
        .replace(/^[_.-]+|[_.-]+$/g, '')
        .slice(0, 48) || 'value'
    let id = base
    for (let n = 2; this.taken.has(id); n++) id = `${base}_${n}`
    this.taken.add(id)
    // A variable is read under its own name; anything else gets one that says whose it is.
    const envName = input.kind === 'env' ? id : upperSnake(`${this.prefix}_${id}`)
    ;(optional ? this.optional : this.required).push({ ...input, id, envName })
    return id
  }
}

/** Builds the values of one option, registering what the user must supply as it goes. */
class ValueBuilder {
  constructor(readonly inputs: Inputs) {}

  /**
   * The value to configure for a declared input, or null when it is optional and unset (then it
   * is only listed). A fixed value is used as given, `{variables}` resolved; anything else is
   * asked for, starting from the default (never a secret's).
   */
  valueOf(decl: DeclaredInput, kind: InputKind, label: string, hint: string): Value | null {
    if (decl.value !== null && !decl.placeholder) return this.template(decl.value, decl.variables, kind)
    const input = {
      label,
      kind,
      description: decl.description,
      isSecret: decl.isSecret,
      isRequired: decl.isRequired,
      // An example holding a variable of its own ('${input:path}') would be read by the client.
      default: decl.isSecret ? null : decl.placeholder ? (decl.value?.includes('${') ? null : decl.value) : decl.default,
      choices: decl.choices,
    }
    if (!decl.isRequired) {
      this.inputs.add(input, hint, true)
      return null
    }
    return [{ input: this.inputs.add(input, hint) }]
  }

  /** 'Bearer {token}' with a declared `token` -> ['Bearer ', {input}]; unknown `{names}` stay as text. */
  template(text: string, variables: Record<string, DeclaredInput>, kind: InputKind): Value {
    const parts: Value = []
    let last = 0
    for (const m of text.matchAll(/\{([A-Za-z0-9_.-]+)\}/g)) {
      const variable = variables[m[1]]
      if (!variable) continue
      if (m.index > last) parts.push(text.slice(last, m.index))
      // A variable the value is made of is needed, whatever it says about itself.
      parts.push(...(this.valueOf({ ...variable, isRequired: true }, kind, m[1], m[1]) ?? []))
      last = m.index + m[0].length
    }
    if (last < text.length) parts.push(text.slice(last))
    return parts
  }

  args(declared: DeclaredArgument[]): Value[] {
    const out: Value[] = []
    declared.forEach((a, i) => {
      const label = a.type === 'named' ? a.name! : (a.valueHint ?? `argument ${i + 1}`)
      const hint = a.valueHint ?? (a.type === 'named' ? a.name!.replace(/^-+/, '') : `argument_${i + 1}`)
      const value = this.valueOf(a, 'argument', label, hint)
      if (!value) return
      // A named argument is its flag and its value as two words, which every parser accepts.
      if (a.type === 'named' && a.joined) out.push([`${a.name}=`, ...value])
      else if (a.type === 'named') out.push([a.name!], value)
      else out.push(value)
    })
    return out
  }

  keyValues(declared: DeclaredKeyValue[], kind: InputKind): NamedValue[] {
    const out: NamedValue[] = []
    for (const d of declared) {
      const value = this.valueOf(d, kind, d.name, d.name)
      if (value) out.push({ name: d.name, value })
    }
    return out
  }
}

const LOCAL_HOST = /^https?:\/\/(?:localhost|127(?:\.\d+){3}|0\.0\.0\.0|\[::1\]|host\.docker\.internal)(?:[:/?#]|$)/i

/** A declared input the listing does not describe: only its name is known, and it is needed. */
const undeclared = (): DeclaredInput => ({
  value: null,
  default: null,
  valueHint: null,
  description: null,
  isRequired: true,
  isSecret: false,
  choices: [],
  format: null,
  example: null,
  variables: {},
  placeholder: false,
})

function remoteOption(remote: DeclaredRemote, index: number, key: string): InstallOption {
  const inputs = new Inputs(key)
  const values = new ValueBuilder(inputs)
  // Every `{name}` of the address is filled in: one the listing forgot to declare is asked for too,
  // so a template (`{baseUrl}/mcp`, the registry draft's) never reaches a client as literal text.
  const variables = { ...remote.variables }
  for (const name of urlVariables(remote.url)) variables[name] ??= undeclared()
  const url = values.template(remote.url, variables, 'url')
  const headers = values.keyValues(remote.headers, 'header')
  const variable = (name: string) => remote.variables[name]?.value ?? remote.variables[name]?.default
  const shown = remote.url.replace(/\{([A-Za-z0-9_.-]+)\}/g, (whole, name: string) => variable(name) ?? whole)
  const local = LOCAL_HOST.test(shown)
  const host = /^https?:\/\/([^/?#]+)/i.exec(shown)?.[1]
  const notes: string[] = []
  if (local) notes.push('This address is on your own machine: start the server there first (its README says how).')
  if (TEMPLATED_URL_RE.test(remote.url)) {
    const base = remote.url.slice(1, remote.url.indexOf('}'))
    notes.push(`The address begins with {${base}}: fill in where your own deployment of the server answers.`)
  }
  if (looksLikePlaceholder(remote.url)) notes.push('The address holds example text to replace with your own value.')
  return {
    id: `remote-${index + 1}`,
    kind: 'remote',
    label: local ? 'Local server' : 'Remote server',
    detail: `${host ?? 'your deployment'} · ${remote.type === 'sse' ? 'SSE' : 'streamable HTTP'}`,
    registryType: null,
    runtime: null,
    stdio: null,
    remote: { transport: remote.type, url, headers },
    local,
    inputs: inputs.required,
    optional: inputs.optional,
    notes,
    postInstall: [],
    unsupported: null,
  }
}

function packageOption(pkg: DeclaredPackage, index: number, key: string): InstallOption {
  const inputs = new Inputs(key)
  const values = new ValueBuilder(inputs)
  const env = values.keyValues(pkg.environmentVariables, 'env')
  const runtime = runtimeFor(pkg.registryType)
  const context = { args: (d: DeclaredArgument[]) => values.args(d), envNames: env.map((e) => e.name) }
  const launch = runtime ? runtime.launch(pkg, context) : { unsupported: noRuntime(pkg) }
  const base = {
    id: `package-${index + 1}`,
    kind: 'package' as const,
    label: runtime?.label ?? 'Package',
    detail: pkg.version ? `${pkg.identifier} ${pkg.version}` : pkg.identifier,
    registryType: pkg.registryType,
    local: true,
    inputs: inputs.required,
    optional: inputs.optional,
    postInstall: pkg.postInstallInstructions,
  }
  if ('unsupported' in launch) return { ...base, runtime: null, stdio: null, remote: null, notes: [], unsupported: launch.unsupported }
  const notes = [`Needs ${runtime!.needs}.`]
  if (!pkg.version) notes.push('The listing pins no version, so the newest release runs.')
  const stdio = { command: launch.command, args: launch.args, env }
  if (pkg.transport.type === 'stdio') return { ...base, runtime: launch.command, stdio, remote: null, notes, unsupported: null }
  // A package that serves HTTP is started on its own; clients connect to the address it serves.
  const url = values.template(pkg.transport.url, {}, 'url')
  const headers = values.keyValues(pkg.transport.headers, 'header')
  notes.push('It serves HTTP: start it first with its start command, then clients connect to the address it serves.')
  return { ...base, runtime: launch.command, stdio, remote: { transport: pkg.transport.type, url, headers }, notes, unsupported: null }
}

/**
 * Install options for one version of a listing, most convenient first: remote servers that need
 * nothing on the user's machine, then packages (in the listing's order), then servers at a local
 * address or at one the user supplies, then what cannot be run (said why).
 * @example installPlan(server).options[0].stdio // { command: 'uvx', args: [['pkg==1.0.0']], env: [] }
 */
export function installPlan(listing: InstallListing, options: PlanOptions = {}): InstallPlan {
  const wanted = options.version ?? listing.version
  const source: InstallVersion = (wanted !== listing.version && listing.versions?.find((v) => v.version === wanted)) || listing
  const key = serverKey(listing.name)
  const remotes = source.remotes
    .map(readRemote)
    .filter((r): r is DeclaredRemote => r !== null)
    .map((r, i) => remoteOption(r, i, key))
  const packages = source.packages
    .map(readPackage)
    .filter((p): p is DeclaredPackage => p !== null)
    .map((p, i) => packageOption(p, i, key))
  // A remote whose address the user supplies (`{baseUrl}/mcp` without a default) is their own
  // deployment, so it comes after the packages, with the local ones.
  const own = (o: InstallOption) => {
    const first = o.remote?.url[0]
    return o.local || (typeof first === 'object' && o.inputs.some((i) => i.id === first.input && i.default === null))
  }
  const rank = (o: InstallOption) => (o.unsupported ? 3 : o.kind === 'remote' ? (own(o) ? 2 : 0) : 1)
  // Array sort is stable: within a rank, the listing's own order stays.
  return { name: listing.name, key, version: source.version, options: [...remotes, ...packages].sort((a, b) => rank(a) - rank(b)) }
}
