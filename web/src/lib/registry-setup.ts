/**
 * Where a package's registry URL goes, for each client and policy that takes one, as its own
 * documentation says (cited beside each; docs/package-registry-clients.md says the same in
 * prose), and the allowlist downloads the policies that match by name or URL take. Pure: the
 * package page's Registry tab renders it, test/web tests it.
 */

/** An allowlist the registry serves beside `/v0.1` (worker/lib/package-registry.ts ALLOWLIST_FORMS). */
export interface AllowlistForm {
  /** The file under the registry URL. */
  file: string
  label: string
  /** What it holds and which policy takes it. */
  description: string
}

/** The allowlist forms, each served at `{registry URL}/{file}`. */
export const ALLOWLIST_FORMS: readonly AllowlistForm[] = [
  {
    file: 'allowlist.json',
    label: 'JSON',
    description: "Each server's registry name, the version served, its remote URLs and the packages it runs, for scripts and policy tools.",
  },
  {
    file: 'allowlist.names.txt',
    label: 'Names',
    description:
      "One registry name a line (io.github.owner/server): the server IDs a 'Registry only' policy matches, and serverName entries.",
  },
  {
    file: 'allowlist.urls.txt',
    label: 'URLs',
    description:
      'One remote server URL a line: for serverUrl entries of an allowlist that matches by URL, which a user cannot rename around.',
  },
]

/** One place a registry URL can be given. */
export interface RegistrySetup {
  id: string
  label: string
  /** Who sets it: a developer for themself, or an administrator for everyone. */
  audience: 'user' | 'admin'
  /** Where the setting lives, step by step. */
  steps: string[]
  /** What to paste, when there is text to paste. */
  snippet: { code: string; what: string } | null
  /** What the client checks, and what it does not. */
  validates: string
  /** The client's own documentation. */
  docs: Array<{ href: string; label: string }>
}

/**
 * The setups for a registry URL (the base: clients append `/v0.1/servers` themselves).
 * @example registrySetups('https://catalogue.example/registry/abc')[0].snippet?.code
 */
export function registrySetups(url: string): RegistrySetup[] {
  return [
    {
      // VS Code reads `chat.mcp.gallery.serviceUrl` and requests `{url}/v0.1/servers?limit=…` under it
      // (microsoft/vscode: mcpGalleryServiceUrlConfig; github/github-mcp-server#1291 shows the appended path).
      id: 'vscode',
      label: 'VS Code (your own settings)',
      audience: 'user',
      steps: [
        'Open your user settings as JSON (Preferences: Open User Settings (JSON)) and add the line below.',
        'Reload the window, then search @mcp in the Extensions view: the gallery lists this package’s servers.',
      ],
      snippet: { code: `"chat.mcp.gallery.serviceUrl": "${url}"`, what: 'VS Code setting' },
      validates:
        'VS Code appends /v0.1/servers to the URL and lists what answers there; the servers you install from it are written to your mcp.json. It restricts nothing by itself.',
      docs: [
        { href: 'https://code.visualstudio.com/docs/copilot/reference/mcp-configuration', label: 'VS Code: MCP configuration' },
        {
          href: 'https://code.visualstudio.com/updates/v1_106#_mcp-server-access-for-your-organization',
          label: 'VS Code 1.106: MCP server access for your organization',
        },
      ],
    },
    {
      // The same setting as a device policy, `McpGalleryServiceUrl` (VS Code 1.101+), which a user cannot override.
      id: 'vscode-policy',
      label: 'VS Code (device policy)',
      audience: 'admin',
      steps: [
        'In your device management (Group Policy on Windows, a configuration profile on macOS), set the McpGalleryServiceUrl policy to the URL below.',
        'Every VS Code on those machines shows this package’s servers in its MCP gallery, and users cannot change the setting.',
      ],
      snippet: { code: url, what: 'McpGalleryServiceUrl value' },
      validates:
        'The policy fixes which gallery VS Code shows; which servers may run is set apart (chat.mcp.access, or the GitHub policy below).',
      docs: [{ href: 'https://code.visualstudio.com/docs/setup/enterprise', label: 'VS Code: enterprise policies' }],
    },
    {
      // Settings → Copilot → Policies → MCP: "MCP Registry URL" and "Restrict MCP access to registry
      // servers" (Allow all / Registry only) (docs.github.com configure-mcp-registry, configure-mcp-server-access).
      id: 'github-copilot',
      label: 'GitHub Copilot (organization or enterprise)',
      audience: 'admin',
      steps: [
        'In your organization’s or enterprise’s settings, open Copilot, then Policies (AI controls in an enterprise), and find MCP.',
        'Paste the URL below into MCP Registry URL: Copilot in VS Code, Visual Studio, JetBrains, Eclipse, Xcode and the Copilot CLI show its servers.',
        'To allow only these servers, set Restrict MCP access to registry servers to Registry only.',
      ],
      snippet: { code: url, what: 'MCP Registry URL' },
      validates:
        'Copilot needs the v0.1 endpoints (/v0.1/servers, /versions/latest, /versions/{version}) and CORS, which this registry serves. Registry only matches servers by their name (server ID) alone: GitHub warns that editing a configuration file gets around it. For enforcement by URL or command that users cannot override, use the allowlist in managed-settings.json (below).',
      docs: [
        {
          href: 'https://docs.github.com/en/copilot/how-tos/administer-copilot/manage-mcp-usage/configure-mcp-registry',
          label: 'GitHub: configure an MCP registry',
        },
        {
          href: 'https://docs.github.com/en/copilot/reference/enterprise-administrators/mcp-private-registry-enforcement',
          label: 'GitHub: MCP private registry enforcement',
        },
      ],
    },
    {
      // allowedMcpServers entries matched by serverUrl (wildcards), serverCommand (exact) or name, in the
      // enterprise's managed-settings.json (docs.github.com configure-enterprise-allowlist).
      id: 'github-allowlist',
      label: 'GitHub Copilot (enterprise allowlist)',
      audience: 'admin',
      steps: [
        'Download the URLs allowlist below and make one { "serverUrl": "…" } entry of allowedMcpServers per line in your enterprise’s managed-settings.json (most keep it in a .github-private repository).',
        'Local servers are matched by their exact command (serverCommand): take each from the server’s Configuration tab.',
      ],
      snippet: null,
      validates:
        'Copilot clients block any server not matching an allowedMcpServers entry, by URL or exact command rather than by a name a user can edit. GitHub advises turning Registry only off (Allow all) when you use this, to keep one source of truth.',
      docs: [
        {
          href: 'https://docs.github.com/en/copilot/how-tos/administer-copilot/manage-mcp-usage/configure-enterprise-allowlist',
          label: 'GitHub: configure an MCP server allowlist',
        },
      ],
    },
    {
      // allowedMcpServers with serverName, serverUrl or serverCommand, plus allowManagedMcpServersOnly, in
      // managed-settings.json (code.claude.com/docs/en/managed-mcp). Claude Code has no registry to browse.
      id: 'claude-code',
      label: 'Claude Code (managed settings)',
      audience: 'admin',
      steps: [
        'Claude Code does not read a registry URL. Turn the Names or URLs allowlist into allowedMcpServers entries ({ "serverName": … } or { "serverUrl": … }) in its managed-settings.json.',
        'Add "allowManagedMcpServersOnly": true so users cannot widen the list in their own settings.',
      ],
      snippet: null,
      validates:
        'A serverName entry matches the name a user gives the server, which they choose; serverUrl and serverCommand entries match what actually runs.',
      docs: [{ href: 'https://code.claude.com/docs/en/managed-mcp', label: 'Claude Code: control MCP server access' }],
    },
    {
      // `thv config set-registry <url>`: a URL not ending in .json is read as a v0.1 registry API
      // (docs.stacklok.com toolhive reference thv_config_set-registry).
      id: 'toolhive',
      label: 'ToolHive',
      audience: 'user',
      steps: ['Run the command below; thv registry list then lists this package’s servers, and thv run starts one.'],
      snippet: { code: `thv config set-registry ${url}`, what: 'ToolHive command' },
      validates:
        'ToolHive reads the URL as an MCP Registry API (v0.1). Its enterprise manager can enforce the registry and block servers outside it.',
      docs: [
        { href: 'https://docs.stacklok.com/toolhive/reference/cli/thv_config_set-registry', label: 'ToolHive: thv config set-registry' },
        { href: 'https://docs.stacklok.com/platform/enterprise-manager/policies/registry', label: 'ToolHive: registry policy' },
      ],
    },
  ]
}

/** The registry URL from the origin and the package's path, or null when the visitor has none. */
export function registryUrl(origin: string, registryPath: string | null): string | null {
  return registryPath ? `${origin}${registryPath}` : null
}
