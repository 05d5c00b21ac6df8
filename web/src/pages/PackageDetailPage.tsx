import * as Tabs from '@radix-ui/react-tabs'
import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { CommentsTab } from '../components/packages/CommentsTab'
import { PackageConfigTab } from '../components/packages/PackageConfigTab'
import { PackageHeader } from '../components/packages/PackageHeader'
import { PackageNotFound } from '../components/packages/PackageNotFound'
import { PackageServerCard } from '../components/packages/PackageServerCard'
import { RegistryPanel } from '../components/packages/RegistryPanel'
import { ServerPinSelect } from '../components/packages/ServerPinSelect'
import { PageSpinner } from '../components/Spinner'
import { Tab, TabList } from '../components/ui/TabList'
import { useDocumentMeta } from '../hooks/useDocumentMeta'
import { usePackage, usePackageRegistryActions, usePackageServerDetails } from '../hooks/usePackageData'
import { hasStatus, isApiError } from '../lib/api'

type TabId = 'servers' | 'comments' | 'config' | 'registry'

/** /packages/{id}: a package's servers, its comments, one configuration for all of it and the package as a registry. */
export default function PackageDetailPage({ params }: { params: { id: string } }) {
  const { id } = params
  const { data: pkg, error, mutate } = usePackage(id)
  const [tab, setTab] = useState<TabId>('servers')
  // The owner's pins need each server's versions: the same details the Configuration tab reads.
  const ownerIds = pkg?.isOwner ? pkg.servers.map((s) => s.id) : []
  const { data: details } = usePackageServerDetails(id, ownerIds)
  const { pin } = usePackageRegistryActions(id)
  // 404 is 'not found' and 400 a malformed id, which is not found either; other errors say theirs.
  const notFound = hasStatus(error, 404, 400)
  useDocumentMeta(pkg?.name ?? (notFound ? 'Package not found' : 'Package'), pkg?.description ?? pkg?.recommendationMessage ?? null)

  if (notFound) return <PackageNotFound message="Package not found" />
  if (error && !pkg)
    return <PackageNotFound message={(isApiError(error) && error.reason) || 'Failed to load package'} onRetry={() => void mutate()} />
  if (!pkg) return <PageSpinner />

  return (
    <div className="container-page py-6">
      <Link
        href="/packages"
        className="inline-flex items-center gap-1 rounded text-sm text-zinc-700 underline-offset-2 hover:underline dark:text-zinc-300"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Packages
      </Link>
      <PackageHeader pkg={pkg} />
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as TabId)} className="mt-8">
        <TabList label="Package information">
          <Tab value="servers">Servers ({pkg.servers.length})</Tab>
          <Tab value="comments">Comments</Tab>
          <Tab value="config">Configuration</Tab>
          <Tab value="registry">Registry</Tab>
        </TabList>
        <Tabs.Content value="servers" className="pt-6">
          {pkg.servers.length ? (
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
              {pkg.servers.map((s) => (
                <PackageServerCard key={s.id} server={s}>
                  {pkg.isOwner && <ServerPinSelect server={s} detail={details?.get(s.id)} pinned={pkg.pins[s.id]} onPin={pin} />}
                </PackageServerCard>
              ))}
            </div>
          ) : (
            <p className="text-zinc-700 dark:text-zinc-300">No servers in this package yet.</p>
          )}
        </Tabs.Content>
        <Tabs.Content value="comments" className="pt-6">
          <CommentsTab packageId={pkg.id} />
        </Tabs.Content>
        <Tabs.Content value="config" className="pt-6">
          <PackageConfigTab pkg={pkg} />
        </Tabs.Content>
        <Tabs.Content value="registry" className="pt-6">
          <RegistryPanel pkg={pkg} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  )
}
