/**
 * Link-preview images (1200x630 PNG) drawn at the edge: satori lays a card out and writes it as
 * SVG with the text as paths, and resvg renders the SVG to PNG. Both are WebAssembly, imported as
 * compiled modules: workerd refuses to compile WebAssembly from bytes at run time, so the bundler
 * hands the modules over ready. The font (Inter, from @fontsource/inter) is a static asset of the
 * build (see vite.config.ts), read by the caller: satori takes WOFF, not WOFF2.
 */
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm'
import satori, { init as initSatori } from 'satori/standalone'
import yogaWasm from 'satori/yoga.wasm'
import { PREVIEW_IMAGE, SITE_DESCRIPTION, SITE_NAME } from '../seo/head'
import type { ServerCardFacts } from './version'

/** Where the build puts the font files (vite.config.ts emits them there), by weight. */
export const PREVIEW_FONT_PATHS = {
  regular: '/assets/og/inter-latin-400-normal.woff',
  bold: '/assets/og/inter-latin-700-normal.woff',
} as const

export interface PreviewFonts {
  regular: ArrayBuffer
  bold: ArrayBuffer
}

let ready: Promise<void> | undefined
/**
 * Instantiates both modules once per isolate. The one promise an isolate keeps between requests:
 * it waits on no request's I/O, only on instantiating modules the bundle ships, and each module
 * may be set up only once, so requests that come while it runs wait for it.
 */
function setUp(): Promise<void> {
  ready ??= Promise.all([initSatori(yogaWasm), initWasm(resvgWasm)]).then(() => undefined)
  ready.catch(() => {
    ready = undefined
  })
  return ready
}

const fontList = (fonts: PreviewFonts) => [
  { name: 'Inter', data: fonts.regular, weight: 400 as const, style: 'normal' as const },
  { name: 'Inter', data: fonts.bold, weight: 700 as const, style: 'normal' as const },
]

/** satori's element shape (what JSX would build), without React. */
interface Node {
  type: string
  props: { style?: Record<string, string | number>; children?: Array<Node | string> | Node | string }
}

/** Every box is a flex box: satori lays out nothing else with more than one child. */
const el = (type: string, style: Node['props']['style'], ...children: Array<Node | string>): Node => ({
  type,
  props: { style: { display: 'flex', ...style }, children: children.length === 1 ? children[0] : children },
})

/** Text past `max` characters is cut at a word with an ellipsis, so a long one never overflows the card. */
function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const head = flat.slice(0, max - 1)
  const space = head.lastIndexOf(' ')
  return `${space > max * 0.6 ? head.slice(0, space) : head}…`
}

function card(title: string, subtitle: string, body: string, footer: string): Node {
  return el(
    'div',
    {
      width: '100%',
      height: '100%',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '72px 80px',
      background: '#ffffff',
      borderTop: '16px solid #1d4ed8',
      fontFamily: 'Inter',
      color: '#18181b',
    },
    el(
      'div',
      { display: 'flex', flexDirection: 'column' },
      el('div', { fontSize: 64, fontWeight: 700, lineHeight: 1.1, letterSpacing: '-0.02em' }, cut(title, 60)),
      el('div', { marginTop: 20, fontSize: 32, color: '#3f3f46' }, cut(subtitle, 70)),
      el('div', { marginTop: 36, fontSize: 32, lineHeight: 1.4, color: '#3f3f46' }, cut(body, 180)),
    ),
    el(
      'div',
      { display: 'flex', justifyContent: 'space-between', fontSize: 28, color: '#52525b' },
      el('div', { fontWeight: 700, color: '#1d4ed8' }, SITE_NAME),
      el('div', {}, footer),
    ),
  )
}

async function png(node: Node, fonts: PreviewFonts): Promise<Uint8Array> {
  await setUp()
  // satori's types ask for a React node; the plain element objects are what it reads.
  const svg = await satori(node as never, { ...PREVIEW_IMAGE, fonts: fontList(fonts) })
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: PREVIEW_IMAGE.width } })
  try {
    return resvg.render().asPng()
  } finally {
    resvg.free()
  }
}

const likes = (n: number) => `${n} ${n === 1 ? 'like' : 'likes'}`

/** A server's preview: its name, author, description and likes. */
export function serverPreviewPng(s: ServerCardFacts, fonts: PreviewFonts): Promise<Uint8Array> {
  return png(card(s.displayName, `by ${s.author}`, s.description, likes(s.likeCount)), fonts)
}

/** The preview of every other page. */
export function sitePreviewPng(fonts: PreviewFonts): Promise<Uint8Array> {
  return png(
    card('Find the right MCP server for your AI tools', 'Model Context Protocol servers', SITE_DESCRIPTION, 'Search · Read · Install'),
    fonts,
  )
}
