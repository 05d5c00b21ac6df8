/**
 * Values for what a listing declares, of the shape each wants, never a real one: the runner has
 * no key, no database, no vault, and many servers list their tools whatever they are given as
 * long as it is well formed. A path is the run's own working folder; a declared example or
 * default is used when it is not a secret's; a URL is a valid one, a number a number, a boolean
 * 'false', a choice its first; a secret, and anything else, a dummy that names its variable, so a
 * server that stops on it can be told to want that variable (packages/mcp-client/src/stdio.ts).
 */
import type { RunnerInput, RunnerJob } from '@mcp-catalogue/mcp-client/surface'

/** A variable inside a declared value: `${input:name}`, `${NAME}`, `{name}`, `<name>`. */
const VARIABLE = /\$\{input:([^{}]+)\}|\$\{([A-Za-z_]\w*)\}|\{([\w.-]+)\}|<([^<>\n]+)>/g

/** The lower-case words of a name or a description: 'vaultPath' -> ['vault', 'path']. */
function words(text: string | null | undefined): string[] {
  return (text ?? '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

const PATH_WORDS = ['path', 'paths', 'dir', 'dirs', 'directory', 'directories', 'folder', 'folders', 'vault', 'workspace', 'filepath']
const URL_WORDS = ['url', 'uri', 'endpoint', 'dsn']

const says = (found: string[], vocabulary: string[]) => found.some((word) => vocabulary.includes(word))

/** The dummy a secret (or a value of no known shape) gets: it names its variable, and is no credential. */
export function dummyValue(name: string): string {
  return `placeholder-${name.replace(/[^\w.-]+/g, '_').replace(/^[-_.]+|[-_.]+$/g, '') || 'value'}`
}

const isNumber = (text: string | null | undefined): text is string => !!text && /^-?\d+(\.\d+)?$/.test(text.trim())

/**
 * The value one declared input is given when the listing fixes none, by what it declares (its
 * format, choices, default, example) and else by what its name says (a path, an address...).
 * @example shapeValue({ name: 'NEO4J_URI', isRequired: true, isSecret: false, default: null, example: 'bolt://localhost:7687' }, '/w') // 'bolt://localhost:7687'
 */
export function shapeValue(input: RunnerInput, workdir: string): string {
  if (input.isSecret) return dummyValue(input.name)
  const choices = input.choices ?? []
  if (choices.length > 0) return input.default && choices.includes(input.default) ? input.default : choices[0]
  const format = input.format?.toLowerCase()
  if (format === 'boolean') return input.default === 'true' ? 'true' : 'false'
  if (format === 'number') return [input.default, input.example].find(isNumber) ?? '1'
  const named = words(input.name)
  const addressed = says(named, URL_WORDS)
  if (format === 'filepath' || (!addressed && (says(named, PATH_WORDS) || says(words(input.description), PATH_WORDS)))) return workdir
  if (input.default) return input.default
  if (input.example) return input.example
  if (addressed || says(words(input.description), URL_WORDS)) return 'http://localhost:8080/'
  if (named.includes('host') || named.includes('hostname')) return 'localhost'
  if (named.includes('port')) return '8080'
  if (named.includes('email')) return 'probe@example.com'
  return dummyValue(input.name)
}

/**
 * A declared value with its variables filled: each `${input:x}`, `{x}`, `<x>` becomes the value of
 * its declared variable, or of one read from its own name and the input's description.
 */
function filled(input: RunnerInput, value: string, workdir: string): string {
  const declared = new Map((input.variables ?? []).map((variable) => [variable.name, variable]))
  const whole = value.trim()
  return value.replace(VARIABLE, (token, ...names: (string | undefined)[]) => {
    const name = names.slice(0, 4).find((found) => found !== undefined) ?? token
    const variable = declared.get(name) ?? {
      name,
      isRequired: true,
      isSecret: input.isSecret,
      default: null,
      // A value that is only the variable is the input itself: its description and format say what it is.
      ...(token === whole ? { description: input.description, format: input.format } : {}),
    }
    return shapeValue(variable, workdir)
  })
}

/** The value an input is run with, or null when it is optional and has nothing to go by (then it is left out). */
export function inputValue(input: RunnerInput, workdir: string): string | null {
  if (input.value != null) return filled(input, input.value, workdir).slice(0, 1000)
  if (!input.isRequired && !input.default) return null
  return shapeValue(input, workdir).slice(0, 1000)
}

/** A variable name a shell and `env` take as one: a listing's others are dropped, never passed. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/

/** What a run gives a package: its arguments, its environment, and which declared name each value stands for. */
export interface GivenValues {
  args: string[]
  env: Record<string, string>
  /** Each value given, by the name declared for it: a server's complaint quoting a value names what it wanted. */
  given: Record<string, string>
}

/**
 * The package's arguments and environment for one run in `workdir`: at most 64 argument words,
 * the declared variables with a plainly named name (never PATH or HOME, which the fence sets).
 */
export function givenValues(job: RunnerJob, workdir: string): GivenValues {
  const args: string[] = []
  const env: Record<string, string> = {}
  const given: Record<string, string> = {}
  for (const arg of job.package.packageArguments) {
    const value = inputValue(arg, workdir)
    if (value === null) continue
    given[arg.name] = value
    if (arg.type !== 'named') args.push(value)
    else if (arg.joined) args.push(`${arg.name}=${value}`)
    else args.push(arg.name, value)
  }
  for (const variable of job.package.environmentVariables) {
    if (!VARIABLE_NAME.test(variable.name) || variable.name === 'PATH' || variable.name === 'HOME') continue
    const value = inputValue(variable, workdir)
    if (value === null) continue
    env[variable.name] = value
    given[variable.name] = value
  }
  return { args: args.slice(0, 64), env, given }
}
