/**
 * The SPA's pages by path: the one list that the SPA's router (web/src/App.tsx) and the Worker's
 * page routes (worker/routes/pages.ts) are both written from. `:name` is a path segment, read the
 * same way by wouter and by Hono; where two patterns match a path, both take the one listed first.
 */
export const PAGE_PATHS = {
  home: '/',
  servers: '/servers',
  category: '/categories/:slug',
  newServer: '/servers/new',
  editServer: '/servers/:id/edit',
  featuredEditor: '/servers/:id/featured',
  server: '/servers/:id',
  packages: '/packages',
  package: '/packages/:id',
  dashboard: '/dashboard',
  syncAdmin: '/admin/sync',
  reviewAdmin: '/admin/review',
  advisory: '/security/mcp-supply-chain',
  useFromAi: '/use-from-ai',
} as const

/**
 * A path's segments for each `:name` of a page's pattern (as written, not decoded), or null when
 * the path is not that page.
 * @example matchPage(PAGE_PATHS.server, '/servers/io.github.x%2Fy') // { id: 'io.github.x%2Fy' }
 */
export function matchPage(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/')
  const got = path.split('/')
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':') && got[i]) params[part.slice(1)] = got[i]
    else if (part !== got[i]) return null
  }
  return params
}
