/**
 * The layout drawing of docs/architecture.md, read as a tree of folders and compared with the
 * folders that exist.
 *
 * A line of the drawing names an entry when its first word starts at column 0, 2, 4 or 6 (two
 * spaces per level); deeper lines continue the description above them. An entry ending in `/` is
 * a folder, and a description starting with "(future)" marks a room named before its code.
 */
export interface Room {
  path: string
  future: boolean
}

/** The folders the drawing names, with their full paths. */
export function drawnRooms(drawing: string): Room[] {
  const rooms: Room[] = []
  const parents: string[] = []
  for (const line of drawing.split('\n')) {
    const m = line.match(/^( *)(\S+)(.*)$/)
    if (!m || m[1].length > 6 || m[1].length % 2 !== 0) continue
    const depth = m[1].length / 2
    const [name, rest] = [m[2], m[3].trim()]
    if (!name.endsWith('/')) continue
    const parent = depth > 0 ? parents[depth - 1] : undefined
    if (depth > 0 && parent === undefined) continue
    const path = parent === undefined ? name.slice(0, -1) : `${parent}/${name.slice(0, -1)}`
    parents.length = depth
    parents.push(path)
    rooms.push({ path, future: rest.startsWith('(future)') })
  }
  return rooms
}

/** The folders checked against the drawing: the top level and the children of these. */
const CHECKED = ['worker', 'worker/lib', 'web/src']

const inScope = (path: string) =>
  !path.includes('/') || CHECKED.some((parent) => path.startsWith(`${parent}/`) && !path.slice(parent.length + 1).includes('/'))

/** Differences between the drawing and the tree, as sentences (none when they agree). */
export function mismatches(rooms: Room[], real: Set<string>): string[] {
  const drawn = new Map<string, Room>()
  for (const room of rooms) {
    // `web/src/` at the top level draws `web` too.
    const parts = room.path.split('/')
    for (let i = 1; i < parts.length; i++) {
      const ancestor = parts.slice(0, i).join('/')
      if (!drawn.has(ancestor)) drawn.set(ancestor, { path: ancestor, future: room.future })
    }
    drawn.set(room.path, room)
  }
  const existing = [...real].filter((p) => !p.split('/').some((part) => part.startsWith('.')) && inScope(p))
  return [
    ...[...drawn.values()].filter((r) => inScope(r.path) && !r.future && !real.has(r.path)).map((r) => `drawn but missing: ${r.path}/`),
    ...existing.filter((p) => !drawn.has(p)).map((p) => `exists but not drawn: ${p}/`),
  ].sort()
}
