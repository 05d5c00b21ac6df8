/**
 * What the probe runner is handed for a claimed listing (RunnerJob): the package as the listing
 * declares it (@shared/install/source), reduced to what a fenced run needs, or nothing when none
 * of its packages can be run (the claim then defers the listing). Pure: the Worker builds it when
 * a runner claims the listing (services/probing/runner.ts).
 */

import type { DeclaredArgument, DeclaredInput, DeclaredPackage } from '@shared/install/model'
import { looksLikePlaceholder, readPackage } from '@shared/install/source'
import type { RunnerArgument, RunnerInput, RunnerJob } from '@shared/surface'
import type { ClaimedPackage } from '../../db/runner'

/**
 * The text a required runtime argument without a value is given (the runner passes no runtime
 * arguments: they are uv's and docker's own options, kept for the record).
 */
export const ARGUMENT_PLACEHOLDER = 'placeholder'

const RUNNER_TYPES: Record<string, RunnerJob['package']['registryType']> = { npm: 'npm', pypi: 'pypi', oci: 'oci', docker: 'oci' }

/** The caps of what a job carries of the listing's declarations (RunnerInput says which). */
const CAPS = { name: 100, text: 200, value: 1000, list: 8, arguments: 32, variables: 64 }

const capped = (text: string | null, length: number) => (text === null ? null : text.slice(0, length))

/** An example in a description: 'e.g. bolt://localhost:7687', 'for example: 8080', 'Example: `eu-west-1`'. */
const EXAMPLE_IN_TEXT = /\b(?:e\.g\.|for example|example)[,:]?\s+[`'"]?([^\s`'",;]+?)[`'",;.)]*(?:\s|$)/i

/**
 * An example value of a declared input, never a secret's nor one that reads as "your key here":
 * server.json's `placeholder`; in a 2025 entry, a description of one word (those entries gave the
 * example value as the description: 'bolt://localhost:7687'); else one a description gives.
 */
export function exampleOf(decl: DeclaredInput, legacy: boolean): string | null {
  if (decl.isSecret) return null
  const description = decl.description?.trim() ?? ''
  const word = legacy && description && !/\s/.test(description) ? description : null
  const found = decl.example ?? word ?? EXAMPLE_IN_TEXT.exec(description)?.[1] ?? null
  return found && !looksLikePlaceholder(found) ? capped(found.trim(), CAPS.value) : null
}

/**
 * A declared input as the runner is handed it. A 2025 value that is an example to replace
 * ('YOUR_API_KEY', '/path/to/dir') is no value: the runner supplies one, reading the example's
 * text as the description; one holding a variable ('${input:vaultPath}', '<path>') is kept, for
 * the runner to fill.
 */
export function runnerInput(name: string, decl: DeclaredInput, legacy: boolean): RunnerInput {
  const replaced = decl.placeholder && decl.value !== null && !/[<{]/.test(decl.value)
  const variables = Object.entries(decl.variables)
    .slice(0, CAPS.list)
    .map(([key, variable]) => runnerInput(key, variable, legacy))
  return {
    name: name.slice(0, CAPS.name),
    isRequired: decl.isRequired,
    isSecret: decl.isSecret,
    default: decl.isSecret ? null : capped(decl.default, CAPS.value),
    value: replaced ? null : capped(decl.value, CAPS.value),
    example: exampleOf(decl, legacy),
    format: capped(decl.format, 20),
    choices: decl.choices.slice(0, CAPS.list).map((choice) => choice.slice(0, CAPS.text)),
    description: capped(decl.description ?? (replaced ? decl.value : null), CAPS.text),
    ...(variables.length > 0 ? { variables } : {}),
  }
}

/** A package argument as the runner is handed it: its flag, or its hint, names it. */
function runnerArgument(arg: DeclaredArgument, index: number, legacy: boolean): RunnerArgument {
  const name = arg.type === 'named' && arg.name ? arg.name : (arg.valueHint ?? `argument_${index + 1}`)
  return { ...runnerInput(name, arg, legacy), type: arg.type, ...(arg.joined ? { joined: true } : {}) }
}

/**
 * The value a runtime argument is given: its fixed value; else its default (never a secret's);
 * else, when it is required, ARGUMENT_PLACEHOLDER; an optional one without a value is left out.
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
    packageArguments: pkg.packageArguments.slice(0, CAPS.arguments).map((arg, i) => runnerArgument(arg, i, pkg.legacy)),
    environmentVariables: pkg.environmentVariables.slice(0, CAPS.variables).map((v) => runnerInput(v.name, v, pkg.legacy)),
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
