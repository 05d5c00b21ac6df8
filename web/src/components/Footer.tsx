import { Link } from 'wouter'
import { LINKS } from '../lib/links'

const link = 'rounded text-zinc-700 underline-offset-4 hover:text-zinc-900 hover:underline dark:text-zinc-300 dark:hover:text-zinc-50'

/** Footer: MCP documentation, the protocol's GitHub organisation and the social page. */
export function Footer() {
  return (
    <footer className="mt-16 border-t border-zinc-200 py-8 text-sm dark:border-zinc-800">
      <div className="container-page flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-zinc-600 dark:text-zinc-400">MCP Catalogue: a community directory of Model Context Protocol servers. Beta.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <a className={link} href={LINKS.mcpDocs} target="_blank" rel="noopener noreferrer">
                MCP Documentation
              </a>
            </li>
            <li>
              <a className={link} href={LINKS.protocolOrg} target="_blank" rel="noopener noreferrer">
                GitHub
              </a>
            </li>
            <li>
              <a className={link} href={LINKS.social} target="_blank" rel="noopener noreferrer">
                Community
              </a>
            </li>
            <li>
              <Link className={link} href="/use-from-ai">
                Use from your AI client
              </Link>
            </li>
            <li>
              <Link className={link} href="/security/mcp-supply-chain">
                Security advisory
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  )
}
