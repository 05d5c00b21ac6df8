/**
 * The README's endpoint table is the app's route table: every route `app.routes` lists (method and
 * path, the same list the security sweep walks) has a row, and every method and path a row names is
 * a route. A route added without a row, or a row left behind by a route removed, fails here.
 * Read in workerd because the route table is the app's own; the README comes in as text.
 */
import { describe, expect, it } from 'vitest'
import readme from '../../README.md?raw'
import { parseMarkdown, tableOf } from '../docs/markdown-tables'
import { type Route, routes } from './route-table'

const COLUMNS = ['method', 'path', 'what it does']

/**
 * Routes the table leaves out on purpose, each with why. None today: the probe runner's routes
 * and the MCP endpoint's are rows like the rest. A route listed here must exist and have no row.
 */
const NOT_IN_README: { key: string; reason: string }[] = []

interface Named {
  line: number
  method: string
  path: string
}

/**
 * The paths a row's path cell names, as written: `{id}` is a parameter, a query (`?hash=…`) is not
 * part of the path, and a code span that is only an extension (`(and \`.rss\`)`) names each path
 * of the cell again with that extension.
 */
function pathsOf(code: string[]): string[] {
  const paths = code.filter((c) => c.startsWith('/')).map((c) => c.replace(/\?.*$/, ''))
  const extensions = code.filter((c) => /^\.\w+$/.test(c))
  return [...paths, ...extensions.flatMap((ext) => paths.filter((p) => /\.\w+$/.test(p)).map((p) => p.replace(/\.\w+$/, ext)))]
}

/** A path as a request would send it: each `{name}` a value no literal segment has. */
const sample = (path: string) => path.replace(/\{(\w+)\}/g, '~$1')

const escapeRegExp = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')

/** A route's path as Hono matches it: `:name` one segment, `:name{re}` the pattern, `?` optional. */
function matcher(path: string): RegExp {
  let source = ''
  let rest = path
  const param = /^\/:(\w+)(?:\{((?:[^{}]|\{[^}]*\})+)\})?(\?)?/
  while (rest.length > 0) {
    const m = param.exec(rest)
    if (m) {
      const segment = `/(?:${m[2] ?? '[^/]+'})`
      source += m[3] ? `(?:${segment})?` : segment
      rest = rest.slice(m[0].length)
    } else {
      const next = rest.indexOf('/', 1)
      const literal = next === -1 ? rest : rest.slice(0, next)
      source += escapeRegExp(literal)
      rest = rest.slice(literal.length)
    }
  }
  return new RegExp(`^${source}$`)
}

/** The route Hono would answer a row's method and path with: the first of that method that matches. */
const routeFor = (named: Named): Route | undefined =>
  routes.find((r) => r.method === named.method && matcher(r.path).test(sample(named.path)))

describe('the README endpoint table', () => {
  const named: Named[] = tableOf(parseMarkdown(readme), 'HTTP endpoints', COLUMNS).flatMap(({ line, cells }) =>
    cells.method.text
      .split(',')
      .map((m) => m.trim())
      .flatMap((method) => pathsOf(cells.path.code).map((path) => ({ line, method, path }))),
  )

  it('reads the table and the route table', () => {
    expect(named.length).toBeGreaterThan(50)
    expect(routes.length).toBeGreaterThan(50)
  })

  it('names only routes that exist', () => {
    const missing = named.filter((n) => routeFor(n) === undefined).map((n) => `README.md:${n.line} ${n.method} ${n.path}`)
    expect(missing).toEqual([])
  })

  it('has a row for every route of the app', () => {
    const covered = new Set(named.map(routeFor).flatMap((r) => r?.key ?? []))
    const excluded = new Set(NOT_IN_README.map((e) => e.key))
    expect(routes.filter((r) => !covered.has(r.key) && !excluded.has(r.key)).map((r) => r.key)).toEqual([])
  })

  it('leaves out only routes that exist and have no row, each with a reason', () => {
    const covered = new Set(named.map(routeFor).flatMap((r) => r?.key ?? []))
    const keys = new Set(routes.map((r) => r.key))
    const wrong = NOT_IN_README.filter((e) => !keys.has(e.key) || covered.has(e.key) || e.reason.trim() === '')
    expect(wrong).toEqual([])
  })
})
