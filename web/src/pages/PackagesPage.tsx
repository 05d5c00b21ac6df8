import { PackageOpen } from 'lucide-react'
import { useMemo } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { PackageListCard } from '../components/packages/PackageListCard'
import { PageNav } from '../components/packages/PageNav'
import { ViewSwitch } from '../components/servers/ViewSwitch'
import { buttonClass } from '../components/ui/button'
import { CardSkeletons } from '../components/ui/CardSkeletons'
import { cx } from '../components/ui/cx'
import { LoadFailed } from '../components/ui/LoadFailed'
import { OptionSelect } from '../components/ui/OptionSelect'
import { useDocumentMeta } from '../hooks/useDocumentMeta'
import { type CardLayout, useLayoutPreference } from '../hooks/useLayoutPreference'
import { usePackageList } from '../hooks/usePackageData'
import { formatNumber } from '../lib/format'
import { PACKAGE_SORT_OPTIONS, packagesHref, readPackagesView } from '../lib/packages-view'

const gridClass = (layout: CardLayout) => cx('grid gap-4', layout === 'grid' ? 'grid-cols-1 md:grid-cols-2 xl:grid-cols-3' : 'grid-cols-1')

function NoPackages() {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-16 text-center dark:border-zinc-700">
      <PackageOpen className="mx-auto size-8 text-zinc-500" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold">No packages yet</h2>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">
        Group your favorite servers into a category on your dashboard and make it public to share it here.
      </p>
      <Link href="/dashboard" className={buttonClass('primary', 'md', 'mt-6')}>
        Go to Dashboard
      </Link>
    </div>
  )
}

/** /packages: the public packages, sorted and paged, with the view kept in the URL. */
export default function PackagesPage() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const view = useMemo(() => readPackagesView(search), [search])
  const { data, error, isLoading, mutate } = usePackageList(view)
  const [layout, setLayout] = useLayoutPreference('packages-layout')
  useDocumentMeta(
    'Recommended Packages',
    'Collections of MCP servers recommended by the community, with one configuration to install each.',
  )

  let body: React.ReactNode
  if (error && !data) body = <LoadFailed title="Failed to load packages" onRetry={() => void mutate()} />
  else if (isLoading && !data)
    body = <CardSkeletons label="Loading packages..." gridClassName={gridClass(layout)} count={6} height="h-44" />
  else if (!data?.packages.length) body = <NoPackages />
  else
    body = (
      <div aria-busy={isLoading} data-layout={layout} className={cx(gridClass(layout), 'transition-opacity', isLoading && 'opacity-70')}>
        {data.packages.map((p) => (
          <PackageListCard key={p.id} pkg={p} layout={layout} />
        ))}
      </div>
    )

  return (
    <div className="container-page py-6">
      <section aria-labelledby="packages-title">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 id="packages-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              Recommended Packages
            </h1>
            <p className="mt-1 text-zinc-700 dark:text-zinc-300" aria-live="polite">
              {data ? `${formatNumber(data.total)} ${data.total === 1 ? 'package' : 'packages'}` : '\u00a0'}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <OptionSelect
              label="Sort packages by"
              value={view.sortBy}
              options={PACKAGE_SORT_OPTIONS}
              onChange={(sortBy) => navigate(packagesHref({ sortBy, page: 1 }))}
            />
            <ViewSwitch value={layout} onChange={setLayout} />
          </div>
        </div>
        <div className="mt-6">{body}</div>
        {data && <PageNav page={view.page} totalPages={data.totalPages} hrefFor={(page) => packagesHref({ ...view, page })} />}
      </section>
    </div>
  )
}
