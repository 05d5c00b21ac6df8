/**
 * The install generator: from a listing's packages and remotes (either server.json shape) to a
 * correct configuration for each AI client, its one-line command and one-click link. Pure (no
 * DOM, no request, no database), so the SPA's Configuration tab, the package page's merged file
 * and the Worker's card install commands all say the same thing.
 *
 * @example
 * const plan = installPlan({ name: 'io.github.acme/widget', version: '1.0.0', packages, remotes })
 * const vscode = clientConfig(plan, plan.options[0], 'vscode') // { config, command, link, notes }
 */
import { clientConfig } from './clients'
import { type InstallListing, installPlan } from './plan'

export type { ClientGroup, ClientId, ClientInfo, ClientOutput, MergedCommand, MergedLink, MergeItem } from './clients'
export { CLIENTS, clientConfig, mergedClientCommands, mergedClientConfig, mergedClientLinks, placeholder, runCommand } from './clients'
export { cursorInstallLink, parseCursorInstallLink, parseVscodeInstallLink, vscodeInstallLink } from './deeplinks'
export type { Input, InputKind, InstallOption, InstallPlan, NamedValue, Part, RemoteConnection, StdioLaunch, Value } from './model'
export type { InstallListing, InstallVersion, PlanOptions } from './plan'
export { installPlan, serverKey } from './plan'

/**
 * The generator's revision for kept install output: the card command (`servers.card_install`)
 * and the registry API's install options (`servers.registry_install`). Raise it whenever
 * `cardInstallCommand` or the registry's `installSummary` would write anything different for some
 * listing: kept output of an older revision stops standing at once, and the cron generates it again.
 * test/worker/lib/install-rev.test.ts fails when either changes and this does not.
 */
export const INSTALL_REV = 3

/**
 * The command a server card copies: Claude Code's `claude mcp add` for the first option that
 * can be installed, since it adds the server to a client in one line and carries its variables.
 * Without one, a shell comment that says why, so what is copied is never a command that fails.
 */
export function cardInstallCommand(listing: InstallListing): string {
  const plan = installPlan(listing)
  const option = plan.options.find((o) => !o.unsupported)
  if (option) return clientConfig(plan, option, 'claude-code')!.command!
  const why = plan.options[0]?.unsupported ?? 'the listing names no package and no remote server.'
  return `# No install command for ${plan.name}: ${why}`
}
