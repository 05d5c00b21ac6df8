import * as Tabs from '@radix-ui/react-tabs'
import { ChevronRight, Pencil, Sparkles } from 'lucide-react'
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react'
import { Link, useSearch } from 'wouter'
import type { RepoInfo, ServerDetail } from '@shared/types'
import { DeprecatedNotice } from '../components/DeprecatedNotice'
import { BasicInfoTab } from '../components/detail/BasicInfoTab'
import { ConfigurationTab } from '../components/detail/ConfigurationTab'
import { DetailSidebar } from '../components/detail/DetailSidebar'
import { ReadmeTab } from '../components/detail/ReadmeTab'
import { ServerNotFound } from '../components/detail/ServerNotFound'
import { ToolsTab } from '../components/detail/tools/ToolsTab'
import { GithubMark } from '../components/GithubMark'
import { LikeButton } from '../components/LikeButton'
import { ServerAvatar } from '../components/ServerAvatar'
import { PageSpinner } from '../components/Spinner'
import { ChangesTimeline } from '../components/scan/ChangesTimeline'
import { FINDINGS_ANCHOR } from '../components/scan/FindingsSection'
import { RiskBadge } from '../components/scan/RiskBadge'
import { SHOWN_BANDS, SUPPLY_ANCHOR, SUPPLY_TAB, supplyHref } from '../components/supply/labels'
import { SupplyBadge } from '../components/supply/SupplyBadge'
import { SupplyChainSection } from '../components/supply/SupplyChainSection'
import { Badge } from '../components/ui/Badge'
import { buttonClass } from '../components/ui/button'
import { LoadFailed } from '../components/ui/LoadFailed'
import { Tab, TabList } from '../components/ui/TabList'
import { GradeBadge } from '../components/verdict/GradeBadge'
import { VERDICT_ANCHOR, VERDICT_TAB, verdictHref } from '../components/verdict/labels'
import { VerdictTab } from '../components/verdict/VerdictTab'
import { useDocumentMeta } from '../hooks/useDocumentMeta'
import { useRestLater } from '../hooks/useRestLater'
import { useRepoInfo, useServer, useServerPermissions } from '../hooks/useServers'
import { useSession } from '../hooks/useSession'
import { api, call, hasStatus } from '../lib/api'

type TabId = 'featured' | 'readme' | typeof VERDICT_TAB | 'tools' | 'changes' | typeof SUPPLY_TAB | 'basic' | 'config'

const TAB_IDS: readonly TabId[] = ['featured', 'readme', VERDICT_TAB, 'tools', 'changes', SUPPLY_TAB, 'basic', 'config']

/**
 * The tab a link asked for ('?tab=changes' from the dashboard, '?tab=tools#findings' from the risk
 * badge, '?tab=supply-chain#supply-chain' from the supply badge, '?tab=verdict#verdict' from a
 * grade badge), if any.
 */
function tabAsked(search: string): TabId | null {
  const tab = new URLSearchParams(search).get('tab')
  return TAB_IDS.includes(tab as TabId) ? (tab as TabId) : null
}

/** Where the risk badge leads: the Tools tab's findings. */
const findingsHref = (id: string) => `/servers/${id}?tab=tools#${FINDINGS_ANCHOR}`

/** Whether a click is a plain one, which stays on the page (a badge then opens its tab); any other opens the link as the browser does. */
const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey

/** Records one 'view' per visit for a signed-in viewer (their history and recommendations). */
function useTrackView(serverId: string, signedIn: boolean, loaded: boolean) {
  const tracked = useRef<string | null>(null)
  useEffect(() => {
    if (!signedIn || !loaded || tracked.current === serverId) return
    tracked.current = serverId
    call(api.activity.track.$post({ json: { serverId, activityType: 'view' } })).catch(() => {
      // History is a convenience: a failed record must not disturb the page.
    })
  }, [serverId, signedIn, loaded])
}

function Breadcrumb({ name }: { name: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex min-w-0 items-center gap-1 text-sm text-zinc-700 dark:text-zinc-300">
        <li>
          <Link href="/servers" className="rounded underline-offset-2 hover:underline">
            Servers
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4" />
        </li>
        <li className="min-w-0 truncate font-medium text-zinc-900 dark:text-zinc-100" aria-current="page" title={name}>
          {name}
        </li>
      </ol>
    </nav>
  )
}

function DetailHeader({
  server,
  repo,
  canEdit,
  isAdmin,
  onShowFindings,
  onShowSupply,
  onShowVerdict,
}: {
  server: ServerDetail
  repo: RepoInfo | undefined
  canEdit: boolean
  isAdmin: boolean
  onShowFindings: () => void
  onShowSupply: () => void
  onShowVerdict: () => void
}) {
  return (
    <header className="mt-4 flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
      <div className="flex min-w-0 gap-4">
        <ServerAvatar name={server.displayName} sources={[repo?.ownerAvatarUrl ?? server.ownerAvatarUrl, server.icon]} size="lg" />
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere sm:text-3xl">{server.displayName}</h1>
          <p className="mt-1 leading-7 text-zinc-700 dark:text-zinc-300">{server.description}</p>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
            <span className="min-w-0 wrap-anywhere">by {server.author}</span>
            <Badge>v{server.version}</Badge>
            <GradeBadge
              grade={server.grade}
              href={verdictHref(server.id)}
              onClick={(e) => {
                // As the other badges: a plain click opens the Verdict tab on its heading.
                if (!plainClick(e)) return
                e.preventDefault()
                onShowVerdict()
              }}
            />
            {server.risk && (
              <RiskBadge
                risk={server.risk}
                href={findingsHref(server.id)}
                onClick={(e) => {
                  // A plain click stays on the page: the Tools tab opens on its findings.
                  if (!plainClick(e)) return
                  e.preventDefault()
                  onShowFindings()
                }}
              />
            )}
            {server.supplyBand && SHOWN_BANDS.includes(server.supplyBand) && (
              <SupplyBadge
                band={server.supplyBand}
                href={supplyHref(server.id)}
                onClick={(e) => {
                  // As the risk badge: a plain click opens the Supply chain tab on its heading.
                  if (!plainClick(e)) return
                  e.preventDefault()
                  onShowSupply()
                }}
              />
            )}
            <code className="font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">{server.name}</code>
          </div>
          {server.deprecated && <DeprecatedNotice deprecated={server.deprecated} />}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <LikeButton server={server} variant="detail" />
        {server.githubUrl && (
          <a href={server.githubUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'md')}>
            <GithubMark />
            View on GitHub
          </a>
        )}
        {canEdit && (
          <Link href={`/servers/${server.id}/edit`} className={buttonClass('secondary', 'md')}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Link>
        )}
        {isAdmin && (
          <Link href={`/servers/${server.id}/featured`} className={buttonClass('secondary', 'md')}>
            <Sparkles className="size-4" aria-hidden="true" />
            Manage Featured
          </Link>
        )}
      </div>
    </header>
  )
}

interface TabState {
  /** The tab picked on this page (or asked for by the risk badge); null until then. */
  picked: TabId | null
  setPicked: (tab: TabId) => void
  /** The findings' heading is to take focus (the risk badge was followed). */
  focusFindings: boolean
  onFindingsFocused: () => void
  /** The Supply chain heading is to take focus (the supply badge was followed). */
  focusSupply: boolean
  onSupplyFocused: () => void
  /** The Verdict heading is to take focus (the grade badge was followed). */
  focusVerdict: boolean
  onVerdictFocused: () => void
}

/** The tabs; their panels only once the page may render its rest (`useRestLater`). */
function ServerTabs({ server, rest, isAdmin, state }: { server: ServerDetail; rest: boolean; isAdmin: boolean; state: TabState }) {
  const asked = tabAsked(useSearch())
  // A tab a link asked for leads, else the featured tab when there is a comment, until the visitor picks another.
  const tab = state.picked ?? (asked === 'featured' && !server.commentHtml ? null : asked) ?? (server.commentHtml ? 'featured' : 'readme')
  return (
    <Tabs.Root value={tab} onValueChange={(v) => state.setPicked(v as TabId)}>
      <TabList label="Server information">
        {server.commentHtml && <Tab value="featured">Featured &amp; Recommended</Tab>}
        <Tab value="readme">README</Tab>
        <Tab value={VERDICT_TAB}>Verdict</Tab>
        <Tab value="tools">Tools</Tab>
        <Tab value="changes">Changes</Tab>
        <Tab value={SUPPLY_TAB}>Supply chain</Tab>
        <Tab value="basic">Basic Info</Tab>
        <Tab value="config">Configuration</Tab>
      </TabList>
      {rest && (
        <>
          {server.commentHtml && (
            <Tabs.Content value="featured" className="pt-6">
              {/* Sanitised by the Worker on write (an allowlist of tags, attributes and link schemes). */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the Worker, as said above. */}
              <div className="featured-body" dangerouslySetInnerHTML={{ __html: server.commentHtml }} />
            </Tabs.Content>
          )}
          <Tabs.Content value="readme" className="pt-6">
            <ReadmeTab serverId={server.id} githubUrl={server.githubUrl} />
          </Tabs.Content>
          <Tabs.Content value={VERDICT_TAB} className="pt-6">
            <VerdictTab verdict={server.verdict} focus={state.focusVerdict} onFocused={state.onVerdictFocused} />
          </Tabs.Content>
          <Tabs.Content value="tools" className="pt-6">
            <ToolsTab
              serverId={server.id}
              serverName={server.displayName}
              isAdmin={isAdmin}
              focusFindings={state.focusFindings}
              onFindingsFocused={state.onFindingsFocused}
              toolQuality={server.verdict?.toolQuality}
            />
          </Tabs.Content>
          <Tabs.Content value="changes" className="pt-6">
            <ChangesTimeline serverId={server.id} />
          </Tabs.Content>
          <Tabs.Content value={SUPPLY_TAB} className="pt-6">
            <SupplyChainSection supplyChain={server.supplyChain} focus={state.focusSupply} onFocused={state.onSupplyFocused} />
          </Tabs.Content>
          <Tabs.Content value="basic" className="pt-6">
            <BasicInfoTab server={server} />
          </Tabs.Content>
          <Tabs.Content value="config" className="pt-6">
            <ConfigurationTab server={server} />
          </Tabs.Content>
        </>
      )}
    </Tabs.Root>
  )
}

/** /servers/{id}: everything about one server, and a configuration to copy. */
export default function ServerDetailPage({ id }: { id: string }) {
  const { user } = useSession()
  const { data: server, error, mutate } = useServer(id)
  const { data: repo } = useRepoInfo(id, Boolean(server?.githubUrl))
  const { data: permissions } = useServerPermissions(id, Boolean(user))
  useTrackView(id, Boolean(user), Boolean(server))
  const rest = useRestLater()
  const [picked, setPicked] = useState<TabId | null>(null)
  // Arriving by a link to the findings ('#findings') focuses them as they load, as the badge's click does.
  const [focusFindings, setFocusFindings] = useState(() => window.location.hash === `#${FINDINGS_ANCHOR}`)
  const onFindingsFocused = useCallback(() => setFocusFindings(false), [])
  const showFindings = () => {
    setPicked('tools')
    setFocusFindings(true)
  }
  // The same for the supply badge's link ('#supply-chain') and its click.
  const [focusSupply, setFocusSupply] = useState(() => window.location.hash === `#${SUPPLY_ANCHOR}`)
  const onSupplyFocused = useCallback(() => setFocusSupply(false), [])
  const showSupply = () => {
    setPicked(SUPPLY_TAB)
    setFocusSupply(true)
  }
  // And for the grade badge's ('#verdict').
  const [focusVerdict, setFocusVerdict] = useState(() => window.location.hash === `#${VERDICT_ANCHOR}`)
  const onVerdictFocused = useCallback(() => setFocusVerdict(false), [])
  const showVerdict = () => {
    setPicked(VERDICT_TAB)
    setFocusVerdict(true)
  }
  const notFound = hasStatus(error, 404, 400)
  useDocumentMeta(
    server?.displayName ?? (notFound ? 'Server Not Found' : 'Server'),
    server?.description ?? (notFound ? 'The requested MCP server could not be found.' : null),
  )

  if (notFound) return <ServerNotFound />
  if (error) return <LoadFailed title="Failed to load server" variant="page" onRetry={() => void mutate()} />
  if (!server) return <PageSpinner />

  const isAdmin = Boolean(permissions?.isAdmin ?? user?.isAdmin)
  return (
    <div className="container-page py-6">
      <Breadcrumb name={server.displayName} />
      <DetailHeader
        server={server}
        repo={repo}
        canEdit={Boolean(permissions?.canEdit)}
        isAdmin={isAdmin}
        onShowFindings={showFindings}
        onShowSupply={showSupply}
        onShowVerdict={showVerdict}
      />
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <ServerTabs
            server={server}
            rest={rest}
            isAdmin={isAdmin}
            state={{ picked, setPicked, focusFindings, onFindingsFocused, focusSupply, onSupplyFocused, focusVerdict, onVerdictFocused }}
          />
        </div>
        <aside aria-label="About this server">{rest && <DetailSidebar server={server} repo={repo} />}</aside>
      </div>
    </div>
  )
}
