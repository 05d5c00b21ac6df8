/**
 * What the probe runner is told of a package (worker/services/probing/runner-job.ts): the arguments as the
 * words of a command line, and an image reference split into image and exact version.
 */
import { describe, expect, it } from 'vitest'
import { imageVersion, runnerJobOf, runnerJobPackage } from '../../../worker/services/probing/runner-job'

describe('runnerJobPackage', () => {
  it('hands the runner each argument as declared: fixed values, defaults, formats and choices, never a secret’s default', () => {
    const pkg = runnerJobPackage([
      {
        registryType: 'pypi',
        identifier: 'acme-mcp',
        version: '0.3.0',
        runtimeArguments: [{ type: 'named', name: '--python', value: '3.12' }],
        packageArguments: [
          { type: 'named', name: '--mode', default: 'read', choices: ['read', 'write'] },
          { type: 'named', name: '--api-key', isRequired: true, isSecret: true, default: 'not-handed-out', placeholder: 'sk-not-either' },
          { type: 'named', name: '--port', isRequired: false, format: 'number', placeholder: '8080' },
          { type: 'positional', valueHint: 'directory', isRequired: true, format: 'filepath' },
        ],
      },
    ])
    expect(pkg?.runtimeArguments).toEqual(['--python', '3.12'])
    expect(pkg?.packageArguments).toEqual([
      expect.objectContaining({ type: 'named', name: '--mode', default: 'read', choices: ['read', 'write'], value: null }),
      expect.objectContaining({ type: 'named', name: '--api-key', isSecret: true, default: null, example: null }),
      expect.objectContaining({ type: 'named', name: '--port', isRequired: false, format: 'number', example: '8080' }),
      expect.objectContaining({ type: 'positional', name: 'directory', isRequired: true, format: 'filepath' }),
    ])
  })

  it('reads the 2025 shapes: a `${input:...}` value kept for the runner to fill, an example given as the description', () => {
    const pkg = runnerJobPackage([
      {
        registry_name: 'npm',
        name: 'mcp-obsidian',
        version: '1.0.0',
        package_arguments: [
          { description: 'Path to Obsidian vault', is_required: true, format: 'string', value: '${input:vaultPath}', type: 'positional' },
          { type: 'named', name: '--token YOUR_TOKEN' },
        ],
        environment_variables: [
          { name: 'NEO4J_URI', description: 'bolt://localhost:7687' },
          { name: 'NEO4J_PASSWORD', description: 'your-password' },
          { name: 'NEO4J_DATABASE', description: 'The database, e.g. neo4j.' },
          { name: 'NEO4J_USERNAME', description: 'your_username' },
        ],
      },
    ])
    expect(pkg?.packageArguments).toEqual([
      expect.objectContaining({ type: 'positional', value: '${input:vaultPath}', description: 'Path to Obsidian vault' }),
      // An example to replace is no value: the runner supplies one (a secret's dummy).
      expect.objectContaining({ type: 'named', name: '--token', value: null, isSecret: true, description: 'YOUR_TOKEN' }),
    ])
    expect(pkg?.environmentVariables.map((v) => [v.name, v.isSecret, v.example])).toEqual([
      ['NEO4J_URI', false, 'bolt://localhost:7687'],
      ['NEO4J_PASSWORD', true, null],
      ['NEO4J_DATABASE', false, 'neo4j'],
      ['NEO4J_USERNAME', false, null],
    ])
  })

  it('keeps a 2025 flag joined to its value as one word', () => {
    const pkg = runnerJobPackage([
      { registry_name: 'npm', name: '@acme/x', version: '1.0.0', package_arguments: [{ type: 'named', name: '--level=debug' }] },
    ])
    expect(pkg?.packageArguments).toEqual([expect.objectContaining({ type: 'named', name: '--level', value: 'debug', joined: true })])
  })

  it('takes the first package the runner can run, and none of an unknown registry', () => {
    const found = runnerJobPackage([
      { registryType: 'nuget', identifier: 'Acme.Mcp', version: '1.0.0' },
      { registryType: 'npm', identifier: '@acme/mcp', version: '1.0.0' },
    ])
    expect(found).toMatchObject({ registryType: 'npm', identifier: '@acme/mcp' })
    expect(runnerJobPackage([{ registryType: 'cargo', identifier: 'acme', version: '1.0.0' }, 'just-a-name'])).toBeNull()
  })
})

describe('imageVersion', () => {
  it('is the digest or the tag of the reference (a registry port is neither), else the pinned version', () => {
    const digest = `sha256:${'a'.repeat(64)}`
    expect(imageVersion(`ghcr.io/acme/srv@${digest}`, '1.0.0')).toBe(digest)
    expect(imageVersion('localhost:5000/acme/srv:2.1', null)).toBe('2.1')
    expect(imageVersion('localhost:5000/acme/srv', '3.0.0')).toBe('3.0.0')
    expect(imageVersion('mcp/github', null)).toBeNull()
  })
})

describe('runnerJobOf', () => {
  const claimed = {
    serverId: 'srv-1',
    jobId: 'job-1',
    version: '2.0.0',
    leaseUntil: '2026-06-01T12:30:00.000Z',
    packages: [{ registryType: 'npm', identifier: '@acme/files', version: '2.0.0' }] as unknown[],
  }

  it('hands out a claimed listing’s runnable package under its job, version and lease', () => {
    expect(runnerJobOf(claimed)).toEqual({
      jobId: 'job-1',
      serverId: 'srv-1',
      version: '2.0.0',
      leaseUntil: '2026-06-01T12:30:00.000Z',
      package: runnerJobPackage(claimed.packages),
    })
  })

  it('hands out nothing (the claim defers it) for a package that serves HTTP or one of no registry the runner knows', () => {
    const http = {
      registryType: 'npm',
      identifier: '@acme/web',
      version: '1.0.0',
      transport: { type: 'streamable-http', url: 'http://localhost:3000/mcp' },
    }
    expect(runnerJobOf({ ...claimed, packages: [http] })).toBeNull()
    expect(runnerJobOf({ ...claimed, packages: [{ registryType: 'nuget', identifier: 'Acme', version: '1.0.0' }] })).toBeNull()
    expect(runnerJobOf({ ...claimed, packages: [] })).toBeNull()
  })
})
