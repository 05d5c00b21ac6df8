import { Globe, Settings, X } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import type { CategorySummary } from '@shared/types'
import { useCategoryActions } from '../../hooks/useDashboard'
import { useFocusAfterRemoval } from '../../hooks/useFocusAfterRemoval'
import { count } from '../../lib/format'
import { Badge } from '../ui/Badge'
import { buttonClass } from '../ui/button'
import { Card } from '../ui/Card'
import { CategorySettingsDialog } from './CategorySettingsDialog'

/** Servers a category card lists before '+N more servers'. */
const SERVERS_SHOWN = 3

/** A category: name, description, Public badge, settings, server count, first 3 servers (removable). */
export function CategoryCard({ category }: { category: CategorySummary }) {
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [removing, setRemoving] = useState<string | null>(null)
  const { removeServer } = useCategoryActions()
  const shown = category.servers.slice(0, SERVERS_SHOWN)
  const removal = useFocusAfterRemoval(shown.map((s) => s.id))
  const more = category.serverCount - shown.length

  async function remove(server: CategorySummary['servers'][number]) {
    setRemoving(server.id)
    await removeServer(category, server)
    setRemoving(null)
  }

  return (
    <Card className="flex flex-col gap-3 p-4" role="group" aria-label={`Category ${category.name}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 ref={removal.heading} tabIndex={-1} className="min-w-0 rounded font-semibold wrap-anywhere">
              <Link href={`/packages/${category.id}`} className="rounded underline-offset-2 hover:underline">
                {category.name}
              </Link>
            </h3>
            {category.isPublic && (
              <Badge className="border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950/50 dark:text-green-300">
                <Globe className="size-3" aria-hidden="true" />
                Public
              </Badge>
            )}
          </div>
          {category.description && <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{category.description}</p>}
        </div>
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          aria-label={`Settings for ${category.name}`}
          title="Settings"
          onClick={() => setSettingsOpen(true)}
        >
          <Settings className="size-4" aria-hidden="true" />
        </button>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{count(category.serverCount, 'server')}</p>
      {shown.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label={`Servers in ${category.name}`}>
          {shown.map((s) => (
            <li
              key={s.id}
              className="flex items-center justify-between gap-2 rounded-md bg-zinc-50 py-1 pr-1 pl-2 text-sm dark:bg-zinc-800/60"
              {...removal.item(s.id)}
            >
              <Link href={`/servers/${s.id}`} className="min-w-0 truncate rounded underline-offset-2 hover:underline" title={s.displayName}>
                {s.displayName}
              </Link>
              <button
                type="button"
                className={buttonClass('ghost', 'sm', 'size-7 px-0')}
                aria-label={`Remove ${s.displayName} from ${category.name}`}
                disabled={removing === s.id}
                onClick={() => void remove(s)}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">No servers yet: use the folder button on a favorite to add one.</p>
      )}
      {more > 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">+{more} more servers</p>}
      <CategorySettingsDialog category={category} open={settingsOpen} onOpenChange={setSettingsOpen} />
    </Card>
  )
}
