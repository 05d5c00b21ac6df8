/**
 * Pre-fills the register form from a repository's README (Markdown as text). Pure string work, no
 * DOM and no rendering: the text is only read, never shown, so nothing in it can run.
 */
import { keywordTags } from '@shared/keywords'

export interface ParsedPackage {
  registry_type: 'npm' | 'pypi'
  identifier: string
  version: 'latest'
}

export interface ParsedReadme {
  /** The first '# ' heading, without Markdown. */
  title: string | null
  /** The first plain line after that heading (or in the file, without one). */
  description: string | null
  version: string | null
  /** Known keyword tags found in the text (worker/shared/keywords.ts, as the importer finds them). */
  tags: string[]
  /** From 'npm install X' and 'pip install X' lines; the version is always 'latest'. */
  packages: ParsedPackage[]
}

/** Inline Markdown reduced to its text: links and images to their labels, emphasis and code marks gone. */
function plainText(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/(\*\*|__|\*|_|~~|`)(.+?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * A line of prose rather than markup: not a heading, list, quote, table, fence, rule, HTML or a
 * line of badges and images.
 */
function isPlainLine(line: string): boolean {
  const t = line.trim()
  if (!t) return false
  if (/^(#|>|\||```|~~~|<|!\[|\[!\[|[-*+]\s|\d+[.)]\s|[-=*_]{3,}$)/.test(t)) return false
  return plainText(t).length > 0
}

/** The lines outside fenced code blocks (a heading inside a code sample is no title). */
function proseLines(lines: string[]): Array<string | null> {
  let fenced = false
  return lines.map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced
      return null
    }
    return fenced ? null : line
  })
}

const SEMVER = String.raw`\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?`

/** Most specific first: a package.json field, then 'version 1.2.3', then a bare 'v1.2.3'. */
const VERSION_PATTERNS = [
  new RegExp(String.raw`"version"\s*:\s*"v?(${SEMVER})"`, 'i'),
  new RegExp(String.raw`\bversion\b[\s:=]*v?(${SEMVER})\b`, 'i'),
  new RegExp(String.raw`(?:^|[\s(\[@])v(${SEMVER})\b`),
]

function findVersion(text: string): string | null {
  for (const re of VERSION_PATTERNS) {
    const m = re.exec(text)
    if (m) return m[1]
  }
  return null
}

const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/i
const PIP_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
/** Flags whose next word is their value, not a package ('pip install -r requirements.txt'). */
const FLAGS_WITH_VALUE = new Set([
  '-r',
  '--requirement',
  '-e',
  '--editable',
  '-c',
  '--constraint',
  '-i',
  '--index-url',
  '--extra-index-url',
  '-t',
  '--target',
  '--prefix',
  '--registry',
  '--tag',
])

/** The package names of one install command, after its flags, up to the end of the command. */
function installedNames(words: string[]): string[] {
  const names: string[] = []
  for (let i = 0; i < words.length; i++) {
    const word = words[i]
    if (/^(&&|\|\||;|\||>|#)/.test(word)) break
    if (word.startsWith('-')) {
      if (FLAGS_WITH_VALUE.has(word)) i++
      continue
    }
    names.push(word)
  }
  return names
}

/**
 * The shell commands a README shows: whole lines (a prompt '$ ' or '> ' dropped) and inline code
 * spans. Prose that merely mentions 'npm install' ("run npm install to ...") is not a command.
 */
function commandsOf(lines: string[]): string[] {
  const commands: string[] = []
  for (const line of lines) {
    commands.push(line.trim().replace(/^[$>]\s*/, ''))
    for (const m of line.matchAll(/`([^`]+)`/g)) commands.push(m[1].trim().replace(/^[$>]\s*/, ''))
  }
  return commands
}

function findPackages(lines: string[]): ParsedPackage[] {
  const found: ParsedPackage[] = []
  const seen = new Set<string>()
  const add = (registry_type: ParsedPackage['registry_type'], identifier: string) => {
    const key = `${registry_type}:${identifier.toLowerCase()}`
    if (seen.has(key)) return
    seen.add(key)
    found.push({ registry_type, identifier, version: 'latest' })
  }
  for (const command of commandsOf(lines)) {
    const npm = /^(?:sudo\s+)?npm\s+(?:install|i|add)\s+(.+)$/.exec(command)
    if (npm) {
      for (const name of installedNames(npm[1].trim().split(/\s+/))) {
        // '@scope/name@1.2.3' names a version; the form records 'latest' for every found package.
        const bare = name.replace(/(.)@[^/@]*$/, '$1')
        if (NPM_NAME.test(bare)) add('npm', bare)
      }
    }
    const pip = /^(?:sudo\s+)?(?:python3?\s+-m\s+)?pip3?\s+install\s+(.+)$/.exec(command)
    if (pip) {
      for (const name of installedNames(pip[1].trim().split(/\s+/))) {
        // Strip quotes, extras and version specifiers: '"pkg[cli]>=1.0"' is 'pkg'.
        const bare = name.replace(/^["']|["']$/g, '').split(/[[=<>~!;]/)[0]
        if (PIP_NAME.test(bare) && !/\.(txt|toml|cfg|py|whl|gz)$/i.test(bare)) add('pypi', bare)
      }
    }
  }
  return found
}

/** The README's words for keyword matching: prose only, without addresses (every link is not a 'github' tag). */
function searchableText(prose: Array<string | null>): string {
  return prose
    .filter((l): l is string => l !== null)
    .map(plainText)
    .join('\n')
    .replace(/\b(?:https?|ftp|mailto):\S+/gi, ' ')
}

/**
 * Reads what a README says about its project.
 * @example parseReadme('# Widget MCP\n\nA widget server.\n\nnpm install @acme/widget')
 * // { title: 'Widget MCP', description: 'A widget server.', version: null, tags: [...],
 * //   packages: [{ registry_type: 'npm', identifier: '@acme/widget', version: 'latest' }] }
 */
export function parseReadme(markdown: string): ParsedReadme {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n')
  const prose = proseLines(lines)
  const titleIndex = prose.findIndex((l) => l !== null && /^#\s+\S/.test(l.trim()))
  const title =
    titleIndex >= 0
      ? plainText(
          prose[titleIndex]!.trim()
            .replace(/^#\s+/, '')
            .replace(/\s+#+\s*$/, ''),
        ) || null
      : null
  let description: string | null = null
  for (let i = titleIndex + 1; i < prose.length; i++) {
    const line = prose[i]
    if (line !== null && isPlainLine(line)) {
      description = plainText(line)
      break
    }
  }
  return {
    title,
    description,
    version: findVersion(markdown),
    tags: keywordTags(searchableText(prose)),
    packages: findPackages(lines),
  }
}
