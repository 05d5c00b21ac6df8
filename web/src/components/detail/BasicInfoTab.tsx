import { Link } from 'wouter'
import { categoryBySlug } from '@shared/categories'
import type { ServerDetail, ServerPackage, ServerRemote } from '@shared/types'
import { categoryPath, serversHref } from '../../lib/servers-view'
import { CodeBlock } from '../CopyButton'
import { Badge } from '../ui/Badge'

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-lg font-semibold">{title}</h3>
      {children}
    </section>
  )
}

function packageRow(p: ServerPackage | string) {
  if (typeof p === 'string') return { registry: '', identifier: p, version: '' }
  return { registry: p.registry_type ?? p.registryType ?? '', identifier: p.identifier ?? p.name ?? '', version: p.version ?? '' }
}

/** Install command (with copy), categories, tags and package dependencies. */
export function BasicInfoTab({ server }: { server: ServerDetail }) {
  const packages = server.packages.map(packageRow).filter((p) => p.identifier)
  const remotes = server.remotes
    .map((r) =>
      typeof r === 'string'
        ? { name: '', url: r }
        : { name: (r as ServerRemote).name ?? (r as ServerRemote).type ?? '', url: (r as ServerRemote).url },
    )
    .filter((r) => typeof r.url === 'string' && r.url)
  const muted = 'text-zinc-700 dark:text-zinc-300'
  return (
    <div className="flex flex-col gap-8">
      <Section title="Installation">
        <CodeBlock code={server.installCommand} what="install command" title="Install command (Claude Code)" />
        <p className={muted}>For other clients, and for what to fill in, see the Configuration tab.</p>
      </Section>
      <Section title="Categories">
        <ul className="flex flex-wrap gap-2" aria-label="Categories">
          {server.categories.map((slug) => (
            <li key={slug}>
              <Link href={categoryPath(slug)} className="rounded-full">
                <Badge className="hover:border-zinc-400">{categoryBySlug(slug)?.name ?? slug}</Badge>
              </Link>
            </li>
          ))}
        </ul>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {server.categorySource === 'human'
            ? 'Chosen by the maintainer or an admin.'
            : 'Chosen automatically from the name, description and tags.'}
        </p>
      </Section>
      <Section title="Tags">
        {server.tags.length ? (
          <ul className="flex flex-wrap gap-2">
            {server.tags.map((t) => (
              <li key={t}>
                <Link href={serversHref({ tags: [t] })} className="rounded-full">
                  <Badge className="hover:border-zinc-400">{t}</Badge>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className={muted}>No tags.</p>
        )}
      </Section>
      <Section title="Package Dependencies">
        {packages.length ? (
          <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
            <table className="w-full text-left text-sm">
              <thead className="bg-zinc-50 dark:bg-zinc-900">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Registry
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Package
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Version
                  </th>
                </tr>
              </thead>
              <tbody>
                {packages.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a listing may name one package twice; the position tells them apart.
                  <tr key={`${p.identifier}-${i}`} className="border-t border-zinc-200 dark:border-zinc-800">
                    <td className="px-3 py-2">{p.registry || '—'}</td>
                    <td className="px-3 py-2 font-mono break-all">{p.identifier}</td>
                    <td className="px-3 py-2 font-mono">{p.version || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={muted}>No package dependencies.</p>
        )}
      </Section>
      {remotes.length > 0 && (
        <Section title="Remote Endpoints">
          <ul className="flex flex-col gap-1 text-sm">
            {remotes.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a listing may name one URL twice; the position tells them apart.
              <li key={`${r.url}-${i}`} className="break-all">
                {r.name && <span className="mr-2 font-medium">{r.name}</span>}
                <code className="font-mono">{r.url}</code>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  )
}
