/**
 * A check's reads of a registry (worker/lib/outbound/package-registry.ts), each document read into
 * facts (worker/lib/supply/facts.ts): what is new of a package, the installed versions read again,
 * and the age of new dependencies. A registry that fails throws RegistryError.
 */
import type { VersionFacts } from '@shared/supply'
import type { KnownVersion, WatchBasis } from '../../db/supply'
import {
  DOCUMENT_CAPS,
  npmDistTags,
  npmPackument,
  npmVersion,
  pypiProject,
  pypiVersion,
  type RegistryClient,
  RegistryError,
  type Validators,
} from '../../lib/outbound/package-registry'
import {
  emptyFacts,
  npmCreatedAt,
  npmPackumentHistory,
  npmVersionFacts,
  pypiProjectReleases,
  pypiVersionFacts,
} from '../../lib/supply/facts'
import {
  DEPENDENCY_LOOKUPS,
  distTagTargets,
  HISTORY_ON_FIRST_READ,
  NEW_VERSIONS_PER_CHECK,
  pinnedTargets,
  pypiTargets,
  verifyTargets,
} from './targets'

/** What the check read of one new version, before scoring. */
export interface ReadVersion {
  version: string
  facts: VersionFacts
  /** Read before, gone now: unpublished after the watch read it. */
  removed: boolean
  /** A version a listing pins that the registry does not have and never had in the watch's records: nothing to score. */
  missing: boolean
  history: boolean
}

/** What a check found new of a package. */
export interface Found {
  status: 'ok' | 'unchanged' | 'not_found'
  validators: Validators
  latest: string | null
  read: ReadVersion[]
}

/** A known version read again: its facts now, removed, or (a version that was missing) found at last. */
export interface Verified {
  known: KnownVersion
  facts: VersionFacts
  removed: boolean
  missing: boolean
}

/** A pinned version the registry answered 404 for, never read: not found in the registry, not unpublished. */
const missingVersion = (version: string): ReadVersion => ({ version, facts: emptyFacts(), removed: false, missing: true, history: false })

/** Reads what is new of an npm package. */
export async function readNpm(client: RegistryClient, basis: WatchBasis): Promise<Found> {
  const known = new Set(basis.versions.map((v) => v.version))
  const read: ReadVersion[] = []
  let status: Found['status'] = 'ok'
  let validators = basis.validators
  let latest = basis.latest
  let firstRead = false
  if (basis.versions.length === 0) {
    const packument = await npmPackument(client, basis.name, DOCUMENT_CAPS.packument)
    if (packument.status === 'not_found') return { status: 'not_found', validators, latest, read }
    if (packument.status === 'ok') {
      firstRead = true
      const history = npmPackumentHistory(packument.doc, HISTORY_ON_FIRST_READ)
      latest = history.latest
      for (const v of history.versions)
        read.push({ version: v.version, facts: v.facts, removed: false, missing: false, history: v.version !== latest })
      for (const v of read) known.add(v.version)
      // The dist-tags' validators, so the next check is a conditional read that costs nothing more when nothing is new.
      const tags = await npmDistTags(client, basis.name, null)
      if (tags.status === 'ok') validators = tags.validators
    }
  }
  const targets: string[] = []
  if (!firstRead) {
    const tags = await npmDistTags(client, basis.name, validators)
    if (tags.status === 'not_found') return { status: 'not_found', validators, latest, read }
    if (tags.status === 'unchanged') status = 'unchanged'
    if (tags.status === 'ok' && tags.doc && typeof tags.doc === 'object') {
      validators = tags.validators
      const tagged = distTagTargets(tags.doc as Record<string, unknown>, latest, known)
      latest = tagged.latest
      targets.push(...tagged.targets)
    }
  }
  // Versions listings pin that the watch has not read: new versions first.
  targets.push(...pinnedTargets(basis.pinned, known, targets))
  for (const version of targets.slice(0, NEW_VERSIONS_PER_CHECK)) {
    const doc = await npmVersion(client, basis.name, version)
    if (doc.status === 'ok') read.push({ version, facts: npmVersionFacts(doc.doc, null), removed: false, missing: false, history: false })
    // A pinned version the watch never read and the registry does not have: not found, which is not unpublished.
    else if (doc.status === 'not_found' && basis.pinned.includes(version)) read.push(missingVersion(version))
  }
  if (status === 'unchanged' && read.length > 0) status = 'ok'
  return { status, validators, latest, read }
}

/** Reads what is new of a PyPI project. */
export async function readPypi(client: RegistryClient, basis: WatchBasis): Promise<Found> {
  const known = new Set(basis.versions.map((v) => v.version))
  const read: ReadVersion[] = []
  const project = await pypiProject(client, basis.name, basis.validators)
  if (project.status === 'not_found') return { status: 'not_found', validators: basis.validators, latest: basis.latest, read }
  if (project.status === 'unchanged') return { status: 'unchanged', validators: basis.validators, latest: basis.latest, read }
  if (project.status === 'too_large')
    throw new RegistryError(
      `${new URL(client.pypiBase).host}: the project document of ${basis.name} is larger than ${DOCUMENT_CAPS.project / 1024 / 1024} MB, which the watch does not read`,
    )
  const releases = pypiProjectReleases(project.doc)
  const firstRead = basis.versions.length === 0
  const targets = pypiTargets(
    releases.versions.map((v) => v.version),
    known,
    basis.pinned,
  )
  for (const release of targets) {
    const doc = await pypiVersion(client, basis.name, release)
    if (doc.status === 'ok') {
      const history = firstRead && release !== releases.latest
      read.push({ version: release, facts: pypiVersionFacts(doc.doc), removed: false, missing: false, history })
    } else if (doc.status === 'not_found' && basis.pinned.includes(release)) {
      read.push(missingVersion(release))
    }
  }
  return { status: 'ok', validators: project.validators, latest: releases.latest ?? basis.latest, read }
}

/**
 * Reads again the versions listings install (verifyTargets): deprecated or removed since; and a
 * pinned version that was not found, now published (it is read in full), or still missing
 * (nothing changed: a version the watch never read is never "removed").
 */
export async function verifyInstalled(client: RegistryClient, basis: WatchBasis, now: Date): Promise<Verified[]> {
  const changed: Verified[] = []
  for (const known of verifyTargets(basis, now)) {
    const doc =
      basis.registry === 'npm' ? await npmVersion(client, basis.name, known.version) : await pypiVersion(client, basis.name, known.version)
    if (doc.status === 'not_found') {
      if (!known.missing) changed.push({ known, facts: known.facts, removed: true, missing: false })
    } else if (doc.status === 'ok') {
      const facts = basis.registry === 'npm' ? npmVersionFacts(doc.doc, known.publishedAt) : pypiVersionFacts(doc.doc)
      if (known.missing) changed.push({ known, facts, removed: false, missing: false })
      else if (facts.deprecated !== known.facts.deprecated)
        changed.push({ known, facts: { ...known.facts, deprecated: facts.deprecated }, removed: false, missing: false })
    }
  }
  return changed
}

/**
 * When each npm dependency named was created, for DEPENDENCY_LOOKUPS of them over the whole check
 * (a package over the cap reads as having history). A registry that fails gives no ages for that
 * version, and the scoring goes on.
 */
export function dependencyAges(client: RegistryClient): (names: readonly string[]) => Promise<Record<string, string>> {
  let left = DEPENDENCY_LOOKUPS
  return async (names) => {
    const created: Record<string, string> = {}
    try {
      for (const name of names) {
        if (left <= 0) break
        left--
        const doc = await npmPackument(client, name, DOCUMENT_CAPS.dependency)
        if (doc.status !== 'ok') continue
        const at = npmCreatedAt(doc.doc)
        if (at) created[name] = at
      }
    } catch (error) {
      if (!(error instanceof RegistryError)) throw error
      return {}
    }
    return created
  }
}
