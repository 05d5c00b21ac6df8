/**
 * Every table of the catalogue, in one place, so later features add routes rather than tables.
 * Times are ISO-8601 strings (sortable as text), booleans are 0/1 integers, JSON columns hold
 * arrays or objects. Public ids are UUIDs. The FTS5 index over servers lives in a hand-written
 * migration (`migrations/0001_search.sql`) because Drizzle has no virtual tables.
 */
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, real, type SQLiteColumn, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`

/**
 * The name a listing is served under by the registry API (/v0.1): its registry name, else its
 * own. The expression of `servers_registry_api_idx`, so queries that page by it use the index.
 * CASE rather than coalesce(), because drizzle-kit splits index expressions at commas.
 */
export const servedName = (t: { registryName: SQLiteColumn; name: SQLiteColumn }) =>
  sql<string>`(CASE WHEN ${t.registryName} IS NULL THEN ${t.name} ELSE ${t.registryName} END)`

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    githubId: integer('github_id'),
    /** GitHub login, lower-cased: the key for admin, ownership and follows. */
    login: text('login').notNull(),
    name: text('name'),
    email: text('email'),
    avatarUrl: text('avatar_url'),
    /** 'user' or 'restricted' (set by an admin; a restricted owner may change only githubUrl). */
    role: text('role').notNull().default('user'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('users_login_uq').on(t.login), uniqueIndex('users_github_id_uq').on(t.githubId)],
)

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the random session id; the id itself lives only in the cookie. */
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)

export const servers = sqliteTable(
  'servers',
  {
    /** Integer rowid alias: the FTS5 index's content_rowid, stable across VACUUM. Never public. */
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull(),
    /** Technical name, e.g. 'io.github.owner/repo' for registry imports. */
    name: text('name').notNull(),
    /** Name in the MCP registry, when imported from it: the importer's idempotency key. */
    registryName: text('registry_name'),
    displayName: text('display_name').notNull(),
    description: text('description').notNull(),
    author: text('author').notNull().default(''),
    version: text('version').notNull().default('1.0.0'),
    icon: text('icon'),
    githubUrl: text('github_url'),
    /** Lower-cased repository owner, so an owner is recognised by GitHub login with an index. */
    repoOwner: text('repo_owner'),
    readmeText: text('readme_text'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    /**
     * Category slugs (worker/shared/categories.ts), best first; kept in step with `server_categories`.
     * Empty only until the backfill classifies a row written before categories existed.
     */
    categories: text('categories', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    packages: text('packages', { mode: 'json' }).$type<unknown[]>().notNull().default(sql`'[]'`),
    remotes: text('remotes', { mode: 'json' }).$type<unknown[]>().notNull().default(sql`'[]'`),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    /** 'active', 'deleted' (soft delete) or 'pending' (imported with a problem). */
    status: text('status').notNull().default('active'),
    likeCount: integer('like_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    stars: integer('stars').notNull().default(0),
    popularity: integer('popularity').notNull().default(0),
    ownerAvatarUrl: text('owner_avatar_url'),
    license: text('license'),
    /** The maintainer's own install command for cards; empty for the generated one. */
    installCommand: text('install_command'),
    /**
     * What the install generator makes of the listing, kept so that reads do not run it per
     * request: the card command (Claude Code's) every list shows, and the install options with
     * each client's command that the registry API's entries carry (JSON). Both stand only while
     * `installRev` is the generator's INSTALL_REV: a trigger sets it to 0 when the name, the
     * registry name, the version, packages or remotes change, and the cron fills rows whose rev is
     * behind (worker/jobs/install-output-fill.ts; the reads are worker/db/kept-installs.ts).
     */
    cardInstall: text('card_install'),
    registryInstall: text('registry_install'),
    installRev: integer('install_rev').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Provenance: 'registry' (synced), 'local' (registered here) or 'import' (an imported file). */
    source: text('source').notNull().default('local'),
    /** When the registry sync last wrote this listing. */
    syncedAt: text('synced_at'),
    /** When the registry last changed the entry (its `updatedAt`). */
    upstreamUpdatedAt: text('upstream_updated_at'),
    /** The registry's status of the latest version: 'active', 'deprecated' or 'deleted'; null when not synced. */
    upstreamStatus: text('upstream_status'),
    /** The registry's reason for a deprecation, shown with the notice. */
    upstreamStatusMessage: text('upstream_status_message'),
    /**
     * The tools of the surface read for the listing's current version (worker/db/probes.ts keeps
     * them in step with server_surfaces): the count cards show (null: never read), and the tools'
     * names, titles and descriptions as text for the search index (capped like the README).
     */
    toolCount: integer('tool_count'),
    toolText: text('tool_text'),
    /** The scanner's risk level of the surface the listing shows (worker/lib/scan): what cards show; null when none was read or declared. */
    risk: text('risk'),
    /**
     * The supply-chain watch's band (worker/shared/supply.ts SupplyBand) of the package versions the
     * listing's install configurations use, the worst of them: what cards show; null until one is read.
     */
    supplyBand: text('supply_band'),
    /**
     * 1 while `listing_packages` holds this row's packages; a trigger sets it to 0 when `packages` or
     * `status` change, and the watch's cron enrols the row again (worker/db/supply.ts).
     */
    supplyRev: integer('supply_rev').notNull().default(0),
    /** The verdict's overall grade (worker/shared/verdict.ts Grade): what cards show; null when not enough is known or not graded yet. */
    grade: text('grade'),
    /** gradeRank(grade), A 5 down to E 1, 0 for none: the "Best rated" sort and the minimum-grade filter. */
    gradeRank: integer('grade_rank').notNull().default(0),
    /**
     * The VERDICT_REV (worker/lib/verdict) of the stored verdict; triggers set it to 0 when one of
     * its inputs changes (migrations/0028_verdicts.sql), and the cron grades rows that are behind.
     */
    verdictRev: integer('verdict_rev').notNull().default(0),
    /** Fields an owner or admin edited here: the sync never overwrites them. */
    localEdits: text('local_edits', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('servers_id_uq').on(t.id),
    uniqueIndex('servers_registry_name_uq').on(t.registryName),
    index('servers_github_url_idx').on(t.githubUrl),
    index('servers_repo_owner_idx').on(t.repoOwner),
    index('servers_created_by_idx').on(t.createdBy),
    // One index per list sort; id breaks ties so pages never overlap.
    index('servers_stars_idx').on(t.status, sql`${t.stars} DESC`, sql`${t.popularity} DESC`, t.id),
    index('servers_likes_idx').on(t.status, sql`${t.likeCount} DESC`, t.id),
    index('servers_updated_idx').on(t.status, sql`${t.updatedAt} DESC`, t.id),
    index('servers_created_idx').on(t.status, sql`${t.createdAt} DESC`, t.id),
    index('servers_popularity_idx').on(t.status, sql`${t.popularity} DESC`, t.id),
    // The registry API's pages, in the order of the name each listing is served under.
    index('servers_registry_api_idx').on(servedName(t), t.status),
    // Rows the category backfill has still to classify: found without reading the table.
    index('servers_unclassified_idx').on(t.seq).where(sql`${t.categories} = '[]'`),
    // Rows whose kept install output is missing or from an older generator: found by range.
    index('servers_install_rev_idx').on(t.installRev),
    // Sitemap pages are seq ranges of active servers: one covering range read each, in order.
    index('servers_sitemap_idx').on(t.status, t.seq, t.updatedAt, t.id),
    // Servers by author field (any case), as follows name authors without a repository.
    index('servers_author_idx').on(sql`${t.author} COLLATE NOCASE`, t.repoOwner),
    // An author's feed, in its order: servers whose repository the login owns, and those with no
    // repository and the login as author; each read stops after the feed's entries.
    index('servers_owner_feed_idx').on(t.repoOwner, t.status, t.updatedAt, t.id),
    index('servers_author_feed_idx').on(sql`${t.author} COLLATE NOCASE`, t.status, t.updatedAt, t.id).where(sql`repo_owner IS NULL`),
    // The sitemap index: a server page's newest change is its group's first entry. The page
    // expression is the one worker/db/sitemaps.ts writes (50,000 = SITEMAP_URLS).
    index('servers_sitemap_page_idx').on(t.status, sql`(${t.seq} - 1) / 50000 + 1`, t.updatedAt),
    // Rows the supply-chain watch has still to enrol: found without reading the table.
    index('servers_supply_rev_idx').on(t.seq).where(sql`${t.supplyRev} = 0`),
    // "Best rated": the grade, then the stars sort's keys.
    index('servers_rated_idx').on(t.status, sql`${t.gradeRank} DESC`, sql`${t.stars} DESC`, sql`${t.popularity} DESC`, t.id),
    // Rows whose verdict is missing or from an older method: found by range.
    index('servers_verdict_rev_idx').on(t.verdictRev, t.seq),
  ],
)

/** Servers per status, kept by triggers (migrations/0003_server_counts_triggers.sql): list totals without a count. */
export const serverCounts = sqliteTable('server_counts', {
  status: text('status').primaryKey(),
  n: integer('n').notNull().default(0),
})

/** Public (1) and private (0) packages, kept by triggers (migrations/0024_package_counts.sql): the package list's total. */
export const packageCounts = sqliteTable('package_counts', {
  isPublic: integer('is_public', { mode: 'boolean' }).primaryKey(),
  n: integer('n').notNull().default(0),
})

/**
 * A number per kind of content that grows with every change guests can see, kept by triggers
 * (migrations/0005_content_versions_triggers.sql): the guests' edge cache keys its entries with
 * it, so a write makes every older entry unreachable at once.
 */
export const contentVersions = sqliteTable('content_versions', {
  scope: text('scope').primaryKey(),
  version: integer('version').notNull().default(0),
})

/** One row per (server, tag), kept by the write paths: tag filters and tag counts are indexed. */
export const serverTags = sqliteTable(
  'server_tags',
  {
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tag, t.serverId] }), index('server_tags_server_idx').on(t.serverId)],
)

/**
 * One row per (server, category), kept by the write paths with `servers.categories`: the category
 * filter and the facet's counts are indexed. `source` is 'auto' (the classifier's) or 'human' (an
 * owner's or admin's choice, which imports and the sync then leave alone).
 */
export const serverCategories = sqliteTable(
  'server_categories',
  {
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    source: text('source').notNull().default('auto'),
  },
  (t) => [primaryKey({ columns: [t.category, t.serverId] }), index('server_categories_server_idx').on(t.serverId)],
)

/**
 * Copies of the sort keys of a tag's servers, one row per `server_tags` row, kept by triggers
 * (migrations/0022_list_postings.sql): a page of one tag walks a partial index per list sort and
 * reads only the rows it shows. Nothing writes them but the triggers.
 */
const postingKeys = {
  serverId: text('server_id').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull(),
  stars: integer('stars').notNull(),
  popularity: integer('popularity').notNull(),
  likeCount: integer('like_count').notNull(),
  updatedAt: text('updated_at').notNull(),
  createdAt: text('created_at').notNull(),
  gradeRank: integer('grade_rank').notNull().default(0),
}

export const tagPostings = sqliteTable('tag_postings', { tag: text('tag').notNull(), ...postingKeys }, (t) => [
  primaryKey({ columns: [t.tag, t.serverId] }),
  index('tag_postings_server_idx').on(t.serverId),
  index('tag_postings_stars_idx').on(t.tag, sql`${t.stars} DESC`, sql`${t.popularity} DESC`, t.serverId).where(sql`${t.active} = 1`),
  index('tag_postings_likes_idx').on(t.tag, sql`${t.likeCount} DESC`, t.serverId).where(sql`${t.active} = 1`),
  index('tag_postings_updated_idx').on(t.tag, sql`${t.updatedAt} DESC`, t.serverId).where(sql`${t.active} = 1`),
  index('tag_postings_created_idx').on(t.tag, sql`${t.createdAt} DESC`, t.serverId).where(sql`${t.active} = 1`),
  index('tag_postings_popularity_idx').on(t.tag, sql`${t.popularity} DESC`, t.serverId).where(sql`${t.active} = 1`),
  index('tag_postings_rated_idx')
    .on(t.tag, sql`${t.gradeRank} DESC`, sql`${t.stars} DESC`, sql`${t.popularity} DESC`, t.serverId)
    .where(sql`${t.active} = 1`),
])

/** The same copies per `server_categories` row: a page of one category, in index order. */
export const categoryPostings = sqliteTable('category_postings', { category: text('category').notNull(), ...postingKeys }, (t) => [
  primaryKey({ columns: [t.category, t.serverId] }),
  index('category_postings_server_idx').on(t.serverId),
  index('category_postings_stars_idx')
    .on(t.category, sql`${t.stars} DESC`, sql`${t.popularity} DESC`, t.serverId)
    .where(sql`${t.active} = 1`),
  index('category_postings_likes_idx').on(t.category, sql`${t.likeCount} DESC`, t.serverId).where(sql`${t.active} = 1`),
  index('category_postings_updated_idx').on(t.category, sql`${t.updatedAt} DESC`, t.serverId).where(sql`${t.active} = 1`),
  index('category_postings_created_idx').on(t.category, sql`${t.createdAt} DESC`, t.serverId).where(sql`${t.active} = 1`),
  index('category_postings_popularity_idx').on(t.category, sql`${t.popularity} DESC`, t.serverId).where(sql`${t.active} = 1`),
  index('category_postings_rated_idx')
    .on(t.category, sql`${t.gradeRank} DESC`, sql`${t.stars} DESC`, sql`${t.popularity} DESC`, t.serverId)
    .where(sql`${t.active} = 1`),
])

/** Active servers per tag, kept by triggers (0022): the tag facet and a one-tag list's total. */
export const keptTagCounts = sqliteTable('tag_counts', { tag: text('tag').primaryKey(), n: integer('n').notNull().default(0) }, (t) => [
  index('tag_counts_n_idx').on(sql`${t.n} DESC`, t.tag),
])

/** Active servers per category, kept by triggers (0022). */
export const keptCategoryCounts = sqliteTable('category_counts', {
  category: text('category').primaryKey(),
  n: integer('n').notNull().default(0),
})

export const serverLikes = sqliteTable(
  'server_likes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serverId] }), index('server_likes_server_idx').on(t.serverId, t.createdAt)],
)

/** A package is a user's category of servers; public ones are listed on /packages. */
export const packages = sqliteTable(
  'packages',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(false),
    recommendationMessage: text('recommendation_message'),
    likeCount: integer('like_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    serverCount: integer('server_count').notNull().default(0),
    rankingScore: real('ranking_score').notNull().default(0),
    /**
     * The revision of the package registry's secret link (docs/package-registries.md): the key is
     * an HMAC of the id and this number, never stored, so rotating it (+ 1) ends every older link.
     */
    registryKeyRev: integer('registry_key_rev').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('packages_user_idx').on(t.userId),
    index('packages_ranking_idx').on(t.isPublic, sql`${t.rankingScore} DESC`, t.id),
    index('packages_likes_idx').on(t.isPublic, sql`${t.likeCount} DESC`, t.id),
    index('packages_updated_idx').on(t.isPublic, sql`${t.updatedAt} DESC`, t.id),
    index('packages_created_idx').on(t.isPublic, sql`${t.createdAt} DESC`, t.id),
  ],
)

export const packageServers = sqliteTable(
  'package_servers',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    addedAt: text('added_at').notNull().default(now),
    /** The server's version the package's registry serves, pinned by the owner; null: its newest not held back. */
    version: text('version'),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.serverId] }), index('package_servers_server_idx').on(t.serverId)],
)

export const packageLikes = sqliteTable(
  'package_likes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.packageId] }), index('package_likes_package_idx').on(t.packageId)],
)

/** A view counts once per visitor (hashed) per package per day. */
export const packageViews = sqliteTable(
  'package_views',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.visitorHash, t.day] })],
)

export const packageComments = sqliteTable(
  'package_comments',
  {
    id: text('id').primaryKey(),
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** Null for guests, who give authorName instead. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    content: text('content').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('package_comments_package_idx').on(t.packageId, t.createdAt)],
)

/** A user follows an author by name (a GitHub login), registered or only imported. */
export const follows = sqliteTable(
  'follows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.authorName] })],
)

export const activities = sqliteTable(
  'activities',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('activities_user_idx').on(t.userId, t.createdAt),
    index('activities_server_idx').on(t.serverId, t.activityType, t.createdAt),
  ],
)

export const featured = sqliteTable(
  'featured',
  {
    serverId: text('server_id')
      .primaryKey()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** Sanitised on write by worker/lib/render/html.ts; never stored raw. */
    commentHtml: text('comment_html').notNull().default(''),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    publishStartAt: text('publish_start_at'),
    publishEndAt: text('publish_end_at'),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('featured_active_idx').on(t.isActive, t.sortOrder)],
)

/** Every create and update of a server: who, when, and the fields before and after. */
export const serverRevisions = sqliteTable(
  'server_revisions',
  {
    id: text('id').primaryKey(),
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    before: text('before', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    after: text('after', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('server_revisions_server_idx').on(t.serverId, t.createdAt)],
)

/**
 * Every version the registry published of a listed server; the listing itself shows the latest
 * (its `version`), so no flag here has to be kept in step when a newer one arrives.
 * The install configurations of an older version are built from its own packages and remotes.
 */
export const serverVersions = sqliteTable(
  'server_versions',
  {
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    /** The registry's status of this version: 'active', 'deprecated' or 'deleted'. */
    status: text('status').notNull().default('active'),
    publishedAt: text('published_at'),
    upstreamUpdatedAt: text('upstream_updated_at'),
    packages: text('packages', { mode: 'json' }).$type<unknown[]>().notNull().default(sql`'[]'`),
    remotes: text('remotes', { mode: 'json' }).$type<unknown[]>().notNull().default(sql`'[]'`),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.version] })],
)

/**
 * One run of the registry sync. A run spans many invocations (cron or "run now"): its cursor and
 * counts are saved after every page, so a stopped invocation resumes at the next page.
 */
export const syncRuns = sqliteTable(
  'sync_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** 'full' (every entry) or 'incremental' (changes since `updatedSince`). */
    kind: text('kind').notNull(),
    /** 'running', 'completed' or 'failed'. */
    status: text('status').notNull().default('running'),
    updatedSince: text('updated_since'),
    /** The registry's cursor of the next page to read; null before the first page. */
    cursor: text('cursor'),
    /** An invocation holds the run until then, so two never read the same page. */
    leaseUntil: text('lease_until'),
    invocations: integer('invocations').notNull().default(0),
    pages: integer('pages').notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    hidden: integer('hidden').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** Failures in a row; the run fails after a few, and the next invocation starts afresh. */
    errorCount: integer('error_count').notNull().default(0),
    lastError: text('last_error'),
    startedAt: text('started_at').notNull().default(now),
    finishedAt: text('finished_at'),
  },
  (t) => [
    // At most one run in progress: starting one is an insert that loses the race harmlessly.
    uniqueIndex('sync_runs_one_running_uq').on(t.status).where(sql`status = 'running'`),
    index('sync_runs_started_idx').on(t.startedAt),
  ],
)

/** Entries a run refused, with the reason; never written to the catalogue. */
export const syncRefusals = sqliteTable(
  'sync_refusals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    runId: integer('run_id')
      .notNull()
      .references(() => syncRuns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: text('version'),
    reason: text('reason').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('sync_refusals_run_idx').on(t.runId)],
)

/**
 * Every distinct surface read for a version of a listing (worker/shared/surface.ts): a probe
 * that reads the same surface again only moves `lastSeenAt`, and a changed one is a new row, so
 * two versions (or two reads of one version) compare exactly by hash.
 */
export const serverSurfaces = sqliteTable(
  'server_surfaces',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** The listing's version the surface was read for. */
    version: text('version').notNull(),
    /** sha-256 of the surface's canonical JSON (keys sorted). */
    hash: text('hash').notNull(),
    /** The surface's canonical JSON. */
    surface: text('surface').notNull(),
    /** Each tool's name and the hash of its canonical JSON (JSON object). */
    toolHashes: text('tool_hashes').notNull(),
    toolCount: integer('tool_count').notNull(),
    /** 'remote', 'package' or 'declared'. */
    source: text('source').notNull(),
    protocolVersion: text('protocol_version'),
    transport: text('transport'),
    /** The Server Card the server published beside it, when it did (JSON). */
    serverCard: text('server_card'),
    firstSeenAt: text('first_seen_at').notNull(),
    lastSeenAt: text('last_seen_at').notNull(),
    /** The scanner's RiskLevel over the surface's open findings; null until it was scanned. */
    risk: text('risk'),
    /** The SCANNER_VERSION that scanned it: a surface scanned by older rules is scanned again. */
    scannerVersion: integer('scanner_version'),
    /**
     * For a surface shipped with the catalogue's data rather than read here: who read it
     * (worker/shared/surface.ts ShippedProvenance, JSON); null for a surface read by this
     * catalogue's probes, and cleared when one reads it again.
     */
    shipped: text('shipped'),
    /** The announced lists its latest read could not read, each empty here (ListErrors as JSON); null when every list was read. */
    listErrors: text('list_errors'),
  },
  (t) => [
    // Per source: a surface the maintainer declared may equal one read, and both are kept.
    uniqueIndex('server_surfaces_version_hash_uq').on(t.serverId, t.version, t.source, t.hash),
    index('server_surfaces_seen_idx').on(t.serverId, t.lastSeenAt),
    // The newest scanned surface (the advisory's "last scan"), one entry from the end.
    index('server_surfaces_scanned_idx').on(t.firstSeenAt).where(sql`scanner_version IS NOT NULL`),
  ],
)

/** What the scanner found in one stored surface (worker/shared/scan.ts Finding), one row per finding. */
export const surfaceFindings = sqliteTable(
  'surface_findings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    surfaceId: integer('surface_id')
      .notNull()
      .references(() => serverSurfaces.id, { onDelete: 'cascade' }),
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    class: text('class').notNull(),
    severity: text('severity').notNull(),
    kind: text('kind').notNull(),
    item: text('item'),
    field: text('field').notNull(),
    start: integer('start').notNull(),
    end: integer('end').notNull(),
    excerpt: text('excerpt').notNull(),
    reason: text('reason').notNull(),
    /** The review item that decides it (findings of medium or above; the same finding on a later surface shares it). */
    reviewId: integer('review_id'),
  },
  (t) => [
    index('surface_findings_surface_idx').on(t.surfaceId),
    index('surface_findings_class_idx').on(t.class, t.severity),
    // The findings a review decides: what a decision recounts in finding_counts.
    index('surface_findings_review_idx').on(t.reviewId).where(sql`review_id IS NOT NULL`),
  ],
)

/**
 * The advisory's figures, kept by triggers (migrations/0023_flat_feeds_sitemap_scan_stats.sql) so
 * /api/security/scan-stats reads a few rows at any size: 'surfaces' (surfaces scanned), 'servers'
 * (servers with one) and 'risk:<level>' (active listings at each risk).
 */
export const scanCounts = sqliteTable('scan_counts', {
  name: text('name').primaryKey(),
  n: integer('n').notNull().default(0),
})

/** Findings per class and severity that no review dismissed, kept by triggers (as scanCounts). */
export const findingCounts = sqliteTable(
  'finding_counts',
  {
    class: text('class').notNull(),
    severity: text('severity').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.class, t.severity] })],
)

/**
 * A rescan run: after SCANNER_VERSION changed, the stored surfaces scanned again by its rules,
 * a batch per cron invocation (worker/services/scanning/rescan.ts). One per scanner version.
 */
export const rescanRuns = sqliteTable(
  'rescan_runs',
  {
    scannerVersion: integer('scanner_version').primaryKey(),
    startedAt: text('started_at').notNull(),
    /** Set when no surface older rules scanned is left; cleared if one turns up after. */
    finishedAt: text('finished_at'),
    /** Surfaces older rules had scanned when the run started (raised if more turned up). */
    surfacesTotal: integer('surfaces_total').notNull().default(0),
    surfacesRescanned: integer('surfaces_rescanned').notNull().default(0),
  },
  (t) => [index('rescan_runs_started_idx').on(t.startedAt)],
)

/**
 * What a run's rescanned surfaces held before and hold after: open findings by severity and by
 * class, and surfaces by risk (`measure` 'severity', 'class' or 'surface_risk'; `key` its value).
 * Each batch adds its own surfaces, so the sums are exact across batches.
 */
export const rescanRunCounts = sqliteTable(
  'rescan_run_counts',
  {
    scannerVersion: integer('scanner_version')
      .notNull()
      .references(() => rescanRuns.scannerVersion, { onDelete: 'cascade' }),
    measure: text('measure').notNull(),
    key: text('key').notNull(),
    nBefore: integer('n_before').notNull().default(0),
    nAfter: integer('n_after').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scannerVersion, t.measure, t.key] })],
)

/** Each listing a run touched: its risk before its first rescanned surface and after its last ('none' for none). */
export const rescanRunListings = sqliteTable(
  'rescan_run_listings',
  {
    scannerVersion: integer('scanner_version')
      .notNull()
      .references(() => rescanRuns.scannerVersion, { onDelete: 'cascade' }),
    serverId: text('server_id').notNull(),
    riskBefore: text('risk_before').notNull(),
    riskAfter: text('risk_after').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scannerVersion, t.serverId] })],
)

/** A server's Changes timeline: each surface read that differs from the one read before it (or the first). */
export const surfaceChanges = sqliteTable(
  'surface_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    surfaceId: integer('surface_id')
      .notNull()
      .references(() => serverSurfaces.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    hash: text('hash').notNull(),
    previousHash: text('previous_hash'),
    listingVersion: text('listing_version').notNull(),
    /** The SurfaceDiff (JSON); null for the first surface seen. */
    diff: text('diff'),
    withoutNewVersion: integer('without_new_version', { mode: 'boolean' }).notNull().default(false),
    /** Findings of medium or above the new surface has that the one before had not. */
    newFindings: integer('new_findings').notNull().default(0),
    risk: text('risk').notNull(),
    /** One line for the dashboard and the feed. */
    summary: text('summary').notNull(),
    /** Whether people who follow, like or keep the server are told (a change, or a new finding of medium or above). */
    alert: integer('alert', { mode: 'boolean' }).notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('surface_changes_server_idx').on(t.serverId, t.createdAt)],
)

/**
 * The admins' one review queue: everything the catalogue's checks ask a person to look at, of
 * any kind ('finding' now; package versions later), each decided once (dismissed with a reason
 * that is shown, or the listing hidden), the decision recorded. `key` names the thing reviewed,
 * so the same finding on the next surface is the same item and keeps its decision.
 */
export const reviewItems = sqliteTable(
  'review_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(),
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    severity: text('severity').notNull(),
    title: text('title').notNull(),
    reason: text('reason').notNull(),
    createdAt: text('created_at').notNull(),
    /** 'open', 'dismissed' or 'hidden'. */
    status: text('status').notNull().default('open'),
    decidedBy: text('decided_by'),
    decidedAt: text('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (t) => [uniqueIndex('review_items_key_uq').on(t.serverId, t.kind, t.key), index('review_items_status_idx').on(t.status, t.createdAt)],
)

/**
 * A package the supply-chain watch reads (worker/db/supply.ts): one row per registry and name that
 * a listing installs, whatever number of listings share it, with its schedule. The discovery
 * document's validator makes the recurring read a conditional request.
 */
export const watchedPackages = sqliteTable(
  'watched_packages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** 'npm' or 'pypi'. */
    registry: text('registry').notNull(),
    name: text('name').notNull(),
    /** The discovery document's ETag (npm's dist-tags, PyPI's project document), sent back as If-None-Match. */
    etag: text('etag'),
    /** Its Last-Modified, sent back as If-Modified-Since when the registry gives no ETag. */
    lastModified: text('last_modified'),
    /** The SHA-256 of its body as last read: the same body again is unchanged, whatever the registry's headers say. */
    contentHash: text('content_hash'),
    /** The registry's latest version, as last read. */
    latestVersion: text('latest_version'),
    /** When the package was first watched: a name one edit from an earlier one is the look-alike. */
    createdAt: text('created_at').notNull(),
    dueAt: text('due_at').notNull(),
    /** 1 when a listing names a version the watch has not read: new versions first. */
    priority: integer('priority').notNull().default(0),
    /** A queued check holds the row until then, so it is not queued twice. */
    leaseUntil: text('lease_until'),
    /** Failed reads in a row (the back-off's exponent). */
    failures: integer('failures').notNull().default(0),
    /** 'ok', 'unchanged', 'not_found' or 'failed', with the error for the last. */
    lastStatus: text('last_status'),
    lastError: text('last_error'),
    checkedAt: text('checked_at'),
    /** When the install versions' own documents were last read again (deprecation, removal). */
    verifiedAt: text('verified_at'),
  },
  (t) => [
    uniqueIndex('watched_packages_name_uq').on(t.registry, t.name),
    index('watched_packages_due_idx').on(sql`${t.priority} DESC`, t.dueAt),
  ],
)

/** One version of a watched package as the registry described it, scored (worker/lib/supply/). */
export const packageVersions = sqliteTable(
  'package_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    packageId: integer('package_id')
      .notNull()
      .references(() => watchedPackages.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    publishedAt: text('published_at'),
    seenAt: text('seen_at').notNull(),
    /** The VersionFacts (JSON). */
    facts: text('facts').notNull(),
    /** Read once, then gone from the registry: unpublished after the watch read it. */
    removed: integer('removed', { mode: 'boolean' }).notNull().default(false),
    /**
     * A version a listing pins that the registry does not have and the watch never read: not found
     * in the registry (no facts, not scored, no one's history), read again daily until it appears.
     */
    missing: integer('missing', { mode: 'boolean' }).notNull().default(false),
    /**
     * Read from the package's history when the watch first met it (older than the latest then):
     * scored and shown, but not news, so never an alert, a feed entry or a review item.
     */
    history: integer('history', { mode: 'boolean' }).notNull().default(false),
    score: integer('score').notNull(),
    /** SupplyBand of the score. */
    band: text('band').notNull(),
    /** The SupplySignal list (JSON). */
    signals: text('signals').notNull(),
    /** The SUPPLY_SCORER_VERSION that scored it. */
    scorerVersion: integer('scorer_version').notNull(),
  },
  (t) => [
    uniqueIndex('package_versions_version_uq').on(t.packageId, t.version),
    index('package_versions_seen_idx').on(t.seenAt),
    index('package_versions_band_idx').on(t.band, t.seenAt),
  ],
)

/**
 * Which watched packages each listing installs, and what the watch decided for it: the version its
 * install configurations use (the pinned one, else the newest not held back), a newer one held back
 * for a High score, and the band of the one used (dismissed versions not counted).
 */
export const listingPackages = sqliteTable(
  'listing_packages',
  {
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => watchedPackages.id, { onDelete: 'cascade' }),
    /** The version the listing pins; null when it installs the latest. */
    pinned: text('pinned'),
    installVersion: text('install_version'),
    heldBack: text('held_back'),
    band: text('band'),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.packageId] }), index('listing_packages_package_idx').on(t.packageId)],
)

/** One probe of a listing, whatever it found: the health history (kept for 90 days, then summarised in probe_days). */
export const serverProbes = sqliteTable(
  'server_probes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    /** The URL probed, or the package ('npm:name@version'). */
    target: text('target').notNull(),
    transport: text('transport'),
    protocolVersion: text('protocol_version'),
    /** A ProbeStatus (worker/shared/surface.ts). */
    status: text('status').notNull(),
    error: text('error'),
    authMetadataUrl: text('auth_metadata_url'),
    missingVariable: text('missing_variable'),
    /** The surface read, for 'ok'. */
    surfaceHash: text('surface_hash'),
    startedAt: text('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** A FailureCause (worker/shared/surface.ts FAILURE_CAUSES): why it failed, or 'list_failed' for an ok that lost a list. */
    cause: text('cause'),
    /** For 'ok': the announced lists it could not read, each one line (ListErrors as JSON); null when every list was read. */
    listErrors: text('list_errors'),
    /** Which protocol generations answered (ProtocolGenerations as JSON: true answered, false tried and not); null when it told nothing. */
    generations: text('generations'),
  },
  (t) => [index('server_probes_server_idx').on(t.serverId, t.startedAt), index('server_probes_started_idx').on(t.startedAt)],
)

/** Probes older than the history keeps, one row per listing and day. */
export const probeDays = sqliteTable(
  'probe_days',
  {
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    probes: integer('probes').notNull(),
    ok: integer('ok').notNull(),
    /** Sum of the durations of the probes that reached the server, for a mean. */
    reachedMs: integer('reached_ms').notNull(),
    reached: integer('reached').notNull(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.day] })],
)

/**
 * What a probe schedule keeps per listing, remotes' and packages' alike: when it is due again
 * (now for a new version, daily when healthy, backing off when failing) and who holds it.
 */
const scheduleColumns = () => ({
  serverId: text('server_id')
    .primaryKey()
    .references(() => servers.id, { onDelete: 'cascade' }),
  /** The version last probed; a listing whose version differs is due at once. */
  version: text('version'),
  dueAt: text('due_at').notNull(),
  /** Failed probes in a row (the back-off's exponent). */
  failures: integer('failures').notNull().default(0),
  lastStatus: text('last_status'),
  lastProbeAt: text('last_probe_at'),
  /** A queued probe (a runner's claim) holds the row until then, so it is not handed out twice. */
  leaseUntil: text('lease_until'),
  /** The latest probe's FailureCause and, for needs_config, the variable it wanted: what the admin screen groups by. */
  lastCause: text('last_cause'),
  lastVariable: text('last_variable'),
})

/** When each listing with a remote is due for the Worker's probe. One row per listing that has something to probe. */
export const probeSchedule = sqliteTable('probe_schedule', scheduleColumns(), (t) => [index('probe_schedule_due_idx').on(t.dueAt)])

/**
 * When each listing's package is due for the probe runner (worker/routes/runner.ts), with the
 * same cadence as the remotes'. A claim holds the row until `leaseUntil` under `jobId`, so two
 * runners never read the same package, and a result is taken only from the runner that holds
 * the lease.
 */
export const packageProbeSchedule = sqliteTable(
  'package_probe_schedule',
  {
    ...scheduleColumns(),
    /** The lease a runner holds: its job's id and the version it is to read. */
    jobId: text('job_id'),
    jobVersion: text('job_version'),
  },
  (t) => [index('package_probe_schedule_due_idx').on(t.dueAt)],
)

/**
 * Each listing's verdict (worker/shared/verdict.ts Verdict, JSON), graded by worker/lib/verdict from
 * what the catalogue measured when an input changed (servers.verdict_rev); the card's grade is
 * copied to servers.grade. `inputs` is the hash of what it was graded to (its grades and reasons,
 * without its time, under its method): grading again to the same hash writes nothing but `checkedAt`.
 */
export const serverVerdicts = sqliteTable(
  'server_verdicts',
  {
    serverId: text('server_id')
      .primaryKey()
      .references(() => servers.id, { onDelete: 'cascade' }),
    verdict: text('verdict').notNull(),
    grade: text('grade'),
    inputs: text('inputs').notNull(),
    computedAt: text('computed_at').notNull(),
    /**
     * When it was last graded, whether or not the verdict changed: a verdict whose time-dependent
     * inputs (the age of the latest version, the probes' window) have aged past a day is graded
     * again, found by this index (migrations/0030_verdict_checks.sql).
     */
    checkedAt: text('checked_at').notNull().default(''),
  },
  (t) => [index('server_verdicts_checked_idx').on(t.checkedAt)],
)

/** Each time a listing's overall grade fell (or could no longer be given): the dashboard's and the feeds' alerts. */
export const gradeDrops = sqliteTable(
  'grade_drops',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    serverId: text('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    fromGrade: text('from_grade'),
    toGrade: text('to_grade'),
    /** The dimensions whose grade fell, each with its first reason (JSON array of strings). */
    reasons: text('reasons').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('grade_drops_server_idx').on(t.serverId, t.createdAt), index('grade_drops_created_idx').on(t.createdAt)],
)

/** Fixed-window counters for write rate limits, keyed by client and bucket. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
})

export type ServerRow = typeof servers.$inferSelect
export type NewServerRow = typeof servers.$inferInsert
export type UserRow = typeof users.$inferSelect
export type SyncRunRow = typeof syncRuns.$inferSelect
