/**
 * The install generator's vocabulary. `Declared*` is what a listing states (read from either
 * server.json shape); `InstallPlan` is what can be installed and what the user must supply.
 * Clients render plans; nothing here knows a client.
 */

/** A piece of a configured value: literal text, or the answer to one of the option's inputs (by id). */
export type Part = string | { input: string }

/**
 * A configured value as parts, so that each client writes an answer in its own way (a prompt, an
 * environment reference, a placeholder) and a secret is never written as if it were a value.
 */
export type Value = Part[]

export type InputKind = 'env' | 'argument' | 'header' | 'url'

/** Something the user supplies: a variable, an argument, a header, a part of an address. */
export interface Input {
  /** Unique within its option; VS Code's `${input:id}`. */
  id: string
  /** The environment variable that clients reading the environment take it from. */
  envName: string
  /** How the user recognises it: the variable's name, the flag, the header's name. */
  label: string
  kind: InputKind
  description: string | null
  isSecret: boolean
  isRequired: boolean
  /** A value to start from. Never set for a secret. */
  default: string | null
  choices: string[]
}

export interface NamedValue {
  name: string
  value: Value
}

export interface StdioLaunch {
  command: string
  args: Value[]
  env: NamedValue[]
}

export type RemoteTransport = 'streamable-http' | 'sse'

export interface RemoteConnection {
  transport: RemoteTransport
  url: Value
  headers: NamedValue[]
}

/** One way to install a server: a remote endpoint, or one of its packages run locally. */
export interface InstallOption {
  id: string
  kind: 'remote' | 'package'
  /** 'Remote server', 'PyPI package', 'Docker image'... */
  label: string
  /** The host, or the package and its version. */
  detail: string
  registryType: string | null
  /** The program that starts it ('npx', 'uvx', 'docker', 'dnx'); null for remotes. */
  runtime: string | null
  /** How a client starts it on stdio; null when it is reached over HTTP or cannot be run. */
  stdio: StdioLaunch | null
  /** How a client reaches it over HTTP; null for stdio packages. */
  remote: RemoteConnection | null
  /** Something must run on the user's machine: a package, or a remote at a local address. */
  local: boolean
  /** What the user must supply; each is referenced by the launch or the connection. */
  inputs: Input[]
  /** Declared but optional, so left out of the configuration. */
  optional: Input[]
  notes: string[]
  /**
   * The package's post-install steps (the registry draft's `postInstallInstructions`): shown beside
   * the configuration for the person to read, copy or open, never run and never written into a
   * client's file. Empty for remotes and for packages that declare none.
   */
  postInstall: PostInstallInstruction[]
  /** Why no configuration can be written, said plainly; null when one can. */
  unsupported: string | null
}

export interface InstallPlan {
  name: string
  /** The server's key in client files: letters, digits, '-' and '_' (Codex accepts nothing else). */
  key: string
  /** The listing version configured. */
  version: string
  /** Remotes needing nothing local first, then packages, then local remotes, then the unrunnable. */
  options: InstallOption[]
}

/** An input as a listing declares it, whichever shape it came in. */
export interface DeclaredInput {
  /** Fixed by the publisher ('should not be configurable by end users'), maybe a `{variable}` template. */
  value: string | null
  default: string | null
  valueHint: string | null
  description: string | null
  isRequired: boolean
  isSecret: boolean
  choices: string[]
  /** server.json's `format` ('string', 'number', 'boolean', 'filepath'), as given. */
  format: string | null
  /** server.json's `placeholder`: an example of a value, never to be used as one by an install. */
  example: string | null
  variables: Record<string, DeclaredInput>
  /**
   * A 2025 entry's value that reads as an example to replace ('<path>', 'YOUR_KEY'): kept as the
   * starting text, but asked for rather than used as if it were real.
   */
  placeholder: boolean
}

export interface DeclaredArgument extends DeclaredInput {
  type: 'positional' | 'named'
  /** The flag of a named argument, dashes included. */
  name: string | null
  /** Written as one word, '--flag=value', as its publisher gave it. */
  joined?: boolean
}

export interface DeclaredKeyValue extends DeclaredInput {
  name: string
}

export interface DeclaredPackage {
  /** Lower-case: 'npm', 'pypi', 'oci', 'nuget', 'mcpb', or whatever else was given ('unknown'). */
  registryType: string
  identifier: string
  /** A pinned version, or null when none was given or it was not one ('latest', '', a range). */
  version: string | null
  runtimeHint: string | null
  runtimeArguments: DeclaredArgument[]
  packageArguments: DeclaredArgument[]
  environmentVariables: DeclaredKeyValue[]
  transport: { type: 'stdio' } | { type: RemoteTransport; url: string; headers: DeclaredKeyValue[] }
  /**
   * The registry draft's `postInstallInstructions` (modelcontextprotocol/registry#1364): steps a
   * person takes after installing, shown beside the configuration and never run. Empty when none.
   */
  postInstallInstructions: PostInstallInstruction[]
  /** Read from the 2025 snake_case shape. */
  legacy: boolean
}

/** One post-install step as a package declares it: text to read, a command to copy, a page to open. */
export interface PostInstallInstruction {
  description: string
  /** A command shown for the person to copy; never run by the catalogue or written into a configuration. */
  command: string | null
  /** An http(s) page of setup documentation. */
  documentation: string | null
  /** True when the server works without this step. */
  optional: boolean
}

export interface DeclaredRemote {
  type: RemoteTransport
  url: string
  headers: DeclaredKeyValue[]
  variables: Record<string, DeclaredInput>
}
