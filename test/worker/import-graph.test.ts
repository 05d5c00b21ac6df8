/// <reference types="vite/client" />
/**
 * The layering, checked on the source itself: imports run one way (`routes -> middleware -> db ->
 * lib`, and `jobs -> db -> lib`), no module takes part in an import cycle, `lib/` touches neither
 * the request nor the database, and the SPA reaches the Worker only through modules safe to ship
 * to a browser. Vite reads every source file here as text, so a new file is checked without
 * anyone listing it.
 */
import { describe, expect, it } from 'vitest'

const workerFiles = import.meta.glob<string>('../../worker/**/*.ts', { query: '?raw', import: 'default', eager: true })
const webFiles = import.meta.glob<string>('../../web/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })

type Layer = 'entry' | 'routes' | 'jobs' | 'middleware' | 'db' | 'lib' | 'contract'

/**
 * Which layers each layer may import. `contract` is what both sides share (errors, schemas,
 * limits, response types): it imports nothing of the Worker's but itself.
 */
const MAY_IMPORT: Record<Layer, Layer[]> = {
  entry: ['entry', 'routes', 'jobs', 'middleware', 'db', 'lib', 'contract'],
  // An admin's "run now" runs the scheduled job's code, not a copy of it.
  routes: ['middleware', 'jobs', 'db', 'lib', 'contract'],
  jobs: ['jobs', 'db', 'lib', 'contract'],
  middleware: ['middleware', 'db', 'lib', 'contract'],
  db: ['db', 'lib', 'contract'],
  lib: ['lib', 'contract'],
  contract: ['contract'],
}

/** Packages a layer must not run: `lib/` is pure (no request, no database), `db/` knows no HTTP (types may be borrowed). */
const FORBIDDEN_PACKAGES: Partial<Record<Layer, RegExp>> = {
  // hono/html is a string template, not the request: the development sign-in page is built with it.
  lib: /^(hono(?!\/html$)(\/.*)?|drizzle-orm(\/.*)?|@hono\/.*)$/,
  db: /^(hono(\/.*)?|@hono\/.*)$/,
  contract: /^(hono(\/.*)?|drizzle-orm(\/.*)?|@hono\/.*)$/,
}

/** Worker modules the SPA may import at run time (type-only imports are erased and may name any). */
const SPA_SAFE: Layer[] = ['contract', 'lib']

const WORKER = '/worker/'

function layerOf(path: string): Layer {
  const rel = path.slice(path.indexOf(WORKER) + WORKER.length)
  if (rel === 'index.ts' || rel === 'app.ts') return 'entry'
  // The request context (bindings, `c.var`) is middleware's to set and routes' to read.
  if (rel === 'env.ts') return 'middleware'
  const top = rel.split('/')[0]
  if (top === 'routes' || top === 'jobs' || top === 'middleware' || top === 'db' || top === 'lib') return top
  return 'contract'
}

interface Import {
  specifier: string
  typeOnly: boolean
}

/** Import and re-export specifiers of a module, comments removed first so examples in JSDoc do not count. */
function importsOf(source: string): Import[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const found: Import[] = []
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/g
  for (const m of code.matchAll(statement)) found.push({ specifier: m[3], typeOnly: !!m[2] })
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ specifier: m[1], typeOnly: false })
  return found
}

/** Resolves a relative or `@shared/` specifier against the importing file to a key of the glob, when it is one. */
function resolveIn(files: Record<string, string>, from: string, specifier: string): string | null {
  const shared = specifier.startsWith('@shared/')
  if (!shared && !specifier.startsWith('.')) return null
  const parts = shared ? ['..', '..', 'worker', 'shared'] : from.split('/').slice(0, -1)
  for (const part of shared ? specifier.slice('@shared/'.length).split('/') : specifier.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.') parts.push(part)
  }
  const base = parts.join('/').replace(/\.(ts|tsx|js|mjs)$/, '')
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (candidate in files) return candidate
  return null
}

const allFiles = { ...workerFiles, ...webFiles }
const short = (path: string) => path.replace(/^(\.\.\/)+/, '')

describe('the Worker import graph', () => {
  const graph = new Map<string, string[]>()
  for (const [file, source] of Object.entries(workerFiles)) {
    graph.set(
      file,
      importsOf(source)
        .map((i) => resolveIn(workerFiles, file, i.specifier))
        .filter((target): target is string => target !== null),
    )
  }

  it('reads the whole Worker', () => {
    // Guards the glob itself: a broken pattern would make every other check here pass vacuously.
    expect(graph.size).toBeGreaterThan(40)
    expect([...graph.keys()].some((f) => f.endsWith('/worker/routes/servers.ts'))).toBe(true)
    expect(graph.get([...graph.keys()].find((f) => f.endsWith('/worker/app.ts'))!)!.length).toBeGreaterThan(10)
  })

  it('has no arrow against the direction routes -> middleware -> db -> lib', () => {
    const wrong: string[] = []
    for (const [file, targets] of graph) {
      const from = layerOf(file)
      for (const target of targets) {
        const to = layerOf(target)
        if (!MAY_IMPORT[from].includes(to)) wrong.push(`${short(file)} (${from}) -> ${short(target)} (${to})`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('keeps lib/ free of the request and the database, and db/ free of HTTP', () => {
    const wrong: string[] = []
    for (const [file, source] of Object.entries(workerFiles)) {
      const forbidden = FORBIDDEN_PACKAGES[layerOf(file)]
      if (!forbidden) continue
      for (const { specifier, typeOnly } of importsOf(source)) {
        if (!typeOnly && forbidden.test(specifier)) wrong.push(`${short(file)} -> ${specifier}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('has no import cycle', () => {
    const cycles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const stack: string[] = []
    const visit = (file: string) => {
      state.set(file, 'open')
      stack.push(file)
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map(short).join(' -> '))
        else if (!state.has(next)) visit(next)
      }
      stack.pop()
      state.set(file, 'done')
    }
    for (const file of graph.keys()) if (!state.has(file)) visit(file)
    expect(cycles).toEqual([])
  })
})

describe('the SPA', () => {
  it('imports at run time only Worker modules safe for a browser (the contract and pure lib/)', () => {
    expect(Object.keys(webFiles).length).toBeGreaterThan(50)
    const wrong: string[] = []
    for (const [file, source] of Object.entries(webFiles)) {
      for (const { specifier, typeOnly } of importsOf(source)) {
        const target = resolveIn(allFiles, file, specifier)
        if (!target?.includes(WORKER) || typeOnly) continue
        if (!SPA_SAFE.includes(layerOf(target))) wrong.push(`${short(file)} -> ${short(target)}`)
      }
    }
    expect(wrong).toEqual([])
  })
})

describe('the checker itself', () => {
  it('finds static, type-only, multi-line, re-export, side-effect and dynamic imports, not commented ones', () => {
    const source = [
      "import { a } from './a'",
      "import type { B } from './b'",
      'import {',
      '  c,',
      "} from '../c'",
      "export { d } from './d'",
      "import './e'",
      "const f = await import('./f')",
      "// import { g } from './g'",
      "/** @example import { h } from './h' */",
    ].join('\n')
    expect(importsOf(source)).toEqual([
      { specifier: './a', typeOnly: false },
      { specifier: './b', typeOnly: true },
      { specifier: '../c', typeOnly: false },
      { specifier: './d', typeOnly: false },
      { specifier: './e', typeOnly: false },
      { specifier: './f', typeOnly: false },
    ])
  })

  it('places modules in their layers', () => {
    expect(layerOf('../../worker/routes/servers.ts')).toBe('routes')
    expect(layerOf('../../worker/lib/html.ts')).toBe('lib')
    expect(layerOf('../../worker/app.ts')).toBe('entry')
    expect(layerOf('../../worker/env.ts')).toBe('middleware')
    expect(layerOf('../../worker/shared/schemas.ts')).toBe('contract')
    expect(layerOf('../../worker/shared/types.ts')).toBe('contract')
    expect(layerOf('../../worker/shared/categories.ts')).toBe('contract')
    expect(layerOf('../../worker/lib/classify/terms.ts')).toBe('lib')
    expect(MAY_IMPORT.lib).not.toContain('db')
    expect(MAY_IMPORT.db).not.toContain('middleware')
  })
})
