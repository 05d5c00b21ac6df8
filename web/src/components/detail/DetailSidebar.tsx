import { ExternalLink } from 'lucide-react'
import { Link } from 'wouter'
import { followableAuthor, parseGithubUrl } from '@shared/github-url'
import type { RepoInfo, ServerDetail, ServerPackage } from '@shared/types'
import { formatDateTime, formatNumber } from '../../lib/format'
import { FeedLinks } from '../FeedLinks'
import { ServerAvatar } from '../ServerAvatar'
import { Card } from '../ui/Card'
import { FollowButton } from './FollowButton'

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-zinc-700 dark:text-zinc-300">{label}</dt>
      <dd className="min-w-0 truncate font-medium tabular-nums" title={value}>
        {value}
      </dd>
    </div>
  )
}

/** The author's feed, for whoever can be followed: the same author the Follow button names. */
function MaintainerFeed({ server }: { server: Pick<ServerDetail, 'githubUrl' | 'author'> }) {
  const login = followableAuthor(server)
  return login ? <FeedLinks sources={[{ kind: 'author', login }]} className="mt-3" /> : null
}

function ExternalItem({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <li>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 rounded text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
      >
        {children}
        <ExternalLink className="size-3.5" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </li>
  )
}

/** Where the first package lives on its registry's website, when we know the registry. */
function packagePage(server: ServerDetail): { label: string; href: string } | null {
  const first = server.packages[0]
  if (!first || typeof first === 'string') return null
  const p = first as ServerPackage
  const registry = (p.registry_type ?? p.registryType ?? '').toLowerCase()
  const id = p.identifier ?? p.name
  if (!id) return null
  if (registry === 'npm') return { label: 'npm package', href: `https://www.npmjs.com/package/${id}` }
  if (registry === 'pypi') return { label: 'PyPI package', href: `https://pypi.org/project/${encodeURIComponent(id)}/` }
  if (registry === 'docker' || registry === 'oci') return { label: 'Docker image', href: `https://hub.docker.com/r/${id}` }
  return null
}

const SOURCE_LABEL: Record<ServerDetail['provenance']['source'], string> = {
  registry: 'MCP registry',
  local: 'Registered here',
  import: 'Imported file',
}

/** Where the listing came from, when the registry sync last wrote it, and when upstream last changed it. */
function Provenance({ server }: { server: ServerDetail }) {
  const { source, syncedAt, upstreamUpdatedAt } = server.provenance
  return (
    <Card className="p-4">
      <h2 className="font-semibold">Provenance</h2>
      <dl className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        <Stat label="Source" value={SOURCE_LABEL[source]} />
        {syncedAt && <Stat label="Last synced" value={formatDateTime(syncedAt)} />}
        {upstreamUpdatedAt && <Stat label="Changed upstream" value={formatDateTime(upstreamUpdatedAt)} />}
      </dl>
      {server.alsoPublishedAs.length > 0 && (
        <div className="mt-3 text-sm">
          <h3 className="font-medium">Also published as</h3>
          <ul className="mt-1 flex flex-col gap-1">
            {server.alsoPublishedAs.map((other) => (
              <li key={other.id} className="min-w-0">
                <Link
                  href={`/servers/${other.id}`}
                  className="block truncate rounded font-mono text-xs text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
                  title={other.name}
                >
                  {other.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  )
}

/** Statistics, Provenance, Maintainer and Quick Links beside the tabs. */
export function DetailSidebar({ server, repo }: { server: ServerDetail; repo: RepoInfo | undefined }) {
  const ref = parseGithubUrl(server.githubUrl)
  const stars = repo?.stars ?? server.stars
  const license = repo?.license ?? server.license
  const pkg = packagePage(server)
  return (
    <div className="flex flex-col gap-4">
      <Card className="p-4">
        <h2 className="font-semibold">Statistics</h2>
        <dl className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          <Stat label="Likes" value={formatNumber(server.likeCount)} />
          <Stat label="GitHub Stars" value={formatNumber(stars)} />
          <Stat label="Version" value={server.version} />
          <Stat label="License" value={license ?? 'Unknown'} />
        </dl>
      </Card>
      <Provenance server={server} />
      <Card className="p-4">
        <h2 className="font-semibold">Maintainer</h2>
        <div className="mt-3 flex items-center gap-3">
          <ServerAvatar name={server.author} sources={[repo?.ownerAvatarUrl ?? server.ownerAvatarUrl]} />
          <div className="min-w-0">
            <p className="truncate font-medium" title={server.author}>
              {server.author}
            </p>
            {ref && (
              <a
                href={`https://github.com/${ref.owner}`}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
              >
                @{ref.owner} on GitHub
              </a>
            )}
          </div>
        </div>
        <FollowButton server={server} />
        <MaintainerFeed server={server} />
      </Card>
      <Card className="p-4">
        <h2 className="font-semibold">Quick Links</h2>
        <ul className="mt-2 flex flex-col gap-2 text-sm">
          {server.githubUrl && <ExternalItem href={server.githubUrl}>Repository</ExternalItem>}
          {ref && <ExternalItem href={`https://github.com/${ref.owner}/${ref.repo}/issues`}>Report an issue</ExternalItem>}
          {pkg && <ExternalItem href={pkg.href}>{pkg.label}</ExternalItem>}
          <ExternalItem href="https://modelcontextprotocol.io/quickstart/user">Using MCP servers</ExternalItem>
        </ul>
      </Card>
    </div>
  )
}
