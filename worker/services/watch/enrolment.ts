/**
 * Enrolment: which of a listing's declared packages the watch takes. npm and PyPI packages with a
 * valid name, each once, PyPI's in its normalized form (as PyPI compares names); a listing that is
 * not active, or whose packages do not parse, installs nothing the watch reads.
 */
import { readPackage } from '@shared/install/source'
import { NPM_NAME_RE } from '@shared/schemas'
import { watchedName } from '@shared/supply'
import type { PackageRef } from '../../db/supply'

/** Listings enrolled per cron invocation. */
export const ENROL_BATCH = 50

/** npm allows names up to this length. */
const NPM_NAME_MAX = 214
const PYPI_NAME_RE = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?$/

/**
 * The watched packages among a listing's declared ones, each once.
 * @example packageRefs([{ registryType: 'npm', identifier: '@acme/mail', version: '1.0.15' }]) // [{ registry: 'npm', name: '@acme/mail', pinned: '1.0.15' }]
 */
export function packageRefs(packages: readonly unknown[]): PackageRef[] {
  const refs = new Map<string, PackageRef>()
  for (const raw of packages) {
    const pkg = readPackage(raw)
    if (!pkg) continue
    let ref: PackageRef | null = null
    if (pkg.registryType === 'npm' && NPM_NAME_RE.test(pkg.identifier) && pkg.identifier.length <= NPM_NAME_MAX) {
      ref = { registry: 'npm', name: watchedName('npm', pkg.identifier), pinned: pkg.version }
    } else if (pkg.registryType === 'pypi' && PYPI_NAME_RE.test(pkg.identifier)) {
      ref = { registry: 'pypi', name: watchedName('pypi', pkg.identifier), pinned: pkg.version }
    }
    if (ref && !refs.has(`${ref.registry}:${ref.name}`)) refs.set(`${ref.registry}:${ref.name}`, ref)
  }
  return [...refs.values()]
}

/**
 * The packages the watch takes of a listing as read for enrolment (its status and its `packages`
 * as stored text): none when it is not active or they are not a list.
 * @example refsOfListing({ status: 'deleted', packagesText: '[{"registryType":"npm","identifier":"a"}]' }) // []
 */
export function refsOfListing(row: { status: string; packagesText: string }): PackageRef[] {
  if (row.status !== 'active') return []
  let parsed: unknown = []
  try {
    parsed = JSON.parse(row.packagesText)
  } catch {}
  return Array.isArray(parsed) ? packageRefs(parsed) : []
}
