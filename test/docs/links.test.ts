/**
 * The README and docs/ stay true to the tree: every relative link and image points at a file
 * that exists (and an #anchor at a heading of that file), and every path they name in code
 * (`worker/db/servers.ts`) exists, so a moved or renamed file shows up here, not in a reader's 404.
 */
import { existsSync, statSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'
import { anchors, documents, external, ignoredByGit, type Link, links, namedPaths, ROOT, slug } from './markdown'

/** The section of docs/architecture.md that names rooms before their code exists. */
const FUTURE_SECTION = 'Rooms named before their code'

const where = (l: Link) => `${l.file}:${l.line} ${l.target}`

/** A link's target as a path from the root, and its anchor. */
function resolveLink(l: Link): { path: string; anchor: string | null } {
  const [pathPart, anchor = null] = l.target.split('#', 2) as [string, string?]
  const decoded = decodeURIComponent(pathPart)
  const path = decoded === '' ? l.file : decoded.startsWith('/') ? decoded.slice(1) : join(dirname(l.file), decoded)
  return { path: normalize(path), anchor }
}

describe('documentation', () => {
  const docs = documents()
  const relative = docs.flatMap(links).filter((l) => !external(l.target))

  it('covers the README and docs/', () => {
    expect(docs).toContain('README.md')
    expect(docs).toContain('docs/architecture.md')
    expect(relative.length).toBeGreaterThan(20)
  })

  it('links only to files that exist', () => {
    const missing = relative.filter((l) => !existsSync(join(ROOT, resolveLink(l).path))).map(where)
    expect(missing).toEqual([])
  })

  it('links only to headings that exist', () => {
    const broken = relative
      .filter((l) => {
        const { path, anchor } = resolveLink(l)
        if (anchor === null || !path.endsWith('.md') || !existsSync(join(ROOT, path))) return false
        return !anchors(path).has(decodeURIComponent(anchor))
      })
      .map(where)
    expect(broken).toEqual([])
  })

  it('shows only images that exist and are small', () => {
    const images = relative.filter(
      (l) => /\.(png|jpe?g|gif|svg|webp)$/i.test(resolveLink(l).path) && existsSync(join(ROOT, resolveLink(l).path)),
    )
    expect(images.length).toBeGreaterThan(0)
    for (const l of images) expect(statSync(join(ROOT, resolveLink(l).path)).size, where(l)).toBeLessThan(400 * 1024)
  })

  it('names only paths that exist (or that git ignores: build output, results, caches)', () => {
    // Rooms named before their code may be named before they exist, in that section only.
    const future = new Set(namedPaths('docs/architecture.md', FUTURE_SECTION).map((l) => l.target))
    const named = docs.flatMap((file) => namedPaths(file))
    const absent = named.filter((l) => !existsSync(join(ROOT, l.target)) && !future.has(l.target))
    const ignored = ignoredByGit(absent.map((l) => l.target))
    expect(absent.filter((l) => !ignored.has(l.target)).map(where)).toEqual([])
  })
})

describe('slug', () => {
  it('anchors headings as GitHub does', () => {
    expect(slug('Caching and sessions')).toBe('caching-and-sessions')
    expect(slug("Guests' edge cache and truth")).toBe('guests-edge-cache-and-truth')
    expect(slug('What `npm run bench` measures')).toBe('what-npm-run-bench-measures')
    expect(slug('2026-11-23: full run at f400d70')).toBe('2026-11-23-full-run-at-f400d70')
    expect(slug('Feeds, sitemaps and robots.txt')).toBe('feeds-sitemaps-and-robotstxt')
    expect(slug('0001. One Worker serves the SPA & the API')).toBe('0001-one-worker-serves-the-spa--the-api')
  })
})
