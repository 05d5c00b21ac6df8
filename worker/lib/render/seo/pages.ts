/**
 * What each page of the SPA says before any script runs: its head (title, description,
 * canonical, previews, JSON-LD) and a plain summary of its content, which the SPA replaces when it
 * mounts. The summaries use the SPA's own layout classes, so the page looks the same before and
 * after and nothing moves when it does.
 */
import { followableAuthor } from '@shared/github-url'
import { MCP_PATH, USE_FROM_AI_PAGE } from '@shared/mcp-endpoint'
import { PAGE_PATHS } from '@shared/page-paths'
import type { PackageDetail, PackageSummary, ServerDetail, ServerSummary } from '@shared/types'
import { metaDescription, type PageMeta, SITE_DESCRIPTION, SITE_NAME } from './head'
import { headLinksFor, type Page } from './head-links'
import { html, type Markup } from './markup'

export interface PageView {
  page: Page
  meta: PageMeta
  /** The summary put into the SPA's root element; null leaves the root as it is. */
  body: Markup | null
}

/** The preview image of pages without one of their own. */
export const SITE_IMAGE = { path: '/og/site.png', alt: `${SITE_NAME}: ${SITE_DESCRIPTION}` }

/** A server's preview image; `version` changes the address whenever the picture would change. */
export const serverImagePath = (id: string, version: string) => `/og/servers/${encodeURIComponent(id)}.png?v=${encodeURIComponent(version)}`

const view = (page: Page, meta: Omit<PageMeta, 'links'>, body: Markup | null): PageView => ({
  page,
  meta: { ...meta, links: headLinksFor(page) },
  body,
})

const container = (inner: Markup) => html`<div class="container-page py-6">${inner}</div>`

const muted = 'text-zinc-700 dark:text-zinc-300'
const link = 'rounded text-blue-700 underline underline-offset-2 dark:text-blue-400'

function serverList(list: ServerSummary[]): Markup {
  return html`<ul class="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">${list.map(
    (s) => html`<li class="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
<h2 class="font-semibold wrap-anywhere"><a class="${link}" href="/servers/${encodeURIComponent(s.id)}">${s.displayName}</a></h2>
<p class="mt-1 text-sm ${muted}">by ${s.author}</p>
<p class="mt-2 line-clamp-3 text-sm leading-6 ${muted}">${s.description}</p>
</li>`,
  )}</ul>`
}

export function homePage(origin: string): PageView {
  return view(
    { kind: 'home' },
    {
      title: null,
      description:
        'Find, read and install Model Context Protocol (MCP) servers: search the catalogue and copy a working configuration for your AI client.',
      path: '/',
      image: SITE_IMAGE,
      jsonLd: {
        '@type': 'WebSite',
        name: SITE_NAME,
        description: SITE_DESCRIPTION,
        url: `${origin}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${origin}/servers?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    },
    html`<div class="container-page flex flex-col gap-4 pt-6">
<section aria-labelledby="security-notice-title" class="relative rounded-lg border border-amber-300 bg-amber-50 p-4 pr-12 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
<div class="flex gap-3"><div class="mt-0.5 size-5 shrink-0"></div><div class="min-w-0">
<h2 id="security-notice-title" class="font-semibold">Security notice: npm supply-chain scan of listed servers</h2>
<p class="mt-1 text-sm leading-6">An independent scan checked the npm packages behind MCP servers for signs of the September 2025 supply-chain attack. 193 packages were updated within the attack window. Risk scores: <strong>High 28</strong>, <strong>Medium 227</strong>, <strong>Low 380</strong>. A score adds +1 per indicator found and is not proof of compromise.</p>
<p class="mt-1 min-h-6 text-sm leading-6"></p>
<a href="${PAGE_PATHS.advisory}" class="mt-2 inline-flex items-center gap-1 rounded text-sm font-medium underline underline-offset-2">Read the security advisory</a>
</div></div>
</section>
<section aria-labelledby="hosting-title" class="flex flex-col gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 sm:flex-row sm:items-center dark:border-blue-900 dark:bg-blue-950/50">
<div class="size-6 shrink-0"></div>
<div class="min-w-0">
<p class="text-xs font-semibold tracking-wide text-blue-800 uppercase dark:text-blue-300">Coming Soon</p>
<h2 id="hosting-title" class="font-semibold">Cloud hosting for MCP servers</h2>
<p class="text-sm ${muted}">Run the MCP servers you find here in the cloud, without managing machines or keeping processes alive.</p>
</div>
</section>
<section aria-labelledby="hero-title" class="py-10 text-center sm:py-16">
<h1 id="hero-title" class="text-3xl font-bold tracking-tight text-balance sm:text-5xl">Find the right MCP server for your AI tools</h1>
<p class="mx-auto mt-4 max-w-2xl text-lg ${muted}">A public catalogue of Model Context Protocol servers: search, read the README and copy a working configuration for Claude Desktop, Cursor, VS Code or Windsurf.</p>
<p class="mt-8"><a class="${link}" href="/servers">Browse Servers</a> · <a class="${link}" href="/packages">Browse Packages</a></p>
</section>
</div>`,
  )
}

export function serversPage(origin: string, list: ServerSummary[], total: number): PageView {
  return view(
    { kind: 'servers' },
    {
      title: 'MCP Servers',
      description: `Browse, search and filter ${total} Model Context Protocol servers by tag, stars, likes and update date.`,
      path: '/servers',
      image: SITE_IMAGE,
      jsonLd: {
        '@type': 'CollectionPage',
        name: 'MCP Servers',
        mainEntity: itemList(
          origin,
          list.map((s) => ({ path: `/servers/${s.id}`, name: s.displayName })),
        ),
      },
    },
    container(html`<h1 class="text-2xl font-semibold tracking-tight sm:text-3xl">MCP Servers</h1>
<p class="mt-1 text-sm ${muted}">${total} servers available</p>
${serverList(list)}`),
  )
}

function itemList(origin: string, items: Array<{ path: string; name: string }>) {
  return {
    '@type': 'ItemList',
    numberOfItems: items.length,
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, url: origin + item.path, name: item.name })),
  }
}

/**
 * A server's page. Deleted and pending listings (which only their admins and owners reach) are
 * not indexed.
 */
export function serverPage(origin: string, server: ServerDetail, imageVersion: string): PageView {
  const description = metaDescription(server.description)
  return view(
    { kind: 'server', id: server.id, author: server.author, feedAuthor: followableAuthor(server), tags: server.tags },
    {
      title: server.displayName,
      description,
      path: `/servers/${encodeURIComponent(server.id)}`,
      image: { path: serverImagePath(server.id, imageVersion), alt: `${server.displayName}, by ${server.author}` },
      noindex: server.status !== 'active',
      jsonLd: {
        '@type': 'SoftwareApplication',
        name: server.displayName,
        url: `${origin}/servers/${encodeURIComponent(server.id)}`,
        alternateName: server.name,
        description: server.description,
        applicationCategory: 'DeveloperApplication',
        softwareVersion: server.version,
        author: { '@type': 'Person', name: server.author },
        ...(server.license ? { license: server.license } : {}),
        ...(server.githubUrl ? { sameAs: server.githubUrl, codeRepository: server.githubUrl } : {}),
        ...(server.tags.length ? { keywords: server.tags.join(', ') } : {}),
        dateCreated: server.createdAt,
        dateModified: server.updatedAt,
        interactionStatistic: {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/LikeAction',
          userInteractionCount: server.likeCount,
        },
      },
    },
    container(html`<nav aria-label="Breadcrumb"><ol class="flex min-w-0 items-center gap-1 text-sm ${muted}"><li><a class="${link}" href="/servers">Servers</a></li><li aria-hidden="true">›</li><li class="min-w-0 truncate font-medium" aria-current="page">${server.displayName}</li></ol></nav>
<header class="mt-4 flex min-w-0 gap-4">
<div class="size-16 shrink-0 rounded-lg bg-zinc-100 dark:bg-zinc-800" aria-hidden="true"></div>
<div class="min-w-0">
<h1 class="text-2xl font-semibold tracking-tight wrap-anywhere sm:text-3xl">${server.displayName}</h1>
<p class="mt-1 leading-7 ${muted}">${server.description}</p>
<p class="mt-2 text-sm ${muted}">by ${server.author} · v${server.version} · <code class="font-mono text-xs break-all">${server.name}</code> · ${server.likeCount} likes</p>
</div>
</header>
<section class="mt-6" aria-labelledby="install-title">
<h2 id="install-title" class="text-lg font-semibold">Install</h2>
<pre class="mt-2 overflow-x-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900"><code class="font-mono">${server.installCommand}</code></pre>
</section>
<p class="mt-6 text-sm">${server.githubUrl ? html`<a class="${link}" href="${server.githubUrl}" rel="noopener noreferrer">Source repository</a> · ` : ''}<a class="${link}" href="/servers">All servers</a></p>`),
  )
}

export function packagesPage(origin: string, list: PackageSummary[], total: number): PageView {
  return view(
    { kind: 'packages' },
    {
      title: 'Recommended Packages',
      description: 'Collections of MCP servers recommended by the community, with one configuration to install each.',
      path: '/packages',
      image: SITE_IMAGE,
      jsonLd: {
        '@type': 'CollectionPage',
        name: 'Recommended Packages',
        mainEntity: itemList(
          origin,
          list.map((p) => ({ path: `/packages/${p.id}`, name: p.name })),
        ),
      },
    },
    container(html`<h1 class="text-2xl font-semibold tracking-tight sm:text-3xl">Recommended Packages</h1>
<p class="mt-1 text-sm ${muted}">${total} packages</p>
${
  total === 0
    ? html`<div class="mt-6 rounded-lg border border-dashed border-zinc-300 px-6 py-16 text-center dark:border-zinc-700">
<h2 class="mt-3 text-lg font-semibold">No packages yet</h2>
<p class="mt-1 ${muted}">Group your favorite servers into a category on your dashboard and make it public to share it here.</p>
</div>`
    : ''
}<ul class="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">${list.map(
      (p) => html`<li class="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
<h2 class="font-semibold wrap-anywhere"><a class="${link}" href="/packages/${encodeURIComponent(p.id)}">${p.name}</a></h2>
${p.user ? html`<p class="mt-1 text-sm ${muted}">by ${p.user.username}</p>` : ''}
${p.description ? html`<p class="mt-2 line-clamp-3 text-sm ${muted}">${p.description}</p>` : ''}
<p class="mt-2 text-sm ${muted}">${p.serverCount} servers · ${p.likeCount} likes</p>
</li>`,
    )}</ul>`),
  )
}

/** A package's page; only public packages are built for guests (the route decides). */
export function packagePage(origin: string, pkg: PackageDetail): PageView {
  const servers = pkg.servers.map((s) => ({ path: `/servers/${s.id}`, name: s.displayName }))
  return view(
    { kind: 'package', id: pkg.id, isPublic: pkg.isPublic },
    {
      title: pkg.name,
      description: metaDescription(pkg.description ?? pkg.recommendationMessage, `A package of ${pkg.serverCount} MCP servers.`),
      path: `/packages/${encodeURIComponent(pkg.id)}`,
      image: SITE_IMAGE,
      noindex: !pkg.isPublic,
      jsonLd: {
        '@type': 'CollectionPage',
        name: pkg.name,
        ...(pkg.description ? { description: pkg.description } : {}),
        ...(pkg.user ? { author: { '@type': 'Person', name: pkg.user.username } } : {}),
        dateCreated: pkg.createdAt,
        dateModified: pkg.updatedAt,
        url: `${origin}/packages/${encodeURIComponent(pkg.id)}`,
        mainEntity: itemList(origin, servers),
      },
    },
    container(html`<p class="text-sm"><a class="${link}" href="/packages">Packages</a></p>
<h1 class="mt-4 text-2xl font-semibold tracking-tight wrap-anywhere sm:text-3xl">${pkg.name}</h1>
${pkg.user ? html`<p class="mt-1 text-sm ${muted}">by ${pkg.user.username}</p>` : ''}
${pkg.description ? html`<p class="mt-2 leading-7 ${muted}">${pkg.description}</p>` : ''}
${pkg.recommendationMessage ? html`<p class="mt-2 leading-7 ${muted}">Why this package is recommended: ${pkg.recommendationMessage}</p>` : ''}
${serverList(pkg.servers)}`),
  )
}

export function advisoryPage(origin: string): PageView {
  const description =
    'Results of an independent scan of the npm packages behind MCP servers after the September 2025 supply-chain attack: 1,227 analysed, 28 High, 227 Medium, 380 Low.'
  return view(
    { kind: 'advisory' },
    {
      title: 'Security advisory: npm supply-chain scan of MCP servers',
      description,
      path: PAGE_PATHS.advisory,
      image: SITE_IMAGE,
      jsonLd: { '@type': 'Article', headline: 'npm supply-chain scan of MCP servers', description, url: origin + PAGE_PATHS.advisory },
    },
    html`<article class="container-page max-w-3xl py-8">
<p class="text-sm"><a class="${link}" href="/">Back to the catalogue</a></p>
<header class="mt-4">
<p class="text-sm font-semibold text-amber-800 dark:text-amber-300">Security advisory</p>
<h1 class="mt-2 text-3xl font-bold tracking-tight">npm supply-chain scan of MCP servers</h1>
<p class="mt-3 text-lg leading-8 ${muted}">${description}</p>
</header>
</article>`,
  )
}

/** What the page about the catalogue's own MCP server says before the SPA mounts: its endpoint, and where to find the rest. */
export function useFromAiPage(origin: string): PageView {
  const { title, description } = USE_FROM_AI_PAGE
  const endpoint = `${origin}${MCP_PATH}`
  return view(
    { kind: 'use-from-ai' },
    {
      title,
      description,
      path: PAGE_PATHS.useFromAi,
      image: SITE_IMAGE,
      jsonLd: { '@type': 'WebPage', name: title, description, url: origin + PAGE_PATHS.useFromAi },
    },
    html`<article class="container-page max-w-3xl py-8">
<p class="text-sm"><a class="${link}" href="/">Back to the catalogue</a></p>
<header class="mt-4">
<h1 class="mt-2 text-3xl font-bold tracking-tight">${title}</h1>
<p class="mt-3 text-lg leading-8 ${muted}">${description}</p>
</header>
<p class="mt-10 ${muted}">Endpoint (Streamable HTTP): <code class="font-mono">${endpoint}</code></p>
</article>`,
  )
}

/** Signed-in screens (forms, dashboard, admin): the SPA's shell, kept out of search results. */
export function appPage(path: string): PageView {
  return view({ kind: 'app' }, { title: null, description: SITE_DESCRIPTION, path, image: SITE_IMAGE, noindex: true }, null)
}

export function notFoundPage(path: string): PageView {
  return view(
    { kind: 'not-found' },
    { title: 'Page Not Found', description: 'This page does not exist.', path, image: SITE_IMAGE, noindex: true },
    html`<div class="container-page py-24 text-center">
<h1 class="text-3xl font-semibold">404 Page Not Found</h1>
<p class="mt-3 ${muted}">The page you are looking for does not exist or has moved.</p>
<p class="mt-8"><a class="${link}" href="/">Go Home</a> · <a class="${link}" href="/servers">Browse Servers</a></p>
</div>`,
  )
}
