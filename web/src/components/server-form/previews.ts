/**
 * 'Load Info' and 'Auto-fill': what the repository and npm previews put into the form. Pure
 * functions of (form, preview), so the rules are plain to read and test.
 */
import { LIMITS } from '@shared/limits'
import type { GithubPreview, NpmPreview } from '@shared/types'
import { parseReadme } from '../../lib/readme-parser'
import { addTag, type FormValues, type PackageRow } from './form-model'

/** Adds packages not yet listed (same registry and identifier), up to the limit of 20. */
function mergePackages(current: PackageRow[], found: PackageRow[]): PackageRow[] {
  const out = [...current]
  for (const p of found) {
    if (out.length >= LIMITS.packages) break
    const same = out.findIndex((q) => q.registry_type === p.registry_type && q.identifier.toLowerCase() === p.identifier.toLowerCase())
    if (same === -1) out.push(p)
  }
  return out
}

/** The author field still holds what the form started with (nothing the user typed). */
const untouchedAuthor = (values: FormValues, initialAuthor: string) => !values.author.trim() || values.author === initialAuthor

/**
 * Load Info pressed: the README's title names the server (a repository name is a slug), the
 * repository's own description is preferred to the README's first line, a version found in the
 * README replaces the default, topics and README keywords are added as tags, install lines as
 * packages. The owner login becomes the author unless the user typed one.
 */
export function applyRepository(values: FormValues, preview: GithubPreview, initialAuthor: string): FormValues {
  const readme = parseReadme(preview.readmeText ?? '')
  let tags = values.tags
  for (const tag of [...preview.topics, ...readme.tags]) tags = addTag(tags, tag)
  return {
    ...values,
    displayName: readme.title || preview.name || values.displayName,
    description: preview.description?.trim() || readme.description || values.description,
    version: readme.version ?? values.version,
    author: untouchedAuthor(values, initialAuthor) && preview.ownerLogin ? preview.ownerLogin : values.author,
    tags,
    packages: mergePackages(values.packages, readme.packages),
  }
}

/**
 * Auto-fill pressed: npm's latest version becomes the version and the package is listed as a
 * dependency (its version updated if already there); name, description and author are only
 * filled when still empty, since npm's are usually terser than what a maintainer writes.
 */
export function applyNpm(values: FormValues, preview: NpmPreview, initialAuthor: string): FormValues {
  const version = preview.latestVersion ?? 'latest'
  const listed = values.packages.findIndex(
    (p) => p.registry_type === 'npm' && p.identifier.toLowerCase() === preview.packageName.toLowerCase(),
  )
  const packages =
    listed === -1
      ? mergePackages(values.packages, [{ registry_type: 'npm', identifier: preview.packageName, version }])
      : values.packages.map((p, i) => (i === listed ? { ...p, version } : p))
  const maintainer = preview.maintainers[0]?.name
  return {
    ...values,
    displayName: values.displayName.trim() ? values.displayName : preview.packageName,
    description: values.description.trim() ? values.description : (preview.description ?? ''),
    version: preview.latestVersion ?? values.version,
    author: untouchedAuthor(values, initialAuthor) && maintainer ? maintainer : values.author,
    packages,
  }
}
