import { createMcpHandler, McpServer, ResourceTemplate } from '@modelcontextprotocol/server'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { CATEGORY_SLUGS, MAX_CATEGORY_FILTER } from '@shared/categories'
import { CLIENTS, type ClientId, clientConfig, type InstallOption, installPlan } from '@shared/install'
import { withWatchPins } from '@shared/install/pins'
import { LIMITS, PACKAGE_TYPES, SERVER_SORTS } from '@shared/limits'
import { CATALOGUE_SERVER } from '@shared/mcp-endpoint'
import { PAGE_PATHS } from '@shared/page-paths'
import { serverListQuery, UUID_PATTERN } from '@shared/schemas'
import { serverListing } from '@shared/server-list'
import type { ServerDetail, ServerSummary } from '@shared/types'
import { DIMENSION_LABELS, GRADES, VERDICT_DIMENSIONS, type Verdict } from '@shared/verdict'
import { categoryCounts } from '../db/categories'
import { registryListing } from '../db/registry'
import { getServerDetail } from '../db/servers'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { cachedJson, cacheKeys, TTL } from '../lib/cache/kv-cache'
import { visibleServer } from '../middleware/authz'
import { jsonDepth, limitBody } from '../middleware/body'
import { RATE_LIMIT_MESSAGE } from '../middleware/rate-limit'
import { probeSettings } from '../services/probing/settings'
import { serverTools } from '../services/probing/tools'
import { listServers, serverListOptions } from '../services/search/list-or-search'
import { SEARCH_TOTAL_CAP } from '../services/search/totals'
import { watchSettings } from '../services/watch/settings'

/** A JSON-RPC request to a read-only server is a few hundred bytes; the largest is a search with every filter. */
export const MCP_MAX_BODY_BYTES = 16 * 1024

/**
 * Requests per client and minute, as wrangler.toml's MCP_RATE_LIMITER counts them (an assistant
 * searching hard stays below it). Counted by Cloudflare's rate limiter where the request lands,
 * not in D1 as the writes' limits are: a read through the endpoint then costs the database what
 * the same read through /api costs, with no write beside it.
 */
export const MCP_RATE_RULE = { limit: 120, windowSeconds: 60 }

const INSTRUCTIONS = `This server searches a catalogue of MCP servers. Use search_servers to find candidates (filter by category from list_categories), get_server to read one (versions, packages, remotes, tools when known), and get_install_config for the exact configuration a given AI client needs. Everything is read-only; each server has a page on the catalogue's site (its url).`

/** JSON-RPC error codes this endpoint answers with before the SDK is reached. */
const RPC = { parse: -32700, invalidRequest: -32600, internal: -32603, rateLimited: -32000, forbidden: -32001 } as const

const rpcError = (c: Context, status: 400 | 403 | 405 | 413 | 429 | 500, code: number, message: string) =>
  c.json({ jsonrpc: '2.0', id: null, error: { code, message } }, status)

/**
 * Browsers send `Origin`; a page on another site must not drive a user's local or signed-in
 * client against this endpoint (the specification's DNS-rebinding rule), so a foreign origin is
 * 403. Clients that are not browsers send none, and this site's own pages are its own origin.
 */
const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header('Origin')
  if (origin !== undefined && origin !== new URL(c.req.url).origin) {
    return rpcError(c, 403, RPC.forbidden, 'Forbidden: cross-origin requests are not accepted')
  }
  await next()
}

/** Keyed by the connecting address (no session is read here); the limiter keeps it only for its window. */
const mcpRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { success } = await c.env.MCP_RATE_LIMITER.limit({ key: c.req.header('CF-Connecting-IP') ?? 'unknown' })
  if (!success) {
    c.header('Retry-After', String(MCP_RATE_RULE.windowSeconds))
    throw new ApiError('rate_limited', RATE_LIMIT_MESSAGE)
  }
  await next()
}

/** The site's page of a server, absolute: what a model gives its user to open. */
const pageUrl = (c: Context, id: string) => new URL(PAGE_PATHS.server.replace(':id', id), c.req.url).href

class ToolError extends Error {}

/** A tool's answer: the structured value, and the same as JSON text for clients that read only text. */
const answer = <T extends Record<string, unknown>>(value: T) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(value) }],
  structuredContent: value,
})

/** Runs a tool's body; a refusal a person should read (not found, bad input) becomes a tool error, as the specification asks. */
async function tool<T extends Record<string, unknown>>(run: () => Promise<T>) {
  try {
    return answer(await run())
  } catch (error) {
    if (error instanceof ToolError || (error instanceof ApiError && error.status < 500)) {
      return { content: [{ type: 'text' as const, text: error.message }], isError: true }
    }
    throw error
  }
}

/** Search pages by an opaque cursor: the next page's number as base64 JSON, so a client passes it on rather than building one. */
const cursorOf = (page: number) => btoa(JSON.stringify({ page })).replace(/=+$/, '')
function pageOf(cursor: string | undefined): number {
  if (cursor === undefined) return 1
  try {
    const { page } = JSON.parse(atob(cursor)) as { page: unknown }
    if (Number.isInteger(page) && (page as number) >= 1) return page as number
  } catch {
    // not one of ours
  }
  throw new ToolError('Invalid cursor: pass nextCursor from the previous page unchanged')
}

const hitSchema = z.object({
  id: z.string(),
  name: z.string().describe('The registry name, e.g. io.github.owner/server'),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  version: z.string(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  stars: z.number(),
  likes: z.number(),
  toolCount: z.number().nullable().describe('Tools read from the server itself; null when never read'),
  installCommand: z.string().describe('A one-line command that adds it to Claude Code, or a comment saying why there is none'),
  installKinds: z
    .array(z.string())
    .describe(
      'How it can be installed: the types of its packages (npm, pypi, oci for a container image, nuget, mcpb...), then "remote" when it has a hosted endpoint to connect to; empty when it declares neither',
    ),
  deprecated: z.boolean(),
  grade: z
    .enum(GRADES)
    .nullable()
    .describe('The catalogue’s verdict, A (best) to E, from what it measured (get_server says why); null when not graded yet'),
  matchedBy: z
    .object({ kind: z.string(), term: z.string() })
    .optional()
    .describe('Why it matched, when the name and summary do not show it'),
  url: z.string().describe('The server’s page on the catalogue'),
})

const hitOf = (c: Context, s: ServerSummary): z.infer<typeof hitSchema> => ({
  id: s.id,
  name: s.name,
  title: s.displayName,
  summary: s.description,
  author: s.author,
  version: s.version,
  categories: s.categories,
  tags: s.tags,
  stars: s.stars,
  likes: s.likeCount,
  toolCount: s.toolCount,
  installCommand: s.installCommand,
  installKinds: s.installKinds,
  deprecated: s.deprecated !== null,
  grade: s.grade,
  ...(s.matchedBy ? { matchedBy: s.matchedBy } : {}),
  url: pageUrl(c, s.id),
})

const searchInput = z.object({
  query: z
    .string()
    .max(LIMITS.searchQuery)
    .optional()
    .describe(
      'What the server should do or work with, in plain words (e.g. "postgres", "send slack messages"). Leave out to list by sort.',
    ),
  categories: z
    .array(z.enum(CATEGORY_SLUGS as [string, ...string[]]))
    .max(MAX_CATEGORY_FILTER)
    .optional()
    .describe('Category slugs from list_categories: servers in any of them'),
  tags: z.array(z.string().max(LIMITS.tag)).max(LIMITS.tagFilter).optional().describe('Tags: servers with every one of them'),
  remoteOnly: z.boolean().optional().describe('Only servers with a remote endpoint to connect to: nothing to install locally'),
  toolsKnown: z.boolean().optional().describe('Only servers whose tools the catalogue has read from the server'),
  packageType: z
    .enum(PACKAGE_TYPES)
    .optional()
    .describe(
      'Only servers with a package of this type, to run locally: npm (Node.js, npx), pypi (Python, uvx), oci (a container image, Docker), nuget (.NET), mcpb (an MCP bundle). For a hosted endpoint use remoteOnly instead',
    ),
  sort: z
    .enum(SERVER_SORTS)
    .optional()
    .describe(
      'Order; by default a search is ranked by relevance and a list by GitHub stars. rated: best rated first (the catalogue’s verdict grade, then stars)',
    ),
  minGrade: z
    .enum(GRADES)
    .optional()
    .describe('Only servers whose verdict grade is this or better (A best, E worst); servers not graded yet are left out'),
  limit: z.number().int().min(1).max(LIMITS.maxLimit).optional().describe(`Results per page (default ${LIMITS.pageSize})`),
  cursor: z.string().max(200).optional().describe('nextCursor of the previous page, to read the next one'),
})

const searchOutput = z.object({
  servers: z.array(hitSchema),
  total: z.number().describe('Servers matching; a lower bound when totalCapped'),
  totalCapped: z.boolean(),
  nextCursor: z.string().optional().describe('Pass as cursor for the next page; absent on the last page'),
})

/** The same query `/api/servers/search` reads, validated by the API's own schema. */
function listQuery(input: z.infer<typeof searchInput>) {
  const parsed = serverListQuery.safeParse({
    q: input.query,
    tags: input.tags?.join(','),
    category: input.categories?.join(','),
    sortBy: input.sort,
    tools: input.toolsKnown ? 'known' : undefined,
    remote: input.remoteOnly ? '1' : undefined,
    packageType: input.packageType,
    minGrade: input.minGrade,
    page: pageOf(input.cursor),
    limit: input.limit,
  })
  if (!parsed.success) throw new ToolError(parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '))
  return parsed.data
}

const serverRef = z
  .string()
  .min(1)
  .max(LIMITS.serverName * 4)
  .describe('The server’s id (a UUID from search_servers) or its registry name (e.g. io.github.owner/server)')

const UUID_RE = new RegExp(`^${UUID_PATTERN}$`)

/** A listing by id or registry name, as a guest may see it (deleted ones are not found). */
async function findServer(c: Context<AppEnv>, ref: string): Promise<ServerDetail> {
  const id = UUID_RE.test(ref) ? ref : (await registryListing(c.var.db, ref))?.id
  if (!id) throw new ToolError(`No server named ${ref} in the catalogue`)
  return visibleServer(await getServerDetail(c.var.db, id, null, { includeDeleted: true, watching: watchSettings(c.env).enabled }), null)
}

/** What get_server answers: the detail page's facts, the tool surface when known; the README is on the page. */
async function serverFacts(c: Context<AppEnv>, ref: string) {
  const server = await findServer(c, ref)
  const tools = await serverTools(c.var.db, server.id, probeSettings(c.env).enabled)
  return {
    id: server.id,
    name: server.name,
    registryName: server.registryName,
    title: server.displayName,
    summary: server.description,
    author: server.author,
    version: server.version,
    status: server.status,
    deprecated: server.deprecated,
    license: server.license,
    githubUrl: server.githubUrl,
    categories: server.categories,
    tags: server.tags,
    stars: server.stars,
    likes: server.likeCount,
    installCommand: server.installCommand,
    versions: server.versions.map((v) => ({ version: v.version, status: v.status, publishedAt: v.publishedAt })),
    packages: server.packages as unknown[],
    remotes: server.remotes as unknown[],
    tools: tools?.answer ?? null,
    verdict: server.verdict && verdictFacts(server.verdict),
    url: pageUrl(c, server.id),
  }
}

/**
 * The stored verdict as get_server says it: the overall grade and each dimension's, each with the
 * points it rests on and what is missing where not enough is known (the tool-by-tool checks and
 * the compatibility badges are on the server's page).
 */
const verdictFacts = (v: Verdict) => ({
  grade: v.grade,
  score: v.score,
  reasons: v.reasons,
  missing: v.missing,
  dimensions: v.dimensions.map((d) => ({
    dimension: d.dimension,
    label: DIMENSION_LABELS[d.dimension],
    applies: d.applies,
    grade: d.grade,
    score: d.score,
    reasons: d.reasons,
    missing: d.missing,
  })),
  computedAt: v.computedAt,
})

const reasonSchema = z.looseObject({ effect: z.enum(['plus', 'minus', 'info']), text: z.string() })

const verdictSchema = z.object({
  grade: z.enum(GRADES).nullable().describe('Overall, A (best) to E; null when not enough is known (see missing)'),
  score: z.number().nullable(),
  reasons: z.array(reasonSchema).describe('How the overall grade was reached'),
  missing: z.string().nullable(),
  dimensions: z.array(
    z.object({
      dimension: z.enum(VERDICT_DIMENSIONS),
      label: z.string(),
      applies: z.boolean().describe('False when the dimension does not apply (health of a server with no remote): left out of the overall'),
      grade: z.enum(GRADES).nullable(),
      score: z.number().nullable(),
      reasons: z.array(reasonSchema),
      missing: z.string().nullable().describe('What the catalogue would need to know, when not graded'),
    }),
  ),
  computedAt: z.string(),
})

const serverOutput = z.looseObject({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  summary: z.string(),
  version: z.string(),
  versions: z.array(z.looseObject({ version: z.string() })),
  packages: z.array(z.unknown()).describe('Packages to run locally, as the registry’s server.json declares them'),
  remotes: z.array(z.unknown()).describe('Remote endpoints, as server.json declares them'),
  tools: z
    .looseObject({})
    .nullable()
    .describe('What the catalogue read from the server itself (tools, prompts, resources, the last probes); null when nothing was read'),
  verdict: verdictSchema
    .nullable()
    .describe('The catalogue’s verdict: should it be installed, graded from what was measured, with its reasons; null when not graded yet'),
  url: z.string(),
})

const CLIENT_IDS = CLIENTS.map((client) => client.id) as [ClientId, ...ClientId[]]

const installInput = z.object({
  server: serverRef,
  client: z.enum(CLIENT_IDS).describe(`The AI client: ${CLIENTS.map((client) => `${client.id} (${client.label})`).join(', ')}`),
  option: z
    .string()
    .max(100)
    .optional()
    .describe('An install option id from options; by default the most convenient that can be installed'),
  version: z.string().max(255).optional().describe('A version of the server; by default the current one'),
})

const variableSchema = z.object({
  name: z.string(),
  envName: z.string(),
  kind: z.enum(['env', 'argument', 'header', 'url']),
  description: z.string().nullable(),
  secret: z.boolean(),
  required: z.boolean(),
  default: z.string().nullable(),
  choices: z.array(z.string()),
})

const installOutput = z.object({
  server: z.object({ id: z.string(), name: z.string(), url: z.string() }),
  version: z.string(),
  client: z.object({ id: z.string(), label: z.string(), file: z.string(), format: z.string(), docs: z.string() }),
  option: z.object({ id: z.string(), kind: z.string(), label: z.string(), detail: z.string() }).nullable(),
  config: z.string().nullable().describe('The whole configuration file’s content for this one server'),
  command: z.string().nullable().describe('A one-line terminal command that adds it, where the client has one'),
  link: z
    .object({ href: z.string(), label: z.string() })
    .nullable()
    .describe('A one-click link that opens the client’s own install prompt'),
  variables: z.array(variableSchema).describe('What the user must fill in; secrets are placeholders, never values'),
  notes: z.array(z.string()),
  unsupported: z.string().nullable().describe('Why no configuration can be written; null when one can'),
  postInstall: z
    .array(
      z.object({
        description: z.string(),
        command: z.string().nullable(),
        documentation: z.string().nullable(),
        optional: z.boolean(),
      }),
    )
    .describe('Steps the package asks the user to take after installing: show them to the user; never run a command yourself'),
  options: z.array(z.object({ id: z.string(), label: z.string(), detail: z.string(), unsupported: z.string().nullable() })),
})

/** The Configuration tab's answer for one client, from the same generator (worker/shared/install). */
async function installFacts(c: Context<AppEnv>, input: z.infer<typeof installInput>): Promise<z.infer<typeof installOutput>> {
  const server = await findServer(c, input.server)
  if (input.version !== undefined && input.version !== server.version && !server.versions.some((v) => v.version === input.version)) {
    throw new ToolError(`No version ${input.version} of ${server.name}`)
  }
  // As the Configuration tab: an unpinned package pins the version the supply-chain watch chose.
  const plan = installPlan(withWatchPins(server, server.supplyChain.packages), { version: input.version })
  const heldBack = server.supplyChain.packages.flatMap((p) =>
    p.heldBack
      ? [
          `${p.name} ${p.heldBack.version} is newer but held back: it scored High (${p.heldBack.score}) in the catalogue's supply-chain watch.` +
            (p.installVersion ? ` This configuration installs ${p.installVersion}.` : ''),
        ]
      : [],
  )
  const chosen: InstallOption | undefined =
    input.option === undefined
      ? (plan.options.find((o) => !o.unsupported) ?? plan.options[0])
      : plan.options.find((o) => o.id === input.option)
  if (input.option !== undefined && !chosen) throw new ToolError(`No install option ${input.option}: see options`)
  const output = chosen ? clientConfig(plan, chosen, input.client) : null
  const client = output?.client ?? CLIENTS.find((info) => info.id === input.client)!
  return {
    server: { id: server.id, name: server.name, url: pageUrl(c, server.id) },
    version: plan.version,
    client: { id: client.id, label: client.label, file: client.file, format: client.format, docs: client.docs },
    option: chosen ? { id: chosen.id, kind: chosen.kind, label: chosen.label, detail: chosen.detail } : null,
    config: output?.config ?? null,
    command: output?.command ?? null,
    link: output?.link ?? null,
    variables: (chosen?.inputs ?? []).map((i) => ({
      name: i.label,
      envName: i.envName,
      kind: i.kind,
      description: i.description,
      secret: i.isSecret,
      required: i.isRequired,
      default: i.default,
      choices: i.choices,
    })),
    notes: [...heldBack, ...(output?.notes ?? [])],
    unsupported: chosen ? chosen.unsupported : 'The listing names no package and no remote server.',
    postInstall: chosen?.postInstall ?? [],
    options: plan.options.map((o) => ({ id: o.id, label: o.label, detail: o.detail, unsupported: o.unsupported })),
  }
}

const categoriesOutput = z.object({
  categories: z.array(z.object({ slug: z.string(), name: z.string(), description: z.string(), count: z.number() })),
})

/** The taxonomy with its counts, through the same KV entry as `/api/categories`. */
const categoryList = (c: Context<AppEnv>) =>
  cachedJson(c.env.CACHE, cacheKeys.categories(), TTL.categoriesSeconds, () => categoryCounts(c.var.db))

/** Every tool reads, and answers about the world outside this conversation: the catalogue. */
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }

/**
 * The catalogue as an MCP server, for one request: tools, the prompt and the resources, each
 * calling the db/ functions the API routes call, as a guest.
 */
function catalogueServer(c: Context<AppEnv>): McpServer {
  const server = new McpServer({ ...CATALOGUE_SERVER }, { instructions: INSTRUCTIONS })
  server.registerTool(
    'search_servers',
    {
      title: 'Search MCP servers',
      description:
        'Search the catalogue of MCP servers by what they do, or list them. Returns one page of servers (name, summary, categories, install command and kinds, page URL) and a cursor for the next. The same search as the catalogue’s site.',
      inputSchema: searchInput,
      outputSchema: searchOutput,
      annotations: READ_ONLY,
    },
    (input) =>
      tool(async () => {
        const q = listQuery(input)
        const page = await listServers(c.var.db, serverListOptions(q, serverListing(q.q, q.sortBy), null))
        const reachable = Math.min(page.total, SEARCH_TOTAL_CAP)
        return {
          servers: page.servers.map((s) => hitOf(c, s)),
          total: page.total,
          totalCapped: page.totalCapped ?? false,
          ...(q.page * q.limit < reachable ? { nextCursor: cursorOf(q.page + 1) } : {}),
        }
      }),
  )
  server.registerTool(
    'get_server',
    {
      title: 'Get an MCP server',
      description:
        'One server of the catalogue by id or registry name: its details, versions, packages and remote endpoints, and (when the catalogue has read them) its tools, prompts and resources.',
      inputSchema: z.object({ server: serverRef }),
      outputSchema: serverOutput,
      annotations: READ_ONLY,
    },
    ({ server: ref }) => tool(() => serverFacts(c, ref)),
  )
  server.registerTool(
    'get_install_config',
    {
      title: 'Get an install configuration',
      description:
        'The exact configuration, one-line command and one-click link that install a server in one AI client, as the catalogue’s Configuration tab gives them, with the variables the user must fill in.',
      inputSchema: installInput,
      outputSchema: installOutput,
      annotations: READ_ONLY,
    },
    (input) => tool(() => installFacts(c, input)),
  )
  server.registerTool(
    'list_categories',
    {
      title: 'List categories',
      description: 'The catalogue’s categories with how many servers each holds: the slugs search_servers filters by.',
      inputSchema: z.object({}),
      outputSchema: categoriesOutput,
      annotations: READ_ONLY,
    },
    () => tool(async () => ({ categories: await categoryList(c) })),
  )
  server.registerPrompt(
    'find_server',
    {
      title: 'Find an MCP server',
      description: 'Find a server in the catalogue for a need, and how to install it in your client.',
      argsSchema: z.object({
        need: z.string().max(LIMITS.searchQuery).describe('What the server should do, e.g. "query a Postgres database"'),
        client: z
          .string()
          .max(40)
          .optional()
          .describe(`Your AI client: ${CLIENT_IDS.join(', ')}`),
      }),
    },
    ({ need, client }) => ({
      messages: [
        {
          role: 'user' as const,
          content: {
            type: 'text' as const,
            text: [
              `Find me an MCP server for: ${need}.`,
              'Search the catalogue with search_servers (narrow with categories from list_categories if the first page is off), compare the best few with get_server (prefer maintained servers with tools the catalogue has read),',
              `then give me the install configuration for ${client || 'my client'} with get_install_config, and list the variables I must fill in.`,
            ].join(' '),
          },
        },
      ],
    }),
  )
  server.registerResource(
    'server',
    new ResourceTemplate('catalogue://servers/{id}', { list: undefined }),
    {
      title: 'An MCP server of the catalogue',
      description: 'What get_server answers, by id or registry name',
      mimeType: 'application/json',
    },
    async (uri, { id }) => {
      const ref = decodeURIComponent(String(id))
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await serverFacts(c, ref)) }] }
    },
  )
  server.registerResource(
    'categories',
    'catalogue://categories',
    { title: 'Categories', description: 'The categories and their counts', mimeType: 'application/json' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await categoryList(c)) }] }),
  )
  return server
}

/**
 * The endpoint: a fresh server per request (the SDK's handler serves the 2026-07-28 stateless
 * protocol and, for clients that still begin with `initialize`, the 2025 handshake statelessly),
 * JSON answers where nothing streams (the SDK's 'auto'; its 2025 leg answers as one SSE event), a
 * guest's view. Its own size, depth and rate limits, answered as JSON-RPC errors.
 */
export const mcpRoutes = new Hono<AppEnv>()
  .use('/', sameOriginOnly)
  // Stateless: there is no session to resume (GET) or end (DELETE).
  .get('/', (c) => {
    c.header('Allow', 'POST')
    return rpcError(c, 405, RPC.invalidRequest, 'Method not allowed: this endpoint is stateless, send JSON-RPC requests with POST')
  })
  .delete('/', (c) => {
    c.header('Allow', 'POST')
    return rpcError(c, 405, RPC.invalidRequest, 'Method not allowed: this endpoint is stateless, send JSON-RPC requests with POST')
  })
  .post('/', limitBody(MCP_MAX_BODY_BYTES), mcpRateLimit, async (c) => {
    const text = await c.req.text()
    if (jsonDepth(text) > LIMITS.jsonDepth) {
      return rpcError(c, 400, RPC.invalidRequest, `Invalid Request: nested too deeply (at most ${LIMITS.jsonDepth} levels)`)
    }
    const handler = createMcpHandler(() => catalogueServer(c), {
      maxRequestBodySize: MCP_MAX_BODY_BYTES,
      // Nothing a per-request server offers changes while a client listens, and a Worker must not
      // hold a stream open for nothing: `subscriptions/listen` is refused in-band.
      maxSubscriptions: 0,
      onerror: (error) => console.warn('mcp:', error.message),
    })
    return handler.fetch(new Request(c.req.url, { method: 'POST', headers: c.req.raw.headers, body: text }))
  })

mcpRoutes.onError((error, c) => {
  if (error instanceof ApiError && error.code === 'payload_too_large') {
    return rpcError(c, 413, RPC.invalidRequest, `Request body too large (at most ${MCP_MAX_BODY_BYTES} bytes)`)
  }
  if (error instanceof ApiError && error.code === 'rate_limited') return rpcError(c, 429, RPC.rateLimited, error.message)
  console.error(error)
  return rpcError(c, 500, RPC.internal, 'Internal error')
})
