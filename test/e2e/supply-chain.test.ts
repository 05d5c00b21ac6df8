/**
 * What the supply-chain watch found, on screen: the band's badge on cards and on the detail page,
 * the Supply chain tab (versions newest first, signals and evidence as plain text, held back,
 * removed and deprecated versions, the empty states), the install note and the pinned version in
 * the configuration, the dashboard's entry for a user who liked the server, the admins' review
 * queue (a package version dismissed with a reason, then shown on the tab, and the band drops),
 * the advisory's live figures and the landing notice's live line, and the catalogue-wide feed read
 * as Atom. The rows come from test/e2e/fixtures/supply-chain.sql.
 */
import { parseFeed } from '@rowanmanning/feed-parser'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { SupplyStats } from '@shared/supply'
import type { Dashboard } from '@shared/types'
import { signInAs } from './auth'
import { axeViolations, baseURL, newSession, setupBrowser } from './browser'
import { apiCall, apiJson, sidewaysOverflow } from './helpers'
import { expectFocus, openTab, tabTo } from './keyboard'
import { serverId } from './tools-tab'

setupBrowser()

const RUN = Date.now().toString(36)
const HARBOR = '0e2e0000-0000-4000-8000-000000000041'
const RELAY = '0e2e0000-0000-4000-8000-000000000042'
const EMBER = '0e2e0000-0000-4000-8000-000000000043'
const LANTERN = '0e2e0000-0000-4000-8000-000000000044'
const PHONE = { width: 375, height: 800 }
const EXPLAINED = "from the catalogue's watch of the package versions it installs"
const HELD_BACK =
  '@harbor-e2e/mail: Version 1.0.16 is newer but held back: it scored High (11) in the supply-chain watch. This configuration pins 1.0.15.'
const HOSTILE_EVIDENCE = 'postinstall: node setup.js <img src=x onerror=alert(1)> (1.0.15 had none)'

/** A link to one version on a server's Supply chain tab, as the feed writes it: '#version-' and the encoded review key. */
const versionHref = (id: string, registry: string, name: string, version: string) =>
  `/servers/${id}?tab=supply-chain#version-${encodeURIComponent(`${registry}:${name}@${version}`)}`

/** The card of the listing named `name` on the list searched for `q`. */
async function cardOf(page: Page, q: string, name: string): Promise<Locator> {
  await page.goto(`/servers?q=${encodeURIComponent(q)}`)
  const card = page.locator('main article').filter({ has: page.getByRole('link', { name, exact: true }) })
  await card.waitFor()
  return card
}

/** The Supply chain tab's section, once its tab is selected. */
async function supplyOf(page: Page): Promise<Locator> {
  const tab = page.getByRole('tab', { name: 'Supply chain' })
  await tab.waitFor()
  await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true')
  const region = page.getByRole('tabpanel', { name: 'Supply chain' }).getByRole('region', { name: /^Supply chain/ })
  await region.waitFor()
  return region
}

/** One version's item on the tab. */
const versionOf = (section: Locator, version: string) => section.locator(`li[data-version="${version}"]`)

describe('the supply badge', () => {
  it('shows a band worth a look on cards, nothing for a listing not read, and leads from the detail page to the Supply chain tab', async () => {
    const { page, context, problems } = await newSession()
    const harbor = await cardOf(page, 'harbor', 'Harbor Mail')
    const low = harbor.locator('[data-supply]')
    expect(await low.getAttribute('data-supply')).toBe('low')
    expect(await low.textContent()).toBe(`Supply chain: Low, ${EXPLAINED}`)
    expect(await low.getAttribute('title')).toContain('High: score 10 or more; Medium: 5 to 9; Low: 1 to 4.')
    // Its weight is the risk badge's: the same shape and size.
    expect(await low.evaluate((el) => getComputedStyle(el).fontSize)).toBe('12px')

    const ember = await cardOf(page, 'ember', 'Ember Deploy')
    expect(await ember.locator('[data-supply]').getAttribute('data-supply')).toBe('high')
    const lantern = await cardOf(page, 'lantern', 'Quiet Lantern')
    expect(await lantern.locator('[data-supply]').count()).toBe(0)

    await page.goto(`/servers/${EMBER}`)
    await page.getByRole('heading', { level: 1, name: 'Ember Deploy' }).waitFor()
    const badge = page.getByRole('link', { name: `Supply chain: High, ${EXPLAINED}: see the versions` })
    expect(await badge.getAttribute('href')).toBe(`/servers/${EMBER}?tab=supply-chain#supply-chain`)
    // By keyboard: the badge opens the Supply chain tab and its heading takes focus.
    await tabTo(page, badge)
    await page.keyboard.press('Enter')
    const section = await supplyOf(page)
    await expectFocus(page, section.getByRole('heading', { level: 3, name: 'Supply chain' }))
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('shows no badge in the header of a listing without a band', async () => {
    const { page, context } = await newSession()
    await page.goto(`/servers/${LANTERN}`)
    await page.getByRole('heading', { level: 1, name: 'Quiet Lantern' }).waitFor()
    await page.getByRole('tab', { name: 'Supply chain' }).waitFor()
    expect(await page.locator('header [data-supply]').count()).toBe(0)
    await context.close()
  })
})

describe('the Supply chain tab', () => {
  it('lists each package with its versions newest first: band, score, publisher, signals heaviest first and evidence as text', async () => {
    const { page, context, problems } = await newSession()
    await page.goto(`/servers/${HARBOR}`)
    await openTab(page, 'Server information', 'Supply chain')
    const section = await supplyOf(page)
    expect(await section.locator('[data-supply]').first().getAttribute('data-supply')).toBe('low')
    const packages = section.getByRole('list', { name: 'Watched packages' }).locator(':scope > li')
    expect(await packages.evaluateAll((els) => els.map((el) => el.getAttribute('data-package')))).toEqual([
      '@harbor-e2e/mail',
      'harbor-e2e-archive',
    ])

    const mail = packages.first()
    expect(await mail.getByRole('heading', { level: 4 }).innerText()).toBe('npm @harbor-e2e/mail')
    const facts = await mail.locator('dl').innerText()
    for (const fact of ['Pinned:', 'No (the newest not held back)', 'Installs:', '1.0.15', 'Latest:', '1.0.16', 'Checked:']) {
      expect(facts).toContain(fact)
    }
    expect(await mail.getByRole('note').innerText()).toBe(HELD_BACK)
    expect(await mail.getByRole('link', { name: '@harbor-e2e/mail on npm (opens in a new tab)' }).getAttribute('href')).toBe(
      'https://www.npmjs.com/package/@harbor-e2e/mail',
    )

    const versions = mail.getByRole('list', { name: 'Versions of @harbor-e2e/mail, newest first' }).locator(':scope > li')
    expect(await versions.evaluateAll((els) => els.map((el) => el.getAttribute('data-version')))).toEqual(['1.0.16', '1.0.15', '1.0.14'])
    const held = versions.first()
    expect(await held.locator('[data-band]').textContent()).toBe('Band: High (11)')
    await held.getByText('Held back', { exact: true }).waitFor()
    expect(await held.innerText()).toContain('by mailer-7731')
    const signals = held.getByRole('list', { name: 'Signals of 1.0.16' }).getByRole('listitem')
    expect(await signals.evaluateAll((els) => els.map((el) => el.getAttribute('data-signal')))).toEqual([
      'install-script.added',
      'publisher.new',
    ])
    await signals.first().getByText('An install script appeared that the version before did not have', { exact: false }).waitFor()
    // The registry's text is shown as written, never parsed: no image element comes of it.
    expect(await signals.first().locator('pre').textContent()).toBe(`Evidence: ${HOSTILE_EVIDENCE}`)
    expect(await section.locator('img').count()).toBe(0)
    await versions.nth(1).getByText('Used by the configuration', { exact: true }).waitFor()
    expect(await versions.nth(2).locator('[data-band]').textContent()).toBe('Band: No signals')
    expect(await versions.nth(2).getByRole('list').count()).toBe(0)

    const archive = packages.nth(1)
    expect(await archive.getByRole('heading', { level: 4 }).innerText()).toBe('PyPI harbor-e2e-archive')
    expect(await archive.locator('dl').innerText()).toContain('0.3.1')
    expect(await archive.getByRole('note').count()).toBe(0)

    expect(await section.getByRole('link', { name: 'How the watch scores a version' }).getAttribute('href')).toBe(
      '/security/mcp-supply-chain#watch-method',
    )
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('marks removed and deprecated versions', async () => {
    const { page, context } = await newSession()
    await page.goto(`/servers/${EMBER}?tab=supply-chain`)
    const ember = await supplyOf(page)
    const removed = versionOf(ember, '2.0.0')
    await removed.getByText('Unpublished after it was read', { exact: true }).waitFor()
    expect(await removed.locator('[data-band]').textContent()).toBe('Band: Low (4)')

    await page.goto(`/servers/${RELAY}?tab=supply-chain`)
    const relay = await supplyOf(page)
    await versionOf(relay, '3.1.0').getByText('Deprecated: Use relay-e2e-sync 3.2 instead').waitFor()
    await context.close()
  })

  it('says when the package was not read yet, and which declared packages the watch does not read, and why', async () => {
    const { page, context, problems } = await newSession()
    await page.goto(`/servers/${LANTERN}?tab=supply-chain`)
    const lantern = await supplyOf(page)
    await lantern.getByText('Not checked yet: the watch reads new packages within minutes.').waitFor()
    expect(await lantern.locator('[data-supply]').count()).toBe(0)

    await page.goto(`/servers/${await serverId('io.github.acme/box-docker', 'box docker')}?tab=supply-chain`)
    const docker = await supplyOf(page)
    await docker
      .getByText('Not watched: docker.io/acme/box-mcp is on oci, a registry the watch does not read (it reads npm and PyPI).')
      .waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('opens on a version a link names, its heading focused, and reads on a phone without sideways scrolling', async () => {
    const { page, context } = await newSession({ viewport: PHONE })
    await page.goto(versionHref(HARBOR, 'npm', '@harbor-e2e/mail', '1.0.15'))
    const section = await supplyOf(page)
    await expectFocus(page, versionOf(section, '1.0.15').getByRole('heading', { level: 5, name: '1.0.15' }))
    await versionOf(section, '1.0.16').locator('pre').first().waitFor()
    expect(await sidewaysOverflow(page)).toBe(0)
    await context.close()
  })
})

describe('the install configuration', () => {
  it('pins the version before the one held back, and says why beside the configuration', async () => {
    const { page, context, problems } = await newSession()
    await page.goto(`/servers/${HARBOR}?tab=config`)
    const panel = page.getByRole('tabpanel', { name: 'Configuration' })
    await panel.getByRole('heading', { name: 'Additional Metadata' }).waitFor()
    const npm = panel.getByRole('radio', { name: /^npm package\s*@harbor-e2e\/mail 1\.0\.15$/ })
    expect(await npm.isChecked()).toBe(true)
    expect(await panel.getByRole('note').filter({ hasText: 'held back' }).innerText()).toBe(HELD_BACK)
    const configs = await panel.locator('pre code').allTextContents()
    expect(configs.some((c) => c.includes('@harbor-e2e/mail@1.0.15'))).toBe(true)
    expect(configs.some((c) => c.includes('@harbor-e2e/mail@1.0.16'))).toBe(false)
    expect(await panel.innerText()).not.toContain('The listing pins no version, so the newest release runs.')

    // The PyPI package is pinned by the listing itself and nothing of it is held back.
    await panel.getByRole('radio', { name: /^PyPI package\s*harbor-e2e-archive 0\.3\.1$/ }).check()
    await expect
      .poll(async () => (await panel.locator('pre code').allTextContents()).some((c) => c.includes('harbor-e2e-archive==0.3.1')))
      .toBe(true)
    expect(await panel.getByRole('note').filter({ hasText: 'held back' }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('the dashboard', () => {
  it('lists a new High version of a package of a server the user liked, saying why and leading to the version', async () => {
    const { page, context, problems } = await newSession()
    await signInAs(page, `supply-fan-${RUN}`)
    await page.goto('/dashboard')
    await page.getByRole('tablist', { name: 'Dashboard sections' }).waitFor()
    // Nothing to tell before they like it.
    expect(await page.getByRole('region', { name: 'Package versions' }).count()).toBe(0)

    await apiCall(page, 'POST', `/api/servers/${HARBOR}/like`)
    const { supplyAlerts } = await apiCall<Dashboard>(page, 'GET', '/api/users/me/dashboard')
    const alert = supplyAlerts.find((a) => a.serverId === HARBOR && a.version === '1.0.16')!
    expect(alert).toMatchObject({ packageName: '@harbor-e2e/mail', band: 'high', score: 11, why: 'like' })
    // Versions below Medium are not news.
    expect(supplyAlerts.some((a) => a.serverId === HARBOR && a.version === '1.0.15')).toBe(false)

    await page.goto('/dashboard')
    const entry = page.getByRole('region', { name: 'Package versions' }).locator('li[data-supply-alert="@harbor-e2e/mail@1.0.16"]')
    await entry.waitFor()
    const link = entry.getByRole('link', { name: 'Harbor Mail: see @harbor-e2e/mail 1.0.16 in its supply chain' })
    expect(await link.getAttribute('href')).toBe(versionHref(HARBOR, 'npm', '@harbor-e2e/mail', '1.0.16'))
    expect(await entry.locator('[data-band]').textContent()).toBe('Band: High (11)')
    await entry.getByText(alert.summary, { exact: true }).waitFor()
    expect(alert.summary).toMatch(/^@harbor-e2e\/mail 1\.0\.16 scored High \(11\): An install script appeared/)
    await entry.getByText(/^You liked it · /).waitFor()
    expect(await axeViolations(page)).toEqual([])

    await link.click()
    const section = await supplyOf(page)
    await expectFocus(page, versionOf(section, '1.0.16').getByRole('heading', { level: 5, name: '1.0.16' }))
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('the review queue', () => {
  it('shows a package version to an admin, who dismisses it with a reason then shown on the tab, and the band drops', async () => {
    const REASON = `The new maintainer is the project's own release account (${RUN}).`
    const { page, context, problems } = await newSession()
    await signInAs(page, `supply-admin-${RUN}`, { admin: true })
    await page.goto('/admin/review')
    const row = page
      .getByRole('tabpanel', { name: /^Open/ })
      .getByRole('listitem')
      .filter({ hasText: 'relay-e2e-sync 3.2.0 scored Medium (6)' })
    await row.waitFor()
    await row.getByText('Package version', { exact: true }).waitFor()
    expect(await row.locator('[data-severity]').textContent()).toBe('Severity: Medium')
    expect(await row.getByRole('link', { name: 'Relay Sync' }).getAttribute('href')).toBe(`/servers/${RELAY}?tab=supply-chain#supply-chain`)
    await row.getByText('Someone was added to the maintainers since the version before. (added: quickfix-dev)', { exact: false }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    const dismiss = row.getByRole('button', { name: 'Dismiss: relay-e2e-sync 3.2.0 scored Medium (6)' })
    await tabTo(page, dismiss)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Dismiss this finding' })
    await dialog.getByText("The version stays listed on the server's Supply chain tab", { exact: false }).waitFor()
    const reason = dialog.getByRole('textbox', { name: 'Why it is not a risk' })
    await expectFocus(page, reason)
    await page.keyboard.type(REASON)
    await dialog.getByRole('button', { name: 'Dismiss' }).click()
    await page.getByText('Finding dismissed').waitFor()
    await row.waitFor({ state: 'detached' })

    // The version stays listed, muted, with the admin's reason; it no longer counts.
    await page.goto(`/servers/${RELAY}?tab=supply-chain`)
    const section = await supplyOf(page)
    const dismissed = versionOf(section, '3.2.0')
    await dismissed.getByText(`Dismissed by an admin: ${REASON}`).waitFor()
    expect(await dismissed.getAttribute('data-dismissed')).toBe('true')
    await expect.poll(() => section.locator('[data-supply]').first().getAttribute('data-supply')).toBe('none')
    expect(await section.locator('[data-supply]').first().textContent()).toContain('Supply chain: No signals')
    expect(await page.locator('header [data-supply]').count()).toBe(0)
    const card = await cardOf(page, 'relay', 'Relay Sync')
    expect(await card.locator('[data-supply]').count()).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })
})

const fmt = (n: number) => n.toLocaleString('en-US')

describe('the advisory page', () => {
  it("shows the watch's live figures, the latest High versions with their servers, the method and the feed, after the first scan's text", async () => {
    const stats = await apiJson<SupplyStats>('/api/security/supply-stats')
    expect(stats.packagesWatched).toBeGreaterThanOrEqual(5)
    expect(stats.bands30d.high).toBeGreaterThanOrEqual(2)
    const { page, context, problems } = await newSession({ viewport: PHONE })
    await page.goto('/security/mcp-supply-chain')
    const live = page.getByRole('region', { name: "Live: the catalogue's watch of package versions" })
    const figures = live.getByRole('definition')
    await figures.first().waitFor()
    expect(await live.getByRole('term').allInnerTexts()).toEqual(['Packages watched', 'Versions checked, last 30 days', 'Last run'])
    expect((await figures.allInnerTexts()).slice(0, 2)).toEqual([fmt(stats.packagesWatched), fmt(stats.versionsChecked30d)])
    const bands = live.getByRole('list', { name: 'Versions by band, last 30 days' }).getByRole('listitem')
    expect((await bands.allInnerTexts()).map((t) => t.replace(/\n+/g, '|'))).toEqual([
      `High|${fmt(stats.bands30d.high)}|score 10 or more`,
      `Medium|${fmt(stats.bands30d.medium)}|score 5 to 9`,
      `Low|${fmt(stats.bands30d.low)}|score 1 to 4`,
      `No signals|${fmt(stats.bands30d.none)}|score 0`,
    ])

    const high = live.getByRole('list', { name: 'Latest High findings' }).getByRole('listitem')
    expect(await high.count()).toBe(stats.latestHigh.length)
    const harbor = high.filter({ hasText: '@harbor-e2e/mail 1.0.16' })
    expect(await harbor.innerText()).toContain('scored High (11)')
    expect(await harbor.getByRole('link', { name: 'Harbor Mail' }).getAttribute('href')).toBe(
      versionHref(HARBOR, 'npm', '@harbor-e2e/mail', '1.0.16'),
    )
    await high.filter({ hasText: 'ember-e2e-deploy 2.0.1' }).getByRole('link', { name: 'Ember Deploy' }).waitFor()

    const method = page.getByRole('region', { name: 'How the watch scores a version' })
    expect(await method.getAttribute('id')).toBe('watch-method')
    // The method's table is the watch's own rules, as the API gives them.
    const rows = method.getByRole('table', { name: 'Signals and their weights' }).locator('tbody tr')
    expect(await rows.count()).toBe(stats.rules.length)
    expect(await rows.first().innerText()).toContain(stats.rules[0].id)
    expect(await method.getByRole('row', { name: /install-script\.added/ }).innerText()).toContain(
      String(stats.rules.find((r) => r.id === 'install-script.added')?.weight),
    )
    const feed = live
      .getByRole('list', { name: 'Feeds' })
      .getByRole('link', { name: 'Supply-chain findings in MCP server packages', exact: true })
    expect(await feed.getAttribute('href')).toBe('/feeds/supply-chain.atom')

    // The first scan's text and figures stay as published.
    const text = await page.locator('main').innerText()
    for (const fact of ['1,227', '193', 'not proof of compromise', 'Guidance for users', 'Disclaimer']) expect(text).toContain(fact)
    expect(await page.getByRole('region', { name: 'The scan' }).innerText()).toContain(
      'The remaining 592 packages showed none of the indicators.',
    )
    expect(await sidewaysOverflow(page)).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('shows loading, then an error with Try Again, and says when the watch has not run', async () => {
    const { page, context } = await newSession()
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => (release = r))
    let answer: 'fail' | 'empty' = 'fail'
    await page.route('**/api/security/supply-stats', async (route) => {
      await held
      if (answer === 'fail')
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Boom","code":"internal_error"}' })
      else {
        const empty: SupplyStats = {
          packagesWatched: 0,
          versionsChecked30d: 0,
          bands30d: { none: 0, low: 0, medium: 0, high: 0 },
          latestHigh: [],
          lastRunAt: null,
          rules: [],
        }
        await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(empty) })
      }
    })
    await page.goto('/security/mcp-supply-chain')
    const live = page.getByRole('region', { name: "Live: the catalogue's watch of package versions" })
    await live.getByRole('status', { name: "Loading the watch's figures" }).waitFor()
    // The method is there while the figures load.
    await live.getByRole('heading', { name: 'How the watch scores a version' }).waitFor()
    release()
    await live.getByRole('alert').getByText("Failed to load the watch's figures").waitFor()
    answer = 'empty'
    await live.getByRole('button', { name: 'Try Again' }).click()
    await live.getByText('The watch has not run yet.').waitFor()
    expect(await live.getByRole('definition').count()).toBe(0)
    await context.close()
  })
})

describe("the landing page's notice", () => {
  it('adds the live line under the notice once loaded, without moving what is below', async () => {
    const stats = await apiJson<SupplyStats>('/api/security/supply-stats')
    const { page, context, problems } = await newSession()
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/api/security/supply-stats', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/')
    const notice = page.getByRole('region', { name: 'Security notice: npm supply-chain scan of listed servers' })
    // The app's notice (the Worker's summary before it has no live line): its line is kept, empty, from the first render.
    const slot = notice.getByTestId('supply-live')
    await slot.waitFor({ state: 'attached' })
    const below = page.getByRole('heading', { name: 'Cloud hosting for MCP servers' })
    const top = async () => (await below.boundingBox())!.y
    const before = await top()
    expect(await slot.textContent()).toBe('')
    release()
    const high = stats.bands30d.high
    const line = `Live: watching ${fmt(stats.packagesWatched)} npm and PyPI packages; ${fmt(high)} High finding${high === 1 ? '' : 's'} in the last 30 days.`
    await notice.getByText(line).waitFor()
    expect(await top()).toBe(before)
    // The advisory's first-scan figures stay in the notice.
    expect(await notice.innerText()).toContain('High 28')
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('the supply-chain feed', () => {
  const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['entry', 'link'].includes(name) })

  it('is valid Atom with each version of Medium or above, linking to the version on a server that installs it', async () => {
    const res = await fetch(`${baseURL()}/feeds/supply-chain.atom`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    const raw = await res.text()
    expect(XMLValidator.validate(raw)).toBe(true)
    const parsed = parseFeed(raw)
    expect(parsed.meta.type).toBe('atom')
    expect(parsed.title).toBe('Supply-chain findings in MCP server packages')
    const doc = xml.parse(raw)
    expect(doc.feed['@xmlns']).toBe('http://www.w3.org/2005/Atom')
    const titles = parsed.items.map((i) => i.title)
    for (const t of [
      '@harbor-e2e/mail 1.0.16 scored High (11)',
      'ember-e2e-deploy 2.0.1 scored High (12)',
      'relay-e2e-sync 3.2.0 scored Medium (6)',
    ]) {
      expect(titles).toContain(t)
    }
    // Low versions and versions read from the history are not news.
    expect(titles.some((t) => t?.includes('1.0.15') || t?.includes('3.1.0'))).toBe(false)
    const harbor = parsed.items.find((i) => i.title === '@harbor-e2e/mail 1.0.16 scored High (11)')!
    expect(harbor.url).toBe(`${baseURL()}${versionHref(HARBOR, 'npm', '@harbor-e2e/mail', '1.0.16')}`)
    // Plain text: the evidence's markup is escaped in the XML, never an element.
    expect(harbor.content ?? harbor.description).toContain('<img src=x onerror=alert(1)>')
    expect(raw).not.toContain('<img')

    // Its link opens the version on the server's Supply chain tab.
    const { page, context } = await newSession()
    await page.goto(harbor.url!)
    const section = await supplyOf(page)
    await expectFocus(page, versionOf(section, '1.0.16').getByRole('heading', { level: 5, name: '1.0.16' }))
    await context.close()
  })
})
