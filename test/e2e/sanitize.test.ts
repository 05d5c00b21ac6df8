/**
 * Both sanitisers' output for the whole hostile corpus, loaded into real Chromium on a page with
 * no Content-Security-Policy (the app's CSP would hide a sanitiser bug; here nothing stands
 * between a surviving payload and execution). Every payload reports through __xss(), alert,
 * confirm or prompt; all of them end up in one Node-side list, from every frame and popup. A run
 * of the raw, unsanitised corpus through the same harness shows that it does catch payloads.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { defaultSchema } from 'rehype-sanitize'
import { describe, expect, it } from 'vitest'
import { sanitizeFeaturedHtml } from '../../worker/lib/render/html'
import { renderReadme } from '../../worker/lib/render/markdown'
import { FEATURED_TAGS, hostileHtml, hostileMarkdown } from '../fixtures/hostile-html'
import { newSession, setupBrowser } from './browser'

setupBrowser()

// A made-up origin answered by the test itself: an ordinary http page without any CSP.
const ORIGIN = 'http://sanitize.test'

const README_TAGS = [...(defaultSchema.tagNames ?? [])]

// Runs in every frame before any of its own script: routes every way a payload announces itself
// to the Node-side recorder.
const RECORDER = `
  window.__xss = (id) => window.__report(String(id));
  for (const name of ['alert', 'confirm', 'prompt', 'print']) window[name] = (msg) => window.__report(name + ':' + msg);
`

interface Harness {
  context: BrowserContext
  page: Page
  /** Every payload that ran: __xss ids, dialog calls, page errors. */
  fired: string[]
}

async function harness(pages: Record<string, string>): Promise<Harness> {
  const { context, page } = await newSession()
  const fired: string[] = []
  await context.exposeBinding('__report', (_source, id: string) => void fired.push(id))
  await context.addInitScript(RECORDER)
  page.on('dialog', (d) => {
    fired.push(`dialog:${d.message()}`)
    void d.dismiss()
  })
  // A window a payload opens reports through the same binding; its dialogs are caught here.
  context.on('page', (p) => {
    if (p !== page)
      p.on('dialog', (d) => {
        fired.push(`popup dialog:${d.message()}`)
        void d.dismiss()
      })
  })
  // Pages come from memory; nothing leaves the machine (images and links to elsewhere fail).
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    const body = url.origin === ORIGIN ? pages[url.pathname] : undefined
    return body === undefined ? route.abort() : route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body })
  })
  // A payload that ran and then threw still ran.
  page.on('pageerror', (err) => fired.push(`pageerror:${err.message}`))
  return { context, page, fired }
}

const documentOf = (outputs: string[]) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>sanitised</title></head><body><div id="cases">${outputs
    .map((html, i) => `<div data-case="${i}">${html}</div>`)
    .join('')}</div></body></html>`

/**
 * Waits until the page has run its load-time payloads: a known payload is planted after load
 * (outside #cases, so the DOM checks do not see it) and must be seen first; then, in every page of
 * the context, every animation the markup started must be running and two frames must have been
 * rendered since: the frames in which animation, transition, toggle, focus and SMIL events are
 * sent. The canary is taken out of the record.
 */
async function settle(h: Harness) {
  await h.page.waitForLoadState('load')
  await h.page.evaluate(() => {
    const canary = document.createElement('div')
    document.body.appendChild(canary)
    canary.innerHTML = `<img src="data:," onerror="__xss('canary')">`
  })
  await expect.poll(() => h.fired.includes('canary')).toBe(true)
  for (const page of h.context.pages()) {
    if (page.isClosed()) continue
    await page.waitForLoadState('load')
    await page.evaluate(async () => {
      await Promise.all(document.getAnimations().map((animation) => animation.ready))
      await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))
    })
  }
  h.fired.splice(h.fired.indexOf('canary'), 1)
}

/**
 * The DOM the browser built, checked in the browser: element names, handler attributes, ids
 * and names, and the scheme of every URL as the browser itself resolves it.
 */
async function domProblems(page: Page, opts: { tags: string[]; idPrefix: string | null; linkSchemes: string[] }) {
  return page.evaluate(({ tags, idPrefix, linkSchemes }) => {
    const found: string[] = []
    // Called from the prototype: in the raw run, <img name="getElementById"> has clobbered it.
    const root = Document.prototype.getElementById.call(document, 'cases')!
    for (const el of Array.from(root.querySelectorAll('*'))) {
      // The per-case wrappers are the test's own.
      if (el.parentElement === root && el.hasAttribute('data-case')) continue
      const tag = el.localName
      if (!tags.includes(tag)) found.push(`element <${tag}>`)
      if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`foreign ${el.namespaceURI} <${tag}>`)
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase()
        if (name.startsWith('on')) found.push(`handler ${name} on <${tag}>`)
        if (name === 'id' || name === 'name') {
          if (idPrefix === null || !attr.value.startsWith(idPrefix)) found.push(`${name}=${attr.value} on <${tag}>`)
        }
        if (['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data', 'cite', 'srcset', 'background'].includes(name)) {
          const urls = name === 'srcset' ? attr.value.split(',').map((c) => c.trim().split(/\s+/)[0]) : [attr.value]
          for (const u of urls) {
            let scheme: string
            try {
              scheme = new URL(u, document.baseURI).protocol
            } catch {
              scheme = 'unparseable'
            }
            const allowed = name === 'href' ? linkSchemes : ['http:', 'https:']
            if (!allowed.includes(scheme)) found.push(`${name}=${u} (${scheme}) on <${tag}>`)
          }
        }
      }
    }
    // Nothing clobbered the document or the window.
    if (document.getElementById !== Document.prototype.getElementById) found.push('document.getElementById clobbered')
    if (typeof document.cookie !== 'string') found.push('document.cookie clobbered')
    if (document.defaultView !== window) found.push('document.defaultView clobbered')
    if (!(document.forms instanceof HTMLCollection)) found.push('document.forms clobbered')
    if (typeof (window as unknown as { __xss: unknown }).__xss !== 'function') found.push('window.__xss clobbered')
    if (document.baseURI !== location.href) found.push(`base changed to ${document.baseURI}`)
    return found
  }, opts)
}

/** Follows, in the page itself, every link the browser would treat as script; returns how many. */
async function followScriptLinks(page: Page) {
  return page.evaluate(async () => {
    const links = Array.from(document.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>('a[href], area[href]')).filter(
      (a) => !['http:', 'https:', 'mailto:', 'irc:', 'ircs:', 'xmpp:'].includes(a.protocol),
    )
    for (const a of links) {
      a.removeAttribute('target')
      a.click()
      // One navigation at a time: a second click would cancel the first one's pending script,
      // which runs as a task of its own; a frame and a task after the click, it has run.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
    }
    return links.length
  })
}

/** The sanitised outputs as a parsed document and as innerHTML (as React inserts them). */
async function expectNothingRuns(outputs: string[], opts: { tags: string[]; idPrefix: string | null; linkSchemes: string[] }) {
  const h = await harness({ '/document': documentOf(outputs), '/blank': documentOf([]) })
  try {
    await h.page.goto(`${ORIGIN}/document`)
    await settle(h)
    expect(await domProblems(h.page, opts)).toEqual([])
    expect(await followScriptLinks(h.page)).toBe(0)

    await h.page.goto(`${ORIGIN}/blank`)
    await h.page.evaluate((list) => {
      // Called from the prototype: in the raw run, <img name="getElementById"> has clobbered it.
      const root = Document.prototype.getElementById.call(document, 'cases')!
      for (const [i, html] of list.entries()) {
        const div = document.createElement('div')
        div.dataset.case = String(i)
        div.innerHTML = html
        root.appendChild(div)
      }
    }, outputs)
    await settle(h)
    expect(await domProblems(h.page, opts)).toEqual([])
    expect(h.fired).toEqual([])
  } finally {
    await h.context.close()
  }
}

const repoOpts = { repo: { owner: 'acme', repo: 'widget' }, rawBase: 'https://raw.example.com' }

describe('sanitised hostile markup in Chromium', () => {
  it('the harness catches payloads: the raw corpus fires', async () => {
    const h = await harness({ '/raw': documentOf(hostileHtml.map((c) => c.html)) })
    try {
      await h.page.goto(`${ORIGIN}/raw`)
      await settle(h)
      expect(await followScriptLinks(h.page)).toBeGreaterThan(5)
      await expect.poll(() => h.fired.includes('js-plain')).toBe(true)
      const expected = [
        'script',
        'script-upper',
        'img-onerror',
        'img-entities',
        'svg-onload',
        'details-ontoggle',
        'iframe-srcdoc',
        'noscript',
        'js-dec',
        'js-hex',
        'js-colon',
        'js-named-tab',
        'js-inner-lf',
        'js-ctrl',
      ]
      for (const id of expected) expect(h.fired).toContain(id)
      expect(await domProblems(h.page, { tags: FEATURED_TAGS, idPrefix: null, linkSchemes: ['http:', 'https:', 'mailto:'] })).not.toEqual(
        [],
      )
    } finally {
      await h.context.close()
    }
  })

  it('sanitizeFeaturedHtml: nothing runs, nothing outside the allowlist is in the DOM', async () => {
    const outputs = hostileHtml.map((c) => sanitizeFeaturedHtml(c.html))
    await expectNothingRuns(outputs, { tags: FEATURED_TAGS, idPrefix: null, linkSchemes: ['http:', 'https:', 'mailto:'] })
  })

  it('renderReadme: nothing runs, nothing outside GitHub’s allowlist is in the DOM', async () => {
    const outputs = await Promise.all([...hostileHtml, ...hostileMarkdown].map((c) => renderReadme(c.html, repoOpts)))
    await expectNothingRuns(outputs, {
      tags: README_TAGS,
      idPrefix: 'user-content-',
      linkSchemes: ['http:', 'https:', 'mailto:', 'irc:', 'ircs:', 'xmpp:'],
    })
  })

  it('allowed formatting renders as written: links open in a new tab without an opener', async () => {
    const html = sanitizeFeaturedHtml(
      '<p><b>Bold</b> <a href="https://example.com/x" onclick="__xss(1)">link</a> <span style="color: rgb(255, 0, 0)">red</span></p>',
    )
    const h = await harness({ '/one': documentOf([html]) })
    try {
      await h.page.goto(`${ORIGIN}/one`)
      const facts = await h.page.evaluate(() => {
        const a = document.querySelector('#cases a') as HTMLAnchorElement
        const span = document.querySelector('#cases span') as HTMLSpanElement
        return {
          text: document.getElementById('cases')!.textContent,
          target: a.target,
          rel: a.relList.value,
          color: getComputedStyle(span).color,
          bold: document.querySelector('#cases b')?.textContent,
        }
      })
      expect(facts).toEqual({ text: 'Bold link red', target: '_blank', rel: 'noopener noreferrer', color: 'rgb(255, 0, 0)', bold: 'Bold' })
    } finally {
      await h.context.close()
    }
  })
})
