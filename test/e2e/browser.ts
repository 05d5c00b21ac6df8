/**
 * Real Chromium (Debian's /usr/bin/chromium) driven by playwright-core, headless. One browser
 * per test file; each test gets a fresh context (no shared cookies or storage).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

export const baseURL = () => inject('baseURL')

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

let browser: Browser | undefined

/** Call at the top of a test file: launches Chromium for the file and closes it after. */
export function setupBrowser() {
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    })
  })
  afterAll(async () => {
    await browser?.close()
  })
}

export interface Session {
  context: BrowserContext
  page: Page
  /** CSP violations and page errors seen so far. */
  problems: string[]
}

export async function newSession(
  opts: { viewport?: { width: number; height: number }; clipboard?: boolean; javaScript?: boolean } = {},
): Promise<Session> {
  if (!browser) throw new Error('setupBrowser() first')
  const context = await browser.newContext({
    baseURL: baseURL(),
    javaScriptEnabled: opts.javaScript ?? true,
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    permissions: opts.clipboard === false ? [] : ['clipboard-read', 'clipboard-write'],
  })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(`csp: ${msg.text()}`)
  })
  return { context, page, problems }
}

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** Runs axe-core in the page; returns serious and critical violations. */
export async function axeViolations(page: Page) {
  // Injected through the DevTools protocol, so the page's own CSP (no inline script) still holds.
  await page.evaluate(AXE_SOURCE)
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>
        }
      }
    ).axe
    return axe.run(document, { resultTypes: ['violations'] })
  })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))
}
