/**
 * The JSON shapes of the public API, shared by the Worker (which produces them) and the SPA
 * (which reads them). Only types: importing this file adds nothing to either bundle.
 */

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
  likeCount: number
  isLiked: boolean
  stars: number
  popularity: number
  installCommand: string
  status: ServerStatus
  createdAt: string
  updatedAt: string
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
}

export interface ServerList {
  servers: ServerSummary[]
  total: number
  currentPage: number
  totalPages: number
}

export interface FeaturedServer {
  id: string
  displayName: string
  icon: string | null
  description: string
  ownerAvatarUrl: string | null
  author: string
  commentHtml: string
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

export interface PackageList {
  packages: PackageSummary[]
  total: number
  currentPage: number
  totalPages: number
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

export interface ApiErrorBody {
  error: string
  issues?: Array<{ field: string; message: string }>
}
