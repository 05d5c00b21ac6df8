import type { ServerDetail, ServerPackage, ServerRemote } from '../../../worker/shared/types'
import { shortName } from './format'

/** One copyable configuration block on the Configuration tab. */
export interface ClientConfig {
  id: string
  label: string
  /** Where the client reads it from, so the reader knows where to paste. */
  file: string
  json: string
}

export type ConfigSource = Pick<ServerDetail, 'name' | 'author' | 'packages' | 'remotes'>

interface EnvVariable {
  name?: unknown
}

/** The package npx runs: the first package's identifier (or name), else '@{author}/{name}'. */
export function npxPackage(server: ConfigSource): string {
  const first = server.packages[0]
  const id = typeof first === 'string' ? first : (first?.identifier ?? first?.name)
  if (typeof id === 'string' && id.trim()) return id.trim()
  return `@${server.author}/${shortName(server.name)}`
}

/** Environment variables the first package declares, as placeholders the user fills in. */
function envOf(server: ConfigSource): Record<string, string> | undefined {
  const first = server.packages[0]
  if (!first || typeof first === 'string') return undefined
  const declared = (first as ServerPackage).environment_variables ?? (first as ServerPackage).environmentVariables
  if (!Array.isArray(declared)) return undefined
  const names = (declared as EnvVariable[]).map((v) => v?.name).filter((n): n is string => typeof n === 'string' && n.length > 0)
  return names.length ? Object.fromEntries(names.map((n) => [n, `<${n}>`])) : undefined
}

function firstRemoteUrl(server: ConfigSource): string | null {
  for (const r of server.remotes) {
    const url = typeof r === 'string' ? r : (r as ServerRemote)?.url
    if (typeof url === 'string' && /^https?:\/\//i.test(url)) return url
  }
  return null
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2)

/** The stdio entry that starts a server through npx (also merged into a package's configuration). */
export function stdioEntry(server: ConfigSource) {
  const env = envOf(server)
  return { command: 'npx', args: ['-y', npxPackage(server)], ...(env ? { env } : {}) }
}

/**
 * Configuration for each AI client: Claude Desktop, Cursor and Windsurf read `mcpServers`, VS
 * Code reads `servers` (with an explicit stdio type). When the server has remotes, a remote
 * variant for Claude Desktop follows, bridged through `mcp-remote` since the desktop app starts
 * local commands only.
 */
export function clientConfigs(server: ConfigSource): ClientConfig[] {
  const key = shortName(server.name)
  const stdio = stdioEntry(server)
  const configs: ClientConfig[] = [
    { id: 'claude', label: 'Claude Desktop', file: 'claude_desktop_config.json', json: pretty({ mcpServers: { [key]: stdio } }) },
    { id: 'cursor', label: 'Cursor', file: '.cursor/mcp.json', json: pretty({ mcpServers: { [key]: stdio } }) },
    { id: 'vscode', label: 'VS Code', file: '.vscode/mcp.json', json: pretty({ servers: { [key]: { type: 'stdio', ...stdio } } }) },
    { id: 'windsurf', label: 'Windsurf', file: '~/.codeium/windsurf/mcp_config.json', json: pretty({ mcpServers: { [key]: stdio } }) },
  ]
  const remote = firstRemoteUrl(server)
  if (remote) {
    configs.splice(1, 0, {
      id: 'claude-remote',
      label: 'Claude Desktop (remote)',
      file: 'claude_desktop_config.json',
      json: pretty({ mcpServers: { [key]: { command: 'npx', args: ['-y', 'mcp-remote', remote] } } }),
    })
  }
  return configs
}

export { pretty as prettyJson }
