/**
 * `npm run coverage:packages`: runs the probe runner over every listing of a database that has a
 * package it reads, against the configured registries, and prints per kind (npm, pypi, oci) the
 * listings tried, packages fetched, surfaces read, needs_config (with the variables), and failures
 * grouped by cause (worker/services/probing/package-coverage.ts). Each job is built by the
 * Worker's own builder (runnerJobPackage) and probed by the runner's own probePackage, in its
 * fence; nothing is posted to any catalogue.
 *   tsx scripts/package-coverage.ts                       the local D1 (CATALOGUE_STATE, as npm start's)
 *   tsx scripts/package-coverage.ts --snapshot FILE       the listings of a registry snapshot file instead
 *     --only NAME        only that listing (its registry name; repeat for more)
 *     --limit N          the first N listings (by name)
 *     --concurrency N    probes at once (default 2)
 *     --timeout MS       one run's time limit (default the probe's)
 *     --unfenced         run without a fence (development only, as the runner's flag)
 *     --write            write the surfaces read to data/package-surfaces-YYYY-MM-DD.json, the file
 *                        scripts/seed.ts loads on the first start (older ones are removed)
 * Reads NPM_REGISTRY and NPM_CACHE as the runner does (probe-runner/src/main.ts).
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_PROBE_BOUNDS, type ProbeOutcome, type RunnerJob } from '@mcp-catalogue/mcp-client/node'
import { getPlatformProxy } from 'wrangler'
import { probePackage } from '../probe-runner/src/probe-package'
import { pool } from '../probe-runner/src/runner'
import { chooseFence, describeClients, runnerSettings } from '../probe-runner/src/settings'
import { createDb } from '../worker/db/client'
import { type PackagedListing, packagedListings } from '../worker/db/runner'
import { entriesOf, mapRegistryEntry } from '../worker/lib/registry-entry'
import { SHIPPED_SURFACES_FORMAT, type ShippedSurface, type ShippedSurfaces } from '../worker/lib/shipped-surfaces'
import { type CoverageProbe, groupCoverage, type KindCoverage } from '../worker/services/probing/package-coverage'
import { runnerJobPackage } from '../worker/services/probing/runner-job'

const { values } = parseArgs({
  options: {
    snapshot: { type: 'string' },
    only: { type: 'string', multiple: true },
    limit: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
    timeout: { type: 'string', default: String(DEFAULT_PROBE_BOUNDS.totalTimeoutMs) },
    unfenced: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
})

/** The runner's version, as its package names it: what a shipped surface says read it. */
const RUNNER_VERSION = (JSON.parse(readFileSync(resolve('probe-runner/package.json'), 'utf8')) as { version: string }).version

/** The listings of a registry snapshot file, read by the importer's own mapping (refused entries left out). */
function snapshotListings(file: string): PackagedListing[] {
  return entriesOf(JSON.parse(readFileSync(file, 'utf8'))).flatMap((entry) => {
    const mapped = mapRegistryEntry(entry)
    if (!mapped.ok) return []
    const { registryName, name, version, packages } = mapped.server
    return [{ id: registryName, registryName, name, version, packages }]
  })
}

/** The listings of the local D1 (the state folder npm start uses), through wrangler's platform proxy. */
async function databaseListings(): Promise<PackagedListing[]> {
  const state = resolve(process.env.CATALOGUE_STATE ?? '.wrangler/state')
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: 'wrangler.toml', persist: { path: `${state}/v3` } })
  try {
    return await packagedListings(createDb(proxy.env.DB))
  } finally {
    await proxy.dispose()
  }
}

/** The markdown table of the figures (what docs/probe-runner.md shows). */
export function coverageTable(rows: readonly KindCoverage[]): string {
  const lines = [
    '| Kind | Listings | Fetched | Surfaces read | needs_config (variable) | Failures by cause |',
    '| --- | ---: | ---: | ---: | --- | --- |',
  ]
  for (const r of rows) {
    const { ok, listFailed, needsConfig, variables, failures } = r.outcomes
    const read = listFailed ? `${ok} (${listFailed} with a list lost)` : String(ok)
    const vars = variables.map((v) => `${v.name} ${v.listings}`).join(', ')
    const failed = failures.map((f) => `${f.cause} ${f.listings}`).join(', ') || 'none'
    lines.push(`| ${r.kind} | ${r.listings} | ${r.fetched} | ${read} | ${needsConfig}${vars ? ` (${vars})` : ''} | ${failed} |`)
  }
  return lines.join('\n')
}

/** A data file entry for a surface read. */
function shippedEntry(listing: PackagedListing, outcome: ProbeOutcome, fence: ShippedSurface['runner']['fence']): ShippedSurface | null {
  if (outcome.status !== 'ok' || !outcome.surface || !listing.registryName) return null
  return {
    server: { name: listing.registryName, version: listing.version },
    package: outcome.target,
    protocolVersion: outcome.protocolVersion,
    readAt: outcome.startedAt,
    durationMs: Math.round(outcome.durationMs),
    runner: { version: RUNNER_VERSION, fence },
    surface: outcome.surface as unknown as Record<string, unknown>,
    ...(outcome.listErrors && Object.keys(outcome.listErrors).length > 0 ? { listErrors: outcome.listErrors } : {}),
  }
}

/** Writes the data file of today's date in data/, removing the older ones scripts/seed.ts would otherwise skip past. */
function writeShipped(entries: ShippedSurface[], snapshot: string): string {
  const day = new Date().toISOString().slice(0, 10)
  const path = resolve(`data/package-surfaces-${day}.json`)
  for (const name of readdirSync(resolve('data'))) {
    if (/^package-surfaces-\d{4}-\d{2}-\d{2}\.json$/.test(name) && resolve('data', name) !== path) rmSync(resolve('data', name))
  }
  const file: ShippedSurfaces = {
    format: SHIPPED_SURFACES_FORMAT,
    snapshot,
    writtenAt: new Date().toISOString(),
    surfaces: entries.sort((a, b) => (a.server.name < b.server.name ? -1 : 1)),
  }
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`)
  return path
}

async function main() {
  const fence = chooseFence(values.unfenced, (line) => console.error(line))
  let listings = values.snapshot ? snapshotListings(values.snapshot) : await databaseListings()
  if (values.only?.length) listings = listings.filter((l) => values.only?.includes(l.registryName ?? l.name))
  if (values.limit) listings = listings.slice(0, Number.parseInt(values.limit, 10))
  const jobs = listings.flatMap((listing) => {
    const pkg = runnerJobPackage(listing.packages)
    const job: RunnerJob | null = pkg && { jobId: 'coverage', serverId: listing.id, version: listing.version, package: pkg, leaseUntil: '' }
    return job ? [{ listing, job }] : []
  })
  console.log(
    `${jobs.length} listing${jobs.length === 1 ? '' : 's'} with a package the runner reads (${listings.length - jobs.length} without), fence ${fence}.`,
  )

  const settings = runnerSettings({ fence, timeoutMs: Number.parseInt(values.timeout, 10), outputCap: 8 * 1024 * 1024 })
  console.log(describeClients(settings.clients))
  const probes: CoverageProbe[] = []
  const shipped: ShippedSurface[] = []
  await pool(jobs, Number.parseInt(values.concurrency, 10), async ({ listing, job }) => {
    const { outcome, metrics } = await probePackage(job, settings)
    probes.push({ kind: job.package.registryType, outcome, ran: metrics.probeMs > 0 })
    const entry = shippedEntry(listing, outcome, fence)
    if (entry) shipped.push(entry)
    const what =
      outcome.status === 'ok'
        ? `${outcome.surface?.tools.length ?? 0} tools, ${outcome.protocolVersion}`
        : `${outcome.cause ?? ''}${outcome.missingVariable ? ` ${outcome.missingVariable}` : ''}: ${outcome.error ?? ''}`
    console.log(`  ${outcome.status.padEnd(15)} ${(listing.registryName ?? listing.name).padEnd(50)} ${outcome.target}  ${what}`)
  })
  console.log(`\n${coverageTable(groupCoverage(probes))}\n`)
  if (values.write) {
    const snapshot = values.snapshot ? basename(values.snapshot) : 'the local database'
    console.log(`Wrote ${shipped.length} surfaces to ${writeShipped(shipped, snapshot)}.`)
  }
}

try {
  await main()
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exitCode = 1
}
// A server may keep a stream open after the probe closed its side; the run is over.
process.exit()
