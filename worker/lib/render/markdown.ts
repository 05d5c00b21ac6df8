/**
 * README Markdown to safe HTML at the edge: GitHub-flavoured Markdown, raw HTML parsed and then
 * held to GitHub's sanitising allowlist (no script, no event handlers, link schemes http, https,
 * irc, ircs, mailto, xmpp; ids prefixed 'user-content-'). After sanitising, relative links are
 * resolved against the repository (links to blob/HEAD, images to raw/HEAD) and every link opens
 * in a new tab with rel="noopener noreferrer". This costs real CPU: callers cache the output.
 */
import type { Element, Root } from 'hast'
import rehypeRaw from 'rehype-raw'
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize'
import rehypeSlug from 'rehype-slug'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import type { RepoRef } from '@shared/github-url'

export interface RenderOptions {
  repo: RepoRef | null
  /** Base for images, e.g. https://raw.githubusercontent.com */
  rawBase: string
}

const ID_PREFIX = 'user-content-'
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i

const schema = {
  ...defaultSchema,
  // Removed with their content. GitHub's list strips only script, which leaves the CSS of a
  // <style> or the markup inside <template>, <noscript>, <svg> and the like as stray text.
  strip: [
    'script',
    'style',
    'template',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'object',
    'svg',
    'math',
    'textarea',
    'select',
    'title',
    'xmp',
  ],
  clobberPrefix: ID_PREFIX,
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'],
    src: ['http', 'https'],
  },
}

function resolve(url: string, base: string): string {
  if (!url || HAS_SCHEME.test(url) || url.startsWith('//')) return url
  if (url.startsWith('#')) return url
  const path = url.startsWith('/') ? url.slice(1) : url.replace(/^\.\//, '')
  try {
    return new URL(path, `${base}/`).toString()
  } catch {
    return url
  }
}

/** The [url, descriptor] candidates of a srcset value (a URL with a comma in it is rare in READMEs). */
function srcsetCandidates(srcset: string): Array<[string, string]> {
  return srcset
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
    .map((c) => {
      const [url, ...descriptor] = c.split(/\s+/)
      return [url, descriptor.join(' ')]
    })
}

function rehypeRepoLinks(opts: RenderOptions) {
  const blob = opts.repo ? `https://github.com/${opts.repo.owner}/${opts.repo.repo}/blob/HEAD` : null
  const raw = opts.repo ? `${opts.rawBase.replace(/\/+$/, '')}/${opts.repo.owner}/${opts.repo.repo}/HEAD` : null
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      node.properties ??= {}
      const props = node.properties
      if (node.tagName === 'a' && typeof props.href === 'string') {
        const href = props.href
        // In-page anchors must follow the prefixed ids.
        if (href.startsWith('#') && !href.startsWith(`#${ID_PREFIX}`)) props.href = `#${ID_PREFIX}${href.slice(1)}`
        else if (blob) props.href = resolve(href, blob)
        props.target = '_blank'
        props.rel = ['noopener', 'noreferrer']
      }
      if (node.tagName === 'img') {
        if (typeof props.src === 'string' && raw) props.src = resolve(props.src, raw)
        // An image without alt text is read out by its file name; mark it decorative instead.
        if (props.alt === undefined || props.alt === null) props.alt = ''
      }
      // <picture><source srcset> (light and dark logos) is allowed by the schema but its srcset
      // is neither scheme-checked nor relative to the repository: both are done here.
      if (node.tagName === 'source' && typeof props.srcSet === 'string') {
        const kept = srcsetCandidates(props.srcSet)
          .map(([url, descriptor]) => [raw ? resolve(url, raw) : url, descriptor])
          .filter(([url]) => !HAS_SCHEME.test(url) || /^https?:/i.test(url))
          .map((c) => c.join(' ').trim())
        if (kept.length) props.srcSet = kept.join(', ')
        else delete props.srcSet
      }
    })
  }
}

/** Renders README Markdown to sanitised HTML. */
export async function renderReadme(markdown: string, opts: RenderOptions): Promise<string> {
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    // No prefix here: the sanitiser prefixes every id once, and a prefix from both made footnote
    // ids 'user-content-user-content-fn-1' while their links point at '#user-content-fn-1'.
    .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: '' })
    .use(rehypeRaw)
    // Headings get GitHub's slugs as ids (then prefixed by the sanitiser) so in-page links work.
    .use(rehypeSlug)
    .use(rehypeSanitize, schema)
    .use(rehypeRepoLinks, opts)
    .use(rehypeStringify)
    .process(markdown)
  return String(file)
}
