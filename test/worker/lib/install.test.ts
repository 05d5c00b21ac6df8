/**
 * The install generator over the whole bundled snapshot and every client, read back with real
 * parsers, plus golden outputs for one server of each package type and a remote.
 */
import { parse as parseToml } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import {
  CLIENTS,
  type ClientId,
  type ClientOutput,
  cardInstallCommand,
  clientConfig,
  type InstallListing,
  type InstallOption,
  installPlan,
  mergedClientCommands,
  mergedClientConfig,
  mergedClientLinks,
  parseCursorInstallLink,
  parseVscodeInstallLink,
  placeholder,
  runCommand,
  serverKey,
} from '@shared/install'
import seed from '../../../data/mcp-registry-seed-2025-05-16.json'
import { mapRegistryEntry } from '../../../worker/lib/registry-entry'
import withPackage from '../../fixtures/server-json-examples/valid/with-package.json'
import withRemote from '../../fixtures/server-json-examples/valid/with-remote.json'

/** What the catalogue stores for a registry entry: the importer's own normalisation. */
function stored(entry: unknown): InstallListing {
  const r = mapRegistryEntry(entry)
  if (!r.ok) throw new Error(`${r.name}: ${r.reason}`)
  return { name: r.server.name, version: r.server.version, packages: r.server.packages, remotes: r.server.remotes }
}

const snapshot = (seed as unknown[]).flatMap((e) => (mapRegistryEntry(e).ok ? [stored(e)] : []))
const bySnapshotName = (name: string) => stored(seed.find((e) => e.name === name))

type Doc = Record<string, any>

function parsed(out: ClientOutput): Doc {
  if (out.client.format === 'toml') return parseToml(out.config)
  if (out.client.format === 'yaml') return parseYaml(out.config)
  return JSON.parse(out.config)
}

/** The server's entry inside a client's document. */
function entryOf(id: ClientId, doc: Doc, key: string): Doc {
  const root = { vscode: 'servers', zed: 'context_servers', codex: 'mcp_servers', goose: 'extensions' }[id as string] ?? 'mcpServers'
  return doc[root]?.[key]
}

/** What an entry starts: its program, arguments, variables set, and variables forwarded by name. */
function launchOf(entry: Doc) {
  return {
    command: (entry.command ?? entry.cmd) as string | undefined,
    args: (entry.args ?? []) as string[],
    env: (entry.env ?? entry.envs ?? {}) as Record<string, string>,
    forwarded: (entry.env_vars ?? entry.env_keys ?? []) as string[],
  }
}

const RUNTIME: Record<string, string> = { npm: 'npx', pypi: 'uvx', docker: 'docker', oci: 'docker', nuget: 'dnx' }
const COMMAND_PREFIX: Partial<Record<ClientId, string>> = {
  'claude-code': 'claude mcp add ',
  vscode: 'code --add-mcp ',
  gemini: 'gemini mcp add ',
  codex: 'codex mcp add ',
}

/** How each client must write a secret variable's value: never as text that could be the secret. */
function secretValueOk(id: ClientId, name: string, value: string | undefined, forwarded: string[]): boolean {
  switch (id) {
    case 'vscode':
      return /^\$\{input:[^}]+\}$/.test(value ?? '')
    case 'claude-code':
    case 'gemini':
      return value === `\${${name}}`
    case 'cursor':
    case 'windsurf':
      return value === `\${env:${name}}`
    case 'codex':
    case 'goose':
      return value === undefined && forwarded.includes(name)
    default:
      return value === `<secret:${name}>`
  }
}

/** Declared required variables and arguments of a stored package, read independently of the generator. */
function declared(pkg: Record<string, any>) {
  const env = (pkg.environmentVariables ?? pkg.environment_variables ?? []) as Array<Record<string, any>>
  const legacy = pkg.registryType === undefined
  const required = (x: Record<string, any>) =>
    legacy ? (x.isRequired ?? x.is_required) !== false : (x.isRequired ?? x.is_required) === true
  return {
    env: env.filter(required).map((e) => e.name as string),
    args: ((pkg.packageArguments ?? pkg.package_arguments ?? []) as Array<Record<string, any>>).filter(required),
  }
}

/**
 * Whether a command line carries a declared argument: its flag and its value, or, where the
 * value is asked for, the input standing in for it.
 */
function carries(line: string, arg: Record<string, any>, option: InstallOption): boolean {
  const text = String(arg.value ?? arg.default ?? arg.valueHint ?? arg.value_hint ?? arg.name ?? '').trim()
  if (!text) return true
  const m = /^(-{1,2}[^\s=]+)(?:[\s=]+([\s\S]+))?$/.exec(text)
  const flag = arg.type === 'named' ? (m?.[1] ?? arg.name) : null
  const value = arg.type === 'named' ? (m?.[2] ?? (arg.name !== text ? text : undefined)) : text
  if (flag && !line.includes(flag)) return false
  if (value === undefined || line.includes(value)) return true
  // Docker's `-e NAME=example` becomes `-e NAME` with NAME supplied like any variable.
  const envName = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(value)?.[1]
  if (envName) return line.includes(envName) && option.inputs.some((i) => i.id === envName)
  return option.inputs.some((i) => i.kind === 'argument' && (i.default === null || i.default === value) && line.includes(placeholder(i)))
}

describe('every snapshot server in every client', () => {
  it('has options for every listing and a command for every runnable package', () => {
    // The importer refuses 7 of the snapshot's 471 entries (see test/worker/db/imports.test.ts).
    expect(snapshot.length).toBe(464)
    for (const listing of snapshot) {
      const plan = installPlan(listing)
      expect(plan.options.length, listing.name).toBe(listing.packages.length + listing.remotes.length)
      for (const option of plan.options) {
        if (option.unsupported) expect(option.stdio, listing.name).toBeNull()
        else expect(option.stdio ?? option.remote, listing.name).not.toBeNull()
      }
    }
  })

  it('parses, has the client keys, runs the right runtime, carries what is required and never writes a secret as a value', () => {
    let checked = 0
    for (const listing of snapshot) {
      const plan = installPlan(listing)
      plan.options.forEach((option) => {
        const raw = option.kind === 'package' ? (listing.packages[Number(option.id.split('-')[1]) - 1] as Record<string, any>) : null
        for (const client of CLIENTS) {
          const out = clientConfig(plan, option, client.id)
          const where = `${listing.name} ${option.id} ${client.id}`
          if (option.unsupported) {
            expect(out, where).toBeNull()
            continue
          }
          const doc = parsed(out!)
          const entry = entryOf(client.id, doc, plan.key)
          expect(entry, where).toBeTruthy()
          const launch = launchOf(entry)
          const url = entry.url ?? entry.serverUrl ?? entry.httpUrl ?? entry.uri
          expect(typeof launch.command === 'string' || typeof url === 'string', where).toBe(true)
          if (client.id === 'vscode' || client.id === 'claude-code') expect(['stdio', 'http', 'sse'], where).toContain(entry.type)
          if (client.id === 'goose')
            expect(entry, where).toMatchObject({
              name: plan.key,
              enabled: true,
              type: expect.stringMatching(/^(stdio|streamable_http|sse)$/),
            })
          if (client.id === 'cline') expect(entry, where).toMatchObject({ disabled: false, autoApprove: [] })
          if (client.id === 'vscode') {
            // Every ${input:id} has its definition, and every definition is used.
            const used = [...out!.config.matchAll(/\$\{input:([^}]+)\}/g)].map((m) => m[1])
            expect(new Set(used), where).toEqual(new Set((doc.inputs ?? []).map((i: { id: string }) => i.id)))
            for (const input of doc.inputs ?? []) expect(input.type, where).toMatch(/^(promptString|pickString)$/)
          }

          if (option.kind === 'package' && raw) {
            const expected = RUNTIME[option.registryType!]
            expect(launch.command, where).toBe(expected)
            expect(launch.args.length, where).toBe(option.stdio!.args.length)
            if (expected === 'npx') expect(launch.args[0], where).toBe('-y')
            if (expected === 'docker') expect(launch.args.slice(0, 3), where).toEqual(['run', '-i', '--rm'])
            const { env, args } = declared(raw)
            for (const name of env) {
              expect(name in launch.env || launch.forwarded.includes(name), `${where} ${name}`).toBe(true)
              if (expected === 'docker') expect(launch.args.join(' '), `${where} -e ${name}`).toContain(`-e ${name}`)
            }
            if (client.id === 'claude-desktop') {
              const line = [launch.command, ...launch.args].join(' ')
              for (const arg of args) expect(carries(line, arg, option), `${where} ${JSON.stringify(arg)}`).toBe(true)
            }
          }

          for (const input of option.inputs.filter((i) => i.isSecret && i.kind === 'env')) {
            const value = launch.env[input.label]
            expect(secretValueOk(client.id, input.envName, value, launch.forwarded), `${where} ${input.label}=${value}`).toBe(true)
            if (input.description) expect(value, where).not.toBe(input.description)
          }
          for (const input of option.inputs.filter((i) => i.isSecret && i.description)) {
            expect(launch.args, where).not.toContain(input.description)
            if (out!.command) expect(out!.command, where).not.toContain(`=${input.description}`)
          }

          const prefix = COMMAND_PREFIX[client.id]
          if (prefix && out!.command) {
            expect(out!.command.startsWith(prefix), where).toBe(true)
            expect(out!.command, where).toContain(plan.key)
          }
          checked++
        }
      })
    }
    expect(checked).toBeGreaterThan(1500)
  })

  it('round-trips the one-click links and the VS Code command: decoding gives back the configuration shown', () => {
    let links = 0
    for (const listing of snapshot) {
      const plan = installPlan(listing)
      for (const option of plan.options.filter((o) => !o.unsupported)) {
        const vscode = clientConfig(plan, option, 'vscode')!
        const doc = JSON.parse(vscode.config)
        const server = { name: plan.key, ...doc.servers[plan.key], ...(doc.inputs ? { inputs: doc.inputs } : {}) }
        expect(parseVscodeInstallLink(vscode.link!.href), listing.name).toEqual(server)
        const quoted = vscode.command!.slice('code --add-mcp '.length)
        expect(JSON.parse(quoted.slice(1, -1).replace(/'\\''/g, "'")), listing.name).toEqual(server)

        const cursor = clientConfig(plan, option, 'cursor')!
        expect(parseCursorInstallLink(cursor.link!.href), listing.name).toEqual({
          name: plan.key,
          config: JSON.parse(cursor.config).mcpServers[plan.key],
        })
        links += 2
      }
    }
    expect(links).toBeGreaterThan(300)
  })

  it('never runs a package through npx unless it is an npm package, and drops no required argument', () => {
    for (const listing of snapshot) {
      const plan = installPlan(listing)
      for (const option of plan.options.filter((o) => o.kind === 'package' && !o.unsupported)) {
        expect(option.stdio!.command === 'npx', listing.name).toBe(option.registryType === 'npm')
      }
    }
  })
})

describe('golden configurations', () => {
  it('npm (current shape): pinned package, named argument, secret variable', () => {
    const plan = installPlan(stored(withPackage))
    expect(plan.key).toBe('local-weather')
    const [option] = plan.options
    expect(option).toMatchObject({ kind: 'package', label: 'npm package', runtime: 'npx' })
    // The optional positional argument is listed, not configured.
    expect(option.optional.map((i) => i.label)).toEqual(['config_path'])
    expect(JSON.parse(clientConfig(plan, option, 'vscode')!.config)).toEqual({
      inputs: [{ type: 'promptString', id: 'API_KEY', description: 'API_KEY', password: true }],
      servers: {
        'local-weather': {
          type: 'stdio',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-weather@1.0.0', '--port', '8080'],
          env: { API_KEY: '${input:API_KEY}' },
        },
      },
    })
    expect(JSON.parse(clientConfig(plan, option, 'claude-desktop')!.config)).toEqual({
      mcpServers: {
        'local-weather': {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-weather@1.0.0', '--port', '8080'],
          env: { API_KEY: '<secret:API_KEY>' },
        },
      },
    })
    expect(clientConfig(plan, option, 'claude-code')!.command).toBe(
      'claude mcp add --transport stdio --env "API_KEY=${API_KEY}" local-weather -- npx -y @modelcontextprotocol/server-weather@1.0.0 --port 8080',
    )
    expect(clientConfig(plan, option, 'codex')!.config).toBe(
      '[mcp_servers.local-weather]\ncommand = "npx"\nargs = [ "-y", "@modelcontextprotocol/server-weather@1.0.0", "--port", "8080" ]\nenv_vars = [ "API_KEY" ]\n',
    )
    expect(clientConfig(plan, option, 'goose')!.config).toBe(
      [
        'extensions:',
        '  local-weather:',
        '    name: "local-weather"',
        '    type: "stdio"',
        '    cmd: "npx"',
        '    args:',
        '      - "-y"',
        '      - "@modelcontextprotocol/server-weather@1.0.0"',
        '      - "--port"',
        '      - "8080"',
        '    envs: {}',
        '    env_keys:',
        '      - "API_KEY"',
        '    enabled: true',
        '    timeout: 300',
        '',
      ].join('\n'),
    )
  })

  it('PyPI (2025 shape): uvx with a pinned version, uv options before the package, secrets by name', () => {
    const plan = installPlan(bySnapshotName('io.github.aliyun/alibabacloud-adb-mysql-mcp-server'))
    const [option] = plan.options
    expect(option).toMatchObject({ label: 'PyPI package', runtime: 'uvx', detail: 'adb-mysql-mcp-server 1.0.0' })
    expect(option.inputs.map((i) => [i.label, i.isSecret])).toEqual([
      ['ADB_MYSQL_HOST', false],
      ['ADB_MYSQL_PORT', false],
      ['ADB_MYSQL_USER', false],
      ['ADB_MYSQL_PASSWORD', true],
      ['ADB_MYSQL_DATABASE', false],
    ])
    expect(JSON.parse(clientConfig(plan, option, 'cursor')!.config).mcpServers['alibabacloud-adb-mysql-mcp-server']).toEqual({
      command: 'uvx',
      args: ['--with', 'adb-mysql-mcp-server', 'adb-mysql-mcp-server==1.0.0'],
      env: {
        ADB_MYSQL_HOST: '<ADB_MYSQL_HOST>',
        ADB_MYSQL_PORT: '<ADB_MYSQL_PORT>',
        ADB_MYSQL_USER: '<ADB_MYSQL_USER>',
        ADB_MYSQL_PASSWORD: '${env:ADB_MYSQL_PASSWORD}',
        ADB_MYSQL_DATABASE: '<ADB_MYSQL_DATABASE>',
      },
    })
    const vscode = JSON.parse(clientConfig(plan, option, 'vscode')!.config)
    expect(vscode.inputs.find((i: { id: string }) => i.id === 'ADB_MYSQL_PASSWORD')).toEqual({
      type: 'promptString',
      id: 'ADB_MYSQL_PASSWORD',
      description: 'ADB_MYSQL_PASSWORD: database_password',
      password: true,
    })
    expect(cardInstallCommand(bySnapshotName('io.github.aliyun/alibabacloud-adb-mysql-mcp-server'))).toContain(
      '-- uvx --with adb-mysql-mcp-server adb-mysql-mcp-server==1.0.0',
    )
  })

  it('Docker (2025 shape): docker run -i --rm with -e per variable and the image the listing runs', () => {
    const plan = installPlan(bySnapshotName('io.github.its-dart/dart-mcp-server'))
    const [option] = plan.options
    expect(option).toMatchObject({ label: 'Docker image', runtime: 'docker', detail: 'mcp/dart' })
    expect(JSON.parse(clientConfig(plan, option, 'claude-desktop')!.config)).toEqual({
      mcpServers: {
        'dart-mcp-server': {
          command: 'docker',
          args: ['run', '-i', '--rm', '-e', 'DART_TOKEN', 'mcp/dart'],
          env: { DART_TOKEN: '<secret:DART_TOKEN>' },
        },
      },
    })
    expect(clientConfig(plan, option, 'gemini')!.command).toBe(
      'gemini mcp add --scope user -e "DART_TOKEN=${DART_TOKEN}" dart-mcp-server docker -- run -i --rm -e DART_TOKEN mcp/dart',
    )
    // `-e NAME=example` in a 2025 entry becomes a variable asked for, not a value in the arguments.
    const hubspot = installPlan(bySnapshotName('io.github.buryhuang/mcp-hubspot'))
    expect(hubspot.options[0].stdio!.args.flat()).toEqual([
      'run',
      '-i',
      '--rm',
      '-e',
      'HUBSPOT_ACCESS_TOKEN',
      '-v',
      { input: 'v' },
      'buryhuang/mcp-hubspot:latest',
    ])
    expect(hubspot.options[0].inputs.map((i) => [i.label, i.isSecret, i.default])).toEqual([
      ['HUBSPOT_ACCESS_TOKEN', true, null],
      ['-v', false, '/path/to/storage:/storage'],
    ])
  })

  it('Docker (current shape) pins the tag and honours runtime arguments', () => {
    const plan = installPlan({
      name: 'io.github.acme/box',
      version: '2.0.0',
      packages: [
        {
          registryType: 'oci',
          identifier: 'docker.io/acme/box',
          version: '2.0.0',
          transport: { type: 'stdio' },
          runtimeHint: 'docker',
          runtimeArguments: [{ type: 'named', name: '--network', value: 'host' }],
          environmentVariables: [{ name: 'BOX_URL', isRequired: true, default: 'https://box.example.com' }],
        },
      ],
      remotes: [],
    })
    expect(plan.options[0].stdio!.args.flat()).toEqual([
      'run',
      '-i',
      '--rm',
      '--network',
      'host',
      '-e',
      'BOX_URL',
      'docker.io/acme/box:2.0.0',
    ])
    // A non-secret default is written as the value; VS Code still offers it to change.
    expect(JSON.parse(clientConfig(plan, plan.options[0], 'windsurf')!.config).mcpServers.box.env).toEqual({
      BOX_URL: 'https://box.example.com',
    })
    expect(JSON.parse(clientConfig(plan, plan.options[0], 'vscode')!.config).inputs[0]).toMatchObject({
      id: 'BOX_URL',
      password: false,
      default: 'https://box.example.com',
    })
  })

  it('NuGet runs through dnx; an MCP bundle and an unknown registry say why there is no command', () => {
    const plan = installPlan({
      name: 'io.github.acme/dotnet-tool',
      version: '1.0.0',
      packages: [
        { registryType: 'nuget', identifier: 'Acme.Mcp', version: '1.0.0', transport: { type: 'stdio' } },
        {
          registryType: 'mcpb',
          identifier: 'https://github.com/acme/tool/releases/download/v1/tool.mcpb',
          version: '1.0.0',
          transport: { type: 'stdio' },
        },
      ],
      remotes: [],
    })
    expect(plan.options[0].stdio).toEqual({ command: 'dnx', args: [['Acme.Mcp@1.0.0'], ['--yes']], env: [] })
    expect(plan.options[1].unsupported).toMatch(/^An MCP bundle is installed, not started by a command/)
    expect(clientConfig(plan, plan.options[1], 'vscode')).toBeNull()

    const unknown = bySnapshotName('io.github.tinyfish-io/agentql-mcp')
    expect(installPlan(unknown).options[0].unsupported).toBe(
      'The listing does not say which registry "agentql-mcp" comes from, so any command written here would be a guess. The repository\'s README says how to run it.',
    )
    expect(cardInstallCommand(unknown)).toMatch(/^# No install command for io\.github\.tinyfish-io\/agentql-mcp: /)
  })

  it('remote (current shape): streamable HTTP with a secret header and a URL variable, first before the package', () => {
    const listing = stored(withRemote)
    const plan = installPlan({ ...listing, packages: stored(withPackage).packages })
    expect(plan.options.map((o) => [o.kind, o.detail])).toEqual([
      ['remote', 'api.example.com · streamable HTTP'],
      ['package', '@modelcontextprotocol/server-weather 1.0.0'],
    ])
    const [remote] = plan.options
    expect(remote.inputs.map((i) => [i.id, i.kind, i.isSecret, i.default])).toEqual([
      ['host', 'url', false, 'api.example.com'],
      ['Authorization', 'header', true, null],
    ])
    expect(JSON.parse(clientConfig(plan, remote, 'vscode')!.config)).toEqual({
      inputs: [
        { type: 'promptString', id: 'host', description: 'host: API host', password: false, default: 'api.example.com' },
        { type: 'promptString', id: 'Authorization', description: 'Authorization', password: true },
      ],
      servers: {
        'remote-weather': { type: 'http', url: 'https://${input:host}/mcp', headers: { Authorization: '${input:Authorization}' } },
      },
    })
    expect(JSON.parse(clientConfig(plan, remote, 'gemini')!.config).mcpServers['remote-weather']).toEqual({
      httpUrl: 'https://api.example.com/mcp',
      headers: { Authorization: '${REMOTE_WEATHER_AUTHORIZATION}' },
    })
    expect(JSON.parse(clientConfig(plan, remote, 'windsurf')!.config).mcpServers['remote-weather']).toEqual({
      serverUrl: 'https://api.example.com/mcp',
      headers: { Authorization: '${env:REMOTE_WEATHER_AUTHORIZATION}' },
    })
    expect(parseToml(clientConfig(plan, remote, 'codex')!.config)).toEqual({
      mcp_servers: {
        'remote-weather': { url: 'https://api.example.com/mcp', env_http_headers: { Authorization: 'REMOTE_WEATHER_AUTHORIZATION' } },
      },
    })
    // Claude Desktop starts local programs only: the remote goes through the bridge, the secret through its env.
    expect(JSON.parse(clientConfig(plan, remote, 'claude-desktop')!.config).mcpServers['remote-weather']).toEqual({
      command: 'npx',
      args: ['-y', 'mcp-remote', 'https://api.example.com/mcp', '--header', 'Authorization:${REMOTE_WEATHER_AUTHORIZATION}'],
      env: { REMOTE_WEATHER_AUTHORIZATION: '<secret:Authorization>' },
    })
    expect(clientConfig(plan, remote, 'claude-code')!.command).toBe(
      'claude mcp add --transport http remote-weather https://api.example.com/mcp --header "Authorization: ${REMOTE_WEATHER_AUTHORIZATION}"',
    )
    expect(cardInstallCommand({ ...listing, packages: stored(withPackage).packages })).toBe(
      clientConfig(plan, remote, 'claude-code')!.command,
    )
  })

  it("each client's table says what the generator writes: a remote transport it bridges is exactly one written through mcp-remote", () => {
    for (const transport of ['streamable-http', 'sse'] as const) {
      const plan = installPlan({
        name: 'io.example/weather',
        version: '1.0.0',
        packages: [],
        remotes: [{ type: transport, url: 'https://mcp.example.com/mcp' }],
      })
      for (const client of CLIENTS) {
        const bridged = clientConfig(plan, plan.options[0], client.id)!.config.includes('mcp-remote')
        expect([client.id, transport, bridged]).toEqual([client.id, transport, client.speaks.bridged.includes(transport)])
        // Every remote transport is either spoken or bridged, never neither.
        expect(client.speaks.transports.includes(transport) || bridged).toBe(true)
      }
    }
    for (const client of CLIENTS) expect(client.speaks.transports).toContain('stdio')
  })

  it('a 2025 SSE remote goes first, and clients without SSE support bridge it', () => {
    const plan = installPlan(bySnapshotName('io.github.cloudflare/mcp-server-cloudflare'))
    expect(plan.options.map((o) => [o.kind, o.detail])).toEqual([
      ['remote', 'observability.mcp.cloudflare.com · SSE'],
      ['remote', 'bindings.mcp.cloudflare.com · SSE'],
      ['package', '@cloudflare/mcp-server-cloudflare 1.0.0'],
    ])
    expect(JSON.parse(clientConfig(plan, plan.options[0], 'gemini')!.config).mcpServers['mcp-server-cloudflare']).toEqual({
      url: 'https://observability.mcp.cloudflare.com/sse',
    })
    expect(parseToml(clientConfig(plan, plan.options[0], 'codex')!.config)).toEqual({
      mcp_servers: {
        'mcp-server-cloudflare': {
          command: 'npx',
          args: ['-y', 'mcp-remote', 'https://observability.mcp.cloudflare.com/sse', '--transport', 'sse-only'],
        },
      },
    })
    // A remote at a local address is the server's own, to start first; a package of no known
    // registry has no command and comes last.
    const atlassian = installPlan(bySnapshotName('io.github.sooperset/mcp-atlassian'))
    expect(atlassian.options.map((o) => [o.label, o.local, o.unsupported === null])).toEqual([
      ['Local server', true, true],
      ['Package', true, false],
    ])
    expect(atlassian.options[0].notes[0]).toMatch(/^This address is on your own machine/)
  })
})

describe('choices the generator makes', () => {
  it("never pins 'latest', an empty version or a range; a chosen listing version is just an argument", () => {
    const pkg = (version: string) => ({ registryType: 'pypi', identifier: 'tool', version, transport: { type: 'stdio' } })
    const listing: InstallListing = {
      name: 'io.github.acme/tool',
      version: '2.0.0',
      packages: [pkg('2.0.0')],
      remotes: [],
      versions: [{ version: '1.0.0', packages: [pkg('1.0.0')], remotes: [] }],
    }
    expect(installPlan(listing).options[0].stdio!.args).toEqual([['tool==2.0.0']])
    expect(installPlan(listing, { version: '1.0.0' })).toMatchObject({
      version: '1.0.0',
      options: [{ stdio: { args: [['tool==1.0.0']] } }],
    })
    for (const v of ['latest', '', '^1.2.0', '>=1']) {
      const plan = installPlan({ ...listing, packages: [pkg(v)] })
      expect(plan.options[0].stdio!.args, v).toEqual([['tool']])
      expect(plan.options[0].notes).toContain('The listing pins no version, so the newest release runs.')
    }
  })

  it('connects to a package that serves HTTP, with the command that starts it', () => {
    const plan = installPlan({
      name: 'io.github.acme/web-tool',
      version: '1.0.0',
      packages: [
        {
          registryType: 'npm',
          identifier: 'web-tool',
          version: '1.0.0',
          transport: { type: 'streamable-http', url: 'http://localhost:8080/mcp' },
        },
      ],
      remotes: [],
    })
    const [option] = plan.options
    expect(option).toMatchObject({
      kind: 'package',
      local: true,
      remote: { transport: 'streamable-http', url: ['http://localhost:8080/mcp'] },
    })
    expect(runCommand(option)).toBe('npx -y web-tool@1.0.0')
    expect(JSON.parse(clientConfig(plan, option, 'vscode')!.config).servers['web-tool']).toEqual({
      type: 'http',
      url: 'http://localhost:8080/mcp',
    })
  })

  it('makes keys every client accepts', () => {
    expect(serverKey('io.github.acme/widget')).toBe('widget')
    expect(serverKey('io.github.x/my.server name')).toBe('my-server-name')
    expect(serverKey('io.github.x/42')).toBe('mcp-42')
  })

  it('quotes command words the shell would act on and writes secrets as references', () => {
    const plan = installPlan(bySnapshotName('io.github.adfin-engineering/mcp-server-adfin'))
    const command = clientConfig(plan, plan.options[0], 'claude-code')!.command!
    expect(command).toContain("--directory '<absolute_path_to_adfin_mcp_folder>'")
    expect(command).toContain('--env "ADFIN_PASSWORD=${ADFIN_PASSWORD}"')
    expect(command).toContain("--env 'ADFIN_EMAIL=<ADFIN_EMAIL>'")
    expect(runCommand(plan.options[0])).toBe(
      "'ADFIN_EMAIL=<ADFIN_EMAIL>' \"ADFIN_PASSWORD=${ADFIN_PASSWORD}\" uvx --directory '<absolute_path_to_adfin_mcp_folder>' adfinmcp==0.1.0 main_adfin_mcp.py",
    )
  })

  it('merges a package of servers into one file per client, keys and VS Code inputs kept apart', () => {
    const a = installPlan(stored(withPackage))
    const b = installPlan({ ...stored(withPackage), name: 'io.github.other/local-weather' })
    const items = [a, b].map((plan) => ({ plan, option: plan.options[0] }))
    const vscode = JSON.parse(mergedClientConfig('vscode', items))
    expect(Object.keys(vscode.servers)).toEqual(['local-weather', 'local-weather-2'])
    expect(vscode.inputs.map((i: { id: string }) => i.id)).toEqual(['local-weather.API_KEY', 'local-weather-2.API_KEY'])
    expect(vscode.servers['local-weather-2'].env).toEqual({ API_KEY: '${input:local-weather-2.API_KEY}' })
    expect(Object.keys(parseToml(mergedClientConfig('codex', items)).mcp_servers as object)).toEqual(['local-weather', 'local-weather-2'])
    expect(Object.keys(parseYaml(mergedClientConfig('goose', items)).extensions)).toEqual(['local-weather', 'local-weather-2'])
    expect(parseYaml(mergedClientConfig('goose', items)).extensions['local-weather-2'].name).toBe('local-weather-2')
  })

  it("gives a package's add commands and one-click links under the merged file's keys, each the server's own", () => {
    const a = installPlan(stored(withPackage))
    const b = installPlan({ ...stored(withPackage), name: 'io.github.other/local-weather' })
    const r = installPlan(stored(withRemote))
    const items = [a, b, r].map((plan) => ({ plan, option: plan.options[0] }))
    const keys = ['local-weather', 'local-weather-2', serverKey(r.name)]
    // Every client with an add command has one line per server, in the file's order and keys.
    for (const id of ['claude-code', 'codex', 'gemini', 'vscode'] as const) {
      const commands = mergedClientCommands(id, items)!
      expect(commands.map((c) => c.key)).toEqual(keys)
      const file = id === 'codex' ? parseToml(mergedClientConfig(id, items)) : JSON.parse(mergedClientConfig(id, items))
      expect(Object.keys((file.mcpServers ?? file.mcp_servers ?? file.servers) as object)).toEqual(keys)
    }
    const claude = mergedClientCommands('claude-code', items)!
    expect(claude[0].command).toBe(clientConfig(a, a.options[0], 'claude-code')!.command)
    expect(claude[1].command).toBe(
      'claude mcp add --transport stdio --env "API_KEY=${API_KEY}" local-weather-2 -- npx -y @modelcontextprotocol/server-weather@1.0.0 --port 8080',
    )
    expect(claude[2].command).toBe(clientConfig(r, r.options[0], 'claude-code')!.command)
    // VS Code's command carries the inputs named as in the merged file.
    const code = mergedClientCommands('vscode', items)![1].command!
    const added = JSON.parse(code.slice("code --add-mcp '".length, -1))
    expect(added).toMatchObject({ name: 'local-weather-2', env: { API_KEY: '${input:local-weather-2.API_KEY}' } })
    expect(added.inputs.map((i: { id: string }) => i.id)).toEqual(['local-weather-2.API_KEY'])
    // Clients without an add command or a link say so with null.
    for (const id of ['claude-desktop', 'cursor', 'windsurf', 'goose', 'zed', 'cline'] as const)
      expect(mergedClientCommands(id, items)).toBeNull()
    for (const id of CLIENTS.map((c) => c.id).filter((c) => c !== 'cursor' && c !== 'vscode'))
      expect(mergedClientLinks(id, items)).toBeNull()
    // Each link opens exactly the entry the merged file holds for that server.
    const cursorFile = JSON.parse(mergedClientConfig('cursor', items)).mcpServers
    const cursorLinks = mergedClientLinks('cursor', items)!
    expect(cursorLinks.map((l) => l.key)).toEqual(keys)
    for (const l of cursorLinks) expect(parseCursorInstallLink(l.href)).toEqual({ name: l.key, config: cursorFile[l.key] })
    const vscodeFile = JSON.parse(mergedClientConfig('vscode', items)).servers
    for (const l of mergedClientLinks('vscode', items)!) {
      const { name, inputs, ...entry } = parseVscodeInstallLink(l.href)
      expect(name).toBe(l.key)
      expect(entry).toEqual(vscodeFile[l.key])
      expect(l.label).toBe('Install in VS Code')
    }
  })

  it('writes YAML that reads back exactly, whatever the strings hold', () => {
    const tricky = ['yes', '1.0', '~', 'a: b', '- x', '#c', 'quote " and \\ back', 'tab\there', 'line\nbreak', 'del\u007f', 'nel\u0085']
    const plan = installPlan({
      name: 'io.github.acme/odd',
      version: '1',
      packages: [
        {
          registryType: 'npm',
          identifier: 'odd',
          version: '1.0.0',
          transport: { type: 'stdio' },
          packageArguments: tricky.map((value) => ({ type: 'positional', value })),
        },
      ],
      remotes: [],
    })
    const doc = parseYaml(clientConfig(plan, plan.options[0], 'goose')!.config)
    expect(doc.extensions.odd.args).toEqual(['-y', 'odd@1.0.0', ...tricky])
    expect(parseToml(clientConfig(plan, plan.options[0], 'codex')!.config)).toMatchObject({
      mcp_servers: { odd: { args: ['-y', 'odd@1.0.0', ...tricky] } },
    })
  })
})
