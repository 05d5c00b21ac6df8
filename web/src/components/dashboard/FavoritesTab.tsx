import { FolderPlus, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import type { Dashboard, ServerSummary } from '@shared/types'
import { type RemovableItemProps, useFocusAfterRemoval } from '../../hooks/useFocusAfterRemoval'
import { LikeButton } from '../LikeButton'
import { ServerAvatar } from '../ServerAvatar'
import { buttonClass } from '../ui/button'
import { AddToCategoryDialog } from './AddToCategoryDialog'
import { CategoryCard } from './CategoryCard'
import { CreateCategoryDialog } from './CreateCategoryDialog'
import { Section } from './ServerGrid'

/** Liked servers, each once, from every server list the dashboard holds. */
export function favoriteServers(d: Dashboard): ServerSummary[] {
  const seen = new Map<string, ServerSummary>()
  for (const s of [...d.likedServers, ...d.myServers, ...d.recentlyViewed, ...d.recommendedServers]) {
    if (s.isLiked && !seen.has(s.id)) seen.set(s.id, s)
  }
  return [...seen.values()]
}

interface FavoriteRowProps extends RemovableItemProps {
  server: ServerSummary
  onAdd: () => void
}

function FavoriteRow({ server, onAdd, ...removable }: FavoriteRowProps) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" {...removable}>
      <ServerAvatar name={server.displayName} sources={[server.ownerAvatarUrl, server.icon]} />
      <div className="min-w-0 flex-1">
        <Link
          href={`/servers/${server.id}`}
          className="block truncate rounded font-medium underline-offset-2 hover:underline"
          title={server.displayName}
        >
          {server.displayName}
        </Link>
        <p className="truncate text-sm text-zinc-600 dark:text-zinc-400" title={server.author}>
          {server.author}
        </p>
      </div>
      <LikeButton server={server} />
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        aria-label={`Add ${server.displayName} to a category`}
        title="Add to category"
        onClick={onAdd}
      >
        <FolderPlus className="size-4" aria-hidden="true" />
      </button>
    </li>
  )
}

interface FavoritesTabProps {
  dashboard: Dashboard
  createOpen: boolean
  onCreateOpenChange: (open: boolean) => void
}

/** Favorite servers (each with the folder button) and the user's categories. */
export function FavoritesTab({ dashboard, createOpen, onCreateOpenChange }: FavoritesTabProps) {
  const [adding, setAdding] = useState<ServerSummary | null>(null)
  const favorites = favoriteServers(dashboard)
  const categories = dashboard.favoriteCategories
  // Unliking a favorite takes it off the list.
  const removal = useFocusAfterRemoval(favorites.map((s) => s.id))
  return (
    <div className="flex flex-col gap-10">
      <Section title="Favorite Servers" headingRef={removal.heading}>
        {favorites.length ? (
          <ul className="grid grid-cols-1 gap-2 lg:grid-cols-2">
            {favorites.map((s) => (
              <FavoriteRow key={s.id} server={s} onAdd={() => setAdding(s)} {...removal.item(s.id)} />
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed border-zinc-300 px-6 py-8 text-center text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
            No favorites yet. Like servers in the{' '}
            <Link href="/servers" className="text-blue-700 underline underline-offset-2 dark:text-blue-400">
              catalogue
            </Link>{' '}
            to collect them here.
          </p>
        )}
      </Section>
      <Section
        title="Favorite Categories"
        action={
          <button type="button" className={buttonClass('primary', 'md')} onClick={() => onCreateOpenChange(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Create Category
          </button>
        }
      >
        {categories.length ? (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {categories.map((c) => (
              <CategoryCard key={c.id} category={c} />
            ))}
          </div>
        ) : (
          <p className="rounded-lg border border-dashed border-zinc-300 px-6 py-8 text-center text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
            No categories yet. Create one to group your favorite servers, then make it public to share it as a package.
          </p>
        )}
      </Section>
      <AddToCategoryDialog
        server={adding}
        categories={categories}
        onClose={() => setAdding(null)}
        onCreateCategory={() => onCreateOpenChange(true)}
      />
      <CreateCategoryDialog open={createOpen} onOpenChange={onCreateOpenChange} />
    </div>
  )
}
