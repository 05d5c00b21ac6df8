/**
 * The supply-chain watch, scheduled: every minute the cron enrols listings whose packages changed
 * and puts due packages on the watch queue (new versions first); the queue's consumer reads each
 * package's registry (worker/lib/outbound/package-registry.ts), scores every version it had not
 * read (worker/lib/supply/) and stores them (worker/db/supply.ts). No package is ever
 * run: everything comes from the metadata the registries publish.
 *
 * A check makes at most WATCH_SUBREQUESTS requests, and an invocation starts a check only while its
 * allowance (PROBE_SUBREQUEST_BUDGET, the same platform limit the probes count against) still
 * covers that; packages that do not fit are given back for the next minute.
 */
import { bandOf, type VersionFacts } from '@shared/supply'
import type { DB } from '../db/client'
import {
  claimDueWatches,
  ENROL_BATCH,
  earlierPackageNames,
  enrolListings,
  type KnownVersion,
  readWatchBasis,
  recordWatchFailure,
  releaseWatchLeases,
  type ScoredVersion,
  storeWatch,
  type WatchBasis,
  type WatchResult,
} from '../db/supply'
import { cappedFetch, timeoutMs } from '../lib/outbound/fetch'
import {
  DOCUMENT_CAPS,
  npmDistTags,
  npmPackument,
  npmVersion,
  pypiProject,
  pypiVersion,
  type RegistryClient,
  RegistryError,
  type RegistryFetch,
} from '../lib/outbound/package-registry'
import { emptyFacts, npmCreatedAt, npmPackumentHistory, npmVersionFacts, pypiProjectReleases, pypiVersionFacts } from '../lib/supply/facts'
import { POPULAR_NPM, POPULAR_PYPI } from '../lib/supply/popular'
import { SUPPLY_SCORER_VERSION, scoreVersion } from '../lib/supply/score'
import { timeOf } from '../lib/supply/signals'
import type { SignalContext, VersionInput } from '../lib/supply/types'
import { type AllowanceRun, consumeClaimed, queueClaimed, withinAllowance } from '../services/work-queue'

/** The queue's name in wrangler.toml, the key of its consumer in schedule.ts. */
export const WATCH_QUEUE_NAME = 'mcp-catalogue-watch'

/** One queued check: the watched package's id. */
export interface WatchMessage {
  packageId: number
}

/** New versions read per check at most (newest first): a package that released more waits for the next check. */
export const NEW_VERSIONS_PER_CHECK = 5
/** A whole packument's versions kept as history when the watch first meets a package. */
export const HISTORY_ON_FIRST_READ = 20
/** New dependencies whose age is looked up per check at most. */
export const DEPENDENCY_LOOKUPS = 4
/** Install versions read again per day (for a deprecation or removal since). */
const VERIFY_PER_DAY = 2
/** Requests one check may make at most: discovery (and the first read's packument), the new versions, the dependencies, the verification. */
export const WATCH_SUBREQUESTS = 2 + NEW_VERSIONS_PER_CHECK + DEPENDENCY_LOOKUPS + VERIFY_PER_DAY

export interface WatchSettings {
  /** SUPPLY_WATCH_ENABLED: off, the cron queues nothing and the consumer reads nothing. */
  enabled: boolean
  /** Packages the cron queues per minute at most. */
  perMinute: number
  /** Outbound requests one consumer invocation may make. */
  subrequestBudget: number
  npmBase: string
  pypiBase: string
  timeoutMs: number
  fetch?: RegistryFetch
  now?: () => Date
}

export function watchSettings(
  env: Pick<Env, 'SUPPLY_WATCH_ENABLED' | 'PROBE_SUBREQUEST_BUDGET' | 'NPM_REGISTRY_BASE' | 'PYPI_REGISTRY_BASE' | 'OUTBOUND_TIMEOUT_MS'>,
  overrides: Partial<WatchSettings> = {},
): WatchSettings {
  const budget = Number.parseInt(env.PROBE_SUBREQUEST_BUDGET, 10)
  return {
    enabled: env.SUPPLY_WATCH_ENABLED === 'true',
    perMinute: 50,
    subrequestBudget: Number.isFinite(budget) && budget > 0 ? budget : 45,
    npmBase: env.NPM_REGISTRY_BASE,
    pypiBase: env.PYPI_REGISTRY_BASE,
    timeoutMs: timeoutMs(env),
    ...overrides,
  }
}

/**
 * The cron's part: enrols listings whose packages changed, then takes the lease on due packages
 * and queues them. A failed send gives the leases back.
 */
export async function enqueueDueWatches(
  db: DB,
  queue: Queue<WatchMessage>,
  settings: WatchSettings,
): Promise<{ enrolled: number; queued: number }> {
  if (!settings.enabled) return { enrolled: 0, queued: 0 }
  const now = settings.now?.() ?? new Date()
  const enrolled = await enrolListings(db, { limit: ENROL_BATCH, now })
  const ids = await claimDueWatches(db, { now, limit: settings.perMinute })
  const queued = await queueClaimed(
    ids,
    (packageId): WatchMessage => ({ packageId }),
    (bodies) => queue.sendBatch(bodies.map((body) => ({ body, contentType: 'json' as const }))),
    (claimed) => releaseWatchLeases(db, claimed),
  )
  return { enrolled, queued }
}

/** What the check read of one new version, before scoring. */
interface ReadVersion {
  version: string
  facts: VersionFacts
  removed: boolean
  history: boolean
}

/** The newest first, without those already known or listed twice. */
function newTargets(candidates: ReadonlyArray<string | null | undefined>, known: ReadonlySet<string>): string[] {
  return [...new Set(candidates.filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100 && !known.has(v)))]
}

/** Reads what is new of an npm package. */
async function readNpm(client: RegistryClient, basis: WatchBasis) {
  const known = new Set(basis.versions.map((v) => v.version))
  const read: ReadVersion[] = []
  let status: WatchResult['status'] = 'ok'
  let etag = basis.etag
  let latest = basis.latest
  let firstRead = false
  if (basis.versions.length === 0) {
    const packument = await npmPackument(client, basis.name, DOCUMENT_CAPS.packument)
    if (packument.status === 'not_found') return { status: 'not_found' as const, etag, latest, read }
    if (packument.status === 'ok') {
      firstRead = true
      const history = npmPackumentHistory(packument.doc, HISTORY_ON_FIRST_READ)
      latest = history.latest
      for (const v of history.versions) read.push({ version: v.version, facts: v.facts, removed: false, history: v.version !== latest })
      for (const v of read) known.add(v.version)
      // The dist-tags' ETag, so the next check is a conditional read that answers 304 when nothing is new.
      const tags = await npmDistTags(client, basis.name, null)
      if (tags.status === 'ok') etag = tags.etag
    }
  }
  const targets: string[] = []
  if (!firstRead) {
    const tags = await npmDistTags(client, basis.name, etag)
    if (tags.status === 'not_found') return { status: 'not_found' as const, etag, latest, read }
    if (tags.status === 'unchanged') status = 'unchanged'
    if (tags.status === 'ok' && tags.doc && typeof tags.doc === 'object') {
      const doc = tags.doc as Record<string, unknown>
      etag = tags.etag
      latest = typeof doc.latest === 'string' ? doc.latest : latest
      targets.push(
        ...newTargets(
          [
            latest,
            ...Object.values(doc)
              .map((v) => (typeof v === 'string' ? v : null))
              .slice(0, 10),
          ],
          known,
        ),
      )
    }
  }
  // Versions listings pin that the watch has not read: new versions first.
  targets.push(...newTargets(basis.pinned, new Set([...known, ...targets])))
  for (const version of targets.slice(0, NEW_VERSIONS_PER_CHECK)) {
    const doc = await npmVersion(client, basis.name, version)
    if (doc.status === 'ok') read.push({ version, facts: npmVersionFacts(doc.doc, null), removed: false, history: false })
    // A pinned version the registry does not have: unpublished, or never was.
    else if (doc.status === 'not_found' && basis.pinned.includes(version))
      read.push({ version, facts: emptyFacts(), removed: true, history: false })
  }
  if (status === 'unchanged' && read.length > 0) status = 'ok'
  return { status, etag, latest, read }
}

/** Reads what is new of a PyPI project. */
async function readPypi(client: RegistryClient, basis: WatchBasis) {
  const known = new Set(basis.versions.map((v) => v.version))
  const read: ReadVersion[] = []
  const project = await pypiProject(client, basis.name, basis.etag)
  if (project.status === 'not_found') return { status: 'not_found' as const, etag: basis.etag, latest: basis.latest, read }
  if (project.status === 'unchanged' || project.status === 'too_large')
    return { status: 'unchanged' as const, etag: basis.etag, latest: basis.latest, read }
  const releases = pypiProjectReleases(project.doc)
  const firstRead = basis.versions.length === 0
  const unknown = releases.versions.filter((v) => !known.has(v.version))
  const newest = unknown.slice(-NEW_VERSIONS_PER_CHECK)
  const pinned = newTargets(basis.pinned, new Set([...known, ...newest.map((v) => v.version)]))
  for (const release of [...newest.map((v) => v.version), ...pinned].slice(0, NEW_VERSIONS_PER_CHECK + 1)) {
    const doc = await pypiVersion(client, basis.name, release)
    if (doc.status === 'ok') {
      read.push({ version: release, facts: pypiVersionFacts(doc.doc), removed: false, history: firstRead && release !== releases.latest })
    } else if (doc.status === 'not_found' && basis.pinned.includes(release)) {
      read.push({ version: release, facts: emptyFacts(), removed: true, history: false })
    }
  }
  return { status: 'ok' as const, etag: project.etag, latest: releases.latest ?? basis.latest, read }
}

/** Reads again the versions listings install (at most VERIFY_PER_DAY, once a day): deprecated or removed since. */
async function verifyInstalled(
  client: RegistryClient,
  basis: WatchBasis,
  now: Date,
): Promise<Array<{ known: KnownVersion; facts: VersionFacts; removed: boolean }>> {
  if (basis.verifiedAt && now.getTime() - Date.parse(basis.verifiedAt) < 24 * 3600_000) return []
  const installed = [...basis.pinned, basis.latest].filter((v): v is string => v !== null)
  const targets = basis.versions.filter((v) => installed.includes(v.version) && !v.removed).slice(-VERIFY_PER_DAY)
  const changed: Array<{ known: KnownVersion; facts: VersionFacts; removed: boolean }> = []
  for (const known of targets) {
    const doc =
      basis.registry === 'npm' ? await npmVersion(client, basis.name, known.version) : await pypiVersion(client, basis.name, known.version)
    if (doc.status === 'not_found') changed.push({ known, facts: known.facts, removed: true })
    else if (doc.status === 'ok') {
      const facts = basis.registry === 'npm' ? npmVersionFacts(doc.doc, known.publishedAt) : pypiVersionFacts(doc.doc)
      if (facts.deprecated !== known.facts.deprecated)
        changed.push({ known, facts: { ...known.facts, deprecated: facts.deprecated }, removed: false })
    }
  }
  return changed
}

/** When each npm dependency new in a version was created, for at most `budget` of them; over the cap, a package has history. */
async function dependencyAges(client: RegistryClient, names: string[], budget: { left: number }): Promise<Record<string, string>> {
  const created: Record<string, string> = {}
  for (const name of names) {
    if (budget.left <= 0) break
    budget.left--
    const doc = await npmPackument(client, name, DOCUMENT_CAPS.dependency)
    if (doc.status !== 'ok') continue
    const at = npmCreatedAt(doc.doc)
    if (at) created[name] = at
  }
  return created
}

/**
 * One check of a package: reads what is new, scores each new version against the versions before
 * it, and stores everything with the package's next due time. Throws only when storing fails; a
 * registry that fails is recorded (and backed off).
 */
export async function watchPackage(db: DB, packageId: number, settings: WatchSettings, fetch: RegistryFetch): Promise<WatchResult | null> {
  const now = settings.now?.() ?? new Date()
  const basis = await readWatchBasis(db, packageId)
  if (!basis) return null
  const client: RegistryClient = { npmBase: settings.npmBase, pypiBase: settings.pypiBase, fetch, timeoutMs: settings.timeoutMs }
  let found: Awaited<ReturnType<typeof readNpm>>
  let verified: Awaited<ReturnType<typeof verifyInstalled>>
  try {
    found = basis.registry === 'npm' ? await readNpm(client, basis) : await readPypi(client, basis)
    verified = found.status === 'not_found' ? [] : await verifyInstalled(client, basis, now)
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error
    await recordWatchFailure(db, packageId, error.message, now)
    return null
  }
  const seenAt = now.toISOString()
  const context: Omit<SignalContext, 'history' | 'dependencyCreated' | 'removed'> = {
    registry: basis.registry,
    name: basis.name,
    listingRepositories: basis.listingRepositories,
    // Read only when something is to be scored: a check that found nothing new costs no names.
    earlierListedNames:
      found.read.length || verified.length ? await earlierPackageNames(db, basis.registry, basis.id, now.getTime()) : new Set(),
    popularNames: basis.registry === 'npm' ? POPULAR_NPM : POPULAR_PYPI,
  }
  // Every version in time order: the known ones, then the new ones placed by their publish (else seen) time.
  const all: Array<VersionInput & { removed: boolean }> = basis.versions.map((v) => ({
    version: v.version,
    facts: v.facts,
    seenAt: v.seenAt,
    removed: v.removed,
  }))
  const incoming = found.read.map((r) => ({ ...r, seenAt }))
  all.push(...incoming.map((r) => ({ version: r.version, facts: r.facts, seenAt, removed: r.removed })))
  all.sort((a, b) => timeOf(a) - timeOf(b))
  const budget = { left: DEPENDENCY_LOOKUPS }
  const score = async (version: VersionInput & { removed: boolean }, removed: boolean) => {
    const history = all.slice(0, all.indexOf(version)).filter((v) => !v.removed)
    const previous = history.at(-1)
    const added = Object.keys(version.facts.dependencies).filter((d) => !previous || !(d in previous.facts.dependencies))
    const lookups = basis.registry === 'npm' && previous ? added.filter((d) => !context.popularNames.has(d)) : []
    let dependencyCreated: Record<string, string> = {}
    try {
      dependencyCreated = await dependencyAges(client, lookups, budget)
    } catch (error) {
      if (!(error instanceof RegistryError)) throw error
    }
    return scoreVersion(version, { ...context, history, dependencyCreated, removed })
  }
  const added: ScoredVersion[] = []
  for (const r of incoming) {
    const entry = all.find((v) => v.version === r.version)!
    const s = await score(entry, r.removed)
    added.push({ ...r, publishedAt: r.facts.publishedAt, score: s.score, band: bandOf(s.score), signals: s.signals })
  }
  const updated: WatchResult['updated'] = []
  for (const v of verified) {
    const entry = all.find((a) => a.version === v.known.version)!
    entry.facts = v.facts
    const s = await score(entry, v.removed)
    updated.push({
      id: v.known.id,
      version: v.known.version,
      publishedAt: v.known.publishedAt,
      facts: v.facts,
      removed: v.removed,
      history: false,
      score: s.score,
      band: bandOf(s.score),
      signals: s.signals,
    })
  }
  const result: WatchResult = {
    packageId,
    registry: basis.registry,
    name: basis.name,
    previousLatest: basis.latest,
    status: found.status,
    etag: found.etag,
    latest: found.latest,
    added,
    updated,
    verified: found.status !== 'not_found',
    scorerVersion: SUPPLY_SCORER_VERSION,
    now,
  }
  await storeWatch(db, result)
  return result
}

export type WatchRun = AllowanceRun<number, WatchResult | null>

/** Checks packages one after another while the invocation's allowance covers another check (services/work-queue.ts). */
export async function watchPackages(db: DB, ids: readonly number[], settings: WatchSettings): Promise<WatchRun> {
  const underlying: RegistryFetch = settings.fetch ?? ((input, init) => fetch(input, init))
  return withinAllowance(
    ids,
    { budget: settings.subrequestBudget, perPiece: WATCH_SUBREQUESTS, concurrency: 1 },
    (share) => cappedFetch(underlying, share, 'a check'),
    (id, capped) => watchPackage(db, id, settings, capped),
  )
}

/** The queue's consumer: checks the batch's packages, gives back those that did not fit, retries only a check whose storing failed. */
export async function consumeWatches(batch: MessageBatch, context: { db: DB; env: Env }, overrides: Partial<WatchSettings> = {}) {
  const settings = watchSettings(context.env, overrides)
  return consumeClaimed(
    batch.messages as ReadonlyArray<Message<WatchMessage>>,
    (body) => (Number.isInteger(body?.packageId) ? (body as WatchMessage).packageId : null),
    settings.enabled ? (ids) => watchPackages(context.db, ids, settings) : null,
    (ids) => releaseWatchLeases(context.db, ids),
  )
}
