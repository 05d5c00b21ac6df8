/**
 * One-click install links, and their decoding (which the tests use to check that a link carries
 * exactly the configuration shown beside it).
 */

/** Base64 of the UTF-8 bytes: btoa alone takes Latin-1 only. */
function toBase64(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function fromBase64(b64: string): string {
  const binary = atob(b64.replace(/-/g, '+').replace(/_/g, '/'))
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}

// Cursor: name and the server's mcp.json entry, JSON then base64 (https://cursor.com/docs/mcp/install-links).
const CURSOR_INSTALL = 'cursor://anysphere.cursor-deeplink/mcp/install'

/**
 * 'Add to Cursor': opens Cursor's install prompt for one server entry.
 * @example cursorInstallLink('fetch', { command: 'uvx', args: ['mcp-server-fetch'] })
 */
export function cursorInstallLink(name: string, entry: Record<string, unknown>): string {
  return `${CURSOR_INSTALL}?name=${encodeURIComponent(name)}&config=${encodeURIComponent(toBase64(JSON.stringify(entry)))}`
}

/** The name and entry a Cursor install link carries. */
export function parseCursorInstallLink(link: string): { name: string; config: Record<string, unknown> } {
  if (!link.startsWith(`${CURSOR_INSTALL}?`)) throw new Error('Not a Cursor install link')
  const params = new URLSearchParams(link.slice(CURSOR_INSTALL.length + 1))
  return { name: params.get('name') ?? '', config: JSON.parse(fromBase64(params.get('config') ?? '')) }
}

// VS Code: the object `code --add-mcp` takes, as JSON, URI-encoded
// (https://code.visualstudio.com/docs/copilot/guides/mcp-developer-guide#_mcp-url-handler).
const VSCODE_INSTALL = 'vscode:mcp/install'

/**
 * 'Install in VS Code': `{ name, ...server entry, inputs }` as VS Code's URL handler reads it.
 * @example vscodeInstallLink({ name: 'fetch', type: 'stdio', command: 'uvx', args: ['mcp-server-fetch'] })
 */
export function vscodeInstallLink(server: { name: string } & Record<string, unknown>): string {
  return `${VSCODE_INSTALL}?${encodeURIComponent(JSON.stringify(server))}`
}

/** The object a VS Code install link carries. */
export function parseVscodeInstallLink(link: string): { name: string } & Record<string, unknown> {
  if (!link.startsWith(`${VSCODE_INSTALL}?`)) throw new Error('Not a VS Code install link')
  return JSON.parse(decodeURIComponent(link.slice(VSCODE_INSTALL.length + 1)))
}
