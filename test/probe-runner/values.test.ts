/**
 * The runner's pure parts: the values it gives what a listing declares (probe-runner/src/values.ts),
 * the line of a crashed server's stderr that says why (meaningfulLine), the operator's client
 * configuration and npmrc (client-config.ts), and the Node it needs (node-version.ts).
 */
import { meaningfulLine, type RunnerInput, type RunnerJob, wantedVariable } from '@mcp-catalogue/mcp-client/node'
import { describe, expect, it } from 'vitest'
import { npmEnvironment, npmrc, readClientConfig, uvEnvironment } from '../../probe-runner/src/client-config'
import { nodeProblem } from '../../probe-runner/src/node-version'
import { givenValues, shapeValue } from '../../probe-runner/src/values'

const W = '/tmp/probe-runner-x/work'
const input = (name: string, more: Partial<RunnerInput> = {}): RunnerInput => ({
  name,
  isRequired: true,
  isSecret: false,
  default: null,
  ...more,
})

describe('shapeValue', () => {
  it('gives each declared input a value of its shape', () => {
    expect(shapeValue(input('GITHUB_TOKEN', { isSecret: true, default: 'ghp_real', example: 'ghp_x' }), W)).toBe('placeholder-GITHUB_TOKEN')
    expect(shapeValue(input('vaultPath'), W)).toBe(W)
    expect(shapeValue(input('argument_1', { description: 'Path to Obsidian vault' }), W)).toBe(W)
    expect(shapeValue(input('--config', { format: 'filepath' }), W)).toBe(W)
    expect(shapeValue(input('NEO4J_URI', { example: 'bolt://localhost:7687' }), W)).toBe('bolt://localhost:7687')
    expect(shapeValue(input('API_BASE_URL'), W)).toBe('http://localhost:8080/')
    expect(shapeValue(input('TIMEOUT', { format: 'number', example: '30' }), W)).toBe('30')
    expect(shapeValue(input('LIMIT', { format: 'number' }), W)).toBe('1')
    expect(shapeValue(input('READ_ONLY', { format: 'boolean' }), W)).toBe('false')
    expect(shapeValue(input('MODE', { choices: ['read', 'write'] }), W)).toBe('read')
    expect(shapeValue(input('MODE', { choices: ['read', 'write'], default: 'write' }), W)).toBe('write')
    expect(shapeValue(input('REGION', { default: 'eu', example: 'us' }), W)).toBe('eu')
    expect(shapeValue(input('DB_HOST'), W)).toBe('localhost')
    expect(shapeValue(input('TEAM'), W)).toBe('placeholder-TEAM')
  })
})

describe('givenValues', () => {
  const job = (pkg: Partial<RunnerJob['package']>): RunnerJob => ({
    jobId: 'j',
    serverId: 's',
    version: '1.0.0',
    leaseUntil: '',
    package: {
      registryType: 'npm',
      identifier: 'x',
      version: '1.0.0',
      runtimeHint: null,
      runtimeArguments: [],
      packageArguments: [],
      environmentVariables: [],
      ...pkg,
    },
  })

  it('fills the variables of a value in every syntax, leaves out an optional one with nothing to go by, and keeps PATH and HOME the fence’s', () => {
    const given = givenValues(
      job({
        packageArguments: [
          { ...input('argument_1', { value: '${input:vaultPath}', description: 'Path to the vault' }), type: 'positional' },
          { ...input('--root', { value: '{allowed_directory}' }), type: 'named' },
          {
            ...input('--port', { value: '{port}', variables: [input('port', { format: 'number', default: '3000' })] }),
            type: 'named',
            joined: true,
          },
          { ...input('argument_4', { value: '<api key>', isSecret: true }), type: 'positional' },
          { ...input('--verbose', { isRequired: false }), type: 'named' },
          { ...input('argument_6', { value: 'stdio' }), type: 'positional' },
        ],
        environmentVariables: [
          input('PATH', { default: '/evil' }),
          input('NEO4J_URI', { example: 'bolt://localhost:7687' }),
          input('OPTIONAL', { isRequired: false }),
        ],
      }),
      W,
    )
    expect(given.args).toEqual([W, '--root', W, '--port=3000', 'placeholder-api_key', 'stdio'])
    expect(given.env).toEqual({ NEO4J_URI: 'bolt://localhost:7687' })
    expect(given.given).toMatchObject({ argument_1: W, '--port': '3000', NEO4J_URI: 'bolt://localhost:7687' })
  })
})

describe('meaningfulLine and wantedVariable', () => {
  it('finds the error’s own line under Node’s stack, object and footer, and the last of a Python traceback', () => {
    const node = [
      'file:///tmp/w/node_modules/x/server.mjs:12',
      '  throw error',
      '  ^',
      '',
      'Error: the index could not be opened',
      '    at file:///tmp/w/node_modules/x/server.mjs:9:17',
      '    at ModuleJob.run (node:internal/modules/esm/module_job:271:25) {',
      "  code: 'EINDEX',",
      '  detail: { tried: [ 1 ] }',
      '}',
      '',
      'Node.js v22.23.3',
    ].join('\n')
    expect(meaningfulLine(node)).toBe('Error: the index could not be opened')
    const python =
      'Traceback (most recent call last):\n  File "x.py", line 3, in <module>\nKeyError: \'A\'\nDuring handling of the above exception, another exception occurred:\nValueError: NEO4J_URI is not a URI\n'
    expect(meaningfulLine(python)).toBe('ValueError: NEO4J_URI is not a URI')
    expect(meaningfulLine('starting\nlistening failed: port in use\n}\n')).toBe('listening failed: port in use')
  })

  it('names the variable whose given value a server quotes', () => {
    const stat = "Error: ENOENT: no such file or directory, stat 'placeholder-vaultPath'"
    expect(wantedVariable(stat, [], { vaultPath: 'placeholder-vaultPath', '--port': '1' })).toBe('vaultPath')
    expect(wantedVariable("TypeError: Invalid URL\n  input: 'localhost'", ['DB_HOST'], { DB_HOST: 'localhost' })).toBe('DB_HOST')
    expect(wantedVariable('Error: 1 is not allowed', [], { LIMIT: '1' })).toBeNull()
  })
})

describe('the operator’s client configuration', () => {
  it('takes the runner’s variables first, then what the operator’s npm says, then the defaults', () => {
    const npm = {
      registry: 'https://mirror.example/npm/',
      cafile: '/etc/ssl/mirror.pem',
      'strict-ssl': 'true',
      proxy: 'null',
      'https-proxy': 'null',
      noproxy: '',
    }
    const config = readClientConfig(
      {
        NPM_TOKEN: 's3cret',
        HTTPS_PROXY: 'http://proxy:3128',
        NODE_EXTRA_CA_CERTS: '/etc/extra.pem',
        UV_INDEX_URL: 'https://mirror.example/pypi/simple',
      },
      npm,
    )
    expect(config).toEqual({
      npm: {
        registry: 'https://mirror.example/npm/',
        cafile: '/etc/ssl/mirror.pem',
        strictSsl: true,
        proxy: null,
        httpsProxy: 'http://proxy:3128',
        noproxy: null,
        token: 's3cret',
      },
      extraCaCerts: '/etc/extra.pem',
      uv: { index: 'https://mirror.example/pypi/simple', caFile: null, nativeTls: false },
    })
    expect(readClientConfig({ NPM_REGISTRY: 'http://127.0.0.1:1/' }, npm).npm.registry).toBe('http://127.0.0.1:1/')
    expect(readClientConfig({}, {}).npm).toMatchObject({ registry: 'https://registry.npmjs.org/', cafile: null, strictSsl: true })
  })

  it('writes an npmrc that names the token’s variable, never the token, and hands the token to npm alone', () => {
    const config = readClientConfig({
      NPM_REGISTRY: 'https://npm.example:8443/private',
      NPM_TOKEN: 's3cret',
      NPM_CAFILE: '/ca.pem',
      NPM_STRICT_SSL: 'false',
    })
    const rc = npmrc(config)
    expect(rc).not.toContain('s3cret')
    expect(rc.split('\n')).toEqual(
      expect.arrayContaining([
        'registry=https://npm.example:8443/private',
        'cafile=/ca.pem',
        'strict-ssl=false',
        'fetch-retries=1',
        '//npm.example:8443/private/:_authToken=${PROBE_RUNNER_NPM_TOKEN}',
      ]),
    )
    expect(npmEnvironment(config, { PATH: '/bin', HOME: '/h' })).toEqual({ PATH: '/bin', HOME: '/h', PROBE_RUNNER_NPM_TOKEN: 's3cret' })
    expect(uvEnvironment(config, { PATH: '/bin', HOME: '/h' })).not.toHaveProperty('PROBE_RUNNER_NPM_TOKEN')
    // A value that would start a line of its own is left out.
    expect(npmrc(readClientConfig({ NPM_CAFILE: '/ca.pem\n//evil/:_authToken=x' }))).not.toContain('evil')
  })
})

describe('nodeProblem', () => {
  it('says in one line which Node the runner needs', () => {
    expect(nodeProblem('20.20.2')).toBe('The probe runner needs Node 22.6 or later (it strips TypeScript types); this is Node 20.20.2.')
    expect(nodeProblem('22.5.1')).toMatch(/needs Node 22\.6/)
    expect(nodeProblem('22.6.0')).toBeNull()
    expect(nodeProblem('v24.1.0')).toBeNull()
  })
})
