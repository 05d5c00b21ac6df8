/**
 * Input schemas, limits and messages from the specification. Imports only zod, so the SPA's
 * forms validate with exactly the rules the Worker enforces.
 */
import { z } from 'zod'
import { isCategorySlug, MAX_CATEGORIES, MAX_CATEGORY_FILTER, OTHER } from './categories'
import { GITHUB_LOGIN_RE, GITHUB_URL_RE } from './github-url'
import { isHttpUrl, TEMPLATED_URL_RE, urlVariables } from './install/url-template'
import { COMMENT_SORTS, LIMITS, PACKAGE_SORTS, PACKAGE_TYPES, SERVER_SORTS } from './limits'
import { GRADES } from './verdict'

/** One field's problem, as the API's error body and the SPA's forms carry it. */
export interface FieldIssue {
  field: string
  message: string
}

/** The shape of zod's error issues (any version), so callers need not import zod's types. */
interface IssueSource {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>
}

/**
 * A zod error as field issues (`a.b.0`-style paths), each with the specification's message as the
 * schema carries it. The Worker's 400 bodies and the SPA's forms both use it.
 * @example fieldIssues(schema.safeParse(input).error) // [{ field: 'name', message: 'Name is required' }]
 */
export function fieldIssues(error: IssueSource): FieldIssue[] {
  return error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }))
}

/**
 * Field issues as a map from field to its first message: what a form shows under each input.
 * `prefix` scopes the fields of a sub-form (a package row is `packages.new`).
 * @example fieldErrors(fieldIssues(result.error)) // { name: 'Name is required' }
 */
export function fieldErrors(issues: readonly FieldIssue[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const { field, message } of issues) out[prefix ? `${prefix}.${field}` : field] ??= message
  return out
}

/** A UUID in any case, as a pattern's source: route paths match server ids with it too. */
export const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'
const UUID_RE = new RegExp(`^${UUID_PATTERN}$`)

export const serverIdParam = z.object({
  id: z.string().regex(UUID_RE, 'Server ID must be a valid UUID'),
})

/** A recorded activity of the signed-in user: a server detail view is the one kind. */
export const trackActivitySchema = z.object({
  serverId: serverIdParam.shape.id,
  activityType: z.enum(['view']),
})

const page = z.coerce.number().int().min(1).default(1)
const limit = z.coerce.number().int().min(1).max(LIMITS.maxLimit).default(LIMITS.pageSize)

/** `tags=a,b` (AND); blanks dropped, duplicates folded, lower-cased. */
const tagList = z
  .string()
  .max(LIMITS.tagFilter * (LIMITS.tag + 1))
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(z.string().max(LIMITS.tag)).max(LIMITS.tagFilter, 'Too many tags'))

/** `category=a,b` (a server in any of them): slugs of the taxonomy; blanks and repeats dropped. */
const categoryList = z
  .string()
  .max(MAX_CATEGORY_FILTER * 40)
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((c) => c.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(z.string().refine(isCategorySlug, 'Unknown category')).max(MAX_CATEGORY_FILTER, 'Too many categories'))

export const serverListQuery = z.object({
  q: z.string().max(LIMITS.searchQuery, 'Search text too long').optional(),
  tags: tagList.optional(),
  category: categoryList.optional(),
  sortBy: z.enum(SERVER_SORTS).optional(),
  /** Only the signed-in user's liked servers (the header's Favorites toggle). */
  favorites: z.enum(['1', 'true']).optional(),
  /** `tools=known`: only servers whose tools were read from the server (some, at least). */
  tools: z.enum(['known'], { error: 'Must be known' }).optional(),
  /** `remote=1`: only servers with a remote to connect to, nothing to install. */
  remote: z.enum(['1', 'true'], { error: 'Must be 1 or true' }).optional(),
  /** `packageType=npm`: only servers with a package of that type (see PACKAGE_TYPES). */
  packageType: z.enum(PACKAGE_TYPES, { error: `Must be one of ${PACKAGE_TYPES.join(', ')}` }).optional(),
  /** `minGrade=B`: only servers whose verdict is that grade or better (listings not graded are left out). */
  minGrade: z.enum(GRADES, { error: `Must be one of ${GRADES.join(', ')}` }).optional(),
  page,
  limit,
})
export type ServerListQuery = z.infer<typeof serverListQuery>

/** The registry API's booleans are the words `true` and `false`. */
const registryFlag = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .transform((v) => v === 'true')
  .default(false)

/** The registry API's list (`GET /v0.1/servers`), with its parameter names. */
export const registryListQuery = z.object({
  /** Opaque to clients; decoded by the route. */
  cursor: z.string().max(1000, 'Invalid cursor').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIMITS.registryMaxLimit, `limit must be at most ${LIMITS.registryMaxLimit}`)
    .default(LIMITS.registryPageSize),
  search: z.string().max(LIMITS.serverName, 'Search text too long').optional(),
  updated_since: z.iso
    .datetime({ offset: true, error: 'updated_since must be an RFC 3339 date-time' })
    .refine((v) => !Number.isNaN(Date.parse(v)), 'updated_since must be an RFC 3339 date-time')
    .optional(),
  version: z.string().min(1).max(255).optional(),
  include_deleted: registryFlag,
})

/** `GET /v0.1/servers/{serverName}/versions[/{version}]`: the name arrives URL-decoded. */
export const registryServerParam = z.object({
  serverName: z.string().max(LIMITS.serverName * 4),
  version: z.string().max(255).optional(),
})
export const registryServerQuery = z.object({ include_deleted: registryFlag })

/** The landing page's top packages. */
export const topPackagesQuery = z.object({ limit: z.coerce.number().int().min(1).max(20).default(5) })

export const packageListQuery = z.object({
  sortBy: z.enum(PACKAGE_SORTS).default('ranking'),
  page,
  limit,
})

export const commentListQuery = z.object({
  sortBy: z.enum(COMMENT_SORTS).default('newest'),
  page,
  limit,
})

/** A URL, or empty (or null) to clear it. */
const optionalUrl = z
  .string({ error: 'Must be a valid URL' })
  .trim()
  .max(LIMITS.url, 'URL too long')
  .refine((u) => u === '' || isHttpUrl(u), 'Must be a valid URL')
  .nullable()

/** A required text field: missing, blank after trimming, or too long, each with its own message. */
const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong)

/**
 * Tags as stored: trimmed and lower-cased (the tag filter compares lower-case), blanks and
 * repeats dropped, first spelling kept in order. The form ignores such tags as they are added;
 * the Worker applies the same rule to whatever it is sent.
 * @example normalizeTags([' AI ', 'ai', '', 'Database']) // ['ai', 'database']
 */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))]
}

const tagsField = z
  .array(z.string({ error: 'Tags must be text' }))
  .transform(normalizeTags)
  .pipe(z.array(z.string().max(LIMITS.tag, 'Tag too long')).max(LIMITS.tags, 'Too many tags'))

/**
 * Categories as an owner or admin chooses them: one to three of the taxonomy, repeats folded;
 * 'Other' means none fits, so it stands alone.
 */
const categoriesField = z
  .array(z.string({ error: 'Unknown category' }), { error: 'Categories must be a list' })
  .transform((list) => [...new Set(list)])
  .pipe(
    z
      .array(z.string().refine(isCategorySlug, 'Unknown category'))
      .min(1, 'Choose at least one category')
      .max(MAX_CATEGORIES, `Choose at most ${MAX_CATEGORIES} categories`)
      .refine((list) => list.length === 1 || !list.includes(OTHER), 'Other cannot be combined with another category'),
  )

/**
 * One post-install step of a package (the registry draft's `postInstallInstructions`): what to
 * do, a command to show for copying (never run), a page of setup documentation, and whether the
 * server works without it.
 */
export const postInstallStepSchema = z.object({
  description: requiredText(LIMITS.postInstallDescription, 'Step description is required', 'Step description too long'),
  command: z.string({ error: 'Command must be text' }).trim().max(LIMITS.postInstallCommand, 'Command too long').optional(),
  documentation: z
    .string({ error: 'Must be a valid URL' })
    .trim()
    .max(LIMITS.url, 'URL too long')
    .refine((u) => u === '' || isHttpUrl(u), 'Documentation must be an http(s) URL')
    .optional(),
  optional: z.boolean({ error: 'Optional must be true or false' }).optional(),
})
export type PostInstallStepInput = z.input<typeof postInstallStepSchema>

/** A package dependency as the form adds it: all three fields required; its post-install steps optional. */
export const serverPackageSchema = z.object({
  registry_type: requiredText(LIMITS.packageRegistryType, 'Registry type is required', 'Registry type too long'),
  identifier: requiredText(LIMITS.packageIdentifier, 'Identifier is required', 'Identifier too long'),
  version: requiredText(LIMITS.packageVersion, 'Package version is required', 'Package version too long'),
  postInstallInstructions: z
    .array(postInstallStepSchema, { error: 'Post-install steps must be a list' })
    .max(LIMITS.postInstallSteps, `At most ${LIMITS.postInstallSteps} post-install steps`)
    .optional(),
})

/** One `{variable}` of a remote's URL: where to start from and what it is. */
export const remoteVariableSchema = z.object({
  default: z.string({ error: 'Default must be text' }).trim().max(LIMITS.remoteVariableText, 'Default too long').optional(),
  description: z.string({ error: 'Description must be text' }).trim().max(LIMITS.remoteVariableText, 'Description too long').optional(),
})

/**
 * A remote's URL: an http(s) address, or (the registry draft, modelcontextprotocol/registry#910)
 * one that begins with a variable the installer fills in, `{baseUrl}/mcp`.
 */
const remoteUrl = z
  .string({ error: 'Must be a valid URL' })
  .trim()
  .max(LIMITS.url, 'URL too long')
  .refine((u) => isHttpUrl(u) || TEMPLATED_URL_RE.test(u), 'Must be a valid URL')

export const serverRemoteSchema = z
  .object({
    name: requiredText(LIMITS.remoteName, 'Remote name is required', 'Remote name too long'),
    url: remoteUrl,
    variables: z
      .record(
        z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'A variable name is letters, digits and _')
          .max(LIMITS.remoteVariableName),
        remoteVariableSchema,
        { error: 'Variables must be an object' },
      )
      .refine((v) => Object.keys(v).length <= LIMITS.remoteVariables, `At most ${LIMITS.remoteVariables} variables`)
      .optional(),
  })
  .refine((r) => Object.keys(r.variables ?? {}).every((name) => urlVariables(r.url).includes(name)), {
    message: 'Each variable must appear in the URL as {name}',
    path: ['variables'],
  })

/** Every field of the form, without defaults: the update schema leaves out what was not sent. */
const serverFields = {
  displayName: requiredText(LIMITS.displayName, 'Display name is required', 'Display name too long'),
  description: requiredText(LIMITS.description, 'Description is required', 'Description too long'),
  version: requiredText(LIMITS.version, 'Version is required', 'Version too long'),
  author: z.string().trim().max(LIMITS.author, 'Author too long'),
  /** Technical name; empty means derived from the repository or the display name. */
  name: z.string().trim().max(LIMITS.serverName, 'Name too long'),
  githubUrl: optionalUrl,
  icon: optionalUrl,
  /** README Markdown as 'Load Info' found it; empty means the repository's README is shown. */
  readmeText: z.string().max(LIMITS.readmeText, 'README too long').nullable(),
  tags: tagsField,
  /** Left out on registration, the classifier chooses; sent, it is the person's choice. */
  categories: categoriesField,
  packages: z.array(serverPackageSchema).max(LIMITS.packages, 'Too many packages'),
  remotes: z.array(serverRemoteSchema).max(LIMITS.remotes, 'Too many remotes'),
  metadata: z
    .record(z.string(), z.unknown(), { error: 'Metadata must be a JSON object' })
    .refine((m) => JSON.stringify(m).length <= LIMITS.metadata, 'Metadata too large'),
}

/**
 * The register form, as the SPA submits it and `POST /api/servers` re-checks it. An empty author
 * becomes the user's first name or e-mail on the Worker.
 */
export const serverFormSchema = z.object({
  ...serverFields,
  author: serverFields.author.default(''),
  name: serverFields.name.optional(),
  githubUrl: serverFields.githubUrl.optional(),
  icon: serverFields.icon.optional(),
  readmeText: serverFields.readmeText.optional(),
  tags: serverFields.tags.default([]),
  categories: serverFields.categories.optional(),
  packages: serverFields.packages.default([]),
  remotes: serverFields.remotes.default([]),
  metadata: serverFields.metadata.default({}),
})
export type ServerFormInput = z.input<typeof serverFormSchema>
export type ServerForm = z.output<typeof serverFormSchema>

/**
 * `PUT /api/servers/{id}`: the same rules, every field optional; a field left out keeps its
 * stored value, so a restricted owner may send `{ githubUrl }` alone.
 */
export const serverUpdateSchema = z.object(serverFields).partial()
export type ServerUpdate = z.output<typeof serverUpdateSchema>

/** `GET /api/github/preview?url=`: a github.com repository address. */
export const githubPreviewQuery = z.object({
  url: z
    .string({ error: 'No GitHub URL provided' })
    .trim()
    .min(1, 'No GitHub URL provided')
    .max(LIMITS.url, 'Invalid GitHub URL format')
    .regex(GITHUB_URL_RE, 'Invalid GitHub URL format'),
})

/**
 * npm package names: an optional `@scope/`, then URL-safe characters (legacy names may have
 * capitals), at most 214 characters. Nothing else can reach the registry URL.
 */
export const NPM_NAME_RE = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/i

/** `GET /api/npm/preview?package=` */
export const npmPreviewQuery = z.object({
  package: z
    .string({ error: 'Package name is required' })
    .trim()
    .min(1, 'Package name is required')
    .max(LIMITS.npmName, 'Invalid npm package name')
    .regex(NPM_NAME_RE, 'Invalid npm package name'),
})

export const revisionParams = serverIdParam.extend({
  revisionId: z.string().regex(UUID_RE, 'Revision ID must be a valid UUID'),
})

export const revisionListQuery = z.object({ page, limit })

const commentContent = requiredText(LIMITS.comment, 'Comment content is required', 'Comment too long')

/** A signed-in user's comment: it is posted under the account, so any authorName is dropped. */
export const commentSchema = z.object({ content: commentContent })

/** A guest's comment: the name shown with it is required. */
export const guestCommentSchema = commentSchema.extend({
  authorName: requiredText(LIMITS.guestName, 'Author name is required', 'Author name too long'),
})

/** An empty or blank optional text is absent, so it is stored as null rather than ''. */
const blankToUndefined = (s: string | null | undefined) => (s?.trim() ? s : undefined)

export const categorySchema = z.object({
  name: requiredText(LIMITS.categoryName, 'Name is required', 'Name too long'),
  description: z.string().trim().max(LIMITS.categoryDescription, 'Description too long').optional().transform(blankToUndefined),
})

export const recommendationMessageSchema = z.object({
  recommendationMessage: z
    .string()
    .max(LIMITS.recommendationMessage, 'Recommendation message too long')
    .nullish()
    .transform(blankToUndefined),
})

export const publicStatusSchema = z.object({ isPublic: z.boolean({ error: 'isPublic must be true or false' }) })

export const packageIdParam = z.object({
  id: z.string().regex(UUID_RE, 'Package ID must be a valid UUID'),
})

export const commentIdParam = packageIdParam.extend({
  commentId: z.string().regex(UUID_RE, 'Comment ID must be a valid UUID'),
})

/** `/api/packages/{id}/servers/{serverId}/version`. */
export const packageServerParam = packageIdParam.extend({
  serverId: serverIdParam.shape.id,
})

/** A package owner's pin: one of the server's versions, or null to serve its newest not held back. */
export const packageServerPinSchema = z.object({
  version: z
    .string({ error: 'version must be a version of the server, or null' })
    .trim()
    .min(1, 'version must not be empty')
    .max(LIMITS.version, `version must be at most ${LIMITS.version} characters`)
    .nullable(),
})

export const categoryServerParam = z.object({
  categoryId: packageIdParam.shape.id,
  serverId: serverIdParam.shape.id,
})

export const authorNameParam = z.object({
  authorName: z
    .string()
    .regex(GITHUB_LOGIN_RE, 'Author name must be a GitHub login')
    .transform((s) => s.toLowerCase()),
})

export const statsQuery = z.object({
  window: z.coerce.number().int().min(1).max(LIMITS.statsWindowMax).default(LIMITS.statsWindowDefault),
})

const publishTime = z
  .string()
  .refine((s) => s === '' || z.iso.datetime({ offset: true }).safeParse(s).success, 'Must be a date and time')
  .nullable()
  .optional()
  // Stored as UTC ISO text, so the publish window compares as text in SQL.
  .transform((s) => (s ? new Date(s).toISOString() : null))

/** `PUT /api/servers/{id}/featured`; empty times are open ends, an empty sort order is 0. */
export const featuredSchema = z
  .object({
    commentHtml: z.string().max(LIMITS.featuredHtml, 'Comment too long').default(''),
    isActive: z.boolean({ error: 'Public must be true or false' }).default(true),
    sortOrder: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? 0 : Number(v)))
      .pipe(
        z
          .number({ error: 'Sort order must be a whole number' })
          .int('Sort order must be a whole number')
          .min(0, 'Sort order must be 0 or more'),
      ),
    publishStartAt: publishTime,
    publishEndAt: publishTime,
  })
  .refine((f) => !f.publishStartAt || !f.publishEndAt || f.publishEndAt > f.publishStartAt, {
    message: 'Publish end must be after publish start',
    path: ['publishEndAt'],
  })
export type FeaturedInput = z.input<typeof featuredSchema>

const FEED_FILE_RE = /^(.+)\.(atom|rss)$/

/**
 * A feed's file name, `{name}.atom` or `{name}.rss`, read as the name (checked by `name`) and
 * the format.
 */
const feedFileParam = (name: z.ZodType<string, string>) =>
  z.object({
    file: z
      .string()
      .regex(FEED_FILE_RE, 'A feed ends in .atom or .rss')
      .transform((file) => {
        const [, key, format] = FEED_FILE_RE.exec(file)!
        return { name: key, format }
      })
      .pipe(z.object({ name, format: z.enum(['atom', 'rss']) })),
  })

/** `/feeds/tags/{tag}.atom`: the tag as stored (trimmed, lower-case). */
export const tagFeedParam = feedFileParam(
  z.string().trim().toLowerCase().min(1, 'Tag is required').max(LIMITS.tag, `Tag must be at most ${LIMITS.tag} characters`),
)

/** `/feeds/authors/{login}.atom`. */
export const authorFeedParam = feedFileParam(authorNameParam.shape.authorName)

/** `/feeds/packages/{id}.atom`. */
export const packageFeedParam = feedFileParam(packageIdParam.shape.id)

/** `/feeds/changes/{serverId}.atom`. */
export const changesFeedParam = feedFileParam(serverIdParam.shape.id)

/** The pinning check's query: a SHA-256 in hex a client computed, and the tool it is of (else the whole surface). */
export const surfaceCheckQuery = z.object({
  hash: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, 'hash must be a SHA-256 in hex (64 characters)'),
  tool: z.string().min(1).max(LIMITS.toolName, `tool must be at most ${LIMITS.toolName} characters`).optional(),
})

/** An admin's decision on a review item. */
export const reviewDecisionSchema = z.object({
  action: z.enum(['dismiss', 'hide']),
  reason: z
    .string()
    .trim()
    .min(3, 'Reason must be at least 3 characters')
    .max(LIMITS.reviewReason, `Reason must be at most ${LIMITS.reviewReason} characters`),
})

export const reviewIdParam = z.object({ id: z.coerce.number().int().positive('Review item not found') })

export const reviewQueueQuery = z.object({ status: z.enum(['open', 'decided']).default('open') })

const SITEMAP_FILE_RE = /^(servers|packages)-([1-9][0-9]{0,5})\.xml$/

/** `/sitemaps/servers-{n}.xml` and `/sitemaps/packages-{n}.xml`. */
export const sitemapFileParam = z.object({
  file: z
    .string()
    .regex(SITEMAP_FILE_RE, 'Not a sitemap')
    .transform((file) => {
      const [, kind, page] = SITEMAP_FILE_RE.exec(file)!
      return { kind: kind as 'servers' | 'packages', page: Number(page) }
    }),
})
