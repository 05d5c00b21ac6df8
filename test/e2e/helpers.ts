/** Small helpers shared by the browser tests: API reads and reading the screen (sign-in: auth.ts). */
import type { Page } from 'playwright-core'
import { baseURL } from './browser'

/** The id of the server the e2e setup adds (repository acme/widget, featured, with a remote). */
export const WIDGET_ID = '0e2e0000-0000-4000-8000-000000000001'

export async function apiJson<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`)
  if (!res.ok) throw new Error(`${path}: ${res.status}`)
  return (await res.json()) as T
}

/** A same-origin API call from the page, with the CSRF headers the SPA sends; undefined for 204. */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { csrfToken } = (await (await fetch('/api/csrf-token')).json()) as { csrfToken: string }
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-Token': csrfToken },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`)
      return res.status === 204 ? (undefined as T) : ((await res.json()) as T)
    },
    { method, path, body },
  )
}

export interface ListPage {
  servers: Array<{ id: string; displayName: string; tags: string[]; githubUrl: string | null; likeCount: number; installCommand: string }>
  total: number
  totalPages: number
}

/** The page's width beyond the viewport (0 when nothing scrolls sideways). */
export function sidewaysOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

/** The current URL's path and query, e.g. '/servers?sortBy=likes'. */
export function pathAndQuery(page: Page) {
  const url = new URL(page.url())
  return `${url.pathname}${url.search}`
}

/** Display names of the server cards on screen, in order. */
export function cardNames(page: Page) {
  return page.locator('main article h2').allInnerTexts()
}

/**
 * Waits until the page has nothing under way that could still change what a test reads: no
 * request in flight for a while (Playwright's network idle), the fonts loaded, two frames rendered
 * since and an idle moment after them, by when layout shifts, paints and the observers' records of
 * them have been delivered. A condition on the page, not a guessed number of milliseconds.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))
    await new Promise<void>((resolve) => requestIdleCallback(() => resolve()))
  })
}
