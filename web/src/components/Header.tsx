import { Heart, LayoutDashboard, Search } from 'lucide-react'
import { type FormEvent, lazy, Suspense, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import type { SessionUser } from '@shared/types'
import { useSession } from '../hooks/useSession'
import { LINKS, PROVIDER_NAME } from '../lib/links'
import { readServersView, serversHref } from '../lib/servers-view'
import { GithubMark } from './GithubMark'
import { buttonClass } from './ui/button'
import { cx } from './ui/cx'

// The menu's primitives are only needed once someone is signed in.
const UserMenu = lazy(() => import('./UserMenu'))

/** The catalogue's mark: the favicon's shape, drawn inline so it needs no request. */
function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" className="fill-blue-700 dark:fill-blue-500" />
      <path d="M9 22V10l7 7 7-7v12" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/** Enter with non-empty text goes to /servers?q=...; the box shows the current search. */
function HeaderSearch({ className }: { className?: string }) {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const current = location === '/servers' ? readServersView(search).q : ''
  return <HeaderSearchBox key={current} initial={current} className={className} onSearch={(q) => navigate(serversHref({ q }))} />
}

function HeaderSearchBox({ initial, className, onSearch }: { initial: string; className?: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial)
  function submit(e: FormEvent) {
    e.preventDefault()
    const q = text.trim()
    if (q) onSearch(q)
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role is the landmark every screen reader knows; <search> is newer.
    <form role="search" className={cx('relative', className)} onSubmit={submit}>
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
        aria-hidden="true"
      />
      <input
        type="search"
        name="q"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search MCP servers..."
        aria-label="Search MCP servers"
        maxLength={200}
        autoComplete="off"
        className="h-9 w-full rounded-md border border-zinc-300 bg-white pr-3 pl-8 text-sm placeholder:text-zinc-500 dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
      />
    </form>
  )
}

/** Shows only the servers the user liked (`/servers?favorites=1`); pressed while it does. */
function FavoritesToggle() {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const view = readServersView(location === '/servers' ? search : '')
  const active = location === '/servers' && view.favorites
  return (
    <button
      type="button"
      aria-pressed={active}
      className={buttonClass(active ? 'primary' : 'ghost', 'md')}
      onClick={() => navigate(serversHref({ ...view, favorites: !active, page: 1 }))}
    >
      <Heart className={cx('size-4', active && 'fill-current')} aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Favorites</span>
    </button>
  )
}

function SignedInNav({ user }: { user: SessionUser }) {
  return (
    <>
      <FavoritesToggle />
      <Link href="/dashboard" className={buttonClass('ghost', 'md')}>
        <LayoutDashboard className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Dashboard</span>
      </Link>
      <Suspense fallback={<span className="size-9 rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden="true" />}>
        <UserMenu user={user} />
      </Suspense>
    </>
  )
}

/** The sign-in navigation, named by the provider; `compact` shortens it visually on phones. */
export function SignInLink({ size = 'md', compact = false }: { size?: 'md' | 'lg'; compact?: boolean }) {
  return (
    <a href={LINKS.login} className={buttonClass('primary', size)}>
      <GithubMark />
      <span>
        Sign in<span className={cx(compact && 'sr-only sm:not-sr-only')}> with {PROVIDER_NAME}</span>
      </span>
    </a>
  )
}

export function Header() {
  const { user } = useSession()
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200 bg-white/95 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/95">
      <div className="container-page flex h-14 items-center gap-2 sm:gap-3">
        <a href={LINKS.catalogueHome} className="shrink-0 rounded-md" aria-label="Model Context Protocol home (external site)">
          <LogoMark />
        </a>
        <Link href="/" className="min-w-0 truncate rounded text-sm font-semibold tracking-tight sm:text-base">
          MCP Catalogue
        </Link>
        <span
          className="shrink-0 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
          title="This catalogue is in beta: listings and features may change."
        >
          Beta
        </span>
        <HeaderSearch className="mx-4 hidden max-w-md flex-1 md:block" />
        <nav aria-label="Account" className="ml-auto flex items-center gap-1">
          {user ? <SignedInNav user={user} /> : <SignInLink compact />}
        </nav>
      </div>
      <div className="container-page pb-2 md:hidden">
        <HeaderSearch />
      </div>
    </header>
  )
}
