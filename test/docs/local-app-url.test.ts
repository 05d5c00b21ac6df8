/**
 * How the local scripts find the app `npm start` serves (scripts/local.mjs): the port it recorded
 * in its state folder, unless CATALOGUE_URL names another address; PORT, then 8787, before any
 * `npm start` recorded one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { appUrl, DEFAULT_PORT, recordAppPort } from '../../scripts/local.mjs'

let state = ''
beforeEach(() => {
  state = mkdtempSync(join(tmpdir(), 'local-app-url-'))
})
afterEach(() => rmSync(state, { recursive: true, force: true }))

it('finds the port `npm start` recorded, whatever PORT the script itself was given', () => {
  recordAppPort(state, '9123')
  expect(appUrl({ env: {}, state })).toBe('http://127.0.0.1:9123')
  expect(appUrl({ env: { PORT: '8000' }, state })).toBe('http://127.0.0.1:9123')
  // A later start on another port wins.
  recordAppPort(state, 9124)
  expect(appUrl({ env: {}, state })).toBe('http://127.0.0.1:9124')
})

it('records into a state folder that does not exist yet', () => {
  const fresh = join(state, 'not', 'yet')
  recordAppPort(fresh, 8800)
  expect(appUrl({ env: {}, state: fresh })).toBe('http://127.0.0.1:8800')
})

it('lets CATALOGUE_URL override the recorded port', () => {
  recordAppPort(state, 9123)
  expect(appUrl({ env: { CATALOGUE_URL: 'https://catalogue.example' }, state })).toBe('https://catalogue.example')
})

it('falls back to PORT, then the default, without a recorded port or with a file that holds none', () => {
  expect(appUrl({ env: {}, state })).toBe(`http://127.0.0.1:${DEFAULT_PORT}`)
  expect(appUrl({ env: { PORT: '8000' }, state })).toBe('http://127.0.0.1:8000')
  for (const junk of ['', 'abc', '99999', '0', '80; rm -rf /']) {
    writeFileSync(join(state, 'app-port'), junk)
    expect({ junk, url: appUrl({ env: {}, state }) }).toEqual({ junk, url: `http://127.0.0.1:${DEFAULT_PORT}` })
  }
})
