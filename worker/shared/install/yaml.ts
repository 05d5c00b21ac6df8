/**
 * A YAML writer for configuration documents (maps, lists, strings, numbers, booleans). Every
 * string is written double-quoted with escapes, the JSON-compatible form of YAML 1.2 scalars, so
 * no value can be read back as another type ('yes', '1.0', '~') or break the layout; the `yaml`
 * package parses every output in the tests. It keeps a 30 kB parser-and-writer out of the SPA
 * for the one client (Goose) that reads YAML.
 */

/** Characters YAML wants escaped inside double quotes that JSON.stringify leaves as they are. */
const UNPRINTABLE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

function quote(text: string): string {
  return JSON.stringify(text).replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n)$/i

function key(k: string): string {
  return PLAIN_KEY.test(k) && !RESERVED.test(k) ? k : quote(k)
}

function scalar(v: unknown): string {
  if (typeof v === 'string') return quote(v)
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null'
  if (typeof v === 'boolean') return String(v)
  return 'null'
}

const isMap = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

function lines(v: unknown, indent: string): string[] {
  if (Array.isArray(v)) {
    if (v.length === 0) return []
    return v.flatMap((item) => {
      if (isMap(item) || Array.isArray(item)) {
        const inner = lines(item, `${indent}  `)
        if (inner.length === 0) return [`${indent}- ${Array.isArray(item) ? '[]' : '{}'}`]
        return [`${indent}- ${inner[0].trimStart()}`, ...inner.slice(1)]
      }
      return [`${indent}- ${scalar(item)}`]
    })
  }
  if (isMap(v)) {
    return Object.entries(v)
      .filter(([, value]) => value !== undefined)
      .flatMap(([k, value]) => {
        if (Array.isArray(value) && value.length === 0) return [`${indent}${key(k)}: []`]
        if (isMap(value) && Object.keys(value).length === 0) return [`${indent}${key(k)}: {}`]
        if (Array.isArray(value) || isMap(value)) return [`${indent}${key(k)}:`, ...lines(value, `${indent}  `)]
        return [`${indent}${key(k)}: ${scalar(value)}`]
      })
  }
  return [`${indent}${scalar(v)}`]
}

/**
 * A YAML document for a map.
 * @example toYaml({ extensions: { fetch: { cmd: 'uvx', args: ['mcp-server-fetch'] } } })
 */
export function toYaml(doc: Record<string, unknown>): string {
  return `${lines(doc, '').join('\n')}\n`
}
