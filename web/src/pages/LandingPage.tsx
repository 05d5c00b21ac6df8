import { ArrowRight, BookOpen, Building2, Cloud, Compass, LayoutDashboard, Plug, ShieldAlert, Users, X } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import type { FeaturedServer } from '@shared/types'
import { SignInLink } from '../components/Header'
import { PackageCard } from '../components/PackageCard'
import { ServerAvatar } from '../components/ServerAvatar'
import { SupplyNoticeLine } from '../components/supply/SupplyNoticeLine'
import { buttonClass } from '../components/ui/button'
import { Card } from '../components/ui/Card'
import { CardSkeletons } from '../components/ui/CardSkeletons'
import { useDocumentMeta } from '../hooks/useDocumentMeta'
import { useTopPackages } from '../hooks/usePackages'
import { prefetchServer, useCategories, useFeatured, useServerList } from '../hooks/useServers'
import { useSession } from '../hooks/useSession'
import { formatNumber } from '../lib/format'
import { LINKS } from '../lib/links'
import { categoryPath, readServersView } from '../lib/servers-view'

// Dismissed for the page's lifetime: survives moving around the app, not a reload.
let noticeDismissed = false

function SecurityNotice() {
  const [dismissed, setDismissed] = useState(noticeDismissed)
  if (dismissed) return null
  return (
    <section
      aria-labelledby="security-notice-title"
      className="relative rounded-lg border border-amber-300 bg-amber-50 p-4 pr-12 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <div className="flex gap-3">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="security-notice-title" className="font-semibold">
            Security notice: npm supply-chain scan of listed servers
          </h2>
          <p className="mt-1 text-sm leading-6">
            An independent scan checked the npm packages behind MCP servers for signs of the September 2025 supply-chain attack. 193
            packages were updated within the attack window. Risk scores: <strong>High 28</strong>, <strong>Medium 227</strong>,{' '}
            <strong>Low 380</strong>. A score adds +1 per indicator found and is not proof of compromise.
          </p>
          <SupplyNoticeLine />
          <Link
            href="/security/mcp-supply-chain"
            className="mt-2 inline-flex items-center gap-1 rounded text-sm font-medium underline underline-offset-2"
          >
            Read the security advisory
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
      <button
        type="button"
        aria-label="Dismiss security notice"
        className="absolute top-2 right-2 rounded-md p-2 hover:bg-amber-100 dark:hover:bg-amber-900"
        onClick={() => {
          noticeDismissed = true
          setDismissed(true)
        }}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </section>
  )
}

function HostingBanner() {
  return (
    <section
      aria-labelledby="hosting-title"
      className="flex flex-col gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 sm:flex-row sm:items-center dark:border-blue-900 dark:bg-blue-950/50"
    >
      <Cloud className="size-6 shrink-0 text-blue-700 dark:text-blue-300" aria-hidden="true" />
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-blue-800 uppercase dark:text-blue-300">Coming Soon</p>
        <h2 id="hosting-title" className="font-semibold">
          Cloud hosting for MCP servers
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Run the MCP servers you find here in the cloud, without managing machines or keeping processes alive.
        </p>
      </div>
    </section>
  )
}

function ServerCount() {
  const { data, error } = useServerList(readServersView(''))
  // Without the total there is nothing honest to count; the buttons below still lead on.
  if (error && !data) return null
  if (!data)
    return (
      <span
        className="inline-block h-7 w-64 animate-pulse rounded bg-zinc-200 align-middle dark:bg-zinc-800"
        aria-label="Loading the server count"
        role="img"
      />
    )
  return <>{formatNumber(data.total)}+ MCP Servers Available</>
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="py-10 text-center sm:py-16">
      <h1 id="hero-title" className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">
        Find the right MCP server for your AI tools
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-zinc-700 dark:text-zinc-300">
        A public catalogue of Model Context Protocol servers: search, read the README and copy a working configuration for Claude Desktop,
        Cursor, VS Code or Windsurf.
      </p>
      <p className="mt-6 text-xl font-semibold text-blue-800 dark:text-blue-300">
        <ServerCount />
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/servers" className={buttonClass('primary', 'lg')}>
          Browse Servers
        </Link>
        <Link href="/packages" className={buttonClass('secondary', 'lg')}>
          Browse Packages
        </Link>
        <a href={LINKS.catalogueHome} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost', 'lg')}>
          <BookOpen className="size-5" aria-hidden="true" />
          Learn about MCP
        </a>
      </div>
    </section>
  )
}

/** A featured card: its title and summary come derived from the comment by the Worker. */
function FeaturedCard({ server }: { server: FeaturedServer }) {
  const { title, summary } = server
  return (
    <Card
      className="relative flex flex-col gap-3 p-4 transition-colors hover:border-zinc-400 dark:hover:border-zinc-600"
      onMouseEnter={() => prefetchServer(server.id)}
    >
      <div className="flex items-center gap-3">
        <ServerAvatar name={server.displayName} sources={[server.ownerAvatarUrl, server.icon]} />
        <div className="min-w-0">
          <h3 className="font-semibold">
            <Link href={`/servers/${server.id}`} className="rounded after:absolute after:inset-0 after:content-[''] hover:underline">
              {title || server.displayName}
            </Link>
          </h3>
          {title && (
            <p className="truncate text-sm text-zinc-600 dark:text-zinc-400" title={server.displayName}>
              {server.displayName}
            </p>
          )}
        </div>
      </div>
      <p className="text-sm leading-6 text-zinc-700 dark:text-zinc-300">{summary || server.description}</p>
    </Card>
  )
}

function FeaturedSection() {
  const { data } = useFeatured()
  // Nothing featured (or not loaded): the section would only be an empty frame.
  if (!data?.length) return null
  return (
    <section aria-labelledby="featured-title" className="py-8">
      <h2 id="featured-title" className="text-2xl font-semibold">
        Featured Servers
      </h2>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">Hand-picked servers, with a word on why.</p>
      <div className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {data.map((s) => (
          <FeaturedCard key={s.id} server={s} />
        ))}
      </div>
    </section>
  )
}

/**
 * 'Browse by category': every category that holds servers, largest first, each linking to its
 * own page. Names and counts come from the API, so the landing chunk carries no taxonomy.
 */
function CategoryStrip() {
  const { data, error, mutate } = useCategories()
  const shown = (data ?? []).filter((c) => c.count > 0 && c.slug !== 'other').sort((a, b) => b.count - a.count)
  return (
    <section aria-labelledby="categories-title" className="py-8">
      <h2 id="categories-title" className="text-2xl font-semibold">
        Browse by category
      </h2>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">What the servers do, grouped the way people look for them.</p>
      {error && !data ? (
        <div role="alert" className="mt-4 text-zinc-700 dark:text-zinc-300">
          <p>Categories could not be loaded right now.</p>
          <button type="button" className={buttonClass('secondary', 'sm', 'mt-2')} onClick={() => void mutate()}>
            Try Again
          </button>
        </div>
      ) : !data ? (
        <CardSkeletons label="Loading categories..." gridClassName="mt-4 flex flex-wrap gap-2" count={12} height="h-8 w-32" />
      ) : (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Categories">
          {shown.map((c) => (
            <li key={c.slug}>
              <Link
                href={categoryPath(c.slug)}
                title={c.description}
                className="inline-flex items-center gap-2 rounded-full border border-zinc-200 bg-white px-3 py-1.5 text-sm font-medium text-zinc-800 hover:border-blue-600 hover:text-blue-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-blue-400 dark:hover:text-blue-300"
              >
                {c.name}
                <span className="text-xs font-normal text-zinc-600 tabular-nums dark:text-zinc-400">{formatNumber(c.count)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function TopPackagesSection() {
  const { data, error } = useTopPackages(5)
  return (
    <section aria-labelledby="packages-title" className="py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="packages-title" className="text-2xl font-semibold">
            Top Recommended Packages
          </h2>
          <p className="mt-1 text-zinc-700 dark:text-zinc-300">
            Collections of servers that work well together, recommended by the community.
          </p>
        </div>
        <Link href="/packages" className={buttonClass('secondary', 'md')}>
          View All Packages
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      {data && data.length > 0 && (
        <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {data.map((p) => (
            <PackageCard key={p.id} pkg={p} />
          ))}
        </div>
      )}
      {data && data.length === 0 && <p className="mt-6 text-zinc-700 dark:text-zinc-300">No packages have been published yet.</p>}
      {error && <p className="mt-6 text-zinc-700 dark:text-zinc-300">Packages could not be loaded right now.</p>}
    </section>
  )
}

const FEATURES = [
  {
    icon: Compass,
    title: 'Discover',
    text: 'Search and filter hundreds of MCP servers by what they do, how popular they are and when they were updated.',
  },
  { icon: Plug, title: 'Integrate', text: 'Copy a ready-made configuration for your AI client and connect a server in a minute.' },
  { icon: Users, title: 'Community', text: 'Like servers, group favourites into packages and share what works with others.' },
]

function FeatureCards() {
  return (
    <section aria-label="What you can do" className="grid grid-cols-1 gap-4 py-8 md:grid-cols-3">
      {FEATURES.map(({ icon: Icon, title, text }) => (
        <Card key={title} className="p-5">
          <Icon className="size-6 text-blue-700 dark:text-blue-400" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-semibold">{title}</h2>
          <p className="mt-1 text-sm leading-6 text-zinc-700 dark:text-zinc-300">{text}</p>
        </Card>
      ))}
    </section>
  )
}

function MyServersAndEnterprise() {
  return (
    <section aria-label="Your servers and enterprise hosting" className="grid grid-cols-1 gap-4 py-8 md:grid-cols-2">
      <Card className="flex flex-col items-start gap-3 p-5">
        <LayoutDashboard className="size-6 text-blue-700 dark:text-blue-400" aria-hidden="true" />
        <h2 className="text-lg font-semibold">Your servers in one place</h2>
        <p className="text-sm leading-6 text-zinc-700 dark:text-zinc-300">
          Register the servers you maintain, keep their listings current and see how people use them.
        </p>
        <Link href="/dashboard" className={buttonClass('secondary', 'md', 'mt-auto')}>
          Go to My Servers
        </Link>
      </Card>
      <Card className="flex flex-col items-start gap-3 p-5">
        <Building2 className="size-6 text-blue-700 dark:text-blue-400" aria-hidden="true" />
        <h2 className="text-lg font-semibold">MCP hosting for enterprises</h2>
        <p className="text-sm leading-6 text-zinc-700 dark:text-zinc-300">
          Need private, managed MCP servers for your organisation, with access control and audit logs? Talk to us.
        </p>
        <a href={LINKS.social} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'md', 'mt-auto')}>
          Contact us
        </a>
      </Card>
    </section>
  )
}

function FinalCallToAction() {
  const { user } = useSession()
  return (
    <section
      aria-labelledby="cta-title"
      className="my-8 rounded-lg border border-zinc-200 bg-zinc-50 px-6 py-10 text-center dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="cta-title" className="text-2xl font-semibold">
        {user ? 'Pick up where you left off' : 'Join the community'}
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-zinc-700 dark:text-zinc-300">
        {user
          ? 'Your servers, favorites and packages are on your dashboard.'
          : 'Sign in to like servers, register your own and publish packages.'}
      </p>
      <div className="mt-6 flex justify-center">
        {user ? (
          <Link href="/dashboard" className={buttonClass('primary', 'lg')}>
            Go to Dashboard
          </Link>
        ) : (
          <SignInLink size="lg" />
        )}
      </div>
    </section>
  )
}

/** '/': the sections in the specification's order. */
export default function LandingPage() {
  useDocumentMeta(
    null,
    'Find, read and install Model Context Protocol (MCP) servers: search the catalogue and copy a working configuration for your AI client.',
  )
  return (
    <div className="container-page flex flex-col gap-4 pt-6">
      <SecurityNotice />
      <HostingBanner />
      <Hero />
      <CategoryStrip />
      <FeaturedSection />
      <TopPackagesSection />
      <FeatureCards />
      <MyServersAndEnterprise />
      <FinalCallToAction />
    </div>
  )
}
