/**
 * Kept card commands (servers.card_install) stand only while CARD_INSTALL_REV names the generator
 * that wrote them. This fails when `cardInstallCommand` writes anything different for a listing of
 * the bundled snapshot or the server.json examples and the revision was not raised: kept commands
 * would otherwise go on standing, stale, until their listings changed.
 */
import { describe, expect, it } from 'vitest'
import seed from '../../../data/mcp-registry-seed-2025-05-16.json'
import { CARD_INSTALL_REV, cardInstallCommand } from '../../../worker/lib/install'
import { mapRegistryEntry } from '../../../worker/lib/registry-entry'
import minimal from '../../fixtures/server-json-examples/valid/minimal.json'
import withPackage from '../../fixtures/server-json-examples/valid/with-package.json'
import withRemote from '../../fixtures/server-json-examples/valid/with-remote.json'
import revisions from './card-install-revs.json'

async function digestOfCommands(): Promise<string> {
  const commands = [...(seed as unknown[]), minimal, withPackage, withRemote].flatMap((entry) => {
    const r = mapRegistryEntry(entry)
    return r.ok
      ? [cardInstallCommand({ name: r.server.name, version: r.server.version, packages: r.server.packages, remotes: r.server.remotes })]
      : []
  })
  expect(commands.length).toBeGreaterThan(400)
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(commands)))
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

describe('the card commands revision', () => {
  it('names the commands the generator writes now', async () => {
    const recorded = (revisions as Record<string, string>)[String(CARD_INSTALL_REV)]
    const now = await digestOfCommands()
    expect(
      recorded,
      `The card install commands changed: raise CARD_INSTALL_REV (worker/lib/install/index.ts) and record "${now}" under the new revision in test/worker/lib/card-install-revs.json`,
    ).toBe(now)
  })
})
