/** Keyboard helpers for the browser tests: reach a control with Tab, read and await focus. */
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

/** The focused element, as a person would name it, for failure messages. */
export function describeFocus(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return 'the page body'
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> ${name}`
  })
}

export const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement)

/** Waits until `target` has focus; fails naming what has it instead. */
export async function expectFocus(page: Page, target: Locator) {
  await expect
    .poll(async () => ((await hasFocus(target)) ? 'the expected control' : await describeFocus(page)), { timeout: 5000 })
    .toBe('the expected control')
}

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user gets there. */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await target.waitFor()
  for (let i = 0; i < 150; i++) {
    if (await hasFocus(target)) return
    await page.keyboard.press(key)
  }
  throw new Error(`Tab did not reach the control; focus is on ${await describeFocus(page)}`)
}

/** Opens a tab of a tab list with the arrow keys (tabs activate as they take focus). */
export async function openTab(page: Page, list: string, name: string) {
  const tabs = page.getByRole('tablist', { name: list })
  await tabTo(page, tabs.getByRole('tab', { selected: true }))
  const target = tabs.getByRole('tab', { name })
  for (let i = 0; i < 10 && !(await hasFocus(target)); i++) await page.keyboard.press('ArrowRight')
  await expect.poll(() => target.getAttribute('aria-selected')).toBe('true')
}
