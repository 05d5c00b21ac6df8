import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { it } from 'vitest'
import worker from '../../worker/index'

async function seed(from: number, to: number) {
  await env.DB.prepare(
    `INSERT INTO servers (id, name, display_name, description, author, status, tags, categories, github_url, repo_owner, created_at, updated_at, stars, popularity)
     WITH RECURSIVE n(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     SELECT printf('00000000-0000-4000-8000-%012d', i), printf('io.github.scale/server-%d', i), printf('Scale server %d', i),
       printf('A database server for files and search number %d', i), printf('author%d', i % 50), 'active',
       CASE WHEN i % 2 = 0 THEN '["database","files"]' ELSE '["search"]' END, '["databases"]',
       printf('https://github.com/author%d/server-%d', i % 50, i), printf('author%d', i % 50),
       strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', printf('+%d minutes', i)), strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', printf('+%d minutes', i)), i % 1000, i % 997
     FROM n`,
  ).bind(from, to).run()
  await env.DB.prepare(`INSERT OR IGNORE INTO server_tags (server_id, tag) SELECT servers.id, j.value FROM servers, json_each(servers.tags) j WHERE servers.seq > 0`).run()
}

const ROUTES = ['/api/servers', '/api/servers?sortBy=stars', '/api/servers?tags=database', '/api/servers?category=databases', '/api/servers/search?q=database', '/api/servers/search?q=server', '/api/servers/search?q=databse', '/api/servers/search?q=zzzz', '/api/servers/00000000-0000-4000-8000-000000000007', '/api/tags', '/api/categories', '/api/packages', '/v0.1/servers', '/v0.1/servers?search=server-1', '/feeds/servers/new.atom', '/feeds/tags/database.atom', '/feeds/authors/author7.atom', '/sitemap.xml', '/sitemaps/servers-1.xml', '/servers', '/servers/00000000-0000-4000-8000-000000000007', '/api/security/supply-stats', '/api/security/scan-stats']

async function measure(label: string) {
  for (const path of ROUTES) {
    const ctx = createExecutionContext()
    const res = await worker.fetch(new Request(`https://catalogue.test${path}`) as Request<unknown, IncomingRequestCfProperties>, { ...env, COST_HEADER: 'true' }, ctx)
    await res.arrayBuffer(); await waitOnExecutionContext(ctx)
    const t = Object.fromEntries((res.headers.get('Server-Timing') ?? '').split(', ').map((m) => [m.split(';')[0], Number(/dur=(\d+)/.exec(m)?.[1])]))
    console.log(`COST ${label} ${res.status} ${path} d1=${t.d1} stmts=${t.stmts} rows=${t.rows} kv=${t.kv}`)
  }
}

it('probe', async () => {
  await seed(1, 1000)
  await measure('1k')
  await seed(1001, 10000)
  await measure('10k')
}, 300_000)
