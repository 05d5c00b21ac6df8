/**
 * Enrolment: which of a listing's declared packages the watch takes (lib/supply/watchable.ts: npm
 * and PyPI packages with a valid name, each once); a listing that is not active, or whose packages
 * do not parse, installs nothing the watch reads.
 */
import type { PackageRef } from '../../db/supply'
import { storedPackages, watchablePackages } from '../../lib/supply/watchable'

/** Listings enrolled per cron invocation. */
export const ENROL_BATCH = 50

/**
 * The watched packages among a listing's declared ones, each once (lib/supply/watchable.ts).
 * @example packageRefs([{ registryType: 'npm', identifier: '@acme/mail', version: '1.0.15' }]) // [{ registry: 'npm', name: '@acme/mail', pinned: '1.0.15' }]
 */
export const packageRefs = (packages: readonly unknown[]): PackageRef[] => watchablePackages(packages).refs

/**
 * The packages the watch takes of a listing as read for enrolment (its status and its `packages`
 * as stored text): none when it is not active or they are not a list.
 * @example refsOfListing({ status: 'deleted', packagesText: '[{"registryType":"npm","identifier":"a"}]' }) // []
 */
export function refsOfListing(row: { status: string; packagesText: string }): PackageRef[] {
  return row.status === 'active' ? packageRefs(storedPackages(row.packagesText)) : []
}
