import { defaultSchema } from 'rehype-sanitize'
import { describe, expect, it } from 'vitest'
import { renderReadme } from '../../../../worker/lib/render/markdown'
import { hostileHtml, hostileMarkdown } from '../../../fixtures/hostile-html'
import { expectInert, startTags } from './markup-checks'

const README_TAGS = defaultSchema.tagNames ?? []
const README_LINK_SCHEMES = ['http:', 'https:', 'irc:', 'ircs:', 'mailto:', 'xmpp:']

function expectSafeReadme(html: string) {
  expect(html).not.toMatch(/<!--|<!\[/)
  for (const tag of startTags(html)) {
    expect(README_TAGS, `<${tag.name}> in ${html}`).toContain(tag.name)
    for (const [name, value] of tag.attrs) {
      expect(name, `style on <${tag.name}>`).not.toBe('style')
      if (name === 'id' || name === 'name' || name === 'aria-describedby' || name === 'aria-labelledby')
        expect(value, `${name} in ${html}`).toMatch(/^user-content-/)
    }
    expectInert(html, tag, README_LINK_SCHEMES, true)
    if (tag.name === 'a' && tag.attrs.some(([n]) => n === 'href'))
      expect(Object.fromEntries(tag.attrs)).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' })
  }
}

const repoOpts = { repo: { owner: 'acme', repo: 'widget' }, rawBase: 'https://raw.example.com/' }

describe('the hostile corpus', () => {
  it.each(hostileHtml)('README raw HTML: $name', async ({ html }) => {
    expectSafeReadme(await renderReadme(html, repoOpts))
    expectSafeReadme(await renderReadme(html, { repo: null, rawBase: repoOpts.rawBase }))
  })

  it.each(hostileMarkdown)('README: $name', async ({ html }) => {
    expectSafeReadme(await renderReadme(html, repoOpts))
  })

  it('the checker itself refuses executable output', () => {
    expect(() => expectSafeReadme('<p><svg></svg></p>')).toThrow()
    expect(() => expectSafeReadme('<p id="x">x</p>')).toThrow()
    expect(() => expectSafeReadme('<img src=" javascript:alert(1)">')).toThrow()
    expect(() => expectSafeReadme('<b onclick="x">x</b>')).toThrow()
  })
})

describe('renderReadme', () => {
  it('resolves relative links against blob/HEAD and images against raw/HEAD, with every link in a new tab', async () => {
    const html = await renderReadme(
      '[guide](docs/guide.md) [root](/LICENSE) [dot](./a.md) [ext](https://example.com)\n\n![logo](img/logo.png)',
      repoOpts,
    )
    expect(html).toContain(
      '<a href="https://github.com/acme/widget/blob/HEAD/docs/guide.md" target="_blank" rel="noopener noreferrer">guide</a>',
    )
    expect(html).toContain('href="https://github.com/acme/widget/blob/HEAD/LICENSE"')
    expect(html).toContain('href="https://github.com/acme/widget/blob/HEAD/a.md"')
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ext</a>')
    expect(html).toContain('src="https://raw.example.com/acme/widget/HEAD/img/logo.png"')
  })

  it('prefixes ids and the anchors that point at them, headings included', async () => {
    const html = await renderReadme('# Usage\n\nSee [usage](#usage).\n\n<a name="top"></a><p id="intro">x</p>', repoOpts)
    expect(html).toContain('<h1 id="user-content-usage">Usage</h1>')
    expect(html).toContain('href="#user-content-usage"')
    expect(html).toContain('name="user-content-top"')
    expect(html).toContain('id="user-content-intro"')
  })

  it('links footnotes to ids that exist (one prefix, not two)', async () => {
    const html = await renderReadme('Note[^1].\n\n[^1]: The note.', repoOpts)
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])
    const anchors = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])
    expect(anchors.length).toBeGreaterThan(1)
    for (const a of anchors) expect(ids).toContain(a)
    expect(html).not.toContain('user-content-user-content-')
  })

  it('drops style, template and svg content instead of leaving it as text', async () => {
    const html = await renderReadme('<style>body{color:red}</style>\n\ntext <template>tpl</template><svg><text>svg</text></svg>', repoOpts)
    expect(html).not.toMatch(/color:red|tpl|svg/)
    expect(html).toContain('text')
  })

  it('rewrites relative srcset candidates to raw/HEAD and drops other schemes', async () => {
    const html = await renderReadme(
      '<picture><source media="(prefers-color-scheme: dark)" srcset="./dark.png 1x, https://cdn.example.com/d2.png 2x, javascript:alert(1) 3x"><img src="light.png"></picture>',
      repoOpts,
    )
    expect(html).toContain('srcset="https://raw.example.com/acme/widget/HEAD/dark.png 1x, https://cdn.example.com/d2.png 2x"')
    expect(html).toContain('src="https://raw.example.com/acme/widget/HEAD/light.png"')
  })

  it('keeps GitHub formatting: tables, task lists, code classes, details', async () => {
    const html = await renderReadme(
      '| a |\n|---|\n| b |\n\n- [x] done\n\n```ts\nconst a = 1\n```\n\n<details><summary>More</summary>body</details>',
      repoOpts,
    )
    expect(html).toContain('<table>')
    expect(html).toMatch(
      /<input type="checkbox" checked disabled>|<input checked type="checkbox" disabled>|<input type="checkbox" disabled checked>/,
    )
    expect(html).toContain('<code class="language-ts">')
    expect(html).toContain('<details><summary>More</summary>body</details>')
  })
})
