/**
 * What the probe runner is handed for a claimed listing (RunnerJob): the package as the listing
 * declares it (@shared/install/source), reduced to what a fenced run needs, or nothing when none
 * of its packages can be run (the claim then defers the listing). Pure: the Worker builds it when
 * a runner claims the listing (services/probing/runner.ts).
 */

import type { DeclaredArgument, DeclaredPackage } from '@shared/install/model'
import { readPackage } from '@shared/install/source'
import type { RunnerJob } from '@shared/surface'
import type { ClaimedPackage } from '../../db/runner'

/**
 * The text an argument that must be supplied is given: the runner has no real value (a path, a
 * key), and many servers list their tools whatever it says.
 */
export const ARGUMENT_PLACEHOLDER = 'placeholder'

const RUNNER_TYPES: Record<string, RunnerJob['package']['registryType']> = { npm: 'npm', pypi: 'pypi', oci: 'oci', docker: 'oci' }

/**
 * The value an argument is run with: its fixed value; else its default (never a secret's); else,
 * when it is required, ARGUMENT_PLACEHOLDER; an optional one without a value is left out (null).
 */
function argumentValue(arg: DeclaredArgument): string | null {
  if (arg.value !== null && !arg.placeholder) return arg.value
  if (!arg.isSecret && arg.default !== null) return arg.default
  return arg.isRequired ? ARGUMENT_PLACEHOLDER : null
}

/** The declared arguments as the words of a command line: a named one is its flag and its value (or 'flag=value' where written so). */
export function argumentWords(args: readonly DeclaredArgument[]): string[] {
  return args.flatMap((arg) => {
    const value = argumentValue(arg)
    if (value === null) return []
    if (arg.type !== 'named' || !arg.name) return [value]
    return arg.joined ? [`${arg.name}=${value}`] : [arg.name, value]
  })
}

/**
 * The exact version an image reference names: its digest ('sha256:...') or its tag, else the
 * version the listing pins; null when neither says (the image's 'latest').
 * @example imageVersion('ghcr.io/acme/widget:1.2.0', null) // '1.2.0'
 */
export function imageVersion(reference: string, pinned: string | null): string | null {
  const at = reference.indexOf('@sha256:')
  if (at >= 0) return reference.slice(at + 1)
  const colon = reference.lastIndexOf(':')
  return colon > reference.lastIndexOf('/') ? reference.slice(colon + 1) : pinned
}

/** The package of a kind the runner reads, started over stdio, first in the listing's order; null without one. */
function runnerPackage(packages: readonly unknown[]): { pkg: DeclaredPackage; registryType: RunnerJob['package']['registryType'] } | null {
  for (const raw of packages) {
    const pkg = readPackage(raw)
    const registryType = pkg && Object.hasOwn(RUNNER_TYPES, pkg.registryType) ? RUNNER_TYPES[pkg.registryType] : null
    if (pkg && registryType && pkg.transport.type === 'stdio') return { pkg, registryType }
  }
  return null
}

/**
 * The job's package for a listing's stored packages, or null when none can be run by the runner.
 * An npm or PyPI package without a pinned version gets version null: the runner fetches only an
 * exact version, and reports 'needs_config' rather than read whatever is newest. An image keeps
 * its whole reference; its version is the digest or tag in it, else the pinned one.
 * @example runnerJobPackage(server.packages)?.registryType // 'npm'
 */
export function runnerJobPackage(packages: readonly unknown[]): RunnerJob['package'] | null {
  const found = runnerPackage(packages)
  if (!found) return null
  const { pkg, registryType } = found
  return {
    registryType,
    identifier: pkg.identifier,
    version: registryType === 'oci' ? imageVersion(pkg.identifier, pkg.version) : pkg.version,
    runtimeHint: pkg.runtimeHint,
    runtimeArguments: argumentWords(pkg.runtimeArguments),
    packageArguments: argumentWords(pkg.packageArguments),
    environmentVariables: pkg.environmentVariables.map((v) => ({
      name: v.name,
      isRequired: v.isRequired,
      isSecret: v.isSecret,
      default: v.isSecret ? null : v.default,
    })),
  }
}

/**
 * The job handed to a runner for a claimed listing; null when none of its packages can be run,
 * and the listing is deferred instead.
 * @example runnerJobOf(claimed)?.package.registryType // 'npm'
 */
export function runnerJobOf(claimed: ClaimedPackage): RunnerJob | null {
  const pkg = runnerJobPackage(claimed.packages)
  return pkg && { jobId: claimed.jobId, serverId: claimed.serverId, version: claimed.version, package: pkg, leaseUntil: claimed.leaseUntil }
}
