import { parseHTML } from 'linkedom'
import { describe, expect, it } from 'vitest'
import { documentTitle, headTags, metaDescription } from '../../../../../worker/lib/render/seo/head'

const head = (markup: string) => parseHTML(`<html><head>${markup}</head><body></body></html>`).document

describe('headTags', () => {
  it('writes absolute URLs, the preview image and the extra links it is given', () => {
    const doc = head(
      headTags(
        {
          title: 'A "quoted" <name>',
          description: 'Says what it is.',
          path: '/servers/abc',
          image: { path: '/og/servers/abc.png?v=1&x=2', alt: 'Alt <text>' },
          noindex: true,
          jsonLd: { '@type': 'Thing', name: '</script>' },
          links: [{ rel: 'alternate', type: 'application/atom+xml', href: '/feeds/new.atom', title: 'New "servers"' }],
        },
        'https://catalogue.example',
      ).value,
    )
    const meta = (sel: string) => doc.querySelector(sel)?.getAttribute('content')
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://catalogue.example/servers/abc')
    expect(meta('meta[property="og:title"]')).toBe('A "quoted" <name> · MCP Catalogue')
    expect(meta('meta[property="og:image"]')).toBe('https://catalogue.example/og/servers/abc.png?v=1&x=2')
    expect(meta('meta[property="og:image:alt"]')).toBe('Alt <text>')
    expect(meta('meta[name="robots"]')).toBe('noindex')
    expect(JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Thing',
      name: '</script>',
    })
    const alternate = doc.querySelector('link[rel="alternate"]')!
    expect([alternate.getAttribute('href'), alternate.getAttribute('type'), alternate.getAttribute('title')]).toEqual([
      '/feeds/new.atom',
      'application/atom+xml',
      'New "servers"',
    ])
  })

  it('leaves robots and JSON-LD out when not asked for', () => {
    const doc = head(
      headTags({ title: null, description: 'd', path: '/', image: { path: '/og/site.png', alt: 'a' } }, 'https://x.test').value,
    )
    expect(doc.querySelector('meta[name="robots"]')).toBeNull()
    expect(doc.querySelector('script')).toBeNull()
    expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('MCP Catalogue')
  })
})

describe('documentTitle and metaDescription', () => {
  it('name the site after the page, and keep descriptions to one line of at most 300 characters', () => {
    expect(documentTitle(null)).toBe('MCP Catalogue')
    expect(documentTitle('Servers')).toBe('Servers · MCP Catalogue')
    expect(metaDescription('  two\n lines  ')).toBe('two lines')
    expect(metaDescription('')).toBe('Find, read and install Model Context Protocol servers.')
    const long = metaDescription('word '.repeat(100))
    expect(long.length).toBeLessThanOrEqual(300)
    expect(long.endsWith('word…')).toBe(true)
  })
})
