import { lazy, Suspense, useEffect, useRef } from 'react'
import { Toaster } from 'sonner'
import { Route, Switch, useLocation } from 'wouter'
import { matchPage, PAGE_PATHS } from '@shared/page-paths'
import { AuthErrorNotice } from './components/AuthErrorNotice'
import { Footer } from './components/Footer'
import { Header } from './components/Header'
import { FullPageSpinner, PageSpinner } from './components/Spinner'
import { loadAhead } from './hooks/useApi'
import { packageKey } from './hooks/usePackageData'
import { CATEGORIES_KEY, serverKey, TAGS_KEY } from './hooks/useServers'
import { loadSession, useSession } from './hooks/useSession'
import { LINKS } from './lib/links'
import { packagesKey, readPackagesView } from './lib/packages-view'
import { type ScreenLoaders, ScreenLoadersContext, screen } from './lib/screens'
import { serversKey, serversViewOf } from './lib/servers-view'
import { nextTask } from './lib/tasks'
import LandingPage from './pages/LandingPage'
import NotFoundPage from './pages/NotFoundPage'

// Every screen but the landing page is its own chunk, so '/' loads only what it shows.
const serversScreen = screen(() => import('./pages/ServersPage'))
const serverDetailScreen = screen(() => import('./pages/ServerDetailPage'))
const packagesScreen = screen(() => import('./pages/PackagesPage'))
const packageDetailScreen = screen(() => import('./pages/PackageDetailPage'))
const ServersPage = serversScreen.Component
const ServerDetailPage = serverDetailScreen.Component
const PackagesPage = packagesScreen.Component
const PackageDetailPage = packageDetailScreen.Component
const ServerFormPage = lazy(() => import('./pages/ServerFormPage'))
const FeaturedEditorPage = lazy(() => import('./pages/FeaturedEditorPage'))
const DashboardPage = lazy(() => import('./pages/DashboardPage'))
const advisoryScreen = screen(() => import('./pages/SecurityAdvisoryPage'))
const SecurityAdvisoryPage = advisoryScreen.Component
const useFromAiScreen = screen(() => import('./pages/UseFromAiPage'))
const UseFromAiPage = useFromAiScreen.Component
const SyncAdminPage = lazy(() => import('./pages/SyncAdminPage'))
const ReviewAdminPage = lazy(() => import('./pages/ReviewAdminPage'))
/** What components may load ahead of a visit: the detail's code when a card is hovered. */
const SCREEN_LOADERS: ScreenLoaders = { serverDetail: serverDetailScreen.load }

/**
 * What the first screen needs before the app mounts over the page's summary: who is signed in
 * (the app waits for it), the screen's chunk and its first answers. The pages whose summary the
 * Worker writes are covered; anything else mounts as before.
 */
export function loadFirstScreen(path: string, search: string): Promise<unknown> {
  const needs: Promise<unknown>[] = [loadSession()]
  // The screen's chunk is asked for in a task of its own: importing it appends a preload link per
  // module it needs, and with the answers' fetches in the same task that made one long task.
  const load = (screen: { load: () => Promise<unknown> }) => needs.push(nextTask().then(screen.load))
  const server = matchPage(PAGE_PATHS.server, path)
  const category = matchPage(PAGE_PATHS.category, path)
  const pkg = matchPage(PAGE_PATHS.package, path)
  if (server && !matchPage(PAGE_PATHS.newServer, path)) {
    load(serverDetailScreen)
    needs.push(loadAhead(serverKey(decodeURIComponent(server.id))))
  } else if (path === PAGE_PATHS.servers || category) {
    const view = serversViewOf(search, category ? decodeURIComponent(category.slug) : undefined)
    load(serversScreen)
    needs.push(loadAhead(serversKey(view)), loadAhead(TAGS_KEY), loadAhead(CATEGORIES_KEY))
  } else if (path === PAGE_PATHS.packages) {
    load(packagesScreen)
    needs.push(loadAhead(packagesKey(readPackagesView(search))))
  } else if (pkg) {
    load(packageDetailScreen)
    needs.push(loadAhead(packageKey(decodeURIComponent(pkg.id))))
  } else if (path === PAGE_PATHS.advisory) load(advisoryScreen)
  else if (path === PAGE_PATHS.useFromAi) load(useFromAiScreen)
  return Promise.all(needs)
}

/**
 * /api/login and /api/logout are the Worker's (browser navigations, never fetched). The SPA only
 * sees them if the Worker did not answer, so it offers the link instead of looping on a redirect.
 */
function WorkerNavigation({ to, label }: { to: string; label: string }) {
  return (
    <div className="container-page py-24 text-center">
      <a href={to} className="rounded text-blue-700 underline dark:text-blue-400">
        {label}
      </a>
    </div>
  )
}

/** Toasts: one at a time, 5 seconds unless a toast says otherwise. */
export const TOAST_DURATION_MS = 5000

function Routes() {
  return (
    <Switch>
      <Route path={PAGE_PATHS.home} component={LandingPage} />
      <Route path={PAGE_PATHS.servers}>{() => <ServersPage />}</Route>
      <Route path={PAGE_PATHS.category}>{(p) => <ServersPage key={p.slug} category={p.slug} />}</Route>
      <Route path={PAGE_PATHS.newServer}>{() => <ServerFormPage />}</Route>
      <Route path={PAGE_PATHS.editServer}>{(p) => <ServerFormPage id={p.id} />}</Route>
      <Route path={PAGE_PATHS.featuredEditor}>{() => <FeaturedEditorPage />}</Route>
      <Route path={PAGE_PATHS.server}>{(p) => <ServerDetailPage key={p.id} id={p.id} />}</Route>
      <Route path={PAGE_PATHS.packages} component={PackagesPage} />
      <Route path={PAGE_PATHS.package} component={PackageDetailPage} />
      <Route path={PAGE_PATHS.dashboard} component={DashboardPage} />
      <Route path={PAGE_PATHS.syncAdmin} component={SyncAdminPage} />
      <Route path={PAGE_PATHS.reviewAdmin} component={ReviewAdminPage} />
      <Route path={PAGE_PATHS.advisory} component={SecurityAdvisoryPage} />
      <Route path={PAGE_PATHS.useFromAi} component={UseFromAiPage} />
      <Route path={LINKS.login}>{() => <WorkerNavigation to={LINKS.login} label="Continue to sign in" />}</Route>
      <Route path={LINKS.logout}>{() => <WorkerNavigation to={LINKS.logout} label="Continue to log out" />}</Route>
      <Route component={NotFoundPage} />
    </Switch>
  )
}

/**
 * A new screen starts at its top; query changes (sort, page, filters) keep their own rules. Not on
 * the first screen: the browser has just placed it (at the top, or where a reload left it), and
 * scrolling forces a layout of the whole page in the middle of the first render.
 */
function ScrollToTopOnNavigate() {
  const [path] = useLocation()
  const shown = useRef(path)
  useEffect(() => {
    if (shown.current === path) return
    shown.current = path
    // (Braces matter: newer browsers return a promise from scrollTo, which is no cleanup.)
    window.scrollTo({ top: 0 })
  }, [path])
  return null
}

/** Warms the list's chunk once the browser is idle: the landing page's main way onward. */
function usePrefetchServersPage() {
  useEffect(() => {
    const load = () => void serversScreen.load().catch(() => undefined)
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(load, { timeout: 4000 })
      return () => window.cancelIdleCallback(id)
    }
    const id = setTimeout(load, 2000)
    return () => clearTimeout(id)
  }, [])
}

export function App() {
  const { isLoading } = useSession()
  usePrefetchServersPage()
  return (
    <>
      {isLoading ? (
        <FullPageSpinner />
      ) : (
        <div className="flex min-h-screen flex-col">
          <a
            href="#main"
            className="sr-only rounded-md bg-blue-700 px-3 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
          >
            Skip to content
          </a>
          <Header />
          {/* At least a screen tall: the footer starts below the fold, so a page whose content
              arrives after a spinner does not push a visible footer down (a layout shift). */}
          <main id="main" className="min-h-svh flex-1" tabIndex={-1}>
            <Suspense fallback={<PageSpinner />}>
              <ScreenLoadersContext value={SCREEN_LOADERS}>
                <Routes />
              </ScreenLoadersContext>
            </Suspense>
          </main>
          <Footer />
          <ScrollToTopOnNavigate />
          <AuthErrorNotice />
        </div>
      )}
      {/* Toasts quote names, which may be one long word: wrap them inside the toast. */}
      <Toaster
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        theme="system"
        closeButton
        position="bottom-right"
        toastOptions={{ className: 'wrap-anywhere' }}
      />
    </>
  )
}
