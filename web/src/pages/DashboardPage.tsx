import * as Tabs from '@radix-ui/react-tabs'
import { LogIn, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { ActivityTab } from '../components/dashboard/ActivityTab'
import { AdvancedTab } from '../components/dashboard/AdvancedTab'
import { AlertsList } from '../components/dashboard/AlertsList'
import { Counters, PromoCard, Welcome } from '../components/dashboard/DashboardTop'
import { FavoritesTab } from '../components/dashboard/FavoritesTab'
import { InsightsTab } from '../components/dashboard/InsightsTab'
import { Section, ServerGrid } from '../components/dashboard/ServerGrid'
import { SignInLink } from '../components/Header'
import { PageSpinner } from '../components/Spinner'
import { SupplyAlertsList } from '../components/supply/SupplyAlertsList'
import { buttonClass } from '../components/ui/button'
import { Card } from '../components/ui/Card'
import { LoadFailed } from '../components/ui/LoadFailed'
import { Tab, TabList } from '../components/ui/TabList'
import { GradeDropsList } from '../components/verdict/GradeDropsList'
import { useDashboard } from '../hooks/useDashboard'
import { useDocumentMeta } from '../hooks/useDocumentMeta'
import { useSession } from '../hooks/useSession'

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'servers', label: 'My Servers' },
  { value: 'favorites', label: 'Favorites' },
  { value: 'activity', label: 'Activity' },
  { value: 'insights', label: 'Insights' },
  { value: 'advanced', label: 'Advanced' },
] as const
type TabId = (typeof TABS)[number]['value']

function SignInPrompt() {
  return (
    <div className="container-page py-16">
      <Card className="mx-auto max-w-xl p-8 text-center">
        <LogIn className="mx-auto size-8 text-blue-700 dark:text-blue-400" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold">Dashboard</h1>
        <p className="mt-2 text-zinc-700 dark:text-zinc-300">Please sign in to see your servers, favorites, categories and activity.</p>
        <div className="mt-6 flex justify-center">
          <SignInLink />
        </div>
      </Card>
    </div>
  )
}

/** /dashboard: the signed-in user's servers, favorites and categories, activity and insights. */
export default function DashboardPage() {
  const { user } = useSession()
  const { data, error, mutate } = useDashboard(Boolean(user))
  const [tab, setTab] = useState<TabId>('overview')
  const [createOpen, setCreateOpen] = useState(false)
  useDocumentMeta('Dashboard', 'Your servers, favorites, categories, activity and insights.')

  if (!user) return <SignInPrompt />
  if (error && !data)
    return <LoadFailed title="Failed to load data" message="Could not fetch dashboard data." variant="page" onRetry={() => void mutate()} />
  if (!data) return <PageSpinner />

  // 'New Package': a package is a category made public, so it starts with the create dialog.
  const newPackage = () => {
    setTab('favorites')
    setCreateOpen(true)
  }

  return (
    <div className="container-page flex flex-col gap-6 py-6">
      <Welcome user={user} />
      <PromoCard onNewPackage={newPackage} />
      <Counters counters={data.counters} />
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as TabId)}>
        <TabList label="Dashboard sections">
          {TABS.map((t) => (
            <Tab key={t.value} value={t.value}>
              {t.label}
            </Tab>
          ))}
        </TabList>
        <Tabs.Content value="overview" className="flex flex-col gap-10 pt-6">
          <AlertsList alerts={data.surfaceAlerts ?? []} />
          <SupplyAlertsList alerts={data.supplyAlerts ?? []} />
          <GradeDropsList alerts={data.verdictAlerts ?? []} />
          <Section title="Recently Viewed">
            <ServerGrid servers={data.recentlyViewed.slice(0, 6)} empty="Servers you open appear here." />
          </Section>
          <Section title="Recommended for You">
            <ServerGrid
              servers={data.recommendedServers.slice(0, 6)}
              empty="Like or view a few servers to get recommendations that share their tags."
            />
          </Section>
        </Tabs.Content>
        <Tabs.Content value="servers" className="pt-6">
          <Section
            title="My Servers"
            action={
              <Link href="/servers/new" className={buttonClass('secondary', 'md')}>
                <Plus className="size-4" aria-hidden="true" />
                Add Server
              </Link>
            }
          >
            <ServerGrid
              servers={data.myServers}
              empty={
                <>
                  <p className="font-medium">No servers yet</p>
                  <p className="mt-1 text-sm">Register a server, or sign in with the account that owns a listed repository to claim it.</p>
                </>
              }
            />
          </Section>
        </Tabs.Content>
        <Tabs.Content value="favorites" className="pt-6">
          <FavoritesTab dashboard={data} createOpen={createOpen} onCreateOpenChange={setCreateOpen} />
        </Tabs.Content>
        <Tabs.Content value="activity" className="pt-6">
          <ActivityTab dashboard={data} />
        </Tabs.Content>
        <Tabs.Content value="insights" className="pt-6">
          <InsightsTab dashboard={data} />
        </Tabs.Content>
        <Tabs.Content value="advanced" className="pt-6">
          <AdvancedTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  )
}
