import type { ServerSummary } from '../../../worker/shared/types'
import { stdioEntry, type ConfigSource } from './client-config'
import { shortName } from './format'

/**
 * One configuration for every server of a package, in the `mcpServers` shape that Claude
 * Desktop, Cursor and Windsurf read: each entry is the one the server's own Configuration tab
 * gives. Two servers with the same short name get '-2', '-3' ... so neither is lost.
 */
export function mergedPackageConfig(servers: ConfigSource[]): { mcpServers: Record<string, ReturnType<typeof stdioEntry>> } {
  const mcpServers: Record<string, ReturnType<typeof stdioEntry>> = {}
  for (const server of servers) {
    const base = shortName(server.name) || 'server'
    let key = base
    for (let n = 2; key in mcpServers; n++) key = `${base}-${n}`
    mcpServers[key] = stdioEntry(server)
  }
  return { mcpServers }
}

/** A card lacks packages and remotes; without its detail the entry falls back to '@{author}/{name}'. */
export function summaryAsSource(server: ServerSummary): ConfigSource {
  return { name: server.name, author: server.author, packages: [], remotes: [] }
}

/** '{name}-config.json', with the characters no file system accepts replaced. */
export function configFileName(packageName: string): string {
  const safe = packageName.replace(/[\u0000-\u001f/\\:*?"<>|]+/g, '-').trim() || 'package'
  return `${safe}-config.json`
}
