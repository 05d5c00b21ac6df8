/**
 * The package registry's setup texts (web/src/lib/registry-setup.ts): each client and policy is
 * given the base URL (clients append /v0.1 themselves), cites its own documentation, and the
 * allowlist forms are the files the registry serves.
 */
import { describe, expect, it } from 'vitest'
import { ALLOWLIST_FORMS, registrySetups, registryUrl } from '../../../web/src/lib/registry-setup'

const URL_ = 'https://catalogue.example/registry/0e2e0000-0000-4000-8000-0000000000aa/k3y'

describe('registry setups', () => {
  const setups = registrySetups(URL_)

  it('puts the base URL, never a /v0.1 path, where each client takes it', () => {
    const byId = Object.fromEntries(setups.map((s) => [s.id, s]))
    expect(byId.vscode.snippet).toEqual({ code: `"chat.mcp.gallery.serviceUrl": "${URL_}"`, what: 'VS Code setting' })
    expect(byId['vscode-policy'].snippet?.code).toBe(URL_)
    expect(byId['github-copilot'].snippet?.code).toBe(URL_)
    expect(byId.toolhive.snippet?.code).toBe(`thv config set-registry ${URL_}`)
    for (const s of setups) expect(s.snippet?.code ?? '').not.toContain('/v0.1')
  })

  it("says that GitHub's Registry only matches names alone and points to the URL allowlist", () => {
    const github = setups.find((s) => s.id === 'github-copilot')!
    expect(github.steps.join(' ')).toContain('Registry only')
    expect(github.validates).toMatch(/name \(server ID\) alone/)
    expect(github.validates).toMatch(/editing a configuration file gets around it/)
    expect(setups.find((s) => s.id === 'github-allowlist')!.steps[0]).toContain('serverUrl')
  })

  it("cites each one's own documentation over https, and splits the user's from the administrator's", () => {
    for (const s of setups) {
      expect(s.docs.length).toBeGreaterThan(0)
      for (const d of s.docs) expect(new URL(d.href).protocol).toBe('https:')
    }
    expect(setups.filter((s) => s.audience === 'user').map((s) => s.id)).toEqual(['vscode', 'toolhive'])
    expect(new Set(setups.map((s) => s.id)).size).toBe(setups.length)
  })

  it('names the allowlist files the registry serves', () => {
    expect(ALLOWLIST_FORMS.map((f) => f.file)).toEqual(['allowlist.json', 'allowlist.names.txt', 'allowlist.urls.txt'])
  })

  it('has a URL only with a path', () => {
    expect(registryUrl('https://c.example', '/registry/abc')).toBe('https://c.example/registry/abc')
    expect(registryUrl('https://c.example', null)).toBeNull()
  })
})
