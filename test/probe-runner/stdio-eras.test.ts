/**
 * Which protocol generations a package answers over stdio, as probeStdio records them: real servers
 * of the official SDKs (test/fixtures/eras-stdio.ts on the v2 SDK, server-everything on the v1),
 * run as the runner runs a package (without the fence: this is the client's behaviour).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { probeStdio } from '@mcp-catalogue/mcp-client/node'
import { afterAll, describe, expect, it } from 'vitest'

const cwd = mkdtempSync(join(tmpdir(), 'stdio-eras-'))
afterAll(() => rmSync(cwd, { recursive: true, force: true }))

const BOUNDS = { stepTimeoutMs: 10_000, totalTimeoutMs: 30_000 }
const TSX = resolve('node_modules/tsx/dist/esm/index.mjs')

const probe = (args: string[]) => probeStdio({ command: process.execPath, args, env: {}, cwd, target: 'npm:eras@1.0.0', bounds: BOUNDS })

describe('probeStdio records which protocol generations answered', () => {
  it('a server of both eras answers the stateless exchange, and a second start answers initialize', async () => {
    const outcome = await probe(['--import', TSX, resolve('test/fixtures/eras-stdio.ts'), 'dual'])
    expect(outcome).toMatchObject({ status: 'ok', transport: 'stdio', protocolVersion: '2026-07-28' })
    expect(outcome.generations).toEqual({ stateless: true, initialize: true })
    expect(outcome.surface?.tools.map((t) => t.name)).toEqual(['shout'])
  })

  it('a modern-only server answers the stateless exchange and refuses initialize', async () => {
    const outcome = await probe(['--import', TSX, resolve('test/fixtures/eras-stdio.ts'), 'modern'])
    expect(outcome).toMatchObject({ status: 'ok', protocolVersion: '2026-07-28' })
    expect(outcome.generations).toEqual({ stateless: true, initialize: false })
  })

  it('a server of the v1 SDK answers initialize only after the discover probe fell back: stateless is false', async () => {
    const outcome = await probe([resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'])
    expect(outcome).toMatchObject({ status: 'ok', protocolVersion: '2025-11-25' })
    expect(outcome.generations).toEqual({ stateless: false, initialize: true })
  })

  it('a server that exits before answering tells nothing of the generations', async () => {
    const outcome = await probe(['-e', 'process.exit(3)'])
    expect(outcome.status).toBe('unreachable')
    expect(outcome.generations).toBeUndefined()
  })
})
