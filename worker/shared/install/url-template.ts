/**
 * Remote URLs as the registry draft allows them (modelcontextprotocol/registry#910): an http(s)
 * address, which may hold `{variables}` after its scheme, or one that begins with a variable,
 * `{baseUrl}/mcp`. Small and free of zod, so the register form's schemas and the install generator
 * read them by one rule.
 */
import type { DeclaredInput } from './model'

/** An absolute http(s) address as a remote or transport `url` gives it (no white space). */
export const HTTP_URL_RE = /^https?:\/\/\S+$/i
/**
 * A URL that begins with a variable, `{baseUrl}/mcp`: the registry draft allows it for remotes and
 * transports (modelcontextprotocol/registry#910), the variable naming where the server is deployed.
 */
export const TEMPLATED_URL_RE = /^\{[A-Za-z_][A-Za-z0-9_]*\}\S*$/

/**
 * Whether a remote's or a transport's `url` is one the draft server.json allows: an http(s)
 * address (which may hold `{variables}` after its scheme) or one that begins with a variable.
 * @example isRemoteUrl('{baseUrl}/mcp') // true
 */
export function isRemoteUrl(url: string): boolean {
  return HTTP_URL_RE.test(url) || TEMPLATED_URL_RE.test(url)
}

/** The `{names}` a URL template refers to, each once, in order. */
export function urlVariables(url: string): string[] {
  return [...new Set([...url.matchAll(/\{([A-Za-z0-9_.-]+)\}/g)].map((m) => m[1]))]
}

/**
 * A templated URL with each `{variable}` replaced by its fixed value or, failing that, its
 * default: the address it stands for when nobody fills anything in. Null when a variable it names
 * has neither (or is not declared), or when what results is not an http(s) address.
 * @example resolveUrl('{baseUrl}/mcp', { baseUrl: { default: 'https://mcp.example.com', ... } }) // 'https://mcp.example.com/mcp'
 */
export function resolveUrl(url: string, variables: Record<string, DeclaredInput>): string | null {
  let missing = false
  const resolved = url.replace(/\{([A-Za-z0-9_.-]+)\}/g, (_, name: string) => {
    const v = variables[name]
    const value = v?.value ?? v?.default ?? null
    if (value === null) missing = true
    return value ?? ''
  })
  return !missing && HTTP_URL_RE.test(resolved) ? resolved : null
}
