/**
 * What a detector weighs a hit against: the item's own name and its siblings' (a tool of this
 * surface is not another server's), names read as words, and the item's purpose with an order
 * taken out of it.
 */
import type { ItemContext } from '../rule-types'

/** A name as words: camelCase split, separators to '_', lowercased. */
export const nameWords = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s.-]+/g, '_')
    .toLowerCase()

export const NAME_STOP = new Set([
  'this',
  'that',
  'the',
  'a',
  'an',
  'it',
  'its',
  'these',
  'those',
  'them',
  'any',
  'same',
  'current',
  'other',
  'another',
  'each',
  'every',
  'tool',
  'tools',
  'function',
  'user',
  'you',
  'your',
  'appropriate',
  'relevant',
  'following',
  'above',
  'right',
  'correct',
  'next',
  'previous',
  'corresponding',
  'one',
  'such',
  'which',
  'what',
  'my',
  'our',
  'their',
  'some',
  'all',
  'both',
  'either',
  'first',
])

/** A word that names a tool the way code does: snake_case, kebab-case, dotted, camelCase. */
export const looksLikeIdentifier = (word: string) => /[_.]|[a-z]-[a-z]|[a-z][A-Z]/.test(word)

/** Whether a tool name is one of the surface's own (compared loosely: case and separators aside). */
export function isSibling(name: string, item: ItemContext): boolean {
  const key = nameKey(name)
  if (item.name && nameKey(item.name) === key) return true
  for (const s of siblingKeys(item.siblings)) if (s === key || s.endsWith(key) || key.endsWith(s)) return true
  return false
}

/** A name as a key: words joined, a plural 's' off each word ('currents-get-test-signature' is 'currents-get-tests-signatures'). */
const nameKey = (name: string) =>
  nameWords(name)
    .split('_')
    .map((word) => (word.length > 3 ? word.replace(/s$/, '') : word))
    .join('')

/**
 * An item's purpose with an order taken out, to weigh the order against: cut where the order's
 * words start when the purpose holds them (a first sentence without a full stop runs into the
 * order, and whatever follows it is the attack's too), else with them removed.
 */
export function purposeWithout(purpose: string, matched: string): string {
  const at = purpose.indexOf(matched.slice(0, 24))
  // Names read as words: 'list_secrets' is about secrets.
  return (at === -1 ? purpose.replace(matched, ' ') : purpose.slice(0, at)).replace(/[_-]+/g, ' ')
}

/** The siblings' names as keys, worked out once per surface. */
const siblingKeyCache = new WeakMap<ReadonlySet<string>, string[]>()
function siblingKeys(siblings: ReadonlySet<string>): string[] {
  let keys = siblingKeyCache.get(siblings)
  if (!keys) {
    keys = [...siblings].map(nameKey)
    siblingKeyCache.set(siblings, keys)
  }
  return keys
}

/**
 * The server's own name and title as the item's purpose carries them (the purpose is the server's
 * names, then the item's own words): the listing's names when the scan is not told them.
 */
export function serverNameOf(item: ItemContext): string {
  if (!item.purpose.endsWith(item.own)) return ''
  return item.purpose.slice(0, item.purpose.length - item.own.length).trim()
}

/** A parameter of a tool as a value's field names it: its name, its schema, whether it is a top-level parameter. */
export interface ParameterAt {
  name: string
  schema: Record<string, unknown>
  topLevel: boolean
}

/**
 * The parameter a value (a default, an example, a const, an enum value) belongs to, from the
 * value's field ('inputSchema.properties.webhook.default', '...properties.cc.examples.0'): the
 * last property named on the way, read from the tool's own schema. At most 40 steps.
 */
export function parameterAt(tool: ItemContext['tool'], field: string): ParameterAt | null {
  if (!tool) return null
  const steps = field.split('.').slice(0, 40)
  let node: unknown = tool as unknown
  let found: ParameterAt | null = null
  let depth = 0
  for (let i = 0; i < steps.length; i++) {
    if (typeof node !== 'object' || node === null) break
    const step = steps[i]
    const next: unknown = Array.isArray(node) ? node[Number(step)] : (node as Record<string, unknown>)[step]
    if (steps[i - 1] === 'properties' && typeof next === 'object' && next !== null && !Array.isArray(next)) {
      depth++
      found = { name: step, schema: next as Record<string, unknown>, topLevel: depth === 1 && steps[0] === 'inputSchema' }
    }
    node = next
  }
  return found
}
