/**
 * The JSON shapes of the public API, shared by the Worker (which produces them) and the SPA
 * (which reads them). Only types: importing this file adds nothing to either bundle.
 */

import type { RiskLevel, SurfaceAlert } from './scan'
import type { ServerSupplyChain, SupplyAlert, SupplyBand } from './supply'
import type { SurfaceSummary } from './surface'
import type { Grade, Verdict, VerdictAlert } from './verdict'

export type ServerStatus = 'active' | 'deleted' | 'pending'

/** A package dependency as the registry and the form give it; legacy entries may be strings. */
export interface ServerPackage {
  registry_type?: string
  registryType?: string
  identifier?: string
  name?: string
  version?: string
  [key: string]: unknown
}

export interface ServerRemote {
  name?: string
  url: string
  type?: string
  [key: string]: unknown
}

/** What a card needs: the list and search endpoints return these. */
export interface ServerSummary {
  id: string
  name: string
  displayName: string
  description: string
  author: string
  version: string
  icon: string | null
  githubUrl: string | null
  ownerAvatarUrl: string | null
  tags: string[]
  /** Category slugs (worker/shared/categories.ts), best first: one to three. */
  categories: string[]
  likeCount: number
  isLiked: boolean
  stars: number
  popularity: number
  installCommand: string
  status: ServerStatus
  /** Deprecated in the MCP registry: the card and the detail page say so, with its reason. */
  deprecated: { message: string | null } | null
  createdAt: string
  updatedAt: string
  /** Tools of the newest surface read (of the current version once a probe of it succeeds; until then the version before); null when none was ever read. */
  toolCount: number | null
  /** The risk level of the surface shown (the scanner's, worker/lib/scan/); null when no surface was ever read or declared. */
  risk: RiskLevel | null
  /** The supply-chain watch's band of the package versions the install uses (worker/shared/supply.ts), the worst of them; null until one was read. */
  supplyBand: SupplyBand | null
  /** The verdict's overall grade (worker/shared/verdict.ts); null when not enough is known or it was not graded yet. */
  grade: Grade | null
  /**
   * How the listing can be installed: the distinct types of its packages as the registry names
   * them, lower-cased, in the order it lists them (`npm`, `pypi`, `oci` (a legacy `docker` too),
   * `nuget`, `mcpb`...), then `remote` when it has a remote to connect to; empty when it declares
   * neither. A package type is what the `packageType` filter matches.
   * @example ['npm', 'remote']
   */
  installKinds: string[]
  /**
   * Search results only: why the server matched when its card does not show it: a category the
   * query names, a related term of the search vocabulary, a corrected spelling, one of its tools
   * (`term` is the tool's name), or its README.
   */
  matchedBy?: { kind: 'category' | 'related' | 'typo' | 'readme' | 'tool'; term: string }
}

/** Where a listing came from: the registry sync, registered here, or an imported file. */
export type ServerSource = 'registry' | 'local' | 'import'

export interface ServerProvenance {
  source: ServerSource
  /** When the registry sync last wrote the listing; null when it never did. */
  syncedAt: string | null
  /** When the registry last changed the entry. */
  upstreamUpdatedAt: string | null
  /** Registry fields the sync writes; the others were edited here and are kept. */
  registryFields: string[]
}

/** One version the registry published; the listing shows the latest. */
export interface ServerVersionInfo {
  version: string
  status: 'active' | 'deprecated' | 'deleted'
  publishedAt: string | null
  packages: Array<ServerPackage | string>
  remotes: Array<ServerRemote | string>
}

/** The detail endpoint adds everything else. */
export interface ServerDetail extends ServerSummary {
  readmeText: string | null
  packages: Array<ServerPackage | string>
  remotes: Array<ServerRemote | string>
  metadata: Record<string, unknown>
  license: string | null
  viewCount: number
  registryName: string | null
  /** The active featured comment's sanitised HTML, when the server is featured now. */
  commentHtml: string | null
  provenance: ServerProvenance
  /** Every version known, newest published first; empty for listings not from the registry. */
  versions: ServerVersionInfo[]
  /** Who chose the categories: the classifier ('auto') or an owner or admin ('human'), which imports and the sync keep. */
  categorySource: 'auto' | 'human'
  /** Other listings of the same repository under another name. */
  alsoPublishedAs: Array<{ id: string; name: string; displayName: string }>
  /** What was read from the server itself (its Tools tab loads the whole surface from /api/servers/:id/tools). */
  tools: SurfaceSummary
  /** Each watched package of the listing with the versions read, their scores and signals (worker/shared/supply.ts). */
  supplyChain: ServerSupplyChain
  /** The catalogue's verdict (worker/shared/verdict.ts), as last graded; null until the cron grades it. */
  verdict: Verdict | null
}

/** One run of the registry sync, as the admin screen shows it. */
export interface SyncRun {
  id: number
  kind: 'full' | 'incremental'
  status: 'running' | 'completed' | 'failed'
  updatedSince: string | null
  startedAt: string
  finishedAt: string | null
  invocations: number
  pages: number
  added: number
  updated: number
  hidden: number
  refused: number
  lastError: string | null
  refusals: Array<{ name: string; version: string | null; reason: string }>
}

/** The paging fields of every list answer. */
export interface PageInfo {
  total: number
  currentPage: number
  totalPages: number
}

export interface ServerList extends PageInfo {
  servers: ServerSummary[]
  /** Search counted its matches only up to a cap: `total` is a lower bound ('1,000+'). */
  totalCapped?: boolean
}

export interface FeaturedServer {
  id: string
  displayName: string
  icon: string | null
  description: string
  ownerAvatarUrl: string | null
  author: string
  commentHtml: string
  /** The card's title: bold text of the first paragraph, else the first heading. */
  title: string
  /** The rest of the comment as plain text, at most `LIMITS.featuredSummary` characters plus an ellipsis. */
  summary: string
}

/** A category of the taxonomy with the number of listed servers in it (`GET /api/categories`). */
export interface CategoryCount {
  slug: string
  name: string
  description: string
  count: number
}

export interface TagCount {
  tag: string
  count: number
}

export interface RepoInfo {
  ownerAvatarUrl: string | null
  stars: number
  license: string | null
}

export interface ReadmeResponse {
  html: string
  source: 'stored' | 'repository'
}

export interface PackageSummary {
  id: string
  name: string
  description: string | null
  isPublic: boolean
  recommendationMessage: string | null
  likeCount: number
  viewCount: number
  rankingScore: number
  serverCount: number
  createdAt: string
  updatedAt: string
  isLiked: boolean
  user: { username: string; avatarUrl: string | null } | null
}

export interface PackageList extends PageInfo {
  packages: PackageSummary[]
}

/** `GET /api/packages/{id}`: the summary plus every server in it, as cards, oldest first. */
export interface PackageDetail extends PackageSummary {
  servers: ServerSummary[]
  /** The caller owns it: the settings (visibility, message, servers) are theirs to change. */
  isOwner: boolean
  /**
   * Where the package is served as an MCP registry (docs/package-registries.md), from the origin:
   * '/registry/{id}' for a public package, '/registry/{id}/{key}' (the secret link) for its owner;
   * null for anyone else, who has no link to it.
   */
  registryPath: string | null
  /** The version the owner pinned for a server of the package, by server id; a server not named is served at its newest not held back. */
  pins: Record<string, string>
}

/** A package server's pinned version as stored: null serves the newest not held back. */
export interface PackageServerPin {
  serverId: string
  version: string | null
}

/** The package's registry link after its owner rotated the secret: the old link answers no more. */
export interface PackageRegistryLink {
  registryPath: string
}

/** A category as its owner sees it (categories list, dashboard): the first 3 servers only. */
export interface CategorySummary extends PackageSummary {
  servers: ServerSummary[]
}

/** The answer of a like or unlike of a package. */
export interface PackageLikeState {
  isLiked: boolean
  likeCount: number
}

/** The answer of adding or removing a server in a category. */
export interface CategoryServerState {
  inCategory: boolean
  serverCount: number
}

export interface PackageComment {
  id: string
  content: string
  /** The name a guest gave; null for a signed-in author (see `user`). */
  authorName: string | null
  userId: string | null
  user: { username: string; avatarUrl: string | null } | null
  createdAt: string
  /** The caller may delete it: its author, the package owner or an admin. */
  canDelete: boolean
}

export interface CommentList extends PageInfo {
  comments: PackageComment[]
}

/** A followed author, by GitHub login; `id` is that login too (the unfollow key). */
export interface FollowedAuthor {
  id: string
  authorName: string
  createdAt: string
}

export interface FollowState {
  authorName: string
  following: boolean
}

export interface DashboardCounters {
  /** Active servers the user created or whose repository the user owns. */
  myServers: number
  /** Likes summed over those servers. */
  totalLikes: number
  following: number
  categories: number
}

export interface Dashboard {
  /** Newest first, at most 100 (the counter has the full number). */
  myServers: ServerSummary[]
  /** Distinct servers, last viewed first, at most 6. */
  recentlyViewed: ServerSummary[]
  /** Active servers sharing a tag with liked or viewed ones, not liked, most popular first, at most 6. */
  recommendedServers: ServerSummary[]
  /** Liked servers, last liked first, at most 100. */
  likedServers: ServerSummary[]
  followedAuthors: FollowedAuthor[]
  /** The user's categories, last updated first, each with its first 3 servers. */
  favoriteCategories: CategorySummary[]
  /** Tags by likes and views of their active servers over the last 30 days, at most 10. */
  trendingTags: TagCount[]
  counters: DashboardCounters
  /** Surface changes and new findings of medium or above on servers the user follows, liked or keeps, newest first, last 30 days, at most 20. */
  surfaceAlerts: SurfaceAlert[]
  /** New package versions scoring Medium or above on servers the user follows, liked or keeps, newest first, last 30 days, at most 20. */
  supplyAlerts: SupplyAlert[]
  /** Grade drops on servers the user follows, liked or keeps, newest first, last 30 days, at most 20. */
  verdictAlerts: VerdictAlert[]
}

/** `GET /api/users/me/servers/{id}/stats`: one entry per UTC day of the window, oldest first. */
export interface ServerStats {
  window: number
  days: Array<{ date: string; views: number; likes: number }>
}

/** The caller's role on one server; null for no role. */
export type ServerRole = 'admin' | 'owner' | 'restricted' | null

/** What `GET /api/servers/{id}/permissions` answers, and what every server write checks. */
export interface ServerPermissions {
  canEdit: boolean
  canDelete: boolean
  userRole: ServerRole
  isAdmin: boolean
}

export interface SessionUser {
  id: string
  firstName: string | null
  email: string | null
  avatarUrl: string | null
  profileImageUrl: string | null
  username: string
  isAdmin: boolean
}

/**
 * What an error is, for code to branch on; `error` is the sentence for people and may be reworded.
 * Each code has one status (see `ERROR_STATUS` in worker/errors.ts).
 */
export type ErrorCode =
  | 'invalid_input'
  | 'invalid_json'
  | 'auth_required'
  | 'csrf_invalid'
  | 'forbidden'
  | 'not_found'
  | 'server_not_found'
  | 'version_not_found'
  | 'package_not_found'
  | 'comment_not_found'
  | 'revision_not_found'
  | 'readme_not_found'
  | 'no_repository'
  | 'repository_not_found'
  | 'npm_package_not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'upstream_rate_limited'
  | 'upstream_failed'
  | 'upstream_timeout'
  | 'internal'

export interface ApiErrorBody {
  error: string
  code: ErrorCode
  issues?: Array<{ field: string; message: string }>
}

/** One entry of a server's history: who changed which fields, from what, to what. */
export interface ServerRevision {
  id: string
  createdAt: string
  /** 'create' for the registration (no `before`), 'update' for edits and reverts. */
  kind: 'create' | 'update'
  user: { username: string; avatarUrl: string | null } | null
  changedFields: string[]
  /** Old values of the changed fields; null for the registration. */
  before: Record<string, unknown> | null
  /** New values of the changed fields; every field for the registration. */
  after: Record<string, unknown>
}

export interface ServerRevisionList extends PageInfo {
  revisions: ServerRevision[]
}

/** A server's featured recommendation as the editor loads and saves it. */
export interface FeaturedComment {
  serverId: string
  /** Sanitised on the Worker; what is returned is what is stored and shown. */
  commentHtml: string
  isActive: boolean
  sortOrder: number
  publishStartAt: string | null
  publishEndAt: string | null
  updatedAt: string
}

/** `GET /api/github/preview`: what 'Load Info' fills the form from. */
export interface GithubPreview {
  name: string
  description: string | null
  ownerLogin: string
  topics: string[]
  /** The README's Markdown; null when the repository has none or it could not be read. */
  readmeText: string | null
}

/** `GET /api/npm/preview`: what 'Auto-fill' fills the form from. */
export interface NpmPreview {
  packageName: string
  description: string | null
  latestVersion: string | null
  maintainers: Array<{ name: string }>
}
