import { html } from 'hono/html'

/** The GitHub login pattern: letters, digits and single inner hyphens, at most 39 characters. */
export const DEV_USERNAME_RE = /^[a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38}$/i

/**
 * The development sign-in form (only served when `DEV_LOGIN` is 'true'). Plain HTML with no
 * script and no inline handlers, so it passes the site's Content-Security-Policy; it submits by
 * GET to /api/auth/dev-callback with the sign-in state.
 */
export function devLoginPage(state: string) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in · MCP Catalogue</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 4rem auto; padding: 0 1rem; color: #111; }
  h1 { font-size: 1.4rem; }
  p { color: #444; }
  label { display: block; margin: 1rem 0 0.25rem; }
  input[type=text] { width: 100%; padding: 0.5rem; font-size: 1rem; box-sizing: border-box; }
  .check { display: flex; gap: 0.5rem; align-items: center; margin: 0.75rem 0; }
  .check label { margin: 0; }
  button { margin-top: 1.25rem; padding: 0.6rem 1.2rem; font-size: 1rem; }
</style>
</head>
<body>
<main>
<h1>Development sign-in</h1>
<p>GitHub sign-in is replaced by this form because DEV_LOGIN is on. It is for local use only.</p>
<form method="get" action="/api/auth/dev-callback">
  <input type="hidden" name="state" value="${state}">
  <label for="username">GitHub username</label>
  <input type="text" id="username" name="username" required maxlength="39" pattern="[A-Za-z0-9\-]{1,39}" autocomplete="username" autofocus>
  <div class="check"><input type="checkbox" id="admin" name="admin" value="1"><label for="admin">Admin</label></div>
  <div class="check"><input type="checkbox" id="restricted" name="restricted" value="1"><label for="restricted">Restricted account</label></div>
  <button type="submit">Sign in</button>
</form>
</main>
</body>
</html>`
}
