/**
 * What the deploy configuration declares, read from the files themselves for the README's checks:
 * wrangler.toml's settings (`[vars]`) and bindings, and the secrets worker/secrets.d.ts declares
 * (secrets are never in wrangler.toml, so `wrangler types` cannot see them).
 */
import { parse } from 'smol-toml'
import ts from 'typescript'
import { read } from './markdown'

export type Wrangler = Record<string, unknown>

export const wrangler = (): Wrangler => parse(read('wrangler.toml')) as Wrangler

/** The `[vars]` of wrangler.toml, each as the string the Worker reads. */
export const vars = (config = wrangler()): Record<string, string> =>
  Object.fromEntries(Object.entries((config.vars ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]))

/** The secrets the Worker reads: the members of `interface Secrets` in worker/secrets.d.ts. */
export function secrets(): string[] {
  const file = 'worker/secrets.d.ts'
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true)
  const found = source.statements.filter((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Secrets')
  if (found.length !== 1) throw new Error(`${file}: expected one interface Secrets, found ${found.length}`)
  return found[0].members.filter(ts.isPropertySignature).map((m) => m.name.getText(source))
}

/** How the README's bindings table names each kind. */
export type BindingKind = 'D1 database' | 'KV namespace' | 'queue producer' | 'queue consumer' | 'rate limiter' | 'static assets'

export interface Binding {
  kind: BindingKind
  /** The name the Worker reads it by (`env.DB`); a queue consumer has none, the Worker's `queue` handler is called. */
  name: string | null
  /** What it binds, where the README should name it: the database, the queue, the folder, the namespace id. */
  resource: string | null
  /** A queue's dead-letter queue, which must exist too. */
  deadLetterQueue?: string
}

/** Top-level keys of wrangler.toml that bind nothing. */
const NOT_BINDINGS = new Set([
  'name',
  'main',
  'compatibility_date',
  'compatibility_flags',
  'triggers',
  'vars',
  'observability',
  'workers_dev',
])

/** Top-level keys that bind something, and what `bindings` makes of them. */
const BINDING_KEYS = new Set(['d1_databases', 'kv_namespaces', 'queues', 'ratelimits', 'assets'])

type Entry = Record<string, string | number | undefined>
const list = (value: unknown) => (value ?? []) as Entry[]
const text = (value: string | number | undefined) => (value === undefined ? null : String(value))

/**
 * Every binding wrangler.toml declares. A top-level key this does not know throws: a new kind of
 * binding (R2, Durable Objects, services, an `[env.x]` of its own) should be taught here, and so
 * reach the README's table, rather than pass unseen.
 */
export function bindings(config = wrangler()): Binding[] {
  const unknown = Object.keys(config).filter((k) => !NOT_BINDINGS.has(k) && !BINDING_KEYS.has(k))
  if (unknown.length > 0) throw new Error(`wrangler.toml: keys this check does not know: ${unknown.join(', ')}`)
  const queues = (config.queues ?? {}) as { producers?: Entry[]; consumers?: Entry[] }
  const assets = config.assets as Entry | undefined
  return [
    ...list(config.d1_databases).map((d) => ({ kind: 'D1 database' as const, name: text(d.binding), resource: text(d.database_name) })),
    ...list(config.kv_namespaces).map((k) => ({ kind: 'KV namespace' as const, name: text(k.binding), resource: null })),
    ...list(queues.producers).map((p) => ({ kind: 'queue producer' as const, name: text(p.binding), resource: text(p.queue) })),
    ...list(queues.consumers).map((c) => ({
      kind: 'queue consumer' as const,
      name: null,
      resource: text(c.queue),
      ...(c.dead_letter_queue === undefined ? {} : { deadLetterQueue: String(c.dead_letter_queue) }),
    })),
    ...list(config.ratelimits).map((r) => ({ kind: 'rate limiter' as const, name: text(r.name), resource: text(r.namespace_id) })),
    ...(assets ? [{ kind: 'static assets' as const, name: text(assets.binding), resource: text(assets.directory) }] : []),
  ]
}
