/**
 * How each package type is started: the registry's `runtimeHint` and `runtimeArguments` first,
 * the type's usual runtime otherwise. A type without a runtime says so instead of borrowing
 * another type's command.
 */
import type { DeclaredArgument, DeclaredPackage, Value } from './model'
import { IMAGE_REF } from './source'

/** What a runtime needs from the plan: the declared arguments as values, the variables it passes on. */
export interface LaunchContext {
  args(declared: DeclaredArgument[]): Value[]
  /** Names of the variables the configuration sets, which a container must be handed explicitly. */
  envNames: string[]
}

export type Launch = { command: string; args: Value[] } | { unsupported: string }

export interface Runtime {
  /** 'npm package', 'Docker image'... */
  label: string
  /** What the user's machine needs, with where to get it. */
  needs: string
  launch(pkg: DeclaredPackage, ctx: LaunchContext): Launch
}

const literal = (...texts: string[]): Value[] => texts.map((t) => [t])

function tokensOf(args: DeclaredArgument[]): string[] {
  return args.flatMap((a) => [a.type === 'named' ? a.name : null, a.value]).filter((t): t is string => t !== null)
}

/** The program a hint names ('npx', 'uvx', 'docker'), or the type's default. */
const program = (pkg: DeclaredPackage, fallback: string) => pkg.runtimeHint ?? fallback

const npm: Runtime = {
  label: 'npm package',
  needs: 'Node.js, for npx (https://nodejs.org)',
  launch(pkg, ctx) {
    const command = program(pkg, 'npx')
    const runtime = ctx.args(pkg.runtimeArguments)
    // npx asks before installing unless told yes; a client has no terminal to answer it in.
    const yes = command === 'npx' && !tokensOf(pkg.runtimeArguments).some((t) => t === '-y' || t === '--yes') ? literal('-y') : []
    const spec = pkg.version ? `${pkg.identifier}@${pkg.version}` : pkg.identifier
    return { command, args: [...yes, ...runtime, [spec], ...ctx.args(pkg.packageArguments)] }
  },
}

const pypi: Runtime = {
  label: 'PyPI package',
  needs: 'uv, for uvx (https://docs.astral.sh/uv/)',
  launch(pkg, ctx) {
    const command = program(pkg, 'uvx')
    const spec = pkg.version ? `${pkg.identifier}==${pkg.version}` : pkg.identifier
    const run = command === 'pipx' ? literal('run') : []
    return { command, args: [...run, ...ctx.args(pkg.runtimeArguments), [spec], ...ctx.args(pkg.packageArguments)] }
  },
}

/** Names a flag list passes into the container: `-e NAME`, `-e NAME=value`, `--env NAME`. */
function passedEnv(args: DeclaredArgument[]): Set<string> {
  const names = new Set<string>()
  args.forEach((a, i) => {
    const env = (t: string | null) => t === '-e' || t === '--env'
    const text = a.type === 'named' && env(a.name) ? a.value : a.type === 'positional' && env(a.value) ? args[i + 1]?.value : null
    if (text) names.add(text.split('=')[0].trim())
  })
  return names
}

const oci: Runtime = {
  label: 'Docker image',
  needs: 'Docker (https://docs.docker.com/get-docker/)',
  launch(pkg, ctx) {
    if (!IMAGE_REF.test(pkg.identifier)) {
      return {
        unsupported:
          `The listing names its image "${pkg.identifier}", which is not a Docker image reference, so docker cannot pull it. ` +
          "The repository's README says how to run it.",
      }
    }
    const tagged = /@sha256:|:[^/]+$/.test(pkg.identifier)
    const image = tagged || !pkg.version ? pkg.identifier : `${pkg.identifier}:${pkg.version}`
    // -i keeps stdin open for the stdio transport (a TTY from -t would garble it); --rm leaves no
    // stopped container behind each start. Both go first, once, whatever the listing wrote.
    const own = (a: DeclaredArgument) => a.type === 'positional' && ['-i', '--interactive', '-it', '--rm'].includes(a.value ?? '')
    const runtime = pkg.runtimeArguments.filter((a) => !own(a))
    const passed = passedEnv(runtime)
    // `-e NAME` without a value hands the container the variable the client sets for docker.
    const env = ctx.envNames.filter((n) => !passed.has(n)).flatMap((n) => literal('-e', n))
    const args = [...literal('run', '-i', '--rm'), ...ctx.args(runtime), ...env, [image], ...ctx.args(pkg.packageArguments)]
    return { command: program(pkg, 'docker'), args }
  },
}

const nuget: Runtime = {
  label: 'NuGet package',
  needs: '.NET 10 SDK, for dnx (https://dotnet.microsoft.com/download)',
  launch(pkg, ctx) {
    const spec = pkg.version ? `${pkg.identifier}@${pkg.version}` : pkg.identifier
    // --yes: dnx, like npx, otherwise stops to ask before downloading.
    return { command: program(pkg, 'dnx'), args: [...ctx.args(pkg.runtimeArguments), [spec], ['--yes'], ...ctx.args(pkg.packageArguments)] }
  },
}

const mcpb: Runtime = {
  label: 'MCP bundle',
  needs: 'a client that installs MCP bundles (.mcpb), such as Claude Desktop',
  launch(pkg) {
    return {
      unsupported:
        `An MCP bundle is installed, not started by a command: download ${pkg.identifier} and open it with a client ` +
        'that installs bundles (Claude Desktop: Settings, Extensions).',
    }
  },
}

const RUNTIMES: Record<string, Runtime> = { npm, pypi, oci, docker: oci, nuget, mcpb }

/** The runtime of a registry type, or null for a type no runtime is known for ('unknown' among them). */
export function runtimeFor(registryType: string): Runtime | null {
  return Object.hasOwn(RUNTIMES, registryType) ? RUNTIMES[registryType] : null
}

/** Why a package of an unknown type gets no command, said to the user. */
export function noRuntime(pkg: DeclaredPackage): string {
  const why =
    pkg.registryType === 'unknown'
      ? `The listing does not say which registry "${pkg.identifier}" comes from, so any command written here would be a guess.`
      : `No runtime is known for "${pkg.registryType}" packages, so no command is written for "${pkg.identifier}".`
  return `${why} The repository's README says how to run it.`
}
