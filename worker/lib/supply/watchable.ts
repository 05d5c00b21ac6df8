/**
 * Which of a listing's declared packages the watch reads, and why it reads none of the others:
 * npm and PyPI packages with a valid name, each once, PyPI's in its normalized form (as PyPI
 * compares names). A package of another registry (OCI, NuGet, MCPB, or none named) or with a name
 * its registry would refuse is not watched, and the listing's page says which and why rather than
 * "not checked yet". Enrolment (services/watch/enrolment.ts) and the page (db/supply.ts) read it here.
 */
import { readPackage } from '@shared/install/source'
import { NPM_NAME_RE } from '@shared/schemas'
import { type UnwatchedPackage, type WatchedRegistry, watchedName } from '@shared/supply'

/** A package a listing installs, as the watch names it: registry, normalized name, and the version it pins. */
export interface PackageRef {
  registry: WatchedRegistry
  name: string
  pinned: string | null
}

/** npm allows names up to this length. */
const NPM_NAME_MAX = 214
const PYPI_NAME_RE = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?$/
/** What a page shows of a declared package's registry and name, at most. */
const SHOWN_CHARS = 100

/**
 * The watched packages among a listing's declared ones, each once, and those it does not watch.
 * @example watchablePackages([{ registryType: 'nuget', identifier: 'Acme.Mcp' }]).unwatched // [{ registryType: 'nuget', identifier: 'Acme.Mcp', reason: 'registry' }]
 */
export function watchablePackages(packages: readonly unknown[]): { refs: PackageRef[]; unwatched: UnwatchedPackage[] } {
  const refs = new Map<string, PackageRef>()
  const unwatched: UnwatchedPackage[] = []
  for (const raw of packages) {
    const pkg = readPackage(raw)
    if (!pkg) continue
    let ref: PackageRef | null = null
    const known = pkg.registryType === 'npm' || pkg.registryType === 'pypi'
    if (pkg.registryType === 'npm' && NPM_NAME_RE.test(pkg.identifier) && pkg.identifier.length <= NPM_NAME_MAX) {
      ref = { registry: 'npm', name: watchedName('npm', pkg.identifier), pinned: pkg.version }
    } else if (pkg.registryType === 'pypi' && PYPI_NAME_RE.test(pkg.identifier)) {
      ref = { registry: 'pypi', name: watchedName('pypi', pkg.identifier), pinned: pkg.version }
    } else {
      unwatched.push({
        registryType: pkg.registryType.slice(0, SHOWN_CHARS),
        identifier: pkg.identifier.slice(0, SHOWN_CHARS),
        reason: known ? 'name' : 'registry',
      })
    }
    if (ref && !refs.has(`${ref.registry}:${ref.name}`)) refs.set(`${ref.registry}:${ref.name}`, ref)
  }
  return { refs: [...refs.values()], unwatched }
}

/**
 * A listing's stored `packages` (a list, or anything else when the row is odd) as watchablePackages reads them.
 * @example storedPackages('[{"registryType":"npm","identifier":"a"}]') // [{ registryType: 'npm', identifier: 'a' }]
 */
export function storedPackages(value: unknown): unknown[] {
  let parsed = value
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value)
    } catch {
      parsed = []
    }
  }
  return Array.isArray(parsed) ? parsed : []
}
