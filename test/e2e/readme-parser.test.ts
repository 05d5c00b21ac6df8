/**
 * The register form's README parser and what 'Load Info' / 'Auto-fill' put into the form: pure
 * functions, checked in Node (no browser needed).
 */
import { describe, expect, it } from 'vitest'
import { emptyForm } from '../../web/src/components/server-form/form-model'
import { applyNpm, applyRepository } from '../../web/src/components/server-form/previews'
import { parseReadme } from '../../web/src/lib/readme-parser'
import { FIXTURE_README } from '../fixtures/outbound'

describe('parseReadme', () => {
  it('reads the fixture README: title, first plain line, the npm install line', () => {
    const parsed = parseReadme(FIXTURE_README)
    expect(parsed.title).toBe('Widget MCP')
    expect(parsed.description).toBe('A widget server for tests.')
    expect(parsed.packages).toEqual([{ registry_type: 'npm', identifier: '@acme/widget', version: 'latest' }])
  })

  it('takes the title from the first "# " heading, not from "##" or a heading inside a code block', () => {
    const md = ['```md', '# Not this', '```', '## Nor this', '# **Real** `Title` #', '', 'Body.'].join('\n')
    expect(parseReadme(md).title).toBe('Real Title')
    expect(parseReadme('No heading here\n\nAt all.').title).toBeNull()
  })

  it('skips badges, images, HTML, quotes, lists and rules to find the first plain line', () => {
    const md = [
      '# Tool',
      '',
      '[![npm](https://img.shields.io/npm/v/x.svg)](https://npmjs.com/x) ![ci](https://ci/badge.svg)',
      '<p align="center"><img src="logo.png"></p>',
      '> a quote',
      '- a list item',
      '---',
      'Connects **Claude** to [Postgres](https://postgresql.org) over `stdio`.',
    ].join('\n')
    expect(parseReadme(md).description).toBe('Connects Claude to Postgres over stdio.')
  })

  it('finds a version from package.json text, "version 1.2.3" or "v1.2.3", most specific first', () => {
    expect(parseReadme('{ "name": "x", "version": "2.4.6" } and v9.9.9').version).toBe('2.4.6')
    expect(parseReadme('Current version: 1.2.3-beta.1').version).toBe('1.2.3-beta.1')
    expect(parseReadme('Released v3.0.1 today').version).toBe('3.0.1')
    expect(parseReadme('No numbers, nor v1 or 1.2').version).toBeNull()
  })

  it('finds known keyword tags in the prose, not in link addresses', () => {
    const md = '# X\n\nQuery a PostgreSQL database with an API. See [docs](https://github.com/a/b).'
    const { tags } = parseReadme(md)
    expect(tags).toContain('database')
    expect(tags).toContain('api')
    expect(tags).not.toContain('github')
  })

  it('lists packages from npm and pip install commands with version "latest", once each', () => {
    const md = [
      '```bash',
      '$ npm install -g @scope/server@1.2.0 other-pkg',
      'npm i @scope/server',
      'pip install "mcp-thing[cli]>=1.0" -r requirements.txt',
      'python -m pip install --upgrade second_pkg && echo done',
      '```',
      'Or run `pip3 install inline-pkg`.',
      'Run npm install to fetch the dependencies.',
    ].join('\n')
    expect(parseReadme(md).packages).toEqual([
      { registry_type: 'npm', identifier: '@scope/server', version: 'latest' },
      { registry_type: 'npm', identifier: 'other-pkg', version: 'latest' },
      { registry_type: 'pypi', identifier: 'mcp-thing', version: 'latest' },
      { registry_type: 'pypi', identifier: 'second_pkg', version: 'latest' },
      { registry_type: 'pypi', identifier: 'inline-pkg', version: 'latest' },
    ])
  })

  it('treats hostile markup as text: nothing is returned that was not in the words', () => {
    const md = '# <img src=x onerror=alert(1)>Evil\n\n<script>alert(1)</script>\n\nPlain <b onclick="x()">line</b>.'
    const parsed = parseReadme(md)
    expect(parsed.title).toBe('Evil')
    expect(parsed.description).toBe('Plain line.')
  })
})

describe('Load Info and Auto-fill', () => {
  const user = {
    id: 'u',
    firstName: 'Ada',
    email: 'ada@example.com',
    avatarUrl: null,
    profileImageUrl: null,
    username: 'ada',
    isAdmin: false,
  }

  it('fills the form from the repository preview and its README, merging tags and packages', () => {
    const form = { ...emptyForm(user), tags: ['existing'] }
    const next = applyRepository(
      form,
      {
        name: 'widget',
        description: 'The widget repository',
        ownerLogin: 'acme',
        topics: ['mcp', 'database', 'Database'],
        readmeText: FIXTURE_README,
      },
      'Ada',
    )
    expect(next.displayName).toBe('Widget MCP')
    expect(next.description).toBe('The widget repository')
    expect(next.author).toBe('acme')
    expect(next.version).toBe('1.0.0')
    expect(next.tags.slice(0, 3)).toEqual(['existing', 'mcp', 'database'])
    expect(next.packages).toEqual([{ registry_type: 'npm', identifier: '@acme/widget', version: 'latest' }])
  })

  it('keeps an author the user typed and stops at 10 tags', () => {
    const form = { ...emptyForm(user), author: 'Someone Else', tags: Array.from({ length: 9 }, (_, i) => `t${i}`) }
    const next = applyRepository(form, { name: 'r', description: null, ownerLogin: 'o', topics: ['a', 'b', 'c'], readmeText: null }, 'Ada')
    expect(next.author).toBe('Someone Else')
    expect(next.displayName).toBe('r')
    expect(next.tags).toHaveLength(10)
  })

  it('takes the npm version and lists the package, filling only empty text fields', () => {
    const form = { ...emptyForm(user), description: 'Mine' }
    const next = applyNpm(
      form,
      { packageName: '@acme/widget', description: 'The @acme/widget package', latestVersion: '2.3.4', maintainers: [{ name: 'alice' }] },
      'Ada',
    )
    expect(next.version).toBe('2.3.4')
    expect(next.description).toBe('Mine')
    expect(next.displayName).toBe('@acme/widget')
    expect(next.author).toBe('alice')
    expect(next.packages).toEqual([{ registry_type: 'npm', identifier: '@acme/widget', version: '2.3.4' }])
    // Auto-fill again after a new release updates the listed package instead of adding another.
    const again = applyNpm(next, { packageName: '@acme/widget', description: null, latestVersion: '2.4.0', maintainers: [] }, 'Ada')
    expect(again.packages).toEqual([{ registry_type: 'npm', identifier: '@acme/widget', version: '2.4.0' }])
  })
})
