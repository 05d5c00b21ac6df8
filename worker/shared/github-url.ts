/**
 * What counts as a GitHub repository address, for the Worker (validation, ownership, README
 * look-ups) and the SPA (links, follow) alike. Free of zod, so any screen can use it.
 */

/** `https://github.com/{owner}/{repo}` with an optional `.git`, trailing slash, query or fragment. */
export const GITHUB_URL_RE =
  /^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?(?:[#?].*)?$/i

export interface RepoRef {
  owner: string
  repo: string
}

/**
 * Owner and repository from a github.com address, or null when it has another shape.
 * @example parseGithubUrl('https://github.com/acme/widget.git') // { owner: 'acme', repo: 'widget' }
 */
export function parseGithubUrl(url: string | null | undefined): RepoRef | null {
  if (!url) return null
  const m = GITHUB_URL_RE.exec(url.trim())
  if (!m) return null
  return { owner: m[1], repo: m[2].replace(/\.git$/i, '') }
}

/** GitHub's login rules: alphanumerics and single inner hyphens, at most 39 characters. */
export const GITHUB_LOGIN_RE = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/

/**
 * Who a listing is by, as a GitHub login that can be followed and has a feed: the repository
 * owner (the maintainer); without a repository, the author field when it looks like a login
 * (display names cannot be followed). Null when neither is one.
 * @example followableAuthor({ githubUrl: 'https://github.com/Acme/widget', author: 'Acme Inc' }) // 'Acme'
 */
export function followableAuthor(server: { githubUrl: string | null; author: string }): string | null {
  const owner = parseGithubUrl(server.githubUrl)?.owner
  if (owner && GITHUB_LOGIN_RE.test(owner)) return owner
  return GITHUB_LOGIN_RE.test(server.author) ? server.author : null
}
