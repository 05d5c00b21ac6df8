import { ArrowRight, Heart } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import type { Dashboard } from '@shared/types'
import { useServerStats } from '../../hooks/useDashboard'
import { formatNumber } from '../../lib/format'
import { Badge } from '../ui/Badge'
import { buttonClass } from '../ui/button'
import { Card } from '../ui/Card'
import { OptionSelect } from '../ui/OptionSelect'
import { Section } from './ServerGrid'
import { StatsChart } from './StatsChart'

const WINDOWS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
] as const
type WindowValue = (typeof WINDOWS)[number]['value']

const empty = 'rounded-lg border border-dashed border-zinc-300 px-6 py-8 text-center text-zinc-700 dark:border-zinc-700 dark:text-zinc-300'

function ServerActivity({ dashboard }: { dashboard: Dashboard }) {
  const servers = dashboard.myServers
  const [picked, setPicked] = useState<string>('')
  const [days, setDays] = useState<WindowValue>('30')
  const serverId = picked || servers[0]?.id || null
  const { data, error, isLoading } = useServerStats(serverId, Number(days))
  const server = servers.find((s) => s.id === serverId)
  if (!servers.length) return <p className={empty}>Register a server to see its views and likes over time.</p>
  return (
    <Card className="flex flex-col gap-4 p-4">
      <div className="flex flex-wrap gap-2">
        <OptionSelect
          label="Server"
          value={serverId ?? ''}
          options={servers.map((s) => ({ value: s.id, label: s.displayName }))}
          onChange={setPicked}
        />
        <OptionSelect label="Stats window" value={days} options={WINDOWS} onChange={setDays} />
      </div>
      {error && !data ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Could not load the statistics of this server.
        </p>
      ) : isLoading && !data ? (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          Loading statistics...
        </p>
      ) : data && server ? (
        <StatsChart stats={data} serverName={server.displayName} />
      ) : null}
    </Card>
  )
}

/** Trending tags, likes per own server, and one server's views and likes over time. */
export function InsightsTab({ dashboard }: { dashboard: Dashboard }) {
  const byLikes = [...dashboard.myServers].sort((a, b) => b.likeCount - a.likeCount)
  return (
    <div className="flex flex-col gap-10">
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-2">
        <Section title="Trending Tags">
          {dashboard.trendingTags.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Trending tags with counts">
              {dashboard.trendingTags.map((t) => (
                <li key={t.tag}>
                  <Link href={`/servers?tags=${encodeURIComponent(t.tag)}`} className="rounded-full">
                    <Badge className="px-3 py-1 text-sm hover:border-zinc-400">
                      {t.tag}
                      <span className="tabular-nums text-zinc-600 dark:text-zinc-400">{formatNumber(t.count)}</span>
                    </Badge>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className={empty}>No trending tags in the last 30 days.</p>
          )}
        </Section>
        <Section title="Likes per Server">
          {byLikes.length ? (
            <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {byLikes.map((s) => (
                <li key={s.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0 truncate font-medium" title={s.displayName}>
                    {s.displayName}
                  </span>
                  <span className="flex shrink-0 items-center gap-3">
                    <span className="inline-flex items-center gap-1 text-sm tabular-nums">
                      <Heart className="size-4 text-rose-600 dark:text-rose-400" aria-hidden="true" />
                      {formatNumber(s.likeCount)}
                      <span className="sr-only"> likes</span>
                    </span>
                    <Link
                      href={`/servers/${s.id}`}
                      className={buttonClass('secondary', 'sm')}
                      aria-label={`View Details of ${s.displayName}`}
                    >
                      View Details
                      <ArrowRight className="size-4" aria-hidden="true" />
                    </Link>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={empty}>No servers yet.</p>
          )}
        </Section>
      </div>
      <Section title="Views and Likes over Time">
        <ServerActivity dashboard={dashboard} />
      </Section>
    </div>
  )
}
