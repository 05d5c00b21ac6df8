import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { SWRConfig } from 'swr'
import { App, loadFirstScreen } from './App'
import { swrDefaults } from './hooks/swr-options'
import { nextTask } from './lib/tasks'
import './index.css'

const root = document.getElementById('root')!
// A transition, so React renders the first screen in slices and yields to the browser between
// them, rather than in one long task that holds back the first tap or key.
const mount = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <SWRConfig value={swrDefaults}>
          <App />
        </SWRConfig>
      </StrictMode>,
    ),
  )

/** The longest the app waits for its first screen before mounting anyway (a slow network). */
const FIRST_SCREEN_WAIT_MS = 4000

// The Worker puts the page's summary in the root (what crawlers and readers without JavaScript
// see). It stays on screen while the app loads what its first screen needs; React then replaces
// it with the complete screen on a later frame, with no spinner in between, so the summary is
// what the visitor reads first and remains the page's largest paint.
if (root.firstElementChild) {
  const enough = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))
  // Loading starts in a task after this module's, which evaluating React already makes long.
  const first = nextTask().then(() => loadFirstScreen(location.pathname, location.search))
  void Promise.race([first.catch(() => undefined), enough]).then(() => requestAnimationFrame(() => setTimeout(mount)))
} else mount()
