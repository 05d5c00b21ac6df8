/**
 * Kept install output (servers.card_install, servers.registry_install) stands only while
 * INSTALL_REV names the generator that wrote it. This fails when `cardInstallCommand` or the
 * registry's `installSummary` writes anything different for a listing of the bundled snapshot or
 * the server.json examples and the revision was not raised: kept output would otherwise go on
 * standing, stale, until its listing changed.
 */
import { describe, expect, it } from 'vitest'
import { cardInstallCommand, INSTALL_REV } from '@shared/install'
import seed from '../../../data/mcp-registry-seed-2025-05-16.json'
import { mapRegistryEntry } from '../../../worker/lib/registry-entry'
import { installSummary } from '../../../worker/lib/render/registry-api'
import minimal from '../../fixtures/server-json-examples/valid/minimal.json'
import withPackage from '../../fixtures/server-json-examples/valid/with-package.json'
import withRemote from '../../fixtures/server-json-examples/valid/with-remote.json'
import revisions from './install-revs.json'

async function digestOfOutput(): Promise<string> {
  const output = [...(seed as unknown[]), minimal, withPackage, withRemote].flatMap((entry) => {
    const r = mapRegistryEntry(entry)
    if (!r.ok) return []
    const listing = { name: r.server.name, version: r.server.version, packages: r.server.packages, remotes: r.server.remotes }
    return [[cardInstallCommand(listing), installSummary({ ...listing, name: r.server.registryName ?? r.server.name })]]
  })
  expect(output.length).toBeGreaterThan(400)
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(output)))
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

describe('the install output revision', () => {
  it('names the output the generator writes now', async () => {
    const recorded = (revisions as Record<string, string>)[String(INSTALL_REV)]
    const now = await digestOfOutput()
    expect(
      recorded,
      `The kept install output changed: raise INSTALL_REV (worker/shared/install/index.ts) and record "${now}" under the new revision in test/worker/lib/install-revs.json`,
    ).toBe(now)
  })
})
