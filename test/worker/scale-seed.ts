import { env } from 'cloudflare:test'

/**
 * A synthetic catalogue of servers `from`..`to` written straight into D1 (one statement each for
 * servers, tags and categories, so 10,000 servers take a second or two), shaped so that the costly
 * cases exist at every size from 1,000 on, and a route that costs the same whatever the catalogue's
 * size measures the same at 1,000 and 10,000: 'database' is on half the servers (the broadest tag
 * and a common search word), every server says 'server', 10 authors share them (each has more
 * servers than a feed holds), servers 7, 507 and 907 alone have the tag 'rare' and the word
 * 'zephyr' (rare at every size), one in 100 has a README, and the categories are 'databases' and
 * 'search-web', half each. Grades by i % 10 (0-2 A, 3-5 B, 6 C, 7 D, 8 E, 9 not graded): seven in ten
 * listings, and eight in ten of each tag and category, are C or better, so a list filtered at C
 * counts most of its total's cap at 2,000 servers and is past it at 20,000; each graded listing has its
 * stored verdict. One public package in ten servers ('scale-user' owns them), of five
 * servers each; package 1 has a comment. Ids are `00000000-0000-4000-8000-<i, 12 digits>`; names
 * `io.github.scale/server-<i>`.
 */
export async function seedScale(from: number, to: number): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO servers (id, name, display_name, description, author, status, tags, categories, github_url, repo_owner,
       packages, readme_text, created_at, updated_at, stars, popularity, grade, grade_rank)
     WITH RECURSIVE n(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     SELECT printf('00000000-0000-4000-8000-%012d', i), printf('io.github.scale/server-%d', i), printf('Scale server %d', i),
       printf('A %s server for files and search number %d%s', CASE WHEN i % 2 = 0 THEN 'database' ELSE 'search' END, i, CASE WHEN i IN (7, 507, 907) THEN ', zephyr edition' ELSE '' END),
       printf('author%d', i % 10), 'active',
       CASE WHEN i % 2 = 0 THEN '["database","files"' ELSE '["search"' END || CASE WHEN i IN (7, 507, 907) THEN ',"rare"]' ELSE ']' END,
       CASE WHEN i % 2 = 0 THEN '["databases"]' ELSE '["search-web"]' END,
       printf('https://github.com/author%d/server-%d', i % 10, i), printf('author%d', i % 10),
       printf('[{"registryType":"npm","identifier":"@scale/server-%d","version":"1.0.%d","transport":{"type":"stdio"}}]', i, i % 10),
       CASE WHEN i % 100 = 7 THEN printf('# Scale server %d\n\nA database server, with **a README**.', i) END,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', printf('+%d minutes', i)),
       strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', printf('+%d minutes', i)), i % 1000, i % 997,
       CASE WHEN i % 10 < 9 THEN substr('AAABBBCDE', i % 10 + 1, 1) END,
       CASE WHEN i % 10 < 9 THEN 6 - instr('ABCDE', substr('AAABBBCDE', i % 10 + 1, 1)) ELSE 0 END
     FROM n`,
  )
    .bind(from, to)
    .run()
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO server_tags (server_id, tag) SELECT servers.id, j.value FROM servers, json_each(servers.tags) j WHERE servers.id BETWEEN printf('00000000-0000-4000-8000-%012d', ?1) AND printf('00000000-0000-4000-8000-%012d', ?2)`,
    ).bind(from, to),
    env.DB.prepare(
      `INSERT OR IGNORE INTO server_categories (server_id, category, source) SELECT servers.id, j.value, 'auto' FROM servers, json_each(servers.categories) j WHERE servers.id BETWEEN printf('00000000-0000-4000-8000-%012d', ?1) AND printf('00000000-0000-4000-8000-%012d', ?2)`,
    ).bind(from, to),
    // Each graded listing's stored verdict, as the grading job writes it: what the registry API's _meta reads.
    env.DB.prepare(
      `INSERT OR IGNORE INTO server_verdicts (server_id, verdict, grade, inputs, computed_at)
       SELECT id, json_object('method', 1, 'grade', grade, 'dimensions', json_array(
           json_object('dimension', 'security', 'grade', grade, 'applies', json('true')),
           json_object('dimension', 'health', 'grade', NULL, 'applies', json('false')))), grade, 'seed', created_at
       FROM servers WHERE grade IS NOT NULL AND id BETWEEN printf('00000000-0000-4000-8000-%012d', ?1) AND printf('00000000-0000-4000-8000-%012d', ?2)`,
    ).bind(from, to),
    env.DB.prepare(`INSERT OR IGNORE INTO users (id, login, name) VALUES ('scale-user', 'scale-user', 'Scale User')`),
    env.DB.prepare(
      `INSERT INTO packages (id, user_id, name, description, is_public, server_count, ranking_score, created_at, updated_at)
       WITH RECURSIVE n(i) AS (SELECT ?1 UNION ALL SELECT i + 10 FROM n WHERE i + 10 <= ?2)
       SELECT printf('00000000-0000-4000-9000-%012d', i), 'scale-user', printf('Package %d', i), 'Five servers that go together',
         1, 5, i % 997, strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', printf('+%d minutes', i)), strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', printf('+%d minutes', i))
       FROM n`,
    ).bind(from, to),
    env.DB.prepare(
      `INSERT INTO package_servers (package_id, server_id)
       SELECT printf('00000000-0000-4000-9000-%012d', i - (i - 1) % 10), id
       FROM (SELECT id, CAST(substr(id, 25) AS INTEGER) AS i FROM servers
             WHERE id BETWEEN printf('00000000-0000-4000-8000-%012d', ?1) AND printf('00000000-0000-4000-8000-%012d', ?2))
       WHERE (i - 1) % 10 < 5`,
    ).bind(from, to),
    env.DB.prepare(
      `INSERT OR IGNORE INTO package_comments (id, package_id, user_id, content) VALUES ('scale-comment', '00000000-0000-4000-9000-000000000001', 'scale-user', 'A fine set.')`,
    ),
  ])
}
