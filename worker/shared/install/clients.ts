/**
 * Each AI client's configuration, in the shape and file its documentation gives (cited beside
 * each), plus its one-line command and one-click link where it has them.
 *
 * Secrets are never written as values. A client that asks for inputs (VS Code) asks; one that
 * reads the environment from its file (Claude Code, Cursor, Windsurf, Gemini CLI) gets a
 * reference to a variable; one that forwards variables by name (Codex, Goose) forwards them;
 * the others (Claude Desktop, Zed, Cline) get a placeholder no one can take for a real value.
 */
import { stringify as toToml } from 'smol-toml'
import { cursorInstallLink, vscodeInstallLink } from './deeplinks'
import type { Input, InstallOption, InstallPlan, NamedValue, RemoteConnection, StdioLaunch, Value } from './model'
import { type ShellPart, shellLine, shellQuote, shellWord } from './shell'
import { looksLikePlaceholder } from './source'
import { toYaml } from './yaml'

export type ClientId = 'claude-desktop' | 'cursor' | 'vscode' | 'windsurf' | 'claude-code' | 'codex' | 'gemini' | 'goose' | 'zed' | 'cline'

/** The specification's four first, then terminal agents, then other editors. */
export type ClientGroup = 'primary' | 'terminal' | 'editor'

/** A transport a client may speak: a local program over stdio, or a remote over Streamable HTTP or the old HTTP+SSE. */
export type ClientTransport = 'stdio' | 'streamable-http' | 'sse'

/**
 * How a client speaks MCP, as its own documentation says (cited beside each client), for "works
 * with" (worker/lib/verdict/compatibility.ts). Every client speaks the `initialize` handshake: it is
 * what every MCP client has spoken since the first revision, so it is not a field.
 */
export interface ClientSpeaks {
  /** The transports it connects over itself, as the configuration its documentation gives. */
  transports: readonly ClientTransport[]
  /**
   * The remote transports it reaches through the mcp-remote bridge instead: the configuration
   * written here starts `npx mcp-remote` over stdio (`bridge` below), which speaks `initialize`
   * over Streamable HTTP or SSE.
   */
  bridged: ReadonlyArray<'streamable-http' | 'sse'>
  /**
   * The 2026-07-28 stateless exchange: true where the client's documentation says it speaks it,
   * null where it does not say (no client's does yet: a server that answers only the stateless
   * exchange is 'unknown' for it, never guessed either way).
   */
  stateless: boolean | null
}

export interface ClientInfo {
  id: ClientId
  label: string
  group: ClientGroup
  format: 'json' | 'toml' | 'yaml'
  /** Where the configuration goes. */
  file: string
  /** The client's documentation of that file. */
  docs: string
  /** What it speaks natively and what through the bridge. */
  speaks: ClientSpeaks
}

export interface ClientOutput {
  client: ClientInfo
  /** The whole file's content for this one server. */
  config: string
  /** A one-line terminal command that adds the server, where the client has one. */
  command: string | null
  /** A link that opens the client's own install prompt, where it has one. */
  link: { href: string; label: string } | null
  notes: string[]
}

/** A placeholder that reads as one: '<DB_HOST>', '<secret:API_KEY>'; a non-secret's default when it has one. */
export function placeholder(input: Input): string {
  return input.default ?? (input.isSecret ? `<secret:${input.label}>` : `<${input.label}>`)
}

type Answer = (input: Input) => string

/** Secrets as the client's environment reference, the rest as placeholders. */
const fromEnv =
  (ref: (name: string) => string): Answer =>
  (input) =>
    input.isSecret ? ref(input.envName) : placeholder(input)

interface Ctx {
  key: string
  option: InstallOption
  /** Prefixes input ids where several servers share one file. */
  idPrefix: string
  text(value: Value): string
  /** The secret input a value is made of when it is nothing else, so it can be forwarded by name. */
  secretOnly(value: Value): Input | null
}

interface ClientSpec extends ClientInfo {
  answer(idPrefix: string): Answer
  entry(ctx: Ctx): Record<string, unknown>
  document(entries: Array<[string, Record<string, unknown>]>, inputs: Input[], idPrefixes: string[]): string
  command?(ctx: Ctx, entry: Record<string, unknown>): string | null
  link?(ctx: Ctx, entry: Record<string, unknown>): { href: string; label: string } | null
  /** How this client is handed the option's secrets, for the note under the configuration. */
  secretNote?(names: string[]): string
}

const it = (names: string[]) => (names.length > 1 ? 'them' : 'it')
const httpType = (r: RemoteConnection) => (r.transport === 'sse' ? 'sse' : 'http')

/** The note of a client that reads secrets from its environment, written `ref(NAME)` in its file. */
const readsEnv = (client: string, ref: (name: string) => string) => (names: string[]) =>
  `${client} reads ${names.map(ref).join(', ')} from the environment it starts in: set ${names.join(', ')} there.`

/** The input a value is made of when it is nothing else. */
function soleInput(value: Value): string | null {
  const [only] = value
  return value.length === 1 && typeof only !== 'string' ? only.input : null
}
const json = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`
const nonEmpty = <T extends object>(o: T) => (Object.keys(o).length ? o : undefined)
const upperSnake = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')

function envObject(env: NamedValue[], ctx: Ctx) {
  return nonEmpty(Object.fromEntries(env.map((e) => [e.name, ctx.text(e.value)])))
}

function stdioEntry(launch: StdioLaunch, ctx: Ctx) {
  return { command: launch.command, args: launch.args.map(ctx.text), env: envObject(launch.env, ctx) }
}

/**
 * A remote reached through the mcp-remote bridge, for clients that start local programs only
 * (https://www.npmjs.com/package/mcp-remote). Headers go through variables, as its README
 * advises, so a secret stays in the env block where each client puts secrets.
 */
function bridge(remote: RemoteConnection, ctx: Ctx): StdioLaunch {
  const args: Value[] = [['-y'], ['mcp-remote'], remote.url]
  if (remote.transport === 'sse') args.push(['--transport'], ['sse-only'])
  const env: NamedValue[] = []
  for (const h of remote.headers) {
    const only = ctx.option.inputs.find((i) => i.id === soleInput(h.value))
    const name = only?.envName ?? `MCP_HEADER_${upperSnake(h.name)}`
    args.push(['--header'], [`${h.name}:\${${name}}`])
    env.push({ name, value: h.value })
  }
  return { command: 'npx', args, env }
}

const headerObject = (headers: NamedValue[], ctx: Ctx) => nonEmpty(Object.fromEntries(headers.map((h) => [h.name, ctx.text(h.value)])))

/** Shell parts for a value: secrets as references the shell fills in, the rest as text. */
function shellParts(value: Value, ctx: Ctx): ShellPart[] {
  return value.map((p) => {
    if (typeof p === 'string') return p
    const input = ctx.option.inputs.find((i) => i.id === p.input)!
    return input.isSecret ? { env: input.envName } : placeholder(input)
  })
}

const shellArgs = (launch: StdioLaunch, ctx: Ctx) => launch.args.map((a) => shellWord(shellParts(a, ctx)))
const shellPair = (name: string, sep: string, value: Value, ctx: Ctx) => shellWord([`${name}${sep}`, ...shellParts(value, ctx)])

/** A remote option's connection, or a stdio one's launch (a package serving HTTP is connected to). */
const connection = (o: InstallOption) => (o.remote ? { remote: o.remote } : { stdio: o.stdio! })

const claudeDesktop: ClientSpec = {
  id: 'claude-desktop',
  label: 'Claude Desktop',
  group: 'primary',
  format: 'json',
  file: 'claude_desktop_config.json',
  // mcpServers: { name: { command, args, env } } (https://modelcontextprotocol.io/docs/develop/connect-local-servers)
  docs: 'https://modelcontextprotocol.io/docs/develop/connect-local-servers',
  // Its file starts local programs only (the page above); a remote goes through the bridge. Remote
  // servers can also be added as custom connectors in its settings, which no file here writes.
  speaks: { transports: ['stdio'], bridged: ['streamable-http', 'sse'], stateless: null },
  answer: () => placeholder,
  entry(ctx) {
    const c = connection(ctx.option)
    return stdioEntry(c.remote ? bridge(c.remote, ctx) : c.stdio, ctx)
  },
  document: (entries) => json({ mcpServers: Object.fromEntries(entries) }),
}

const claudeCode: ClientSpec = {
  id: 'claude-code',
  label: 'Claude Code',
  group: 'terminal',
  format: 'json',
  file: '.mcp.json (project root)',
  // .mcp.json: { type: 'stdio', command, args, env } or { type: 'http' | 'sse', url, headers };
  // ${VAR} is expanded in command, args, env, url and headers; `claude mcp add` (https://code.claude.com/docs/en/mcp).
  docs: 'https://code.claude.com/docs/en/mcp',
  // type stdio, http (Streamable HTTP) or sse, the last marked deprecated (https://code.claude.com/docs/en/mcp).
  speaks: { transports: ['stdio', 'streamable-http', 'sse'], bridged: [], stateless: null },
  answer: () => fromEnv((n) => `\${${n}}`),
  entry(ctx) {
    const c = connection(ctx.option)
    if (c.remote) return { type: httpType(c.remote), url: ctx.text(c.remote.url), headers: headerObject(c.remote.headers, ctx) }
    return { type: 'stdio', ...stdioEntry(c.stdio, ctx) }
  },
  document: (entries) => json({ mcpServers: Object.fromEntries(entries) }),
  command(ctx) {
    const c = connection(ctx.option)
    if (c.remote) {
      const headers = c.remote.headers.flatMap((h) => ['--header', shellPair(h.name, ': ', h.value, ctx)])
      const url = shellWord(shellParts(c.remote.url, ctx))
      return shellLine(['claude', 'mcp', 'add', '--transport', httpType(c.remote), shellQuote(ctx.key), url, ...headers])
    }
    // Options before the name, the command after `--`, as the documentation gives it.
    const env = c.stdio.env.flatMap((e) => ['--env', shellPair(e.name, '=', e.value, ctx)])
    const run = [shellQuote(c.stdio.command), ...shellArgs(c.stdio, ctx)]
    return shellLine(['claude', 'mcp', 'add', '--transport', 'stdio', ...env, shellQuote(ctx.key), '--', ...run])
  },
  secretNote: readsEnv('Claude Code', (n) => `\${${n}}`),
}

const cursor: ClientSpec = {
  id: 'cursor',
  label: 'Cursor',
  group: 'primary',
  format: 'json',
  file: '~/.cursor/mcp.json or .cursor/mcp.json',
  // mcpServers: { name: { command, args, env } } or { url, headers }; ${env:NAME} is interpolated (https://cursor.com/docs/mcp).
  docs: 'https://cursor.com/docs/mcp',
  // stdio, SSE and Streamable HTTP, a remote given by its url (https://cursor.com/docs/mcp).
  speaks: { transports: ['stdio', 'streamable-http', 'sse'], bridged: [], stateless: null },
  answer: () => fromEnv((n) => `\${env:${n}}`),
  entry(ctx) {
    const c = connection(ctx.option)
    return c.remote ? { url: ctx.text(c.remote.url), headers: headerObject(c.remote.headers, ctx) } : stdioEntry(c.stdio, ctx)
  },
  document: (entries) => json({ mcpServers: Object.fromEntries(entries) }),
  link: (ctx, entry) => ({ href: cursorInstallLink(ctx.key, entry), label: 'Add to Cursor' }),
  secretNote: readsEnv('Cursor', (n) => `\${env:${n}}`),
}

/**
 * VS Code's input definitions for an option's inputs: a hidden prompt for each secret. A
 * description holding a `${...}` of its own (some 2025 entries put VS Code syntax there) is
 * left out, since VS Code would read it as a variable.
 */
function vscodeInputs(inputs: Input[], idPrefix: string) {
  return inputs.map((i) => ({
    type: i.choices.length ? 'pickString' : 'promptString',
    id: `${idPrefix}${i.id}`,
    description: i.description && !i.description.includes('${') ? `${i.label}: ${i.description}` : i.label,
    ...(i.choices.length ? { options: i.choices } : { password: i.isSecret }),
    ...(i.default !== null ? { default: i.default } : {}),
  }))
}

const vscode: ClientSpec = {
  id: 'vscode',
  label: 'VS Code',
  group: 'primary',
  format: 'json',
  file: '.vscode/mcp.json',
  // { inputs: [{ type: 'promptString', id, description, password }], servers: { name: { type: 'stdio', command, args, env }
  // or { type: 'http' | 'sse', url, headers } } }, values as ${input:id}
  // (https://code.visualstudio.com/docs/copilot/reference/mcp-configuration).
  docs: 'https://code.visualstudio.com/docs/copilot/reference/mcp-configuration',
  // type stdio, http or sse (https://code.visualstudio.com/docs/copilot/reference/mcp-configuration).
  speaks: { transports: ['stdio', 'streamable-http', 'sse'], bridged: [], stateless: null },
  answer: (idPrefix) => (input) => `\${input:${idPrefix}${input.id}}`,
  entry(ctx) {
    const c = connection(ctx.option)
    if (c.remote) return { type: httpType(c.remote), url: ctx.text(c.remote.url), headers: headerObject(c.remote.headers, ctx) }
    return { type: 'stdio', ...stdioEntry(c.stdio, ctx) }
  },
  document(entries, inputs, idPrefixes) {
    const defs = inputs.map((input, n) => vscodeInputs([input], idPrefixes[n])[0])
    return json({ ...(defs.length ? { inputs: defs } : {}), servers: Object.fromEntries(entries) })
  },
  // `code --add-mcp` takes the same object as the install link (https://code.visualstudio.com/docs/copilot/reference/mcp-configuration).
  command: (ctx, entry) => shellLine(['code', '--add-mcp', shellQuote(JSON.stringify(vscodeServer(ctx, entry)))]),
  link: (ctx, entry) => ({ href: vscodeInstallLink(vscodeServer(ctx, entry)), label: 'Install in VS Code' }),
  secretNote: () =>
    'VS Code asks for each value the first time the server starts, hiding secrets as you type, and keeps the answers out of this file.',
}

function vscodeServer(ctx: Ctx, entry: Record<string, unknown>): { name: string } & Record<string, unknown> {
  const inputs = vscodeInputs(ctx.option.inputs, ctx.idPrefix)
  return JSON.parse(JSON.stringify({ name: ctx.key, ...entry, ...(inputs.length ? { inputs } : {}) }))
}

const windsurf: ClientSpec = {
  id: 'windsurf',
  label: 'Windsurf',
  group: 'primary',
  format: 'json',
  file: '~/.codeium/windsurf/mcp_config.json',
  // mcpServers: { name: { command, args, env } } or { serverUrl, headers }; ${env:NAME} is interpolated
  // in command, args, env, serverUrl, url and headers (https://docs.windsurf.com/windsurf/cascade/mcp).
  docs: 'https://docs.windsurf.com/windsurf/cascade/mcp',
  // stdio, Streamable HTTP and SSE, a remote given by its serverUrl (https://docs.windsurf.com/windsurf/cascade/mcp).
  speaks: { transports: ['stdio', 'streamable-http', 'sse'], bridged: [], stateless: null },
  answer: () => fromEnv((n) => `\${env:${n}}`),
  entry(ctx) {
    const c = connection(ctx.option)
    return c.remote ? { serverUrl: ctx.text(c.remote.url), headers: headerObject(c.remote.headers, ctx) } : stdioEntry(c.stdio, ctx)
  },
  document: (entries) => json({ mcpServers: Object.fromEntries(entries) }),
  secretNote: readsEnv('Windsurf', (n) => `\${env:${n}}`),
}

const zed: ClientSpec = {
  id: 'zed',
  label: 'Zed',
  group: 'editor',
  format: 'json',
  file: '~/.config/zed/settings.json',
  // context_servers: { name: { command, args, env } } or { url, headers } (https://zed.dev/docs/ai/mcp).
  docs: 'https://zed.dev/docs/ai/mcp',
  // Local commands, and remote servers by url over Streamable HTTP (https://zed.dev/docs/ai/mcp); SSE through the bridge.
  speaks: { transports: ['stdio', 'streamable-http'], bridged: ['sse'], stateless: null },
  answer: () => placeholder,
  entry(ctx) {
    const c = connection(ctx.option)
    // Zed's documentation gives remote servers by url (streamable HTTP); SSE goes through the bridge.
    if (c.remote?.transport === 'streamable-http') return { url: ctx.text(c.remote.url), headers: headerObject(c.remote.headers, ctx) }
    return stdioEntry(c.remote ? bridge(c.remote, ctx) : c.stdio, ctx)
  },
  document: (entries) => json({ context_servers: Object.fromEntries(entries) }),
}

/** Codex's stdio table: variables that are just a secret are forwarded from Codex's environment by name. */
function codexStdio(launch: StdioLaunch, ctx: Ctx) {
  const env: Record<string, string> = {}
  const forward: string[] = []
  for (const e of launch.env) {
    const secret = ctx.secretOnly(e.value)
    if (secret && secret.envName === e.name) forward.push(e.name)
    else env[e.name] = ctx.text(e.value)
  }
  return { command: launch.command, args: launch.args.map(ctx.text), env: nonEmpty(env), env_vars: forward.length ? forward : undefined }
}

function codexRemote(remote: RemoteConnection, ctx: Ctx) {
  const table: Record<string, unknown> = { url: ctx.text(remote.url) }
  const headers: Record<string, string> = {}
  const fromEnvHeaders: Record<string, string> = {}
  for (const h of remote.headers) {
    const secret = ctx.secretOnly(h.value)
    const isBearer = h.name.toLowerCase() === 'authorization' && h.value.length === 2 && h.value[0] === 'Bearer '
    const bearer = isBearer ? ctx.secretOnly(h.value.slice(1)) : null
    if (secret) fromEnvHeaders[h.name] = secret.envName
    else if (bearer) table.bearer_token_env_var = bearer.envName
    else headers[h.name] = ctx.text(h.value)
  }
  return { ...table, http_headers: nonEmpty(headers), env_http_headers: nonEmpty(fromEnvHeaders) }
}

const codex: ClientSpec = {
  id: 'codex',
  label: 'Codex CLI',
  group: 'terminal',
  format: 'toml',
  file: '~/.codex/config.toml',
  // [mcp_servers.name] command, args, env, env_vars (forwarded), or url, bearer_token_env_var, http_headers,
  // env_http_headers; streamable HTTP only; `codex mcp add` (https://developers.openai.com/codex/mcp).
  docs: 'https://developers.openai.com/codex/mcp',
  // stdio and Streamable HTTP only (https://developers.openai.com/codex/mcp); SSE through the bridge.
  speaks: { transports: ['stdio', 'streamable-http'], bridged: ['sse'], stateless: null },
  answer: () => placeholder,
  entry(ctx) {
    const c = connection(ctx.option)
    if (c.remote && c.remote.transport === 'streamable-http') return codexRemote(c.remote, ctx)
    return codexStdio(c.remote ? bridge(c.remote, ctx) : c.stdio, ctx)
  },
  document: (entries) => toToml({ mcp_servers: Object.fromEntries(entries) }),
  command(ctx, entry) {
    const c = connection(ctx.option)
    if (c.remote && c.remote.transport === 'streamable-http') {
      // The command sets a URL and a bearer token's variable, nothing else: other headers need the file.
      if (entry.http_headers || entry.env_http_headers) return null
      const bearer = typeof entry.bearer_token_env_var === 'string' ? ['--bearer-token-env-var', entry.bearer_token_env_var] : []
      return shellLine(['codex', 'mcp', 'add', shellQuote(ctx.key), '--url', shellWord(shellParts(c.remote.url, ctx)), ...bearer])
    }
    const launch = c.remote ? bridge(c.remote, ctx) : c.stdio
    const env = launch.env.flatMap((e) => ['--env', shellPair(e.name, '=', e.value, ctx)])
    return shellLine(['codex', 'mcp', 'add', shellQuote(ctx.key), ...env, '--', shellQuote(launch.command), ...shellArgs(launch, ctx)])
  },
  secretNote: (names) =>
    `Codex hands ${names.join(', ')} to the server from its own environment (env_vars, env_http_headers, bearer_token_env_var): ` +
    `set ${it(names)} before starting Codex.`,
}

const gemini: ClientSpec = {
  id: 'gemini',
  label: 'Gemini CLI',
  group: 'terminal',
  format: 'json',
  file: '~/.gemini/settings.json',
  // mcpServers: { name: { command, args, env } }, { httpUrl, headers } for streamable HTTP, { url, headers }
  // for SSE; $VAR and ${VAR} are expanded; `gemini mcp add` (https://geminicli.com/docs/tools/mcp-server/).
  docs: 'https://geminicli.com/docs/tools/mcp-server/',
  // command (stdio), httpUrl (Streamable HTTP) or url (SSE) (https://geminicli.com/docs/tools/mcp-server/).
  speaks: { transports: ['stdio', 'streamable-http', 'sse'], bridged: [], stateless: null },
  answer: () => fromEnv((n) => `\${${n}}`),
  entry(ctx) {
    const c = connection(ctx.option)
    if (!c.remote) return stdioEntry(c.stdio, ctx)
    const url = ctx.text(c.remote.url)
    return { ...(c.remote.transport === 'sse' ? { url } : { httpUrl: url }), headers: headerObject(c.remote.headers, ctx) }
  },
  document: (entries) => json({ mcpServers: Object.fromEntries(entries) }),
  command(ctx) {
    const c = connection(ctx.option)
    if (c.remote) {
      const headers = c.remote.headers.flatMap((h) => ['-H', shellPair(h.name, ': ', h.value, ctx)])
      const url = shellWord(shellParts(c.remote.url, ctx))
      return shellLine(['gemini', 'mcp', 'add', '--scope', 'user', '--transport', httpType(c.remote), ...headers, shellQuote(ctx.key), url])
    }
    const env = c.stdio.env.flatMap((e) => ['-e', shellPair(e.name, '=', e.value, ctx)])
    // After `--` the server's own flags ('-y') are not read as the command's.
    const args = shellArgs(c.stdio, ctx)
    const run = [shellQuote(c.stdio.command), ...(args.length ? ['--', ...args] : [])]
    return shellLine(['gemini', 'mcp', 'add', '--scope', 'user', ...env, shellQuote(ctx.key), ...run])
  },
  secretNote: readsEnv('Gemini CLI', (n) => `\${${n}}`),
}

/** Every extension this writes is on, with goose's usual time-out (seconds). */
const GOOSE_ON = { enabled: true, timeout: 300 }

/** Goose's stdio extension: variables that are just a secret are listed by name (env_keys), not written. */
function gooseStdio(launch: StdioLaunch, ctx: Ctx) {
  const envs: Record<string, string> = {}
  const keys: string[] = []
  for (const e of launch.env) {
    const secret = ctx.secretOnly(e.value)
    if (secret && secret.envName === e.name) keys.push(e.name)
    else envs[e.name] = ctx.text(e.value)
  }
  return { name: ctx.key, type: 'stdio', cmd: launch.command, args: launch.args.map(ctx.text), envs, env_keys: keys, ...GOOSE_ON }
}

const goose: ClientSpec = {
  id: 'goose',
  label: 'Goose',
  group: 'terminal',
  format: 'yaml',
  file: '~/.config/goose/config.yaml',
  // extensions: { name: { name, type: stdio, cmd, args, envs, env_keys, enabled, timeout } }; remote ones
  // type streamable_http or sse with uri (https://block.github.io/goose/docs/guides/config-files).
  docs: 'https://block.github.io/goose/docs/guides/config-files',
  // Extensions of type stdio, streamable_http or sse (https://block.github.io/goose/docs/guides/config-files);
  // an SSE one takes no headers, so one that needs them is written through the bridge.
  speaks: { transports: ['stdio', 'streamable-http', 'sse'], bridged: [], stateless: null },
  answer: () => placeholder,
  entry(ctx) {
    const c = connection(ctx.option)
    if (c.remote?.transport === 'streamable-http') {
      const headers = headerObject(c.remote.headers, ctx) ?? {}
      return { name: ctx.key, type: 'streamable_http', uri: ctx.text(c.remote.url), headers, envs: {}, env_keys: [], ...GOOSE_ON }
    }
    // An SSE extension has no headers: one that needs them goes through the bridge.
    if (c.remote && c.remote.headers.length === 0) {
      return { name: ctx.key, type: 'sse', uri: ctx.text(c.remote.url), envs: {}, env_keys: [], ...GOOSE_ON }
    }
    return gooseStdio(c.remote ? bridge(c.remote, ctx) : c.stdio, ctx)
  },
  document: (entries) => toYaml({ extensions: Object.fromEntries(entries.map(([k, e]) => [k, { ...e, name: k }])) }),
  secretNote: (names) =>
    `goose reads ${names.join(', ')} from its own secret storage (env_keys), not from this file: ` +
    `enter ${names.length > 1 ? 'their values' : 'its value'} in the extension's settings in goose.`,
}

const cline: ClientSpec = {
  id: 'cline',
  label: 'Cline',
  group: 'editor',
  format: 'json',
  file: 'cline_mcp_settings.json (MCP Servers, Configure)',
  // mcpServers: { name: { command, args, env, disabled, autoApprove } } or { type: 'streamableHttp' | 'sse', url,
  // headers, ... } (https://docs.cline.bot/mcp/configuring-mcp-servers).
  docs: 'https://docs.cline.bot/mcp/configuring-mcp-servers',
  // stdio, or type streamableHttp or sse (https://docs.cline.bot/mcp/configuring-mcp-servers).
  speaks: { transports: ['stdio', 'streamable-http', 'sse'], bridged: [], stateless: null },
  answer: () => placeholder,
  entry(ctx) {
    const c = connection(ctx.option)
    const type = c.remote?.transport === 'sse' ? 'sse' : 'streamableHttp'
    const base = c.remote ? { type, url: ctx.text(c.remote.url), headers: headerObject(c.remote.headers, ctx) } : stdioEntry(c.stdio, ctx)
    return { ...base, disabled: false, autoApprove: [] }
  },
  document: (entries) => json({ mcpServers: Object.fromEntries(entries) }),
}

const SPECS: ClientSpec[] = [claudeDesktop, cursor, vscode, windsurf, claudeCode, codex, gemini, goose, zed, cline]

/** Every client, in the order the Configuration tab shows them. */
export const CLIENTS: readonly ClientInfo[] = SPECS.map(({ id, label, group, format, file, docs, speaks }) => ({
  id,
  label,
  group,
  format,
  file,
  docs,
  speaks,
}))

function spec(id: ClientId): ClientSpec {
  const found = SPECS.find((s) => s.id === id)
  if (!found) throw new Error(`Unknown client: ${id}`)
  return found
}

function context(client: ClientSpec, key: string, option: InstallOption, idPrefix: string): Ctx {
  const byId = new Map(option.inputs.map((i) => [i.id, i]))
  const answer = client.answer(idPrefix)
  return {
    key,
    option,
    idPrefix,
    text: (value) => value.map((p) => (typeof p === 'string' ? p : answer(byId.get(p.input)!))).join(''),
    secretOnly: (value) => {
      const only = byId.get(soleInput(value) ?? '')
      return only?.isSecret ? only : null
    },
  }
}

/** Drops keys set to undefined, so that an entry is exactly what its file would hold. */
const clean = (entry: Record<string, unknown>) => JSON.parse(JSON.stringify(entry)) as Record<string, unknown>

function notesFor(client: ClientSpec, option: InstallOption, text: string, command: string | null): string[] {
  const notes: string[] = []
  const secrets = option.inputs.filter((i) => i.isSecret)
  const held = option.inputs.filter((i) => i.default === null && text.includes(placeholder(i)))
  const examples = option.inputs.filter((i) => i.default !== null && looksLikePlaceholder(i.default) && text.includes(i.default))
  if (held.length || examples.length) {
    const what = examples.length ? 'each <placeholder> and example value' : 'each <placeholder>'
    notes.push(
      held.some((i) => i.isSecret)
        ? `Replace ${what} with your own. A secret written into this file stays there in plain text: keep the file private.`
        : `Replace ${what} with your own.`,
    )
  }
  const handled = secrets.filter((i) => !held.includes(i))
  const asked = client.id === 'vscode' ? option.inputs.length : handled.length
  if (client.secretNote && asked) notes.push(client.secretNote(handled.map((i) => i.envName)))
  const fromShell = command ? secrets.filter((i) => command.includes(`\${${i.envName}}`)).map((i) => i.envName) : []
  if (fromShell.length) {
    notes.push(`The command takes ${fromShell.join(', ')} from your shell's environment when you run it: export ${it(fromShell)} first.`)
  }
  const bridged = text.includes('mcp-remote')
  if (bridged && option.kind === 'remote') {
    notes.push(
      client.id === 'claude-desktop'
        ? "Claude Desktop's file starts local programs only, so the remote server is reached through the mcp-remote bridge " +
            "(needs Node.js). It can also be added as a custom connector in Claude Desktop's settings."
        : `${client.label} does not connect to this kind of endpoint itself, so it goes through the mcp-remote bridge (needs Node.js).`,
    )
  }
  return notes
}

/**
 * One client's configuration for one install option, or null when the option cannot be run.
 * @example clientConfig(plan, plan.options[0], 'vscode')?.link?.href // 'vscode:mcp/install?...'
 */
export function clientConfig(plan: InstallPlan, option: InstallOption, id: ClientId): ClientOutput | null {
  if (option.unsupported) return null
  const client = spec(id)
  const ctx = context(client, plan.key, option, '')
  const entry = clean(client.entry(ctx))
  const config = client.document(
    [[plan.key, entry]],
    option.inputs,
    option.inputs.map(() => ''),
  )
  const command = client.command?.(ctx, entry) ?? null
  const notes = notesFor(client, option, config, command)
  if (client.command && !command) {
    notes.push(`${client.label}'s add command cannot set this server's headers: paste the configuration instead.`)
  }
  return { client: CLIENTS.find((c) => c.id === id)!, config, command, link: client.link?.(ctx, entry) ?? null, notes }
}

/** A server and the option of it to configure, for a file that holds several. */
export interface MergeItem {
  plan: InstallPlan
  option: InstallOption
}

/** One server of a merged file: its key made unique, its context and its entry as the file holds it. */
interface MergedEntry {
  key: string
  ctx: Ctx
  entry: Record<string, unknown>
}

/**
 * The servers of a file holding several, in order: keys made unique ('-2', '-3') and each
 * server's inputs named after its key (`{key}.`), so that two servers' API_KEY stay apart. The
 * merged file, its commands and its links all come from here, so they say the same thing.
 */
function mergedEntries(client: ClientSpec, items: MergeItem[]): MergedEntry[] {
  const out: MergedEntry[] = []
  for (const { plan, option } of items) {
    if (option.unsupported) continue
    let key = plan.key
    for (let n = 2; out.some((e) => e.key === key); n++) key = `${plan.key}-${n}`
    const ctx = context(client, key, option, `${key}.`)
    out.push({ key, ctx, entry: clean(client.entry(ctx)) })
  }
  return out
}

/**
 * One client's file holding several servers (a package's): keys made unique ('-2', '-3'), and
 * for VS Code each server's inputs named after it so that two servers' API_KEY stay apart.
 */
export function mergedClientConfig(id: ClientId, items: MergeItem[]): string {
  const client = spec(id)
  const merged = mergedEntries(client, items)
  return client.document(
    merged.map((m) => [m.key, m.entry]),
    merged.flatMap((m) => m.ctx.option.inputs),
    merged.flatMap((m) => m.ctx.option.inputs.map(() => m.ctx.idPrefix)),
  )
}

/** One server's line of a merged install: null when the client's add command cannot carry it (the file can). */
export interface MergedCommand {
  key: string
  command: string | null
}

/**
 * The add command of each server of a file holding several, for a client that has one (Claude
 * Code's `claude mcp add`, Codex's `codex mcp add`, Gemini CLI's `gemini mcp add`, VS Code's
 * `code --add-mcp`), under the same keys as the merged file; null for a client without one.
 * Run one after another, they add what the merged file holds.
 * @example mergedClientCommands('claude-code', items)?.map((c) => c.command).join('\n')
 */
export function mergedClientCommands(id: ClientId, items: MergeItem[]): MergedCommand[] | null {
  const client = spec(id)
  if (!client.command) return null
  const command = client.command.bind(client)
  return mergedEntries(client, items).map(({ key, ctx, entry }) => ({ key, command: command(ctx, entry) }))
}

/** One server's one-click link of a merged install. */
export interface MergedLink {
  key: string
  href: string
  label: string
}

/**
 * The one-click install link of each server of a file holding several, for a client that has
 * them (Cursor, VS Code: one server per link, as their handlers take), under the same keys as
 * the merged file; null for a client without them.
 */
export function mergedClientLinks(id: ClientId, items: MergeItem[]): MergedLink[] | null {
  const client = spec(id)
  if (!client.link) return null
  const link = client.link.bind(client)
  return mergedEntries(client, items).flatMap(({ key, ctx, entry }) => {
    const made = link(ctx, entry)
    return made ? [{ key, ...made }] : []
  })
}

/**
 * The option's own command line, to start it by hand (a package serving HTTP must be running
 * before a client connects); secrets as references the shell fills in.
 */
export function runCommand(option: InstallOption): string | null {
  if (!option.stdio) return null
  const ctx = context(claudeDesktop, '', option, '')
  const env = option.stdio.env.map((e) => shellPair(e.name, '=', e.value, ctx))
  return shellLine([...env, shellQuote(option.stdio.command), ...shellArgs(option.stdio, ctx)])
}
