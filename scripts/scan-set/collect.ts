/**
 * `npx tsx scripts/scan-set/collect.ts [--dir /var/tmp/scanset] [--out folder] [slug ...]`: regenerates the benign
 * half of the scanner's labelled set (test/scan-set/benign/<slug>.json) from the real packages.
 * Each package is installed outside the repository (npm, install scripts off), started in the
 * probe runner's fence (bubblewrap: no network, the system read-only, only its own folder and
 * HOME writable, placeholder values for the keys it wants) and its surface read with the probe's
 * own stdio client, so the set holds exactly what the server lists. Needs the npm registry and
 * bwrap; the tests only read the committed JSON.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { probeStdio } from '@mcp-catalogue/mcp-client/node'
import { detectFence, fenceArgv } from '../../probe-runner/src/fence'
import { SERVERS, SERVICE_HOSTS, type SetServer } from './servers'

const args = process.argv.slice(2)
const dirFlag = args.indexOf('--dir')
const root = resolve(dirFlag >= 0 ? args[dirFlag + 1] : '/var/tmp/scanset')
const only = args.filter((arg, i) => !arg.startsWith('--') && !['--dir', '--out'].includes(args[i - 1]))
const sourcesOnly = args.includes('--sources-only')
const setDir = resolve(import.meta.dirname, '../../test/scan-set')
const outFlag = args.indexOf('--out')
/** Where the benign files go: the set's own folder, or another (`--out`) to look at a server before it joins. */
const out = outFlag >= 0 ? resolve(args[outFlag + 1]) : join(setDir, 'benign')

/** Licences whose texts may be copied into the repository with their notice. */
const REDISTRIBUTABLE = /^(MIT|Apache-2\.0|ISC|BSD-[23]-Clause|0BSD)$/

function install(server: SetServer, workdir: string): void {
  const manifest = join(workdir, 'node_modules', server.package, 'package.json')
  if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === server.version) return
  mkdirSync(workdir, { recursive: true })
  if (!existsSync(join(workdir, 'package.json'))) writeFileSync(join(workdir, 'package.json'), '{"private":true}\n')
  const result = spawnSync(
    'npm',
    ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `${server.package}@${server.version}`],
    { cwd: workdir, stdio: 'inherit', timeout: 600_000 },
  )
  if (result.status !== 0) throw new Error(`npm install ${server.package}@${server.version} failed`)
}

/** The package's own bin (the one named like the package, else its only or first one). */
function binOf(server: SetServer, workdir: string): string {
  const dir = join(workdir, 'node_modules', server.package)
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  if (server.bin) return join(dir, server.bin)
  if (typeof manifest.bin === 'string') return join(dir, manifest.bin)
  const bins = Object.entries(manifest.bin ?? {}) as [string, string][]
  const base = server.package.split('/').at(-1)
  const chosen = bins.find(([name]) => name === base) ?? bins[0]
  if (!chosen) throw new Error(`${server.package} has no bin`)
  return join(dir, chosen[1])
}

function licenceOf(server: SetServer, workdir: string): string {
  const dir = join(workdir, 'node_modules', server.package)
  const declared = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).license
  if (typeof declared === 'string' && REDISTRIBUTABLE.test(declared)) return declared
  // 'SEE LICENSE IN LICENSE' or none: the file says which.
  for (const name of ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license']) {
    const file = join(dir, name)
    if (!existsSync(file)) continue
    const text = readFileSync(file, 'utf8')
    if (/Apache License[\s\S]*Version 2\.0/.test(text) && !/MIT License/.test(text)) return 'Apache-2.0'
    if (/Permission is hereby granted, free of charge/.test(text)) return /Apache License/.test(text) ? 'MIT AND Apache-2.0' : 'MIT'
  }
  // The reference servers' manifests point at the repository's LICENSE; their README names it.
  const readme = join(dir, 'README.md')
  if (existsSync(readme) && /licensed under the MIT License/i.test(readFileSync(readme, 'utf8'))) return 'MIT'
  return String(declared ?? 'unknown')
}

/** A manifest's repository as a plain https URL ('git+ssh://git@github.com/a/b.git', 'a/b' and the like). */
function githubUrl(declared: string | null): string | null {
  if (!declared) return null
  const path = declared
    .replace(/^git\+/, '')
    .replace(/^(https?|ssh|git):\/\/(git@)?github\.com[/:]/, '')
    .replace(/^git@github\.com:/, '')
    .replace(/^github:/, '')
    .replace(/\.git$/, '')
  return /^[\w.-]+\/[\w.-]+$/.test(path) ? `https://github.com/${path}` : declared
}

async function collect(server: SetServer): Promise<number> {
  const workdir = join(root, 'pkgs', server.slug)
  const home = join(root, 'home', server.slug)
  mkdirSync(home, { recursive: true })
  install(server, workdir)
  const licence = server.licence ?? licenceOf(server, workdir)
  if (!/MIT|Apache-2\.0|ISC|BSD/.test(licence)) throw new Error(`${server.package}: licence ${licence} not redistributable`)
  const program = [process.execPath, binOf(server, workdir), ...(server.args ?? []).map((arg) => arg.replace('{dir}', workdir))]
  const argv = fenceArgv(detectFence(), { workdir, home }, server.env ?? {}, program)
  const outcome = await probeStdio({
    command: argv[0],
    args: argv.slice(1),
    env: {},
    cwd: workdir,
    target: `npm:${server.package}@${server.version}`,
    bounds: { totalTimeoutMs: 60_000, stepTimeoutMs: 30_000 },
  })
  if (outcome.status !== 'ok' || !outcome.surface) throw new Error(`${server.package}: ${outcome.status} ${outcome.error}`)
  const surface = outcome.surface
  const manifest = JSON.parse(readFileSync(join(workdir, 'node_modules', server.package, 'package.json'), 'utf8'))
  const declared = typeof manifest.repository === 'string' ? manifest.repository : (manifest.repository?.url ?? null)
  const repository = server.repository ?? githubUrl(declared)
  const file = {
    source: {
      name: server.name,
      package: server.package,
      version: server.version,
      repository,
      licence,
      serverInfo: surface.serverInfo,
    },
    instructions: surface.instructions,
    tools: surface.tools,
    prompts: surface.prompts,
    resources: surface.resources,
    resourceTemplates: surface.resourceTemplates,
  }
  mkdirSync(out, { recursive: true })
  // A server that names its working folder names the scratch folder: the file names a user's one instead.
  const text = JSON.stringify(file, null, 2).replaceAll(workdir, '/home/user/project')
  writeFileSync(join(out, `${server.slug}.json`), `${text}\n`)
  return surface.tools.length
}

/** How a server was started, in a SOURCES.md cell. */
function howRead(server: SetServer): string {
  const parts = ['stdio in bubblewrap (no network), probe client']
  if (server.args?.length) parts.push(`args \`${server.args.join(' ').replace('{dir}', '<scratch dir>')}\``)
  if (server.env) parts.push(`placeholder ${Object.keys(server.env).join(', ')}`)
  return parts.join('; ')
}

/** test/scan-set/SOURCES.md from the files present and the list of servers. */
function writeSources(): void {
  const rows: string[] = []
  let total = 0
  for (const server of SERVERS) {
    const file = join(out, `${server.slug}.json`)
    if (!existsSync(file)) continue
    const set = JSON.parse(readFileSync(file, 'utf8'))
    total += set.tools.length
    const others = [
      set.prompts.length && `${set.prompts.length} prompts`,
      set.resources.length && `${set.resources.length} resources`,
      set.instructions && 'instructions',
    ]
      .filter(Boolean)
      .join(', ')
    rows.push(
      `| [${server.name}](${set.source.repository}) | \`${server.package}@${server.version}\` | ${set.source.licence} | ${set.tools.length} | ${others || '-'} | ${howRead(server)} |`,
    )
  }
  const text = `# Sources of the labelled set

The benign half of the scanner's labelled set (\`benign/<slug>.json\`) is what these servers list,
read from the published npm packages by \`scripts/scan-set/collect.ts\`: each package installed with
its install scripts off, started in the probe runner's fence (bubblewrap: no network, the system
read-only, only its own folder writable, placeholder values for the keys it checks at start) and
its surface read over stdio with the catalogue's own probe client, then stored as the probe stores
it (\`toSurface\`). A server naming its working folder has it written \`/home/user/project\`; a few
compute defaults from the day they run (Currents' date ranges), so a new read differs there.
Every text is the server authors' own, under the licence shown (each permits copying with its
notice; the notices are in the packages and repositories linked; where a package names no
repository, the link is its npm page). ${rows.length} servers, ${total} tools.

| Server | Package | Licence | Tools | Other texts | How it was read |
| --- | --- | --- | ---: | --- | --- |
${rows.join('\n')}

Tried and left out: @modelcontextprotocol/server-gitlab 2025.4.25 (its tools lack
\`inputSchema.type\`, which the SDK client rejects), server-postgres 0.6.2 and server-redis
2025.4.25 (they connect to their database before listing), server-gdrive (wants a credentials file
at start), @supabase/mcp-server-supabase 0.13.0 (calls its API before listing), @heroku/mcp-server
1.2.8 (does not start: a missing SDK module), @stripe/mcp 0.3.3 (no answer without its API),
@hubspot/mcp-server 0.4.0 (an error on listing), @wonderwhy-er/desktop-commander 0.2.52 (its lock
file refuses the second start the client makes), @neondatabase/mcp-server-neon (does not install
from the registry alone), @upstash/mcp-server 0.3.0 (exits without a real account),
@apify/actors-mcp-server 0.16.0 (no answer without its API), @railway/mcp-server 0.1.12 (exits
without its CLI), @twilio-alpha/mcp 0.7.0 (exits without real credentials), nx-mcp 0.25.0 (an error
on listing), @sveltejs/mcp 0.1.26 and @executeautomation/database-server 1.1.0 (crash on start
under Node 22), @auth0/auth0-mcp-server (wants a signed-in session), @sanity/mcp-server 0.12.2 (no
bin), @cloudflare/mcp-server-cloudflare 0.2.0 (wants a wrangler login), @azure-devops/mcp 2.10.0
(a native module that install scripts would build), @chakra-ui/react-mcp 2.1.1 (fetches at start),
@bytebase/dbhub 1.4.0 and mcp-server-sqlite-npx 0.8.0 (exit on start: a database driver that install
scripts would build), @tokenizin/mcp-npx-fetch 1.0.0 (an error on listing), @21st-dev/magic 0.2.3
(fetches at start), obsidian-mcp 2.0.1 (wants a real vault), @tacticlaunch/mcp-linear 1.4.3 (198
short CRUD tools: one server would weigh a fifth of the benign rate),
@sentry/mcp-server
(FSL licence: not copied), @browserbasehq/mcp (not on npm); for round 5,
@tosspayments/integration-guide-mcp 0.0.31 (fetches at start), @coingecko/coingecko-mcp 8.2.0 (its
install downloads a tarball from GitHub, which the registry mirror cannot serve),
@cablate/mcp-google-map 0.0.63 (no answer in the probe's time), @codefuturist/email-mcp 0.2.0
(LGPL-3.0: not copied), @dopplerhq/mcp-server 1.0.5 (wants a real login before listing).

The poisoned half (\`poisoned.json\`) is written by \`scripts/scan-set/poisoned.ts\` from the
published attack classes, most entries a tool of this table altered the way the attack alters it;
each entry names the attack it follows. Regenerate: \`npx tsx scripts/scan-set/collect.ts\` (needs
the npm registry and bwrap; \`--dir\` for the scratch folder, slugs to read only some), then
\`npx tsx scripts/scan-set/poisoned.ts\`.
`
  // The sections written by hand after the generated part (## headings) stay as they are.
  const file = join(setDir, 'SOURCES.md')
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const kept = previous.indexOf('\n## ')
  writeFileSync(file, kept >= 0 ? `${text}${previous.slice(kept)}` : text)
  writeListings()
}

/**
 * test/scan-set/listings.json: what the catalogue would know of each benign server as a listing,
 * for the scan's context (eval-metrics.ts): its standing (the order of SERVERS, earliest and most
 * widely used first, so higher is more established) and its own service's hosts (SERVICE_HOSTS).
 */
function writeListings(): void {
  const listings: Record<string, { standing: number; hosts: string[] }> = {}
  SERVERS.forEach((server, index) => {
    if (!existsSync(join(out, `${server.slug}.json`))) return
    listings[server.slug] = { standing: SERVERS.length - index, hosts: SERVICE_HOSTS[server.slug] ?? [] }
  })
  writeFileSync(join(setDir, 'listings.json'), `${JSON.stringify(listings, null, 2)}\n`)
}

let failed = 0
for (const server of SERVERS.filter((s) => !sourcesOnly && (only.length === 0 || only.includes(s.slug)))) {
  try {
    const tools = await collect(server)
    console.log(`${server.slug}\t${server.package}@${server.version}\t${tools} tools`)
  } catch (error) {
    failed++
    console.error(`${server.slug}\tFAILED\t${error instanceof Error ? error.message : String(error)}`)
  }
}
if (outFlag < 0) writeSources()
// As the repository's formatter lays JSON and Markdown out, so a regeneration shows only real changes.
spawnSync(resolve(import.meta.dirname, '../../node_modules/.bin/biome'), ['format', '--write', setDir], { stdio: 'ignore' })
process.exit(failed ? 1 : 0)
