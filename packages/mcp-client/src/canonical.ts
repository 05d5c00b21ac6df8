import { sha256Hex } from './hash'
import type { Surface, SurfaceHashes } from './surface'

/**
 * JSON with every object's keys sorted (recursively), arrays in their given order and no
 * whitespace, so two values that mean the same JSON give the same text, and their hashes can be
 * compared for exact equality. `undefined` members are left out, as `JSON.stringify` does.
 *
 * @example canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }) // '{"a":[2,{"c":4,"d":3}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`
  const entries = Object.keys(value)
    .sort()
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
  return `{${entries.join(',')}}`
}

/**
 * The SHA-256 (hex) of the whole surface's canonical JSON and of each tool's, keyed by tool name:
 * what a stored surface is compared by, so a change anywhere, and which tools changed, are exact.
 *
 * @example const { surface, tools } = await hashSurface(outcome.surface)
 */
export async function hashSurface(surface: Surface): Promise<SurfaceHashes> {
  const tools: Record<string, string> = {}
  for (const tool of surface.tools) tools[tool.name] = await sha256Hex(canonicalJson(tool))
  return { surface: await sha256Hex(canonicalJson(surface)), tools }
}
