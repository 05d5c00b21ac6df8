/**
 * Synthetic servers as SQL for a bulk load: multi-row INSERTs of servers, their tags and their
 * categories, with every value written as a SQL literal (no bound parameters).
 */
import type { SyntheticServer } from './generator'

/**
 * D1's limits: 100 bound parameters and 100,000 bytes of SQL per statement. Per-statement
 * overhead dominates a local bulk load (about 2 ms each through the proxy, more with
 * parameters), and 100 parameters allow only four servers per statement, so rows are written
 * as SQL literals instead, packed up to a byte budget below the statement limit: a few hundred
 * servers per statement, or one with a large README.
 */
const MAX_STATEMENT_BYTES = 90_000
/** Servers per D1 batch: about a dozen statements, far below the per-invocation query limit. */
export const SERVERS_PER_FLUSH = 1000
const SERVER_COLUMNS = [
  'id',
  'name',
  'registry_name',
  'display_name',
  'description',
  'author',
  'version',
  'github_url',
  'repo_owner',
  'readme_text',
  'tags',
  'categories',
  'packages',
  'remotes',
  'metadata',
  'status',
  'like_count',
  'view_count',
  'stars',
  'popularity',
  'owner_avatar_url',
  'license',
  'install_command',
  'tool_count',
  'tool_text',
  'created_at',
  'updated_at',
  'grade',
  'grade_rank',
]
const METADATA = JSON.stringify({ synthetic: true })

function literal(v: string | number | null): string {
  if (v === null) return 'NULL'
  if (typeof v === 'number') return String(v)
  return `'${v.replace(/'/g, "''")}'`
}

function serverRow(s: SyntheticServer): string {
  const values = [
    s.id,
    s.name,
    s.name,
    s.displayName,
    s.description,
    s.author,
    s.version,
    s.githubUrl,
    s.repoOwner,
    s.readmeText,
    JSON.stringify(s.tags),
    JSON.stringify(s.categories),
    JSON.stringify(s.packages),
    JSON.stringify(s.remotes),
    METADATA,
    s.status,
    s.likeCount,
    s.viewCount,
    s.stars,
    s.popularity,
    s.ownerAvatarUrl,
    s.license,
    s.installCommand,
    s.toolCount,
    s.toolText,
    s.createdAt,
    s.updatedAt,
    s.grade,
    s.gradeRank,
  ]
  return `(${values.map(literal).join(',')})`
}

/** Packs rows into as few statements as the byte budget allows. */
function pack(head: string, rows: string[], tail: string): string[] {
  const out: string[] = []
  let current: string[] = []
  let size = head.length + tail.length
  for (const row of rows) {
    const bytes = Buffer.byteLength(row) + 1
    if (current.length && size + bytes > MAX_STATEMENT_BYTES) {
      out.push(`${head}${current.join(',')}${tail}`)
      current = []
      size = head.length + tail.length
    }
    current.push(row)
    size += bytes
  }
  if (current.length) out.push(`${head}${current.join(',')}${tail}`)
  return out
}

export function statementsFor(part: SyntheticServer[]): string[] {
  // Existing ids or names are skipped, so a second run over the same state adds nothing.
  const servers = pack(`INSERT INTO servers (${SERVER_COLUMNS.join(',')}) VALUES `, part.map(serverRow), ' ON CONFLICT DO NOTHING')
  // Joined to servers so that a server skipped above (its name already taken) gets no tags.
  const tags = pack(
    'INSERT INTO server_tags (server_id, tag) SELECT v.column1, v.column2 FROM (VALUES ',
    part.flatMap((s) => s.tags.map((tag) => `(${literal(s.id)},${literal(tag)})`)),
    ') v JOIN servers s ON s.id = v.column1 WHERE true ON CONFLICT DO NOTHING',
  )
  const categories = pack(
    'INSERT INTO server_categories (server_id, category) SELECT v.column1, v.column2 FROM (VALUES ',
    part.flatMap((s) => s.categories.map((category) => `(${literal(s.id)},${literal(category)})`)),
    ') v JOIN servers s ON s.id = v.column1 WHERE true ON CONFLICT DO NOTHING',
  )
  return [...servers, ...tags, ...categories]
}
