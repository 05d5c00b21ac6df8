/**
 * Link-preview images (1200x630 PNG) drawn at the edge: satori lays a card out and writes it as
 * SVG with the text as paths (from Inter, bundled from @fontsource/inter), and resvg renders the
 * SVG to PNG. Both are WebAssembly, imported as compiled modules: workerd refuses to compile
 * WebAssembly from bytes at run time, so the bundler hands the modules over ready.
 */

import interRegular from '@fontsource/inter/files/inter-latin-400-normal.woff?inline'
import interBold from '@fontsource/inter/files/inter-latin-700-normal.woff?inline'
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm'
import satori, { init as initSatori } from 'satori/standalone'
import yogaWasm from 'satori/yoga.wasm'
import { PREVIEW_IMAGE, SITE_DESCRIPTION, SITE_NAME } from '../seo/head'
import type { ServerCardFacts } from './version'

/** A data: URL (how Vite inlines a file) as its bytes. */
function dataUrlBytes(url: string): Uint8Array {
  const binary = atob(url.slice(url.indexOf(',') + 1))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

let ready: Promise<void> | undefined
/** Instantiates both modules once per isolate. */
function setUp(): Promise<void> {
  ready ??= Promise.all([initSatori(yogaWasm), initWasm(resvgWasm)]).then(() => undefined)
  ready.catch(() => {
    ready = undefined
  })
  return ready
}

let fonts: Array<{ name: string; data: ArrayBuffer; weight: 400 | 700; style: 'normal' }> | undefined
function fontList() {
  fonts ??= [
    { name: 'Inter', data: dataUrlBytes(interRegular).buffer as ArrayBuffer, weight: 400, style: 'normal' },
    { name: 'Inter', data: dataUrlBytes(interBold).buffer as ArrayBuffer, weight: 700, style: 'normal' },
  ]
  return fonts
}

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

async function png(node: Node): Promise<Uint8Array> {
  await setUp()
  // satori's types ask for a React node; the plain element objects are what it reads.
  const svg = await satori(node as never, { ...PREVIEW_IMAGE, fonts: fontList() })
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: PREVIEW_IMAGE.width } })
  try {
    return resvg.render().asPng()
  } finally {
    resvg.free()
  }
}

const likes = (n: number) => `${n} ${n === 1 ? 'like' : 'likes'}`

/** A server's preview: its name, author, description and likes. */
export function serverPreviewPng(s: ServerCardFacts): Promise<Uint8Array> {
  return png(card(s.displayName, `by ${s.author}`, s.description, likes(s.likeCount)))
}

/** The preview of every other page. */
export function sitePreviewPng(): Promise<Uint8Array> {
  return png(
    card('Find the right MCP server for your AI tools', 'Model Context Protocol servers', SITE_DESCRIPTION, 'Search · Read · Install'),
  )
}
