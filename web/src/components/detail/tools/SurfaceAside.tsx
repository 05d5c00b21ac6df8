import { useId } from 'react'
import type { Surface, SurfaceResource, SurfaceResourceTemplate } from '@shared/surface'
import { Badge } from '../../ui/Badge'
import { ClampedText } from './ToolItem'

function AsideSection({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="text-lg font-semibold">
        {title} <span className="text-sm font-normal text-zinc-600 tabular-nums dark:text-zinc-400">({count})</span>
      </h3>
      <ul className="flex flex-col divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {children}
      </ul>
    </section>
  )
}

const item = 'flex min-w-0 flex-col gap-1 px-3 py-2 text-sm'
const mono = 'font-mono text-xs break-all'

/** One resource or template: its URI (or URI template), name, media type and description. */
function ResourceItem({ resource }: { resource: SurfaceResource | SurfaceResourceTemplate }) {
  const { name, title, mimeType, description } = resource
  return (
    <li className={item}>
      <span className="font-medium wrap-anywhere">{title || name}</span>
      <code className={mono}>{'uri' in resource ? resource.uri : resource.uriTemplate}</code>
      {mimeType && (
        <span>
          <Badge>{mimeType}</Badge>
        </span>
      )}
      {description && <ClampedText text={description} about={name} />}
    </li>
  )
}

/**
 * A surface's prompts (name, description, arguments), resources and resource templates, shown
 * beside its tools; a kind the server does not list is left out.
 */
export function SurfaceAside({ surface }: { surface: Surface }) {
  const { prompts, resources, resourceTemplates } = surface
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {prompts.length > 0 && (
        <AsideSection title="Prompts" count={prompts.length}>
          {prompts.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a hostile server may repeat a name; the position tells them apart.
            <li key={`${i}-${p.name}`} className={item}>
              {p.title && <span className="font-medium wrap-anywhere">{p.title}</span>}
              <code className={mono}>{p.name}</code>
              {p.description && <ClampedText text={p.description} about={p.name} />}
              {p.arguments && p.arguments.length > 0 && (
                <>
                  <span className="text-zinc-600 dark:text-zinc-400">Arguments</span>
                  <ul className="flex flex-col gap-1 pl-3">
                    {p.arguments.map((a, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: as above, names may repeat.
                      <li key={j} className="wrap-anywhere">
                        <code className="font-mono text-xs">{a.name}</code>
                        {a.required ? ' (required)' : ' (optional)'}
                        {a.description && <span className="text-zinc-700 dark:text-zinc-300">: {a.description}</span>}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </li>
          ))}
        </AsideSection>
      )}
      {resources.length > 0 && (
        <AsideSection title="Resources" count={resources.length}>
          {resources.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a hostile server may repeat a URI; the position tells them apart.
            <ResourceItem key={`${i}-${r.uri}`} resource={r} />
          ))}
        </AsideSection>
      )}
      {resourceTemplates.length > 0 && (
        <AsideSection title="Resource templates" count={resourceTemplates.length}>
          {resourceTemplates.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <ResourceItem key={`${i}-${r.uriTemplate}`} resource={r} />
          ))}
        </AsideSection>
      )}
    </div>
  )
}
