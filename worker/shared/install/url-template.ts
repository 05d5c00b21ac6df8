/**
 * Remote URLs as the registry draft allows them (modelcontextprotocol/registry#910): an http(s)
 * address, which may hold `{variables}` after its scheme, or one that begins with a variable,
 * `{baseUrl}/mcp`. Small and free of zod, so the register form's schemas and the install generator
 * read them by one rule.
 */

/** An absolute http(s) address as a remote or transport `url` gives it (no white space). */
export const HTTP_URL_RE = /^https?:\/\/\S+$/i
/**
 * A URL that begins with a variable, `{baseUrl}/mcp`: the registry draft allows it for remotes and
 * transports (modelcontextprotocol/registry#910), the variable naming where the server is deployed.
 */
export const TEMPLATED_URL_RE = /^\{[A-Za-z_][A-Za-z0-9_]*\}\S*$/

/** An absolute http(s) address, parsed by `URL` exactly as the browser and the Worker parse it. */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

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

/** A `{variable}` of a URL template, as the draft names them. */
const URL_VARIABLE = /\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g

/**
 * A transport or remote URL as an http(s) address: one that is one already as declared (its
 * `{variables}` after the scheme stay for the client to fill); one beginning with a `{variable}`,
 * which only the draft allows, with every variable it names replaced by what `valueFor` gives (a
 * fixed value or a default). Null when one has nothing, or when what results is no http(s) URL.
 * The registry API serves this (the published schema has no place for the rest).
 * @example servedUrl('{baseUrl}/mcp', (name) => (name === 'baseUrl' ? 'https://a.example' : null)) // 'https://a.example/mcp'
 * @example servedUrl('{baseUrl}/mcp', () => null) // null
 */
export function servedUrl(url: string, valueFor: (name: string) => string | null): string | null {
  if (HTTP_URL_RE.test(url)) return url
  if (!TEMPLATED_URL_RE.test(url)) return null
  let missing = false
  const resolved = url.replace(URL_VARIABLE, (_, name: string) => {
    const value = valueFor(name)
    if (value === null) missing = true
    return value ?? ''
  })
  return !missing && HTTP_URL_RE.test(resolved) && !/\{[a-zA-Z_][a-zA-Z0-9_]*\}/.test(resolved) ? resolved : null
}

/** The `{names}` of the draft's form a URL template refers to, each once. */
export const variablesOf = (url: string) => new Set(Array.from(url.matchAll(URL_VARIABLE), (m) => m[1]))
