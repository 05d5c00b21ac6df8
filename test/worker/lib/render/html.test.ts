import { describe, expect, it } from 'vitest'
import { featuredCard, sanitizeFeaturedHtml } from '../../../../worker/lib/render/html'
import { FEATURED_TAGS, hostileHtml } from '../../../fixtures/hostile-html'
import { expectInert, startTags } from './markup-checks'

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

  it('the checker itself refuses executable output', () => {
    expect(() => expectSafeFeatured('<img src=x onerror=alert(1)>')).toThrow()
    expect(() => expectSafeFeatured('<a href="javascript:alert(1)" target="_blank" rel="noopener noreferrer">x</a>')).toThrow()
    expect(() => expectSafeFeatured('<a href="&#106;avascript:alert(1)" target="_blank" rel="noopener noreferrer">x</a>')).toThrow()
    expect(() => expectSafeFeatured('<p id="x">x</p>')).toThrow()
    expect(() => expectSafeFeatured('<a href="https://e.example/" title="x>y" target="_blank" rel="noopener noreferrer">x</a>')).toThrow()
  })
})

describe('sanitizeFeaturedHtml keeps the allowed formatting', () => {
  it.each([
    ['inline formatting', '<p><b>Bold</b> <strong>strong</strong> <i>i</i> <em>em</em> <u>u</u> <s>s</s></p>'],
    ['lists', '<ul><li>one</li><li>two</li></ul><ol><li>three</li></ol>'],
    ['headings, quotes, breaks', '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6><blockquote><p>q<br>r</p></blockquote>'],
    ['code with a language class', '<pre><code class="language-ts">const a = 1 &lt; 2 &amp;&amp; b</code></pre>'],
    [
      'span and p style',
      '<p style="text-align: center; font-weight: bold">x <span style="color: #ff0000">red</span> <span style="background-color: rgb(0, 0, 0)">bg</span></p>',
    ],
    ['the seeded comment', '<p><b>Great</b> server</p>'],
  ])('%s', (_label, html) => {
    expect(sanitizeFeaturedHtml(html)).toBe(html)
  })

  it('keeps http, https and mailto links, opening each in a new tab with noopener noreferrer', () => {
    expect(
      sanitizeFeaturedHtml('<a href="https://example.com/docs" title="Docs" target="_self" rel="opener" class="x" id="y">docs</a>'),
    ).toBe('<a href="https://example.com/docs" title="Docs" target="_blank" rel="noopener noreferrer">docs</a>')
    expect(sanitizeFeaturedHtml('<a href=http://example.com>plain</a>')).toBe(
      '<a href="http://example.com/" target="_blank" rel="noopener noreferrer">plain</a>',
    )
    expect(sanitizeFeaturedHtml("<a href='MAILTO:team@example.com'>mail</a>")).toBe(
      '<a href="mailto:team@example.com" target="_blank" rel="noopener noreferrer">mail</a>',
    )
  })

  it('drops relative, protocol-relative and other-scheme links but keeps their text', () => {
    for (const href of ['/servers', 'docs.html', '#top', '//evil.example/x', 'ftp://example.com/', 'tel:123', 'javascript:alert(1)']) {
      expect(sanitizeFeaturedHtml(`<p><a href="${href}">text</a></p>`)).toBe('<p>text</p>')
    }
  })

  it('escapes text and attribute values, decoding entities once', () => {
    expect(sanitizeFeaturedHtml('<p>a &lt; b &amp;&amp; "c" &gt; d &copy; &mdash; &#x1F600;</p>')).toBe(
      '<p>a &lt; b &amp;&amp; "c" &gt; d © — 😀</p>',
    )
    expect(sanitizeFeaturedHtml(`<a href="https://example.com/?a=1&amp;b=2" title='He said "hi" &amp; left'>x</a>`)).toBe(
      '<a href="https://example.com/?a=1&amp;b=2" title="He said &quot;hi&quot; &amp; left" target="_blank" rel="noopener noreferrer">x</a>',
    )
    // Text that looks like markup stays text.
    expect(sanitizeFeaturedHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('keeps only the safe style properties and language classes', () => {
    expect(
      sanitizeFeaturedHtml('<span style="color:red; position:fixed; z-index:9; background-image:url(https://x.example/a.png)">x</span>'),
    ).toBe('<span style="color: red">x</span>')
    expect(sanitizeFeaturedHtml('<b style="color:red">x</b>')).toBe('<b>x</b>')
    expect(sanitizeFeaturedHtml('<code class="language-js fixed inset-0 z-50">x</code>')).toBe('<code class="language-js">x</code>')
    expect(sanitizeFeaturedHtml('<span class="fixed inset-0">x</span>')).toBe('<span>x</span>')
  })

  it('unwraps unknown elements, removes code and foreign content with what is inside', () => {
    expect(sanitizeFeaturedHtml('<div><font color="red">Hello</font> <mark>world</mark></div><div>again</div>')).toBe('Hello world again')
    expect(
      sanitizeFeaturedHtml('<p>keep<script>drop()</script><style>p{}</style><svg><text>drop</text></svg><iframe>drop</iframe></p>'),
    ).toBe('<p>keep</p>')
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
    expect(featuredCard('<h2>Heading</h2><p>Intro <b>Fast  SQL</b> for all.</p><p>More.</p>')).toEqual({
      title: 'Fast SQL',
      summary: 'Heading Intro for all. More.',
    })
    expect(featuredCard('<p><strong>Strong title</strong> text</p>').title).toBe('Strong title')
  })

  it('falls back to the first heading when the first paragraph has no bold text', () => {
    expect(featuredCard('<p>Plain intro.</p><h3>Why <em>this</em></h3><p>More <b>bold later</b>.</p>')).toEqual({
      title: 'Why this',
      summary: 'Plain intro. More bold later.',
    })
  })

  it('has an empty title with neither, and the whole text as summary', () => {
    expect(featuredCard('<p>Just text.</p><ul><li>one</li><li>two</li></ul>')).toEqual({ title: '', summary: 'Just text. one two' })
  })

  it('decodes entities, collapses whitespace and leaves out what the sanitiser removes', () => {
    expect(
      featuredCard(
        '<p><strong>  Title\n here </strong>\n\n  text&nbsp;&amp;\t more<br>next<script>alert("x")</script><style>p{}</style></p>',
      ),
    ).toEqual({
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
