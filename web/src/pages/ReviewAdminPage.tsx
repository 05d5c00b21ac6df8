import * as Tabs from '@radix-ui/react-tabs'
import { useState } from 'react'
import { Link } from 'wouter'
import { PAGE_PATHS } from '@shared/page-paths'
import { AccessDenied } from '../components/AccessDenied'
import { PageSpinner } from '../components/Spinner'
import { RescanRuns } from '../components/scan/RescanRuns'
import { DecidedQueue, OpenQueue } from '../components/scan/ReviewQueue'
import { LoadFailed } from '../components/ui/LoadFailed'
import { Tab, TabList } from '../components/ui/TabList'
import { useDocumentMeta } from '../hooks/useDocumentMeta'
import { type ReviewStatus, useReviewQueue } from '../hooks/useReviewQueue'
import { useSession } from '../hooks/useSession'

/** The queue for an admin: open items to decide (their counts in the tabs), and what was decided. */
function Queue() {
  const [tab, setTab] = useState<ReviewStatus>('open')
  const { data, error, mutate } = useReviewQueue('open')
  if (error && !data) return <LoadFailed title="Failed to load the review queue" onRetry={() => void mutate()} />
  if (!data) return <PageSpinner />
  const decided = data.counts.dismissed + data.counts.hidden
  return (
    <Tabs.Root value={tab} onValueChange={(v) => setTab(v as ReviewStatus)} className="mt-6">
      <TabList label="Review queue">
        <Tab value="open">Open ({data.counts.open})</Tab>
        <Tab value="decided">Decided ({decided})</Tab>
      </TabList>
      <Tabs.Content value="open" className="pt-6">
        <OpenQueue data={data} />
      </Tabs.Content>
      <Tabs.Content value="decided" className="pt-6">
        <DecidedQueue />
      </Tabs.Content>
    </Tabs.Root>
  )
}

/** /admin/review: what the scanner and the change watch found that a person should look at, for admins, and the rescans after the rules changed. */
export default function ReviewAdminPage() {
  const { user } = useSession()
  useDocumentMeta('Review queue', 'Findings and changes for admins to review.')
  if (!user?.isAdmin) return <AccessDenied what="the review queue" />
  return (
    <div className="container-page max-w-3xl py-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Review queue</h1>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">
        Findings of medium or above in what servers tell a model, surfaces that changed without a new version, and package versions the
        supply-chain watch scored Medium or above. Dismiss one with a reason (shown beside the finding or the version), or hide the listing;
        each decision is recorded.
      </p>
      <p className="mt-2 text-sm">
        <Link href={PAGE_PATHS.syncAdmin} className="rounded text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
          Registry sync and probes
        </Link>
      </p>
      <Queue />
      <RescanRuns />
    </div>
  )
}
