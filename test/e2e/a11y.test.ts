import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations, newSession, setupBrowser } from './browser'
import { WIDGET_ID } from './helpers'

setupBrowser()

/** Each page, once loaded, with the element that says it is ready. */
const PAGES: Array<{ path: string; ready: (page: Page) => Promise<void> }> = [
  { path: '/', ready: (p) => p.getByRole('heading', { name: 'Featured Servers' }).waitFor() },
  { path: '/servers', ready: (p) => p.locator('main article').first().waitFor() },
  { path: `/servers/${WIDGET_ID}`, ready: (p) => p.getByRole('complementary').getByText('1,234').waitFor() },
]

describe('accessibility (axe-core: no serious or critical violations)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const { path, ready } of PAGES) {
      it(`${path} in ${scheme} mode`, async () => {
        const { page, context, problems } = await newSession()
        await page.emulateMedia({ colorScheme: scheme })
        await page.goto(path)
        await ready(page)
        expect(await axeViolations(page)).toEqual([])
        expect(problems).toEqual([])
        await context.close()
      })
    }
  }

  it('the detail tabs Basic Info and Configuration', async () => {
    const { page, context } = await newSession()
    await page.goto(`/servers/${WIDGET_ID}`)
    await page.getByRole('tab', { name: 'Basic Info' }).click()
    await page.getByRole('heading', { name: 'Package Dependencies' }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('tab', { name: 'Configuration' }).click()
    await page.getByRole('heading', { name: 'Additional Metadata' }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })

  it('shows a visible focus ring when moving by keyboard', async () => {
    const { page, context } = await newSession()
    await page.goto('/servers')
    await page.locator('main article').first().waitFor()
    // The first stop is the skip link, then the header's controls.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
    const outline = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!)
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) }
    })
    expect(outline.style).not.toBe('none')
    expect(outline.width).toBeGreaterThanOrEqual(2)
    await context.close()
  })
})
