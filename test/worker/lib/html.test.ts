import { decodeHTMLAttribute } from 'entities'
import { defaultSchema } from 'rehype-sanitize'
import { describe, expect, it } from 'vitest'
import { featuredCard, sanitizeFeaturedHtml } from '../../../worker/lib/html'
import { renderReadme } from '../../../worker/lib/markdown'
import { hostileHtml, hostileMarkdown } from '../../fixtures/hostile-html'

interface StartTag {
  name: string
  /** [name, decoded value] */
  attrs: Array<[string, string]>
  /** The attributes as written. */
  raw: string
}

// Both serialisers write a closed, canonical form: lower-case names, double-quoted values, no
// comments. The output is read with this strict tokeniser rather than a forgiving parser, so
// anything else that starts with '<' fails the test instead of being read charitably. (ultrahtml's
// parse is not used as the oracle: it does not decode entities and reads \" as an escaped quote.)
const TAG = /<(\/?)([a-z][a-z0-9-]*)((?:\s+[^\s"'<>/=]+(?:="[^"]*")?)*)\s*>/y
const ATTR = /\s+([^\s"'<>/=]+)(?:="([^"]*)")?/g

function startTags(html: string): StartTag[] {
  const tags: StartTag[] = []
  // Tag by tag from the start, so a '<' inside a quoted value (legal, and inert) is read as part of it.
  for (let i = html.indexOf('<'); i >= 0; i = html.indexOf('<', TAG.lastIndex)) {
    TAG.lastIndex = i
    const m = TAG.exec(html)
    if (!m) throw new Error(`not canonical markup at ${i}: ${JSON.stringify(html.slice(i, i + 60))}`)
    if (m[1]) {
      expect(m[3], 'end tag with attributes').toBe('')
      continue
    }
    tags.push({ name: m[2], raw: m[3], attrs: [...m[3].matchAll(ATTR)].map((a) => [a[1].toLowerCase(), decodeHTMLAttribute(a[2] ?? '')]) })
  }
  return tags
}

/** The scheme the browser would see ('https:'), or null for a relative reference. */
function scheme(url: string): string | null {
  try {
    return new URL(url).protocol
  } catch {
    return null
  }
}

const URL_ATTRS = new Set(['href', 'src', 'srcset', 'cite', 'longdesc', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'data', 'codebase', 'ping', 'lowsrc', 'dynsrc'])

/** Checks shared by both: no handler, nothing but allowed schemes in any URL-carrying attribute. */
function expectInert(html: string, tag: StartTag, linkSchemes: string[], relativeOk: boolean) {
  for (const [name, value] of tag.attrs) {
    expect(name, `event handler on <${tag.name}> in ${html}`).not.toMatch(/^on/)
    if (!URL_ATTRS.has(name)) continue
    const urls = name === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0]) : [value]
    const allowed = name === 'href' ? linkSchemes : ['http:', 'https:']
    for (const url of urls) {
      const s = scheme(url)
      if (s === null) expect(relativeOk, `relative ${name} ${url} in ${html}`).toBe(true)
      else expect(allowed, `${name}=${url} in ${html}`).toContain(s)
    }
  }
}

const FEATURED_TAGS = ['b', 'strong', 'i', 'em', 'u', 's', 'span', 'p', 'br', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']
const FEATURED_ATTRS: Record<string, string[]> = { a: ['href', 'title', 'target', 'rel'], span: ['style'], p: ['style'], code: ['class'] }

function expectSafeFeatured(html: string) {
  expect(html).not.toMatch(/<!--|<!\[/)
  for (const tag of startTags(html)) {
    expect(FEATURED_TAGS, `<${tag.name}> in ${html}`).toContain(tag.name)
    for (const [name, value] of tag.attrs) {
      expect(FEATURED_ATTRS[tag.name] ?? [], `${name} on <${tag.name}> in ${html}`).toContain(name)
      if (name === 'style') expect(value).not.toMatch(/url\(|expression|javascript|behavior|@import|[<>\\"'()]/i)
    }
    expectInert(html, tag, ['http:', 'https:', 'mailto:'], false)
    if (tag.name === 'a') {
      expect(Object.fromEntries(tag.attrs)).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' })
      expect(tag.attrs[0][0]).toBe('href')
    }
    // Values are fully escaped: nothing in them could end the value or open a tag.
    expect(tag.raw, `raw attribute characters in ${html}`).not.toMatch(/="[^"]*[<>'][^"]*"/)
  }
}

const README_TAGS = defaultSchema.tagNames ?? []
const README_LINK_SCHEMES = ['http:', 'https:', 'irc:', 'ircs:', 'mailto:', 'xmpp:']

function expectSafeReadme(html: string) {
  expect(html).not.toMatch(/<!--|<!\[/)
  for (const tag of startTags(html)) {
    expect(README_TAGS, `<${tag.name}> in ${html}`).toContain(tag.name)
    for (const [name, value] of tag.attrs) {
      expect(name, `style on <${tag.name}>`).not.toBe('style')
      if (name === 'id' || name === 'name' || name === 'aria-describedby' || name === 'aria-labelledby') expect(value, `${name} in ${html}`).toMatch(/^user-content-/)
    }
    expectInert(html, tag, README_LINK_SCHEMES, true)
    if (tag.name === 'a' && tag.attrs.some(([n]) => n === 'href')) expect(Object.fromEntries(tag.attrs)).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' })
  }
}

const repoOpts = { repo: { owner: 'acme', repo: 'widget' }, rawBase: 'https://raw.example.com/' }

describe('the hostile corpus', () => {
  it('is large enough to mean something', () => {
    expect(hostileHtml.length).toBeGreaterThan(100)
    expect(new Set(hostileHtml.map((c) => c.name)).size).toBe(hostileHtml.length)
  })

  it.each(hostileHtml)('featured: $name', ({ html }) => {
    const out = sanitizeFeaturedHtml(html)
    expectSafeFeatured(out)
    // The output is a fixed point: sanitising it again changes nothing, so a browser reading it
    // (and any later serialise and re-parse) builds this same tree.
    expect(sanitizeFeaturedHtml(out)).toBe(out)
  })

  it.each(hostileHtml)('README raw HTML: $name', async ({ html }) => {
    expectSafeReadme(await renderReadme(html, repoOpts))
    expectSafeReadme(await renderReadme(html, { repo: null, rawBase: repoOpts.rawBase }))
  })

  it.each(hostileMarkdown)('README: $name', async ({ html }) => {
    expectSafeReadme(await renderReadme(html, repoOpts))
  })

  it('the checker itself refuses executable output', () => {
    expect(() => expectSafeFeatured('<img src=x onerror=alert(1)>')).toThrow()
    expect(() => expectSafeFeatured('<a href="javascript:alert(1)" target="_blank" rel="noopener noreferrer">x</a>')).toThrow()
    expect(() => expectSafeFeatured('<a href="&#106;avascript:alert(1)" target="_blank" rel="noopener noreferrer">x</a>')).toThrow()
    expect(() => expectSafeFeatured('<p id="x">x</p>')).toThrow()
    expect(() => expectSafeFeatured('<a href="https://e.example/" title="x>y" target="_blank" rel="noopener noreferrer">x</a>')).toThrow()
    expect(() => expectSafeReadme('<p><svg></svg></p>')).toThrow()
    expect(() => expectSafeReadme('<p id="x">x</p>')).toThrow()
    expect(() => expectSafeReadme('<img src=" javascript:alert(1)">')).toThrow()
    expect(() => expectSafeReadme('<b onclick="x">x</b>')).toThrow()
  })
})

describe('sanitizeFeaturedHtml keeps the allowed formatting', () => {
  it.each([
    ['inline formatting', '<p><b>Bold</b> <strong>strong</strong> <i>i</i> <em>em</em> <u>u</u> <s>s</s></p>'],
    ['lists', '<ul><li>one</li><li>two</li></ul><ol><li>three</li></ol>'],
    ['headings, quotes, breaks', '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6><blockquote><p>q<br>r</p></blockquote>'],
    ['code with a language class', '<pre><code class="language-ts">const a = 1 &lt; 2 &amp;&amp; b</code></pre>'],
    ['span and p style', '<p style="text-align: center; font-weight: bold">x <span style="color: #ff0000">red</span> <span style="background-color: rgb(0, 0, 0)">bg</span></p>'],
    ['the seeded comment', '<p><b>Great</b> server</p>'],
  ])('%s', (_label, html) => {
    expect(sanitizeFeaturedHtml(html)).toBe(html)
  })

  it('keeps http, https and mailto links, opening each in a new tab with noopener noreferrer', () => {
    expect(sanitizeFeaturedHtml('<a href="https://example.com/docs" title="Docs" target="_self" rel="opener" class="x" id="y">docs</a>')).toBe(
      '<a href="https://example.com/docs" title="Docs" target="_blank" rel="noopener noreferrer">docs</a>',
    )
    expect(sanitizeFeaturedHtml('<a href=http://example.com>plain</a>')).toBe('<a href="http://example.com/" target="_blank" rel="noopener noreferrer">plain</a>')
    expect(sanitizeFeaturedHtml("<a href='MAILTO:team@example.com'>mail</a>")).toBe('<a href="mailto:team@example.com" target="_blank" rel="noopener noreferrer">mail</a>')
  })

  it('drops relative, protocol-relative and other-scheme links but keeps their text', () => {
    for (const href of ['/servers', 'docs.html', '#top', '//evil.example/x', 'ftp://example.com/', 'tel:123', 'javascript:alert(1)']) {
      expect(sanitizeFeaturedHtml(`<p><a href="${href}">text</a></p>`)).toBe('<p>text</p>')
    }
  })

  it('escapes text and attribute values, decoding entities once', () => {
    expect(sanitizeFeaturedHtml('<p>a &lt; b &amp;&amp; "c" &gt; d &copy; &mdash; &#x1F600;</p>')).toBe('<p>a &lt; b &amp;&amp; "c" &gt; d © — 😀</p>')
    expect(sanitizeFeaturedHtml(`<a href="https://example.com/?a=1&amp;b=2" title='He said "hi" &amp; left'>x</a>`)).toBe(
      '<a href="https://example.com/?a=1&amp;b=2" title="He said &quot;hi&quot; &amp; left" target="_blank" rel="noopener noreferrer">x</a>',
    )
    // Text that looks like markup stays text.
    expect(sanitizeFeaturedHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('keeps only the safe style properties and language classes', () => {
    expect(sanitizeFeaturedHtml('<span style="color:red; position:fixed; z-index:9; background-image:url(https://x.example/a.png)">x</span>')).toBe('<span style="color: red">x</span>')
    expect(sanitizeFeaturedHtml('<b style="color:red">x</b>')).toBe('<b>x</b>')
    expect(sanitizeFeaturedHtml('<code class="language-js fixed inset-0 z-50">x</code>')).toBe('<code class="language-js">x</code>')
    expect(sanitizeFeaturedHtml('<span class="fixed inset-0">x</span>')).toBe('<span>x</span>')
  })

  it('unwraps unknown elements, removes code and foreign content with what is inside', () => {
    expect(sanitizeFeaturedHtml('<div><font color="red">Hello</font> <mark>world</mark></div><div>again</div>')).toBe('Hello world again')
    expect(sanitizeFeaturedHtml('<p>keep<script>drop()</script><style>p{}</style><svg><text>drop</text></svg><iframe>drop</iframe></p>')).toBe('<p>keep</p>')
    expect(sanitizeFeaturedHtml('<table><tr><td>a</td><td>b</td></tr></table>')).toBe('a b')
  })

  it('turns malformed input into the tree a browser would build, closed and well-formed', () => {
    expect(sanitizeFeaturedHtml('</b>x<p>a<p>b<ul><li>c<li>d')).toBe('x<p>a</p><p>b</p><ul><li>c</li><li>d</li></ul>')
    expect(sanitizeFeaturedHtml('<h1>x<h2>y</h2></h1>')).toBe('<h1>x</h1><h2>y</h2>')
    expect(sanitizeFeaturedHtml('<a href="https://a.example">x<a href="https://b.example">y</a></a>')).toBe(
      '<a href="https://a.example/" target="_blank" rel="noopener noreferrer">x</a><a href="https://b.example/" target="_blank" rel="noopener noreferrer">y</a>',
    )
    expect(sanitizeFeaturedHtml('<pre>\nline</pre>')).toBe('<pre>line</pre>')
    expect(sanitizeFeaturedHtml('<pre>\n\nline</pre>')).toBe('<pre>\n\nline</pre>')
  })

  it('survives very deep nesting, keeping the text', () => {
    const out = sanitizeFeaturedHtml(`${'<b>'.repeat(6000)}deep${'</b>'.repeat(6000)}`)
    expect(out).toContain('deep')
    expectSafeFeatured(out)
  })

  it('is total: empty input, stray end tags and unclosed comments give a string', () => {
    expect(sanitizeFeaturedHtml('')).toBe('')
    expect(sanitizeFeaturedHtml('</p>')).toBe('')
    // Unclosed, it is not a comment to the input parser: shown as text, never as markup.
    expect(sanitizeFeaturedHtml('<!-- open')).toBe('&lt;!-- open')
    expect(sanitizeFeaturedHtml('a < b')).toBe('a &lt; b')
  })
})

describe('featuredCard', () => {
  it('takes the bold text of the first paragraph as the title', () => {
    expect(featuredCard('<h2>Heading</h2><p>Intro <b>Fast  SQL</b> for all.</p><p>More.</p>')).toEqual({ title: 'Fast SQL', summary: 'Heading Intro for all. More.' })
    expect(featuredCard('<p><strong>Strong title</strong> text</p>').title).toBe('Strong title')
  })

  it('falls back to the first heading when the first paragraph has no bold text', () => {
    expect(featuredCard('<p>Plain intro.</p><h3>Why <em>this</em></h3><p>More <b>bold later</b>.</p>')).toEqual({ title: 'Why this', summary: 'Plain intro. More bold later.' })
  })

  it('has an empty title with neither, and the whole text as summary', () => {
    expect(featuredCard('<p>Just text.</p><ul><li>one</li><li>two</li></ul>')).toEqual({ title: '', summary: 'Just text. one two' })
  })

  it('decodes entities, collapses whitespace and leaves out what the sanitiser removes', () => {
    expect(featuredCard('<p><strong>  Title\n here </strong>\n\n  text&nbsp;&amp;\t more<br>next<script>alert("x")</script><style>p{}</style></p>')).toEqual({
      title: 'Title here',
      summary: 'text & more next',
    })
  })

  it('keeps a summary of exactly 150 characters whole and cuts a longer one to 150 plus …', () => {
    const exact = 'a'.repeat(150)
    expect(featuredCard(`<p><b>T</b> ${exact}</p>`).summary).toBe(exact)
    expect(featuredCard(`<p><b>T</b> ${exact}b</p>`).summary).toBe(`${exact}…`)
    // Counted in characters, so an emoji is never split in half.
    expect(featuredCard(`<p>${'😀'.repeat(151)}</p>`).summary).toBe(`${'😀'.repeat(150)}…`)
    // A space at the cut is not left before the ellipsis.
    expect(featuredCard(`<p>${'a'.repeat(149)} bcd</p>`).summary).toBe(`${'a'.repeat(149)}…`)
  })
})

describe('renderReadme', () => {
  it('resolves relative links against blob/HEAD and images against raw/HEAD, with every link in a new tab', async () => {
    const html = await renderReadme('[guide](docs/guide.md) [root](/LICENSE) [dot](./a.md) [ext](https://example.com)\n\n![logo](img/logo.png)', repoOpts)
    expect(html).toContain('<a href="https://github.com/acme/widget/blob/HEAD/docs/guide.md" target="_blank" rel="noopener noreferrer">guide</a>')
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
    const html = await renderReadme('<picture><source media="(prefers-color-scheme: dark)" srcset="./dark.png 1x, https://cdn.example.com/d2.png 2x, javascript:alert(1) 3x"><img src="light.png"></picture>', repoOpts)
    expect(html).toContain('srcset="https://raw.example.com/acme/widget/HEAD/dark.png 1x, https://cdn.example.com/d2.png 2x"')
    expect(html).toContain('src="https://raw.example.com/acme/widget/HEAD/light.png"')
  })

  it('keeps GitHub formatting: tables, task lists, code classes, details', async () => {
    const html = await renderReadme('| a |\n|---|\n| b |\n\n- [x] done\n\n```ts\nconst a = 1\n```\n\n<details><summary>More</summary>body</details>', repoOpts)
    expect(html).toContain('<table>')
    expect(html).toMatch(/<input type="checkbox" checked disabled>|<input checked type="checkbox" disabled>|<input type="checkbox" disabled checked>/)
    expect(html).toContain('<code class="language-ts">')
    expect(html).toContain('<details><summary>More</summary>body</details>')
  })
})
