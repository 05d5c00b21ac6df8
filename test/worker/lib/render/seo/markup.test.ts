import { parseHTML } from 'linkedom'
import { describe, expect, it } from 'vitest'
import { html, jsonForScript } from '../../../../../worker/lib/render/seo/markup'

const HOSTILE = `</p><script>alert("x")</script>" onclick='y' & <b>`

describe('html', () => {
  it('writes values as text between tags and as values inside attributes', () => {
    const markup = html`<p title="${HOSTILE}">${HOSTILE}</p>`.value
    const { document } = parseHTML(`<div>${markup}</div>`)
    const p = document.querySelector('p')!
    expect(p.textContent).toBe(HOSTILE)
    expect(p.getAttribute('title')).toBe(HOSTILE)
    expect(p.getAttribute('onclick')).toBeNull()
    expect(document.querySelectorAll('script, b')).toHaveLength(0)
  })

  it('nests markup it built, joins arrays and leaves out null, undefined and false', () => {
    const items = ['a<', 'b>'].map((x) => html`<li>${x}</li>`)
    expect(html`<ul>${items}${null}${undefined}${false}</ul>`.value).toBe('<ul><li>a&lt;</li><li>b&gt;</li></ul>')
  })
})

describe('jsonForScript', () => {
  it('reads back as the same data and never closes a script element', () => {
    const data = { name: '</script><script>alert(1)</script>', other: '<!-- & \u2028 \u2029 -->' }
    const text = jsonForScript(data)
    expect(JSON.parse(text)).toEqual(data)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    const { document } = parseHTML(`<script type="application/ld+json">${text}</script><p>after</p>`)
    expect(JSON.parse(document.querySelector('script')!.textContent!)).toEqual(data)
    expect(document.querySelector('p')?.textContent).toBe('after')
  })
})
