/**
 * The layout drawn in docs/architecture.md is the layout of the tree: every folder it names
 * exists, and every folder that exists is named, at the top level and in `worker/*`,
 * `worker/lib/*` and `web/src/*`. A room drawn as _(future)_ may exist or not yet.
 *
 * The drawing is the first code block under the heading "Layout" (its grammar: layout.ts).
 */
import { describe, expect, it } from 'vitest'
import { drawnRooms, mismatches } from './layout'
import { codeBlocks, folders, read } from './markdown'

describe('the layout drawing in docs/architecture.md', () => {
  const drawing = codeBlocks(read('docs/architecture.md')).find((b) => b.heading === 'Layout')?.body ?? ''
  const rooms = drawnRooms(drawing)

  it('names the rooms of the Worker and the SPA', () => {
    const paths = rooms.map((r) => r.path)
    for (const p of [
      'worker',
      'worker/routes',
      'worker/middleware',
      'worker/db',
      'worker/lib',
      'worker/shared',
      'worker/jobs',
      'web/src',
    ]) {
      expect(paths).toContain(p)
    }
    expect(rooms.filter((r) => r.future).map((r) => r.path)).toEqual([])
  })

  it('matches the folders of the tree, both ways', () => {
    expect(mismatches(rooms, folders())).toEqual([])
  })
})

describe('mismatches', () => {
  const rooms = drawnRooms(
    [
      'worker/',
      '  db/             every statement',
      '                    (continued)',
      '  lib/',
      '    cache/',
      '    scan/     (future) rules',
      'web/src/',
      '  pages/',
    ].join('\n'),
  )

  it('reads nesting, continuation lines and future rooms', () => {
    expect(rooms).toEqual([
      { path: 'worker', future: false },
      { path: 'worker/db', future: false },
      { path: 'worker/lib', future: false },
      { path: 'worker/lib/cache', future: false },
      { path: 'worker/lib/scan', future: true },
      { path: 'web/src', future: false },
      { path: 'web/src/pages', future: false },
    ])
  })

  it('reports missing and undrawn folders, and tolerates future rooms and deeper folders', () => {
    const tree = new Set([
      'worker',
      'worker/db',
      'worker/lib',
      'worker/lib/og',
      'worker/lib/og/fonts',
      'web',
      'web/src',
      'web/src/pages',
      'web/public',
      '.ci',
    ])
    expect(mismatches(rooms, tree)).toEqual(['drawn but missing: worker/lib/cache/', 'exists but not drawn: worker/lib/og/'])
    expect(mismatches(rooms, new Set([...tree, 'worker/lib/cache', 'worker/lib/scan']).add('docs'))).toEqual([
      'exists but not drawn: docs/',
      'exists but not drawn: worker/lib/og/',
    ])
  })
})
