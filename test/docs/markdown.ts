/**
 * Just enough Markdown for checking the documentation: the README and every file under docs/,
 * their links and images, their headings as GitHub anchors them, and the paths they name.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')

/** The README and every Markdown file under docs/, relative to the root. */
export function documents(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
    )
  return ['README.md', ...walk('docs')].sort()
}

export const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')

/** The text outside fenced code blocks, line by line, each with its 1-based line number. */
export function proseLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = []
  let fence: string | null = null
  text.split('\n').forEach((raw, i) => {
    const open = raw.match(/^\s*(```|~~~)/)
    if (open) {
      if (fence === null) fence = open[1]
      else if (raw.trim().startsWith(fence)) fence = null
      return
    }
    if (fence === null) out.push({ line: i + 1, text: raw })
  })
  return out
}

/** The fenced code blocks of a text, each with the heading it sits under. */
export function codeBlocks(text: string): { heading: string; body: string }[] {
  const blocks: { heading: string; body: string }[] = []
  let heading = ''
  let body: string[] | null = null
  for (const raw of text.split('\n')) {
    if (body === null) {
      const h = raw.match(/^#{1,6}\s+(.*)$/)
      if (h) heading = h[1].trim()
      if (/^\s*```/.test(raw)) body = []
    } else if (/^\s*```/.test(raw)) {
      blocks.push({ heading, body: body.join('\n') })
      body = null
    } else body.push(raw)
  }
  return blocks
}

const withoutCodeSpans = (line: string) => line.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length))

export interface Link {
  file: string
  line: number
  target: string
}

/** Every link and image target in a document's prose: `[t](x)`, `![a](x)`, `[id]: x`, `src="x"`. */
export function links(file: string): Link[] {
  const found: Link[] = []
  for (const { line, text } of proseLines(read(file))) {
    const prose = withoutCodeSpans(text)
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ file, line, target: m[1] })
    const definition = prose.match(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/)
    if (definition) found.push({ file, line, target: definition[1] })
    for (const m of prose.matchAll(/\b(?:src|href)="([^"]+)"/g)) found.push({ file, line, target: m[1] })
  }
  return found
}

/** Whether a link leaves the repository (a scheme such as https: or mailto:). */
export const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target)

/**
 * The anchor GitHub gives a heading: its text as shown (code, emphasis and link syntax dropped),
 * lower case, punctuation removed, spaces as hyphens; a repeated anchor gets -1, -2, ...
 */
export function slug(heading: string): string {
  const shown = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/(\*\*|__|\*)/g, '')
  return shown
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** Every anchor a document offers, from its headings. */
export function anchors(file: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  for (const { text } of proseLines(read(file))) {
    const h = text.match(/^#{1,6}\s+(.*?)\s*#*\s*$/)
    if (!h) continue
    const base = slug(h[1])
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    out.add(n === 0 ? base : `${base}-${n}`)
  }
  return out
}

/** Top-level folders whose paths the documents name in code spans (`worker/db/servers.ts`). */
const CODE_ROOTS = ['worker', 'web', 'scripts', 'test', 'migrations', 'docs', 'bench', 'data']

/**
 * Paths of the repository a document names in code spans: a file or folder under one of the
 * top-level folders, written as a plain path (patterns with `*`, `<...>` or `{...}` are examples,
 * not paths). With `section`, only those under that heading.
 */
export function namedPaths(file: string, section?: string): Link[] {
  const found: Link[] = []
  const pattern = new RegExp(`^(?:${CODE_ROOTS.join('|')})/[\\w./@-]*$`)
  let heading = ''
  for (const { line, text } of proseLines(read(file))) {
    const h = text.match(/^#{1,6}\s+(.*?)\s*$/)
    if (h) heading = h[1]
    if (section !== undefined && heading !== section) continue
    for (const m of text.matchAll(/`([^`\s]+)`/g)) {
      const path = m[1].replace(/[.,:;]$/, '')
      if (pattern.test(path)) found.push({ file, line, target: path })
    }
  }
  return found
}

/** Of these paths (relative to the root), the ones git ignores: build output, results, caches. */
export function ignoredByGit(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set()
  // Asked as files and as folders: a folder pattern (`bench/dist/`) matches only the latter.
  const asked = paths.flatMap((p) => [p, `${p.replace(/\/$/, '')}/`])
  try {
    const out = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: ROOT, input: asked.join('\n'), encoding: 'utf8' })
    const ignored = new Set(out.split('\n').filter(Boolean))
    return new Set(paths.filter((p) => ignored.has(p) || ignored.has(`${p.replace(/\/$/, '')}/`)))
  } catch (err) {
    // Exit status 1: none of them is ignored.
    if ((err as { status?: number }).status === 1) return new Set()
    throw err
  }
}

/**
 * Folders that hold at least one file git tracks or would track (ignored build output, caches and
 * emptied folders do not count), relative to the root, with every ancestor folder.
 */
export function folders(): Set<string> {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((f) => f && existsSync(join(ROOT, f)))
  const out = new Set<string>()
  for (const f of files) {
    const parts = f.split('/')
    for (let i = 1; i < parts.length; i++) out.add(parts.slice(0, i).join('/'))
  }
  return out
}
