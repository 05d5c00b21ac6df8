/// <reference types="vite/client" />
/**
 * The layering, checked on the source itself: imports run one way (`routes -> middleware ->
 * services -> db -> lib`, and `jobs -> services -> db -> lib`), no module takes part in an import cycle, `lib/` touches neither
 * the request nor the database, `worker/shared/` (what the SPA and the Worker both import) stands
 * on its own, and the SPA reaches the Worker through `worker/shared/` alone, by its alias, with
 * zod behind one door, and runs one way itself (`App -> pages -> components -> hooks -> lib`). The
 * probe's MCP client is a workspace package (packages/mcp-client) that the Worker and the probe
 * runner reach by its name alone; it imports neither of them, and its Worker entry reaches nothing
 * of Node; the runner imports nothing of the Worker. Vite reads every source file here as text, so a new file is checked without
 * anyone listing it; the checks are functions of a file map, so they also run over planted files.
 */
import { describe, expect, it } from 'vitest'

/** Source text by path, as `import.meta.glob` keys it (relative to this file). */
type Files = Record<string, string>

const workerFiles: Files = import.meta.glob<string>('../../worker/**/*.ts', { query: '?raw', import: 'default', eager: true })
/**
 * The SPA: what Vite bundles for the browser. Its tests live in test/web/ (Node), never beside it:
 * the glob leaves `*.test.ts` out only so that the check below can say so if one comes back.
 */
const webFiles: Files = import.meta.glob<string>(['../../web/src/**/*.{ts,tsx}', '!**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** The probe's MCP client, a workspace package of its own (both entries: the Worker's and Node's). */
const clientFiles: Files = import.meta.glob<string>('../../packages/mcp-client/src/**/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
})
/** The probe runner, a workspace of its own: the fenced Node program that runs packages. */
const runnerFiles: Files = import.meta.glob<string>(['../../probe-runner/**/*.{ts,mjs}', '!**/node_modules/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

type Layer = 'entry' | 'routes' | 'jobs' | 'middleware' | 'services' | 'db' | 'lib' | 'common' | 'shared'

/**
 * Which layers each layer may import. `shared` is `worker/shared/`, what both sides import: it
 * imports nothing of the Worker's but itself. `common` is the Worker's own modules every layer
 * uses (the error model, errors.ts), which the SPA does not.
 */
const MAY_IMPORT: Record<Layer, Layer[]> = {
  entry: ['entry', 'routes', 'jobs', 'middleware', 'services', 'db', 'lib', 'common', 'shared'],
  // An admin's "run now" runs the scheduled job's code, not a copy of it.
  routes: ['middleware', 'jobs', 'services', 'db', 'lib', 'common', 'shared'],
  jobs: ['jobs', 'services', 'db', 'lib', 'common', 'shared'],
  middleware: ['middleware', 'db', 'lib', 'common', 'shared'],
  // The decisions (ranking, schedules, enrolment, orchestration) over what db/ reads and writes.
  services: ['services', 'db', 'lib', 'common', 'shared'],
  db: ['db', 'lib', 'common', 'shared'],
  lib: ['lib', 'common', 'shared'],
  common: ['common', 'shared'],
  shared: ['shared'],
}

/**
 * What a layer may name in types alone beyond MAY_IMPORT: erased from every build, so no code
 * follows. `shared` may name the entry's `AppType` (shared/app-type.ts): the type of the route tree,
 * which the SPA's typed client is built from, can only come from the Worker itself, and the entry
 * is where the Worker publishes it. Nothing else of the Worker is named, not even as a type.
 */
const MAY_IMPORT_TYPES: Partial<Record<Layer, Layer[]>> = { shared: ['entry'] }

/**
 * Packages a layer must not run: `lib/` is pure (no request, no database), `db/` knows no HTTP,
 * `services/` neither HTTP nor SQL (its statements are db/'s; types may be borrowed).
 */
const FORBIDDEN_PACKAGES: Partial<Record<Layer, RegExp>> = {
  services: /^(hono(\/.*)?|drizzle-orm(\/.*)?|@hono\/.*)$/,
  // hono/html is a string template, not the request: the development sign-in page is built with it.
  lib: /^(hono(?!\/html$)(\/.*)?|drizzle-orm(\/.*)?|@hono\/.*)$/,
  db: /^(hono(\/.*)?|@hono\/.*)$/,
  common: /^(hono(\/.*)?|drizzle-orm(\/.*)?|@hono\/.*)$/,
}

/**
 * The only packages `worker/shared/` may import, types included: it runs in the browser too. zod
 * for the schemas, and smol-toml, with which the install generator writes Codex's configuration.
 */
const SHARED_PACKAGES = /^(zod|smol-toml)(\/.*)?$/

/**
 * What `worker/shared/` may name in types alone beyond SHARED_PACKAGES: the probe's own types (the
 * surface, a probe's outcome, the runner's job and result), which the probe's package owns and
 * shared/surface.ts re-exports. The `./surface` entry holds types only, and named in types they are
 * erased, so not a byte of the client reaches the SPA.
 */
const SHARED_TYPE_PACKAGES = /^@mcp-catalogue\/mcp-client\/surface$/

/** The SPA's one door to zod: it turns zod's code generation off (the CSP forbids eval) before any schema is built. */
const ZOD_DOOR = ['../../web/src/lib/schemas.ts', '../../web/src/lib/zod-jitless.ts']

const WORKER = '../../worker/'
const SHARED = `${WORKER}shared/`
const ALIAS = '@shared/'

function layerOf(path: string): Layer {
  const rel = path.slice(path.indexOf(WORKER) + WORKER.length)
  if (rel === 'index.ts' || rel === 'app.ts') return 'entry'
  // The request context (bindings, `c.var`) is middleware's to set and routes' to read.
  if (rel === 'env.ts') return 'middleware'
  const top = rel.split('/')[0]
  if (top === 'routes' || top === 'jobs' || top === 'middleware' || top === 'services' || top === 'db' || top === 'lib' || top === 'shared')
    return top
  return 'common'
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

/** The path a relative or `@shared/` specifier names (extension dropped), whether or not a file is there; null for a package. */
function pathOf(from: string, specifier: string): string | null {
  const aliased = specifier.startsWith(ALIAS)
  if (!aliased && !specifier.startsWith('.')) return null
  const parts = aliased ? SHARED.split('/').slice(0, -1) : from.split('/').slice(0, -1)
  for (const part of (aliased ? specifier.slice(ALIAS.length) : specifier).split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.') parts.push(part)
  }
  return parts.join('/').replace(/\.(ts|tsx|js|mjs)$/, '')
}

/** Resolves a specifier against the importing file to a key of `files`, when it is one. */
function resolveIn(files: Files, from: string, specifier: string): string | null {
  const base = pathOf(from, specifier)
  if (base === null) return null
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (candidate in files) return candidate
  return null
}

const short = (path: string) => path.replace(/^(\.\.\/)+/, '')

/** Each Worker module's imports of other Worker modules (types included). */
function workerGraph(files: Files): Map<string, Array<{ target: string; typeOnly: boolean }>> {
  const graph = new Map<string, Array<{ target: string; typeOnly: boolean }>>()
  for (const [file, source] of Object.entries(files)) {
    const edges = importsOf(source).flatMap(({ specifier, typeOnly }) => {
      const target = resolveIn(files, file, specifier)
      return target ? [{ target, typeOnly }] : []
    })
    graph.set(file, edges)
  }
  return graph
}

/** Arrows against the layering: 'file (layer) -> target (layer)'. */
function layerViolations(files: Files): string[] {
  const wrong: string[] = []
  for (const [file, edges] of workerGraph(files)) {
    const from = layerOf(file)
    for (const { target, typeOnly } of edges) {
      const to = layerOf(target)
      const allowed = MAY_IMPORT[from].includes(to) || (typeOnly && (MAY_IMPORT_TYPES[from] ?? []).includes(to))
      if (!allowed) wrong.push(`${short(file)} (${from}) -> ${short(target)} (${to})`)
    }
  }
  return wrong
}

/** Packages a layer must not use: the forbidden ones at run time, and for `shared` anything but SHARED_PACKAGES. */
function packageViolations(files: Files): string[] {
  const wrong: string[] = []
  for (const [file, source] of Object.entries(files)) {
    const layer = layerOf(file)
    for (const { specifier, typeOnly } of importsOf(source)) {
      if (specifier.startsWith('.') || specifier.startsWith(ALIAS)) continue
      const refused =
        layer === 'shared'
          ? !SHARED_PACKAGES.test(specifier) && !(typeOnly && SHARED_TYPE_PACKAGES.test(specifier))
          : !typeOnly && !!FORBIDDEN_PACKAGES[layer]?.test(specifier)
      if (refused) wrong.push(`${short(file)} -> ${specifier}`)
    }
  }
  return wrong
}

/** One way to write a shared import on each side: `@shared/...` from the rest of the Worker, relative inside `worker/shared/`. */
function aliasViolations(files: Files): string[] {
  const wrong: string[] = []
  for (const [file, source] of Object.entries(files)) {
    const inShared = file.startsWith(SHARED)
    for (const { specifier } of importsOf(source)) {
      const path = pathOf(file, specifier)
      if (path === null || !`${path}/`.startsWith(SHARED)) continue
      if (inShared === specifier.startsWith(ALIAS)) wrong.push(`${short(file)} -> ${specifier}`)
    }
  }
  return wrong
}

/** Shared modules that load zod when they run (themselves or through other shared modules). */
function zodModules(files: Files): Set<string> {
  const graph = workerGraph(files)
  const loads = new Set(
    Object.entries(files)
      .filter(([file, source]) => file.startsWith(SHARED) && importsOf(source).some((i) => !i.typeOnly && /^zod(\/|$)/.test(i.specifier)))
      .map(([file]) => file),
  )
  for (let grew = true; grew; ) {
    grew = false
    for (const [file, edges] of graph) {
      if (!loads.has(file) && edges.some((e) => !e.typeOnly && loads.has(e.target))) {
        loads.add(file)
        grew = true
      }
    }
  }
  return loads
}

/**
 * What the SPA must not import: anything of the Worker outside `worker/shared/` (types included),
 * a shared module written other than as `@shared/...`, and zod, directly or through a shared module
 * that loads it, anywhere but its one door.
 */
function spaViolations(web: Files, worker: Files): string[] {
  const all = { ...worker, ...web }
  const zod = zodModules(worker)
  const wrong: string[] = []
  for (const [file, source] of Object.entries(web)) {
    for (const { specifier, typeOnly } of importsOf(source)) {
      const path = pathOf(file, specifier)
      const target = resolveIn(all, file, specifier) ?? path
      if (/^zod(\/|$)/.test(specifier) || (target !== null && zod.has(target) && !typeOnly)) {
        if (!ZOD_DOOR.includes(file)) wrong.push(`${short(file)} -> ${specifier} (zod outside web/src/lib/schemas.ts)`)
      }
      if (target === null || !target.startsWith(WORKER)) continue
      if (!target.startsWith(SHARED)) wrong.push(`${short(file)} -> ${short(target)} (not worker/shared/)`)
      else if (!specifier.startsWith(ALIAS)) wrong.push(`${short(file)} -> ${specifier} (not by ${ALIAS})`)
    }
  }
  return wrong
}

const CLIENT = '../../packages/mcp-client/'
const CLIENT_NAME = '@mcp-catalogue/mcp-client'
/** The package's entries, as its package.json exports them: the Worker's, Node's, and the types. */
const CLIENT_ENTRIES = [CLIENT_NAME, `${CLIENT_NAME}/node`, `${CLIENT_NAME}/surface`]
/** The Worker's entry of the package: what wrangler bundles. */
const CLIENT_WORKER_ENTRY = `${CLIENT}src/index.ts`
const RUNNER = '../../probe-runner/'

/** Packages the client must not run: it is a client, with neither a request to answer nor a database. */
const CLIENT_FORBIDDEN = /^(hono(\/.*)?|drizzle-orm(\/.*)?|@hono\/.*)$/

/**
 * What only Node has: its built-in modules, by either name, and the SDK's stdio transport (it spawns
 * processes). None may be reached from the package's Worker entry.
 */
const NODE_ONLY =
  /^(node:.*|(assert|async_hooks|buffer|child_process|cluster|crypto|dgram|dns|events|fs|http|http2|https|module|net|os|path|perf_hooks|process|readline|stream|string_decoder|timers|tls|tty|url|util|v8|vm|worker_threads|zlib)(\/.*)?|@modelcontextprotocol\/client\/stdio)$/

/**
 * The probe's client stands on its own: no import leaves the package by a relative path (into
 * worker/, probe-runner/ or anywhere else), none takes the Worker's `@shared/` alias, and neither
 * Hono nor Drizzle runs in it.
 */
function clientViolations(files: Files): string[] {
  const wrong: string[] = []
  for (const [file, source] of Object.entries(files)) {
    for (const { specifier, typeOnly } of importsOf(source)) {
      if (specifier.startsWith(ALIAS)) wrong.push(`${short(file)} -> ${specifier} (the Worker's alias)`)
      else if (specifier.startsWith('.') && !`${pathOf(file, specifier)}`.startsWith(CLIENT))
        wrong.push(`${short(file)} -> ${short(`${pathOf(file, specifier)}`)} (outside the package)`)
      else if (!typeOnly && CLIENT_FORBIDDEN.test(specifier)) wrong.push(`${short(file)} -> ${specifier}`)
    }
  }
  return wrong
}

/**
 * Node-only imports reached at run time from the package's Worker entry, through its own modules
 * (type-only imports are erased, so they reach nothing): 'module -> specifier'.
 */
function workerEntryNodeImports(files: Files): string[] {
  const wrong: string[] = []
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const { specifier, typeOnly } of importsOf(files[file])) {
      if (typeOnly) continue
      if (NODE_ONLY.test(specifier)) wrong.push(`${short(file)} -> ${specifier}`)
      const target = resolveIn(files, file, specifier)
      if (target) visit(target)
    }
  }
  if (CLIENT_WORKER_ENTRY in files) visit(CLIENT_WORKER_ENTRY)
  return wrong
}

/**
 * How the Worker and the runner reach the client: by its package name and one of its entries,
 * never by a path into packages/; the Worker by its Worker entry or its types alone (the Node entry
 * carries the stdio probe). The runner, besides, imports nothing of the Worker: no path into
 * worker/, no `@shared/`.
 */
function reachViolations(files: Files): string[] {
  const wrong: string[] = []
  for (const [file, source] of Object.entries(files)) {
    const inWorker = file.startsWith(WORKER)
    for (const { specifier } of importsOf(source)) {
      const path = pathOf(file, specifier)
      const bare = specifier.startsWith('.') ? null : specifier
      if (path !== null && `${path}/`.startsWith('../../packages/')) wrong.push(`${short(file)} -> ${short(path)} (not by its name)`)
      else if (bare?.startsWith(`${CLIENT_NAME}/`) && !CLIENT_ENTRIES.includes(bare))
        wrong.push(`${short(file)} -> ${bare} (not an entry of the package)`)
      else if (inWorker && bare === `${CLIENT_NAME}/node`) wrong.push(`${short(file)} -> ${bare} (Node's entry in the Worker)`)
      if (file.startsWith(RUNNER) && path !== null && `${path}/`.startsWith(WORKER))
        wrong.push(`${short(file)} -> ${short(path)} (the Worker, from the runner)`)
    }
  }
  return wrong
}

/** The SPA's own layers, top down: each imports only its own and those below it. */
const SPA_LAYERS: readonly string[] = ['app', 'pages', 'components', 'hooks', 'lib']
const WEB = '../../web/src/'

/** A web/src/ module's place in SPA_LAYERS; the files at the top (App.tsx, main.tsx) are the app. */
function spaLayerOf(path: string): number {
  return Math.max(0, SPA_LAYERS.indexOf(path.slice(WEB.length).split('/')[0]))
}

/** SPA imports that run upward (a hook importing a component, a component a page): 'file -> target'. */
function spaDirectionViolations(web: Files): string[] {
  const wrong: string[] = []
  for (const [file, source] of Object.entries(web)) {
    for (const { specifier } of importsOf(source)) {
      const target = resolveIn(web, file, specifier)
      if (target && spaLayerOf(target) < spaLayerOf(file)) wrong.push(`${short(file)} -> ${short(target)}`)
    }
  }
  return wrong
}

describe('the Worker import graph', () => {
  const graph = workerGraph(workerFiles)

  it('reads the whole Worker', () => {
    // Guards the glob itself: a broken pattern would make every other check here pass vacuously.
    expect(graph.size).toBeGreaterThan(40)
    expect([...graph.keys()].some((f) => f.endsWith('/worker/routes/servers.ts'))).toBe(true)
    expect(graph.get([...graph.keys()].find((f) => f.endsWith('/worker/app.ts'))!)!.length).toBeGreaterThan(10)
  })

  it('has no arrow against the direction routes -> middleware -> services -> db -> lib', () => {
    expect(layerViolations(workerFiles)).toEqual([])
  })

  it('keeps lib/ free of the request and the database, services/ of HTTP and SQL, db/ of HTTP, and shared/ to zod and smol-toml', () => {
    expect(packageViolations(workerFiles)).toEqual([])
  })

  it('imports shared modules by @shared/... from the rest of the Worker, relatively inside worker/shared/', () => {
    expect(aliasViolations(workerFiles)).toEqual([])
  })

  it('has no import cycle', () => {
    const cycles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const stack: string[] = []
    const visit = (file: string) => {
      state.set(file, 'open')
      stack.push(file)
      for (const { target: next } of graph.get(file) ?? []) {
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

describe("the probe's client package and the probe runner", () => {
  it('reads the package and the runner', () => {
    expect(Object.keys(clientFiles).length).toBeGreaterThan(5)
    expect(CLIENT_WORKER_ENTRY in clientFiles).toBe(true)
    expect(Object.keys(runnerFiles).some((f) => f.endsWith('/probe-runner/src/main.ts'))).toBe(true)
  })

  it('imports nothing of the Worker or the runner, and runs neither Hono nor Drizzle', () => {
    expect(clientViolations(clientFiles)).toEqual([])
  })

  it('pulls in nothing of Node through its Worker entry', () => {
    expect(workerEntryNodeImports(clientFiles)).toEqual([])
    // The guard is live: the Node entry does reach the stdio transport.
    expect(workerEntryNodeImports({ ...clientFiles, [CLIENT_WORKER_ENTRY]: "export * from './node'" })).not.toEqual([])
  })

  it('is reached by its name from the Worker (its Worker entry) and the runner, and the runner imports nothing of the Worker', () => {
    expect(reachViolations({ ...workerFiles, ...runnerFiles })).toEqual([])
  })
})

describe('the SPA', () => {
  it('imports of the Worker only worker/shared/, by @shared/..., and zod only through lib/schemas.ts', () => {
    expect(Object.keys(webFiles).length).toBeGreaterThan(50)
    expect(Object.keys(webFiles).some((f) => f.endsWith('.test.ts'))).toBe(false)
    expect(spaViolations(webFiles, workerFiles)).toEqual([])
  })

  it('runs one way: App -> pages -> components -> hooks -> lib', () => {
    expect(spaDirectionViolations(webFiles)).toEqual([])
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
    expect(layerOf('../../worker/lib/render/html.ts')).toBe('lib')
    expect(layerOf('../../worker/app.ts')).toBe('entry')
    expect(layerOf('../../worker/env.ts')).toBe('middleware')
    expect(layerOf('../../worker/errors.ts')).toBe('common')
    expect(layerOf('../../worker/shared/schemas.ts')).toBe('shared')
    expect(layerOf('../../worker/shared/types.ts')).toBe('shared')
    expect(layerOf('../../worker/shared/categories.ts')).toBe('shared')
    expect(layerOf('../../worker/shared/install/plan.ts')).toBe('shared')
    expect(layerOf('../../worker/lib/classify/terms.ts')).toBe('lib')
    expect(layerOf('../../worker/services/work-queue.ts')).toBe('services')
    expect(MAY_IMPORT.lib).not.toContain('db')
    expect(MAY_IMPORT.db).not.toContain('services')
    expect(MAY_IMPORT.services).not.toContain('jobs')
    expect(MAY_IMPORT.db).not.toContain('middleware')
  })

  // A small Worker for the planted files below to import.
  const worker: Files = {
    '../../worker/index.ts': "import { app } from './app'\nexport type AppType = typeof app",
    '../../worker/app.ts': "import { listServers } from './db/servers'",
    '../../worker/env.ts': 'export interface AppEnv {}',
    '../../worker/db/servers.ts': "import { LIMITS } from '@shared/limits'",
    '../../worker/shared/limits.ts': 'export const LIMITS = {}',
    '../../worker/shared/schemas.ts': "import { z } from 'zod'\nimport { LIMITS } from './limits'",
    '../../worker/shared/forms.ts': "import { fieldErrors } from './schemas'",
    '../../worker/shared/app-type.ts': "export type { AppType } from '../index'",
  }

  it('reports each planted SPA import of the Worker outside worker/shared/, however written, and of zod around its door', () => {
    // Each planted file, and what the checker must say of it (nothing, for the ones that keep the rules).
    const planted: Array<{ file: string; source: string; reported?: string }> = [
      { file: 'lib/fine.ts', source: "import { LIMITS } from '@shared/limits'\nimport type { AppType } from '@shared/app-type'" },
      { file: 'lib/zod-jitless.ts', source: "import { z } from 'zod'" },
      { file: 'lib/schemas.ts', source: "import './zod-jitless'\nexport * from '@shared/schemas'" },
      { file: 'lib/form.ts', source: "import { fieldErrors } from './schemas'" },
      {
        file: 'pages/Db.tsx',
        source: "import { listServers } from '../../../worker/db/servers'",
        reported: 'worker/db/servers.ts (not worker/shared/)',
      },
      {
        file: 'pages/Type.tsx',
        source: "import type { AppEnv } from '../../../worker/env'",
        reported: 'worker/env.ts (not worker/shared/)',
      },
      {
        file: 'pages/Escape.tsx',
        source: "import { listServers } from '@shared/../db/servers'",
        reported: 'worker/db/servers.ts (not worker/shared/)',
      },
      {
        file: 'pages/Missing.tsx',
        source: "const later = await import('../../../worker/lib/not-yet')",
        reported: 'worker/lib/not-yet (not worker/shared/)',
      },
      {
        file: 'pages/Path.tsx',
        source: "import { LIMITS } from '../../../worker/shared/limits'",
        reported: '../../../worker/shared/limits (not by @shared/)',
      },
      { file: 'pages/Zod.tsx', source: "import { z } from 'zod'", reported: 'zod (zod outside web/src/lib/schemas.ts)' },
      {
        file: 'pages/Schemas.tsx',
        source: "import { fieldErrors } from '@shared/schemas'",
        reported: '@shared/schemas (zod outside web/src/lib/schemas.ts)',
      },
      {
        file: 'pages/Forms.tsx',
        source: "import { fieldErrors } from '@shared/forms'",
        reported: '@shared/forms (zod outside web/src/lib/schemas.ts)',
      },
    ]
    const web = Object.fromEntries(planted.map((p) => [`${WEB}${p.file}`, p.source]))
    const expected = planted.filter((p) => p.reported).map((p) => `web/src/${p.file} -> ${p.reported}`)
    expect(spaViolations(web, worker)).toEqual(expected)
    expect(expected).toHaveLength(8)
  })

  it('reports planted SPA imports that run upward', () => {
    const web: Files = {
      '../../web/src/App.tsx': "import LandingPage from './pages/LandingPage'",
      '../../web/src/pages/LandingPage.tsx': "import { ServerCard } from '../components/ServerCard'",
      '../../web/src/components/ServerCard.tsx':
        "import { prefetchServer } from '../hooks/useServers'\nconst d = () => import('../pages/LandingPage')",
      '../../web/src/hooks/useServers.ts': "import { api } from '../lib/api'\nimport type { CardProps } from '../components/ServerCard'",
      '../../web/src/lib/api.ts': "import { App } from '../App'",
    }
    expect(spaDirectionViolations(web)).toEqual([
      'web/src/components/ServerCard.tsx -> web/src/pages/LandingPage.tsx',
      'web/src/hooks/useServers.ts -> web/src/components/ServerCard.tsx',
      'web/src/lib/api.ts -> web/src/App.tsx',
    ])
  })

  it('reports a planted services/ module that reaches up a layer or writes SQL, and db/ reaching into services/', () => {
    const planted: Files = {
      ...worker,
      '../../worker/jobs/sync.ts': 'export const run = 1',
      '../../worker/services/fine.ts': "import { listServers } from '../db/servers'\nimport type { SQL } from 'drizzle-orm'",
      '../../worker/services/up.ts': "import { run } from '../jobs/sync'",
      '../../worker/services/sql.ts': "import { sql } from 'drizzle-orm'",
      '../../worker/services/http.ts': "import { Hono } from 'hono'",
      '../../worker/db/down.ts': "import { fine } from '../services/fine'",
    }
    expect(layerViolations(planted)).toEqual([
      'worker/services/up.ts (services) -> worker/jobs/sync.ts (jobs)',
      'worker/db/down.ts (db) -> worker/services/fine.ts (services)',
    ])
    expect(packageViolations(planted)).toEqual(['worker/services/sql.ts -> drizzle-orm', 'worker/services/http.ts -> hono'])
  })

  it('reports a planted worker/shared/ import of the rest of the Worker, of another package, or by the alias', () => {
    const planted: Files = {
      ...worker,
      '../../worker/shared/planted-db.ts': "import { listServers } from '../db/servers'",
      '../../worker/shared/planted-type.ts': "import type { AppEnv } from '../env'",
      '../../worker/shared/planted-package.ts': "import { Hono } from 'hono'",
      '../../worker/shared/planted-alias.ts': "import { LIMITS } from '@shared/limits'",
      '../../worker/db/planted-relative.ts': "import { LIMITS } from '../shared/limits'",
    }
    expect(layerViolations(planted)).toEqual([
      'worker/shared/planted-db.ts (shared) -> worker/db/servers.ts (db)',
      'worker/shared/planted-type.ts (shared) -> worker/env.ts (middleware)',
    ])
    expect(packageViolations(planted)).toEqual(['worker/shared/planted-package.ts -> hono'])
    expect(aliasViolations(planted)).toEqual([
      'worker/shared/planted-alias.ts -> @shared/limits',
      'worker/db/planted-relative.ts -> ../shared/limits',
    ])
  })
  it('reports planted client modules that import the Worker or the runner, take the alias, or run Hono or Drizzle', () => {
    const planted: Files = {
      '../../packages/mcp-client/src/fine.ts':
        "import { Client } from '@modelcontextprotocol/client'\nimport type { Surface } from './surface'\nimport type { Context } from 'hono'",
      '../../packages/mcp-client/src/worker.ts': "import { sha256Hex } from '../../../worker/lib/hash'",
      '../../packages/mcp-client/src/runner.ts': "import type { FenceKind } from '../../../probe-runner/src/fence'",
      '../../packages/mcp-client/src/alias.ts': "import type { ServerToolsResponse } from '@shared/surface'",
      '../../packages/mcp-client/src/http.ts': "import { Hono } from 'hono'",
      '../../packages/mcp-client/src/sql.ts': "import { sql } from 'drizzle-orm'",
    }
    expect(clientViolations(planted)).toEqual([
      'packages/mcp-client/src/worker.ts -> worker/lib/hash (outside the package)',
      'packages/mcp-client/src/runner.ts -> probe-runner/src/fence (outside the package)',
      "packages/mcp-client/src/alias.ts -> @shared/surface (the Worker's alias)",
      'packages/mcp-client/src/http.ts -> hono',
      'packages/mcp-client/src/sql.ts -> drizzle-orm',
    ])
  })

  it('reports Node reached from a planted Worker entry of the client, however deep, and not what only types name', () => {
    const planted: Files = {
      '../../packages/mcp-client/src/index.ts': "export { probe } from './probe'\nimport type { Spawned } from './types'",
      '../../packages/mcp-client/src/probe.ts': "import { read } from './read'\nimport { readFile } from 'node:fs/promises'",
      '../../packages/mcp-client/src/read.ts': "import { spawn } from 'child_process'\nconst later = () => import('./stdio')",
      '../../packages/mcp-client/src/stdio.ts': "import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'",
      '../../packages/mcp-client/src/types.ts': "import type { ChildProcess } from 'node:child_process'",
      '../../packages/mcp-client/src/node.ts': "export * from './index'\nimport { argv } from 'node:process'",
    }
    expect(workerEntryNodeImports(planted)).toEqual([
      'packages/mcp-client/src/read.ts -> child_process',
      'packages/mcp-client/src/stdio.ts -> @modelcontextprotocol/client/stdio',
      'packages/mcp-client/src/probe.ts -> node:fs/promises',
    ])
  })

  it('reports planted Worker and runner modules that reach the client by a path, a deep name or the wrong entry, and a runner reaching the Worker', () => {
    const planted: Files = {
      '../../worker/lib/fine.ts':
        "import { probeRemote } from '@mcp-catalogue/mcp-client'\nimport type { Surface } from '@mcp-catalogue/mcp-client/surface'",
      '../../worker/lib/path.ts': "import { probeRemote } from '../../packages/mcp-client/src/probe'",
      '../../worker/lib/deep.ts': "import { toSurface } from '@mcp-catalogue/mcp-client/src/bounds'",
      '../../worker/jobs/node.ts': "import { probeStdio } from '@mcp-catalogue/mcp-client/node'",
      '../../probe-runner/src/fine.ts': "import { probeStdio } from '@mcp-catalogue/mcp-client/node'\nimport { fence } from './fence'",
      '../../probe-runner/src/path.ts': "import { probeStdio } from '../../packages/mcp-client/src/stdio'",
      '../../probe-runner/src/worker.ts': "import { DEFAULT_PROBE_BOUNDS } from '../../worker/lib/mcp-client/bounds'",
      '../../probe-runner/src/alias.ts': "import type { RunnerJob } from '@shared/surface'",
    }
    expect(reachViolations(planted)).toEqual([
      'worker/lib/path.ts -> packages/mcp-client/src/probe (not by its name)',
      'worker/lib/deep.ts -> @mcp-catalogue/mcp-client/src/bounds (not an entry of the package)',
      "worker/jobs/node.ts -> @mcp-catalogue/mcp-client/node (Node's entry in the Worker)",
      'probe-runner/src/path.ts -> packages/mcp-client/src/stdio (not by its name)',
      'probe-runner/src/worker.ts -> worker/lib/mcp-client/bounds (the Worker, from the runner)',
      'probe-runner/src/alias.ts -> worker/shared/surface (the Worker, from the runner)',
    ])
  })

  it("lets worker/shared/ name the client's types, in types only", () => {
    const planted: Files = {
      ...worker,
      '../../worker/shared/planted-types.ts':
        "import type { Surface } from '@mcp-catalogue/mcp-client/surface'\nexport type { ProbeOutcome } from '@mcp-catalogue/mcp-client/surface'",
      '../../worker/shared/planted-run.ts': "import { PROBE } from '@mcp-catalogue/mcp-client/surface'",
      '../../worker/shared/planted-entry.ts': "import type { ProbeBounds } from '@mcp-catalogue/mcp-client'",
    }
    expect(packageViolations(planted)).toEqual([
      'worker/shared/planted-run.ts -> @mcp-catalogue/mcp-client/surface',
      'worker/shared/planted-entry.ts -> @mcp-catalogue/mcp-client',
    ])
  })
})
