/** Sign-in for browser tests through the development sign-in form (DEV_LOGIN is on in the e2e app). */
import type { Page } from 'playwright-core'

export interface SignInOptions {
  /** Tick 'Admin' (the e2e app's ADMIN_LOGINS is 'admin'; the box works for any name while DEV_LOGIN is on). */
  admin?: boolean
  /** Tick 'Restricted account': an owner who may change only a server's repository URL. */
  restricted?: boolean
}

/** Signs in as `username` with the chosen roles and waits until the app shows the user menu. */
export async function signInAs(page: Page, username: string, opts: SignInOptions = {}) {
  await page.goto('/api/login')
  await page.fill('#username', username)
  if (opts.admin) await page.check('#admin')
  if (opts.restricted) await page.check('#restricted')
  await page.click('button[type=submit]')
  await page.waitForURL((url) => url.pathname === '/')
  await page.getByRole('button', { name: /User menu/ }).waitFor()
}
