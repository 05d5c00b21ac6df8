/**
 * The verdict as visitors meet it, on the stored verdicts of test/e2e/fixtures/verdicts.sql: the
 * grade badge on cards and in the header leading to the Verdict tab, the tab explaining every
 * point of the detail answer's verdict (and "Not graded yet" without one), each tool's failed
 * checks in the Tools tab, the 'Best rated' sort and the minimum-grade filter on the list, a
 * search and a category's page, each kept in the URL.
 */
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import type { ServerDetail, ServerList } from '@shared/types'
import { DIMENSION_LABELS, type Verdict } from '@shared/verdict'
import { axeViolations, newSession, type Session, setupBrowser } from './browser'
import { apiJson, cardNames, pathAndQuery, sidewaysOverflow, WIDGET_ID } from './helpers'
import { expectFocus } from './keyboard'

setupBrowser()

const sessions: Session[] = []
afterAll(async () => {
  for (const s of sessions) await s.context.close()
})

async function session(opts?: Parameters<typeof newSession>[0]) {
  const s = await newSession(opts)
  sessions.push(s)
  return s
}

/** A server's id by its registry name (the fixtures' listings not inserted with a fixed id). */
async function idOf(name: string): Promise<string> {
  const found = await apiJson<ServerList>(`/api/servers/search?q=${encodeURIComponent(name.split('/')[1])}&limit=50`)
  const server = found.servers.find((s) => s.name === name)
  if (!server) throw new Error(`${name} is not listed`)
  return server.id
}

/** The card of a server on screen, by its display name. */
const card = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })

/** The grades the cards on screen show, in order ('none' for a card without a badge). */
async function cardGrades(page: Page): Promise<string[]> {
  const cards = page.getByRole('main').getByRole('article')
  const grades: string[] = []
  for (const c of await cards.all()) {
    const badge = c.locator('[data-grade]')
    grades.push((await badge.count()) ? ((await badge.first().getAttribute('data-grade')) ?? 'none') : 'none')
  }
  return grades
}

const rankOf = (g: string) => ['E', 'D', 'C', 'B', 'A'].indexOf(g) + 1

/** Waits for the list to show what the URL asks (the cards of the answer for that address). */
async function listShown(page: Page, names: string[]) {
  await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(names)
}

describe('the grade badge', () => {
  it('shows a graded card its grade in words, leads to the Verdict tab, and leaves a card not graded without one', async () => {
    const { page, problems } = await session()
    const widget = await apiJson<ServerDetail>(`/api/servers/${WIDGET_ID}`)
    await page.goto('/servers?q=acme')
    const widgetBadge = card(page, widget.displayName).getByRole('link', { name: /^Verdict: B, / })
    await widgetBadge.waitFor()
    await card(page, 'Weather Py')
      .getByRole('link', { name: /^Verdict: A, / })
      .waitFor()
    // Text, not colour alone: the badge's own words say the grade.
    expect(await widgetBadge.textContent()).toBe('Verdict: B')
    const box = card(page, 'Box Docker')
    await box.waitFor()
    expect(await box.getByRole('link', { name: /^Verdict/ }).count()).toBe(0)

    await widgetBadge.click()
    await page.waitForURL(`**/servers/${WIDGET_ID}?tab=verdict#verdict`)
    expect(await page.getByRole('tab', { name: 'Verdict' }).getAttribute('aria-selected')).toBe('true')
    await expectFocus(page, page.getByRole('heading', { name: 'Verdict', exact: true, level: 3 }))
    // The header's badge says it too, and a plain click on it stays on the page.
    const header = page.locator('main header').first()
    await page.getByRole('tab', { name: 'Basic Info' }).click()
    await header.getByRole('link', { name: /^Verdict: B, / }).click()
    expect(await page.getByRole('tab', { name: 'Verdict' }).getAttribute('aria-selected')).toBe('true')
    await expectFocus(page, page.getByRole('heading', { name: 'Verdict', exact: true, level: 3 }))
    expect(problems).toEqual([])
  })
})

describe('the Verdict tab', () => {
  it('explains every point of the verdict: overall, each dimension, compatibility and the tools', async () => {
    const { page, problems } = await session()
    const detail = await apiJson<ServerDetail>(`/api/servers/${WIDGET_ID}`)
    const verdict = detail.verdict as Verdict
    expect(verdict.grade).toBe('B')
    await page.goto(`/servers/${WIDGET_ID}?tab=verdict`)
    const panel = page.getByRole('tabpanel', { name: 'Verdict' })

    // The overall grade, its score, each of its reasons with its points.
    const overall = panel.getByRole('region', { name: 'Overall' })
    await overall.getByText('Score 78 of 100').waitFor()
    const overallReasons = overall.getByRole('list', { name: 'Reasons for the overall grade' }).getByRole('listitem')
    expect(await overallReasons.count()).toBe(verdict.reasons.length)
    for (const r of verdict.reasons) await overallReasons.filter({ hasText: r.text }).waitFor()
    expect(await overallReasons.filter({ hasText: 'Security weighs most' }).textContent()).toContain('+30 points')
    expect(await overallReasons.filter({ hasText: 'Tool quality is graded C' }).textContent()).toContain('\u22128 points')

    // Every dimension, in the method's order, each as it stands.
    const dimensions = panel.getByRole('list', { name: 'Dimensions' }).locator(':scope > li')
    expect(await dimensions.evaluateAll((items) => items.map((li) => li.getAttribute('data-dimension')))).toEqual(
      verdict.dimensions.map((d) => d.dimension),
    )
    for (const d of verdict.dimensions) {
      const item = dimensions.and(page.locator(`[data-dimension="${d.dimension}"]`))
      await item.getByRole('heading', { name: DIMENSION_LABELS[d.dimension] }).waitFor()
      if (!d.applies) await item.getByText('Does not apply', { exact: true }).waitFor()
      else if (d.grade === null) await item.getByText(`Not enough known: ${d.missing}`).waitFor()
      else {
        expect(await item.locator('[data-grade]').first().textContent()).toBe(`Grade: ${d.grade}`)
        await item.getByText(`Score ${d.score} of 100`).waitFor()
      }
      for (const r of d.reasons) await item.getByText(r.text).waitFor()
    }
    const security = dimensions.and(page.locator('[data-dimension="security"]'))
    expect(await security.locator('[data-effect="minus"]').textContent()).toBe(
      'Counts against: delete_widget:One tool can delete data without asking.\u22128 points',
    )

    // Compatibility: the generations as badges, the transport, the Server Card, and each client.
    const compatibility = panel.getByRole('region', { name: 'Compatibility' })
    const generations = compatibility.getByRole('list', { name: 'Protocol generations' }).getByRole('listitem')
    expect(await generations.allTextContents()).toEqual([
      'Stateless exchange (2026-07-28): not answered',
      'initialize handshake: answered',
      'Old HTTP+SSE transport: not tried',
    ])
    await compatibility.getByText('Streamable HTTP', { exact: true }).waitFor()
    await compatibility.getByText('not published', { exact: true }).waitFor()
    const worksWith = compatibility.getByRole('table', { name: 'Works with' })
    const row = (client: string) => worksWith.getByRole('row', { name: new RegExp(`^${client}`) })
    for (const c of verdict.compatibility?.worksWith ?? []) {
      await row(c.label).getByText(c.why).waitFor()
    }
    expect(await row('Cursor').getByRole('cell').first().textContent()).toBe('Yes')
    expect(await row('Claude Desktop').getByRole('cell').first().textContent()).toBe('Through a bridge')
    expect(await row('Old SSE client').getByRole('cell').first().textContent()).toBe('No')
    expect(await row('Stateless client').getByRole('cell').first().textContent()).toBe('Unknown')

    // Tool definitions: each failed check of each tool, the tool that passes counted.
    const tools = panel.getByRole('region', { name: 'Tool definitions' })
    await tools.getByText('2 of 3 tools fail a check; 1 passes every one.', { exact: false }).waitFor()
    for (const line of verdict.toolQuality.filter((l) => l.failed.length)) {
      const checks = tools.getByRole('list', { name: `Failed checks of ${line.tool}` }).getByRole('listitem')
      expect(await checks.allTextContents()).toEqual(line.failed.map((f) => f.text))
    }
    expect(await tools.getByRole('list', { name: 'Failed checks of get_widget' }).count()).toBe(0)

    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize({ width: 360, height: 800 })
    expect(await sidewaysOverflow(page)).toBe(0)
    expect(problems).toEqual([])
  })

  it('says "Not graded yet" and when it will be, for a listing without a verdict', async () => {
    const { page } = await session()
    const id = await idOf('io.github.acme/box-docker')
    expect((await apiJson<ServerDetail>(`/api/servers/${id}`)).verdict).toBeNull()
    await page.goto(`/servers/${id}?tab=verdict`)
    const panel = page.getByRole('tabpanel', { name: 'Verdict' })
    await panel.getByText('Not graded yet', { exact: true }).waitFor()
    await panel.getByText('within a few minutes of a change in what it measured', { exact: false }).waitFor()
    await page
      .locator('main header')
      .first()
      .getByRole('link', { name: /^Verdict: not graded, / })
      .waitFor()
  })

  it("shows each tool's failed definition checks beside it in the Tools tab", async () => {
    const { page } = await session()
    await page.goto(`/servers/${WIDGET_ID}?tab=tools`)
    const tool = (name: string) =>
      page
        .getByRole('tabpanel', { name: 'Tools' })
        .getByRole('article')
        .filter({ has: page.getByText(name, { exact: true }) })
    const del = tool('delete_widget')
    await del.getByText('Definition: 2 checks fail').waitFor()
    expect(await del.getByRole('list', { name: 'Failed checks of delete_widget' }).getByRole('listitem').allTextContents()).toEqual([
      'The description restates the name: say what it deletes and whether it can be undone.',
      'No annotations: say whether it reads, writes or deletes (readOnlyHint, destructiveHint).',
    ])
    await tool('calibrate_sprocket').getByText('Definition: 1 check fails').waitFor()
    // A tool that passes every check says nothing of it.
    await tool('get_widget').waitFor()
    expect(
      await tool('get_widget')
        .getByText(/^Definition:/)
        .count(),
    ).toBe(0)
  })
})

describe("'Best rated' and the minimum grade", () => {
  it('sorts the list by grade, best first, from the sort control, kept in the URL and asked of the API', async () => {
    const { page, problems } = await session()
    const widget = await apiJson<ServerDetail>(`/api/servers/${WIDGET_ID}`)
    const best = ['Weather Py', widget.displayName, 'Verdict Cedar', 'Verdict Dune', 'Verdict Ember']
    const answer = await apiJson<ServerList>('/api/servers?sortBy=rated&page=1&limit=20')
    expect(answer.servers.slice(0, 5).map((s) => s.displayName)).toEqual(best)

    await page.goto('/servers')
    await page.getByRole('main').getByRole('article').first().waitFor()
    await page.getByRole('combobox', { name: 'Sort by' }).click()
    await page.getByRole('option', { name: 'Best rated' }).click()
    await page.waitForURL('**/servers?sortBy=rated')
    await expect.poll(async () => (await cardNames(page)).slice(0, 5), { timeout: 10_000 }).toEqual(best)
    const grades = await cardGrades(page)
    expect(grades.slice(0, 5)).toEqual(['A', 'B', 'C', 'D', 'E'])
    // Never a better grade after a worse one; listings not graded last.
    expect(grades.map(rankOf)).toEqual([...grades.map(rankOf)].sort((a, b) => b - a))
    await page.getByRole('combobox', { name: 'Sort by' }).getByText('Best rated').waitFor()
    expect(problems).toEqual([])
  })

  it('keeps only listings graded so well, on the list, a search and a category, with the choice in the URL', async () => {
    const { page, problems } = await session()
    const widget = await apiJson<ServerDetail>(`/api/servers/${WIDGET_ID}`)
    await page.goto('/servers?sortBy=rated')
    await page.getByRole('main').getByRole('article').first().waitFor()
    const filter = page.getByRole('group', { name: 'Minimum grade' })

    await filter.getByRole('radio', { name: 'C or better' }).check()
    await page.waitForURL('**/servers?minGrade=C&sortBy=rated')
    await listShown(page, ['Weather Py', widget.displayName, 'Verdict Cedar'])
    expect(await cardGrades(page)).toEqual(['A', 'B', 'C'])
    // The choice is a chip too, which takes it off.
    await page.getByRole('button', { name: 'Remove grade Grade C or better' }).waitFor()

    await filter.getByRole('radio', { name: 'A', exact: true }).check()
    await page.waitForURL('**/servers?minGrade=A&sortBy=rated')
    await listShown(page, ['Weather Py'])

    await filter.getByRole('radio', { name: 'Any, graded or not' }).check()
    await page.waitForURL('**/servers?sortBy=rated')
    await expect.poll(async () => (await page.getByRole('main').getByRole('article').count()) > 5).toBe(true)

    // A search: the acme listings graded B or better, Box Docker (not graded) left out.
    await page.goto('/servers?q=acme&minGrade=B')
    await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(expect.arrayContaining(['Weather Py', widget.displayName]))
    expect(await cardNames(page)).not.toContain('Box Docker')
    expect((await cardGrades(page)).every((g) => rankOf(g) >= rankOf('B'))).toBe(true)
    expect(await filter.getByRole('radio', { name: 'B or better' }).isChecked()).toBe(true)

    // A category's page: the widget's first category, graded B or better.
    const category = widget.categories[0]
    await page.goto(`/categories/${category}?minGrade=B`)
    await card(page, widget.displayName).waitFor()
    expect((await cardGrades(page)).every((g) => rankOf(g) >= rankOf('B'))).toBe(true)
    expect(pathAndQuery(page)).toBe(`/categories/${category}?minGrade=B`)

    // An unknown grade is no filter: the list as it is.
    await page.goto('/servers?minGrade=Z&sortBy=rated')
    await expect
      .poll(async () => (await cardNames(page)).slice(0, 3), { timeout: 10_000 })
      .toEqual(['Weather Py', widget.displayName, 'Verdict Cedar'])
    expect(await filter.getByRole('radio', { name: 'Any, graded or not' }).isChecked()).toBe(true)
    expect(problems).toEqual([])
  })

  it('offers the filter in the filters dialog on a phone, counted with the others', async () => {
    const { page } = await session({ viewport: { width: 375, height: 800 } })
    await page.goto(`/servers?minGrade=D`)
    const open = page.getByRole('button', { name: /^Filters/ })
    expect(await open.textContent()).toContain('(1)')
    await open.click()
    const dialog = page.getByRole('dialog')
    expect(await dialog.getByRole('group', { name: 'Minimum grade' }).getByRole('radio', { name: 'D or better' }).isChecked()).toBe(true)
    expect(await sidewaysOverflow(page)).toBe(0)
    // Cedar (C) and Dune (D) are in; Ember (E) is not.
    await page.keyboard.press('Escape')
    await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(expect.arrayContaining(['Verdict Cedar', 'Verdict Dune']))
    expect(await cardNames(page)).not.toContain('Verdict Ember')
  })
})
