/**
 * The specification's numbers and enumerations, free of zod so the SPA can read them without
 * loading the schemas (and so nothing copies them).
 */
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
  /** Servers per category: keeps a package page and its merged configuration a sane size. */
  categoryServers: 100,
  statsWindowDefault: 30,
  statsWindowMax: 365,
  searchQuery: 200,
  tagFilter: 10,
  featuredSummary: 150,
  featuredHtml: 20000,
  serverName: 200,
  remoteName: 100,
  url: 2048,
  /**
   * A package's post-install steps (the registry draft's `postInstallInstructions`), as read from
   * any source and as the form takes them: how many, and each one's text and command.
   */
  postInstallSteps: 10,
  postInstallDescription: 500,
  postInstallCommand: 1000,
  /** A remote URL's `{variables}` the form declares, and each one's name, default and description. */
  remoteVariables: 10,
  remoteVariableName: 64,
  remoteVariableText: 500,
  /** Characters; the 64 KB body limit leaves room for the rest of the form. */
  readmeText: 50000,
  npmName: 214,
  /**
   * Nesting of arrays and objects in any JSON body: the deepest real input (a server's metadata
   * and packages) needs a handful; deeper input is refused before anything walks it.
   */
  jsonDepth: 32,
  /** The registry API's page sizes (/v0.1): the official registry's, which its OpenAPI file leaves open. */
  registryPageSize: 30,
  registryMaxLimit: 100,
  /** A tool's name as the pinning check takes it (surfaces keep names up to 8 KiB, but no real one is near 200). */
  toolName: 200,
  /** An admin's reason for a review decision: shown beside the finding. */
  reviewReason: 500,
} as const

/** 'rated' is "Best rated": the verdict's grade (worker/shared/verdict.ts gradeRank), then the stars sort's keys. */
export const SERVER_SORTS = ['stars', 'likes', 'updated', 'created', 'ranking', 'rated'] as const
/**
 * The package types a list or search filters by (`packageType=npm`): a package's `registryType`
 * as the registry names them, lower-cased (a legacy `docker` package counts as `oci`). A remote is
 * its own filter (`remote=1`), not a package type.
 */
export const PACKAGE_TYPES = ['npm', 'pypi', 'oci', 'nuget', 'mcpb'] as const
export type PackageType = (typeof PACKAGE_TYPES)[number]
export type ServerSort = (typeof SERVER_SORTS)[number]
export const PACKAGE_SORTS = ['ranking', 'likes', 'updated', 'created'] as const
export type PackageSort = (typeof PACKAGE_SORTS)[number]
export const COMMENT_SORTS = ['newest', 'oldest'] as const
