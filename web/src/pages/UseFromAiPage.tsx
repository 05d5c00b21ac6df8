import { Bot } from 'lucide-react'
import { useMemo } from 'react'
import { CLIENTS, clientConfig, installPlan } from '@shared/install'
import { CATALOGUE_SERVER, catalogueListing, MCP_PATH, USE_FROM_AI_PAGE } from '@shared/mcp-endpoint'
import { BackToCatalogue } from '../components/BackToCatalogue'
import { CodeBlock } from '../components/CopyButton'
import { ClientBlock } from '../components/install/ClientBlock'
import { useDocumentMeta } from '../hooks/useDocumentMeta'

/** What the catalogue's server offers, in the words its tools use. */
const TOOLS = [
  { name: 'search_servers', what: 'searches the catalogue as the site does: words, categories, tags, remote only, sort, page by page' },
  { name: 'get_server', what: 'one server’s details, versions, packages and remotes, and its tools when the catalogue has read them' },
  { name: 'get_install_config', what: 'the exact configuration, command and one-click link for your client, with what you must fill in' },
  { name: 'list_categories', what: 'the categories and how many servers each holds' },
]

const section = 'mt-10 flex flex-col gap-4'
const muted = 'leading-7 text-zinc-700 dark:text-zinc-300'

/**
 * /use-from-ai: the catalogue's own MCP server and how to add it to every supported client, from
 * the install generator as for any other remote server (shared/mcp-endpoint.ts is its listing).
 */
export default function UseFromAiPage() {
  useDocumentMeta(USE_FROM_AI_PAGE.title, USE_FROM_AI_PAGE.description)
  const origin = window.location.origin
  const plan = useMemo(() => installPlan(catalogueListing(origin)), [origin])
  const option = plan.options[0]
  return (
    <article className="container-page max-w-3xl py-8">
      <BackToCatalogue />
      <header className="mt-4">
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-blue-800 dark:text-blue-300">
          <Bot className="size-4" aria-hidden="true" />
          {CATALOGUE_SERVER.title} as an MCP server
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{USE_FROM_AI_PAGE.title}</h1>
        <p className="mt-3 text-lg leading-8 text-zinc-700 dark:text-zinc-300">
          Ask your assistant to find a server (“find me a server for Postgres that works with Claude Code”) and it answers from this
          catalogue: the same search, categories and install configurations as these pages. Read-only, no account, no key.
        </p>
      </header>

      <section aria-labelledby="endpoint-heading" className={section}>
        <h2 id="endpoint-heading" className="text-xl font-semibold">
          The endpoint
        </h2>
        <p className={muted}>
          A remote MCP server over Streamable HTTP, for clients of the current protocol (2026-07-28) and for those that still begin with the{' '}
          <code className="font-mono">initialize</code> handshake.
        </p>
        <CodeBlock code={`${origin}${MCP_PATH}`} what="endpoint URL" title={<span className="font-semibold">URL</span>} />
      </section>

      <section aria-labelledby="tools-heading" className={section}>
        <h2 id="tools-heading" className="text-xl font-semibold">
          What it offers
        </h2>
        <ul className="flex flex-col gap-2">
          {TOOLS.map((t) => (
            <li key={t.name} className={muted}>
              <code className="font-mono font-medium">{t.name}</code>: {t.what}
            </li>
          ))}
        </ul>
        <p className={muted}>
          Also a <code className="font-mono">find_server</code> prompt, and every server readable as the resource{' '}
          <code className="font-mono">catalogue://servers/{'{id}'}</code>.
        </p>
      </section>

      <section aria-labelledby="install-heading" className={section}>
        <h2 id="install-heading" className="text-xl font-semibold">
          Add it to your client
        </h2>
        <p className={muted}>Use the one-click link or the command, or paste the block into the file named beside your client.</p>
        {option &&
          CLIENTS.map((c) => {
            const output = clientConfig(plan, option, c.id)
            return output && <ClientBlock key={c.id} output={output} />
          })}
      </section>
    </article>
  )
}
