/**
 * Input schemas, limits and messages from the specification. Imports only zod, so the SPA's
 * forms validate with exactly the rules the Worker enforces.
 */
import { z } from 'zod'

export const LIMITS = {
  pageSize: 20,
  maxLimit: 50,
  displayName: 100,
  description: 1000,
  version: 50,
  author: 100,
  tag: 30,
  tags: 10,
  packages: 20,
  packageRegistryType: 50,
  packageIdentifier: 200,
  packageVersion: 50,
  remotes: 10,
  metadata: 10000,
  comment: 2000,
  guestName: 50,
  recommendationMessage: 1000,
  categoryName: 100,
  categoryDescription: 1000,
  searchQuery: 200,
  tagFilter: 10,
  featuredSummary: 150,
} as const

export const SERVER_SORTS = ['stars', 'likes', 'updated', 'created', 'ranking'] as const
export type ServerSort = (typeof SERVER_SORTS)[number]
export const PACKAGE_SORTS = ['ranking', 'likes', 'updated', 'created'] as const
export type PackageSort = (typeof PACKAGE_SORTS)[number]
export const COMMENT_SORTS = ['newest', 'oldest'] as const

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const serverIdParam = z.object({
  id: z.string().regex(UUID_RE, 'Server ID must be a valid UUID'),
})

const page = z.coerce.number().int().min(1).default(1)
const limit = z.coerce.number().int().min(1).max(LIMITS.maxLimit).default(LIMITS.pageSize)

/** `tags=a,b` (AND); blanks dropped, duplicates folded, lower-cased. */
const tagList = z
  .string()
  .max(LIMITS.tagFilter * (LIMITS.tag + 1))
  .transform((s) => [...new Set(s.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean))])
  .pipe(z.array(z.string().max(LIMITS.tag)).max(LIMITS.tagFilter, 'Too many tags'))

export const serverListQuery = z.object({
  q: z.string().max(LIMITS.searchQuery, 'Search text too long').optional(),
  tags: tagList.optional(),
  sortBy: z.enum(SERVER_SORTS).optional(),
  /** Only the signed-in user's liked servers (the header's Favorites toggle). */
  favorites: z.enum(['1', 'true']).optional(),
  page,
  limit,
})
export type ServerListQuery = z.infer<typeof serverListQuery>

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

const url = (message = 'Must be a valid URL') =>
  z.string().trim().url(message).refine((u) => /^https?:\/\//i.test(u), message)

export const GITHUB_URL_RE = /^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?(?:[#?].*)?$/i

export const serverPackageSchema = z.object({
  registry_type: z.string().trim().min(1, 'Required').max(LIMITS.packageRegistryType),
  identifier: z.string().trim().min(1, 'Required').max(LIMITS.packageIdentifier),
  version: z.string().trim().min(1, 'Required').max(LIMITS.packageVersion),
})

export const serverRemoteSchema = z.object({
  name: z.string().trim().min(1, 'Remote name is required').max(100),
  url: url(),
})

/** The register / edit form, as the SPA submits it and the Worker re-checks it. */
export const serverFormSchema = z.object({
  displayName: z.string().trim().min(1, 'Display name is required').max(LIMITS.displayName, 'Display name too long'),
  description: z.string().trim().min(1, 'Description is required').max(LIMITS.description, 'Description too long'),
  version: z.string().trim().min(1, 'Version is required').max(LIMITS.version, 'Version too long'),
  author: z.string().trim().max(LIMITS.author, 'Author too long').default(''),
  githubUrl: z.union([url(), z.literal('')]).optional(),
  icon: z.union([url(), z.literal('')]).optional(),
  name: z.string().trim().max(200).optional(),
  tags: z.array(z.string().trim().min(1).max(LIMITS.tag, 'Tag too long')).max(LIMITS.tags, 'Too many tags').default([]),
  packages: z.array(serverPackageSchema).max(LIMITS.packages, 'Too many packages').default([]),
  remotes: z.array(serverRemoteSchema).max(LIMITS.remotes, 'Too many remotes').default([]),
  metadata: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((m) => JSON.stringify(m).length <= LIMITS.metadata, 'Metadata too large'),
})
export type ServerForm = z.infer<typeof serverFormSchema>

export const commentSchema = z.object({
  content: z.string().trim().min(1, 'Comment content is required').max(LIMITS.comment, 'Comment too long'),
  authorName: z.string().trim().min(1, 'Author name is required').max(LIMITS.guestName, 'Author name too long').optional(),
})

export const categorySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(LIMITS.categoryName, 'Name too long'),
  description: z.string().trim().max(LIMITS.categoryDescription, 'Description too long').optional(),
})

export const recommendationMessageSchema = z.object({
  recommendationMessage: z
    .string()
    .max(LIMITS.recommendationMessage, 'Recommendation message too long')
    .optional()
    .transform((m) => (m && m.trim() ? m : undefined)),
})

export const featuredSchema = z.object({
  commentHtml: z.string().max(20000, 'Comment too long').default(''),
  isActive: z.boolean().default(true),
  sortOrder: z
    .union([z.number(), z.string()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? 0 : Number(v)))
    .pipe(z.number().int('Sort order must be a whole number').min(0, 'Sort order must be 0 or more')),
  publishStartAt: z.string().datetime({ offset: true }).nullable().optional(),
  publishEndAt: z.string().datetime({ offset: true }).nullable().optional(),
})
