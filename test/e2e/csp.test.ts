/**
 * The Content-Security-Policy (no inline or evaluated script) holds on every screen. A guest, a
 * signed-in user and an admin each walk every route of the SPA's table, every tab included,
 * while the browser reports each violation to the test: a `securitypolicyviolation` listener
 * installed before any of the page's scripts runs, and every console message about the policy.
 * A violation fails the walk with the address that caused it.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { signInAs } from './auth'
import { newSession, setupBrowser } from './browser'
import { apiCall, WIDGET_ID } from './helpers'

setupBrowser()

const run = Date.now().toString(36)

interface Violation {
  directive: string
  blocked: string
  source: string
  line: number
  sample: string
}

/** Collects CSP violations of every page of the context, each with the address it happened on. */
async function watchPolicy(context: BrowserContext, page: Page) {
  const found: string[] = []
  // README images resolve to the local fixture's plain-http address, which img-src (https:)
  // rightly refuses; in production that address is https. Anything else is a real finding.
  const fixture = inject('fixtureURL')
  await context.exposeBinding('__reportPolicyViolation', ({ frame }, v: Violation) => {
    if (v.directive === 'img-src' && v.blocked.startsWith(fixture)) return
    found.push(`${frame.url()}: ${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source}:${v.line} ${v.sample}`.trim())
  })
  await context.addInitScript(() => {
    // Capture on window: violations target the document or an element, and both pass here.
    window.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __reportPolicyViolation: (v: Violation) => void }).__reportPolicyViolation
        report({ directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample })
      },
      true,
    )
  })
  page.on('console', (msg) => {
    const text = msg.text()
    if (!/Content Security Policy/i.test(text)) return
    if (/img-src/.test(text) && text.includes(fixture)) return
    found.push(`${page.url()}: console ${msg.type()}: ${text}`)
  })
  return found
}

interface Stop {
  path: string
  /** Tab names to open one after the other on this screen. */
  tabs?: string[]
}

/** Every route of web/src/App.tsx, with the tabs each screen has for this visitor. */
function tour(packageId: string, signedIn: boolean): Stop[] {
  return [
    { path: '/' },
    { path: '/servers' },
    {
      path: `/servers/${WIDGET_ID}`,
      tabs: ['Featured & Recommended', 'README', 'Verdict', 'Tools', 'Changes', 'Supply chain', 'Basic Info', 'Configuration'],
    },
    { path: '/servers/new' },
    { path: `/servers/${WIDGET_ID}/edit` },
    { path: `/servers/${WIDGET_ID}/featured` },
    { path: '/security/mcp-supply-chain' },
    { path: '/packages' },
    { path: `/packages/${packageId}`, tabs: ['Servers', 'Comments', 'Configuration'] },
    { path: '/dashboard', tabs: signedIn ? ['Overview', 'My Servers', 'Favorites', 'Activity', 'Insights', 'Advanced'] : [] },
    { path: '/no-such-page' },
  ]
}

/** Walks the tour; returns the violations and page errors, each naming its address. */
async function walk(page: Page, found: string[], stops: Stop[]) {
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(`${page.url()}: pageerror: ${err.message}`))
  for (const stop of stops) {
    await page.goto(stop.path)
    await page.locator('main').waitFor()
    await page.waitForLoadState('networkidle')
    for (const name of stop.tabs ?? []) {
      const tab = page.getByRole('tab', { name, exact: false }).first()
      await tab.click()
      await page.waitForFunction((n) => {
        const selected = document.querySelector('[role=tab][aria-selected=true]')
        return selected?.textContent?.startsWith(n) ?? false
      }, name)
      await page.waitForLoadState('networkidle')
    }
  }
  return [...found, ...errors]
}

let packageId = ''
let owner: Awaited<ReturnType<typeof newSession>> | undefined

beforeAll(async () => {
  // A public package, so the package screen has content for everyone.
  owner = await newSession()
  await signInAs(owner.page, `e2e-csp-${run}`)
  packageId = (await apiCall<{ id: string }>(owner.page, 'POST', '/api/users/me/categories', { name: `CSP tour ${run}` })).id
  await apiCall(owner.page, 'POST', `/api/users/me/categories/${packageId}/servers/${WIDGET_ID}`)
  await apiCall(owner.page, 'PUT', `/api/packages/${packageId}/public-status`, { isPublic: true })
})

afterAll(async () => {
  // Other files share the database: leave the public list as it was.
  if (owner && packageId)
    await apiCall(owner.page, 'PUT', `/api/packages/${packageId}/public-status`, { isPublic: false }).catch(() => undefined)
  await owner?.context.close()
})

describe('Content-Security-Policy on every screen', () => {
  it('reports no violation to a guest on any route', { timeout: 180_000 }, async () => {
    const { page, context } = await newSession()
    const found = await watchPolicy(context, page)
    expect(await walk(page, found, tour(packageId, false))).toEqual([])
    await context.close()
  })

  it('reports no violation to a signed-in user on any route or dashboard tab', { timeout: 180_000 }, async () => {
    const { page, context } = await newSession()
    const found = await watchPolicy(context, page)
    await signInAs(page, `e2e-csp-user-${run}`)
    expect(await walk(page, found, tour(packageId, true))).toEqual([])
    await context.close()
  })

  it('reports no violation to an admin on any route, the edit form and featured editor included', { timeout: 180_000 }, async () => {
    const { page, context } = await newSession()
    const found = await watchPolicy(context, page)
    await signInAs(page, 'admin', { admin: true })
    expect(await walk(page, found, tour(packageId, true))).toEqual([])
    await context.close()
  })
})
