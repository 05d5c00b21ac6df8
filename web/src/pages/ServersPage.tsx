import { Plus, SearchX, X } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { categoryBySlug } from '@shared/categories'
import type { FeedSource } from '@shared/feed-links'
import { serverListing } from '@shared/server-list'
import type { ServerSummary } from '@shared/types'
import { FeedLinks } from '../components/FeedLinks'
import { SignInLink } from '../components/Header'
import { Pagination } from '../components/Pagination'
import { ServerCard } from '../components/ServerCard'
import { CategoryFilters } from '../components/servers/CategoryFilters'
import { FiltersDialog } from '../components/servers/FiltersDialog'
import { GradeFilter } from '../components/servers/GradeFilter'
import { SortSelect } from '../components/servers/SortSelect'
import { SurfaceFilters } from '../components/servers/SurfaceFilters'
import { AboutMcpCard, FilterPanel } from '../components/servers/TagFilters'
import { ViewSwitch } from '../components/servers/ViewSwitch'
import { Badge } from '../components/ui/Badge'
import { buttonClass } from '../components/ui/button'
import { CardSkeletons } from '../components/ui/CardSkeletons'
import { cx } from '../components/ui/cx'
import { LoadFailed } from '../components/ui/LoadFailed'
import { minGradeLabel } from '../components/verdict/labels'
import { useDocumentMeta } from '../hooks/useDocumentMeta'
import { useFocusAfterRemoval } from '../hooks/useFocusAfterRemoval'
import { type CardLayout, useLayoutPreference } from '../hooks/useLayoutPreference'
import { useMediaQuery, WIDE_SCREEN } from '../hooks/useMediaQuery'
import { useRestLater } from '../hooks/useRestLater'
import { useCategories, useServerList, useTags } from '../hooks/useServers'
import { useSession } from '../hooks/useSession'
import { isApiError } from '../lib/api'
import { formatNumber } from '../lib/format'
import { type ServersView, serversHref, serversViewOf } from '../lib/servers-view'
import NotFoundPage from './NotFoundPage'

/** The local filter (no q): display name, description, author or a tag, case-insensitively. */
function matchesLocally(server: ServerSummary, text: string) {
  const needle = text.trim().toLowerCase()
  if (!needle) return true
  return [server.displayName, server.description, server.author, ...server.tags].some((field) => field.toLowerCase().includes(needle))
}

/** Cards rendered first when the list mounts, about a screenful: the rest follow a task later. */
const CARDS_FIRST = { narrow: 4, wide: 12 }

/** The card grid: 1 to 4 columns by width (the sidebar takes room from lg up). */
const gridClass = (layout: CardLayout) =>
  cx('grid gap-4', layout === 'grid' ? 'grid-cols-1 md:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4' : 'grid-cols-1')

function NoServers() {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-16 text-center dark:border-zinc-700">
      <SearchX className="mx-auto size-8 text-zinc-500" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold">No servers found</h2>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">Try adjusting your search or browse all available servers.</p>
      <Link href="/servers" className={buttonClass('secondary', 'md', 'mt-6')}>
        Browse all servers
      </Link>
    </div>
  )
}

function FavoritesSignIn() {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-16 text-center dark:border-zinc-700">
      <h2 className="text-lg font-semibold">Sign in to see your favorites</h2>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">The servers you like are kept with your account.</p>
      <div className="mt-6 flex justify-center">
        <SignInLink />
      </div>
    </div>
  )
}

const FILTER_GROUP: Record<string, string> = { tag: 'tags', category: 'categories', grade: 'grade' }

/** Chosen filters as removable chips; `label` names them for screen readers ('tag', 'category', 'grade'). */
function SelectedFilters({
  items,
  label,
  onRemove,
}: {
  items: Array<{ value: string; text: string }>
  label: string
  onRemove: (value: string) => void
}) {
  if (!items.length) return null
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={`Selected ${FILTER_GROUP[label] ?? label}`}>
      {items.map(({ value, text }) => (
        <li key={value}>
          <Badge className="py-0 pr-0">
            {text}
            <button
              type="button"
              className="rounded-full p-1 hover:bg-zinc-200 dark:hover:bg-zinc-700"
              aria-label={`Remove ${label} ${text}`}
              onClick={() => onRemove(value)}
            >
              <X className="size-3" aria-hidden="true" />
            </button>
          </Badge>
        </li>
      ))}
    </ul>
  )
}

/** A list filtered by tags offers each tag's feed; the plain list (and a search) the catalogue's. */
function listFeeds(view: ServersView): FeedSource[] {
  if (view.favorites) return []
  if (view.tags.length) return view.tags.map((tag) => ({ kind: 'tag', tag }))
  return [{ kind: 'new' }, { kind: 'updated' }]
}

function pageTitle(view: ServersView, categoryName: string | undefined) {
  if (view.favorites) return 'Your Favorites'
  if (view.q) return `Search: ${view.q}`
  if (categoryName) return `${categoryName} MCP servers`
  return 'MCP Servers'
}

/**
 * /servers: the list and search, with the view kept in the URL (q, page, sortBy, tags,
 * category, tools, remote, minGrade). With `category` it is that category's own page, /categories/{slug}: the same list
 * and filters, headed by the category's name and description.
 */
export default function ServersPage({ category }: { category?: string }) {
  // The taxonomy lives in this chunk, not the landing page's, so an unknown slug is judged here.
  if (category !== undefined && !categoryBySlug(category)) return <NotFoundPage />
  return <ServersList category={category} />
}

function ServersList({ category }: { category?: string }) {
  const search = useSearch()
  const [, navigate] = useLocation()
  const view = useMemo(() => serversViewOf(search, category), [search, category])
  const own = category ? categoryBySlug(category) : undefined
  const { user } = useSession()
  const { data: tags } = useTags()
  const categories = useCategories()
  const { data, error, isLoading, mutate } = useServerList(view)
  const [layout, setLayout] = useLayoutPreference('servers-layout')
  const wide = useMediaQuery(WIDE_SCREEN)
  const [localText, setLocalText] = useState('')
  useDocumentMeta(
    pageTitle(view, own?.name),
    own?.description ?? 'Browse, search and filter Model Context Protocol servers by category, tag, stars, likes and update date.',
  )

  const go = (next: Partial<ServersView>) => navigate(serversHref({ ...view, ...next }))
  const toggleTag = (tag: string) =>
    go({ tags: view.tags.includes(tag) ? view.tags.filter((t) => t !== tag) : [...view.tags, tag], page: 1 })
  const toggleCategory = (slug: string) =>
    go({ categories: view.categories.includes(slug) ? view.categories.filter((c) => c !== slug) : [...view.categories, slug], page: 1 })
  const toggleSurface = (filter: 'toolsKnown' | 'remote') => go({ [filter]: !view[filter], page: 1 })
  const chooseGrade = (minGrade: ServersView['minGrade']) => go({ minGrade, page: 1 })
  const clearFilters = () => {
    setLocalText('')
    go({ tags: [], page: 1 })
  }
  const categoryName = (slug: string) => categoryBySlug(slug)?.name ?? slug

  const servers = (data?.servers ?? []).filter((s) => view.q || matchesLocally(s, localText))
  const needsSignIn = view.favorites && !user
  const total = data?.total ?? 0
  const rest = useRestLater()
  const shown = rest ? servers.length : wide ? CARDS_FIRST.wide : CARDS_FIRST.narrow
  // Unliking a card takes it off Your Favorites.
  const removal = useFocusAfterRemoval(servers.slice(0, shown).map((s) => s.id))
  const filters = (
    <>
      <CategoryFilters
        categories={categories.data}
        failed={!!categories.error}
        onRetry={() => void categories.mutate()}
        selected={view.categories}
        onToggle={toggleCategory}
      />
      <SurfaceFilters toolsKnown={view.toolsKnown} remote={view.remote} onToggle={toggleSurface} />
      <GradeFilter value={view.minGrade} onChange={chooseGrade} />
      <FilterPanel
        tags={tags}
        selected={view.tags}
        onToggle={toggleTag}
        onClear={clearFilters}
        localText={view.q ? null : localText}
        onLocalText={setLocalText}
      />
    </>
  )

  let body: React.ReactNode
  if (needsSignIn || (error && isApiError(error, 'auth_required'))) body = <FavoritesSignIn />
  else if (error && !data) body = <LoadFailed title="Failed to load servers" onRetry={() => void mutate()} />
  else if (isLoading && !data) body = <CardSkeletons label="Loading servers..." gridClassName={gridClass(layout)} count={8} height="h-48" />
  else if (!servers.length) body = <NoServers />
  else
    body = (
      <div aria-busy={isLoading} className={cx(gridClass(layout), 'transition-opacity', isLoading && 'opacity-70')} data-layout={layout}>
        {servers.slice(0, shown).map((s) => (
          <ServerCard key={s.id} server={s} layout={layout} {...removal.item(s.id)} />
        ))}
      </div>
    )

  return (
    <div className="container-page py-6">
      <div className="flex gap-8">
        {/* Narrow screens have the filters in a dialog (below): the column is only built where it shows. */}
        {wide && (
          <aside className="hidden w-64 shrink-0 flex-col gap-4 lg:flex" aria-label="Filters and information">
            {filters}
            <AboutMcpCard />
          </aside>
        )}
        <section className="min-w-0 flex-1" aria-labelledby="servers-title">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0">
              <h1
                id="servers-title"
                ref={removal.heading}
                tabIndex={-1}
                className="rounded text-2xl font-semibold tracking-tight sm:text-3xl"
              >
                {view.favorites ? 'Your Favorites' : (own?.name ?? 'MCP Servers')}
              </h1>
              {own && !view.favorites && <p className="mt-1 text-zinc-700 dark:text-zinc-300">{own.description}</p>}
              <p className="mt-1 text-zinc-700 dark:text-zinc-300" aria-live="polite">
                {data
                  ? view.favorites
                    ? `${formatNumber(total)}${data.totalCapped ? '+' : ''} liked servers`
                    : `${formatNumber(total)}${data.totalCapped ? '+' : ''} servers available`
                  : '\u00a0'}
              </p>
              {view.q && (
                <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
                  Results for <strong className="break-all">“{view.q}”</strong>{' '}
                  <Link
                    href={serversHref({ ...view, q: '', page: 1 })}
                    className="ml-1 rounded text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
                  >
                    Clear search
                  </Link>
                </p>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <FiltersDialog
                count={
                  view.tags.length + view.categories.length + Number(view.toolsKnown) + Number(view.remote) + Number(view.minGrade !== null)
                }
              >
                {filters}
                <AboutMcpCard />
              </FiltersDialog>
              <SortSelect value={serverListing(view.q, view.sortBy).sortBy ?? ''} onChange={(sortBy) => go({ sortBy, page: 1 })} />
              <ViewSwitch value={layout} onChange={setLayout} />
              {user ? (
                <Link href="/servers/new" className={buttonClass('primary', 'md')}>
                  <Plus className="size-4" aria-hidden="true" />
                  Add Server
                </Link>
              ) : (
                <button type="button" className={buttonClass('primary', 'md')} disabled title="Sign in to add a server">
                  <Plus className="size-4" aria-hidden="true" />
                  Add Server
                </button>
              )}
            </div>
          </div>
          <div className="mt-4 flex flex-col gap-3">
            <div className="flex flex-wrap gap-1.5">
              <SelectedFilters
                label="category"
                items={view.categories.map((c) => ({ value: c, text: categoryName(c) }))}
                onRemove={toggleCategory}
              />
              <SelectedFilters label="tag" items={view.tags.map((t) => ({ value: t, text: t }))} onRemove={toggleTag} />
              <SelectedFilters
                label="grade"
                items={view.minGrade ? [{ value: view.minGrade, text: minGradeLabel(view.minGrade) }] : []}
                onRemove={() => chooseGrade(null)}
              />
            </div>
            <FeedLinks sources={listFeeds(view)} />
          </div>
          <div className="mt-4">{body}</div>
          {data && !needsSignIn && rest && (
            <Pagination page={view.page} totalPages={data.totalPages} hrefFor={(page) => serversHref({ ...view, page })} />
          )}
        </section>
      </div>
    </div>
  )
}
