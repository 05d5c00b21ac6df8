/**
 * The Node the runner needs: 22.6 or later, for `--experimental-strip-types`, with which it starts
 * fence-exec.ts (its TypeScript read as written, no loader started twice a probe). An older Node
 * would die on every probe with "node: bad option"; the runner says so once, at its start.
 */

/** The oldest Node the runner runs on. */
export const REQUIRED_NODE = [22, 6] as const

/**
 * One line saying what is needed, or null when `version` will do.
 * @example nodeProblem('20.20.2') // 'The probe runner needs Node 22.6 or later (it strips TypeScript types); this is Node 20.20.2.'
 */
export function nodeProblem(version: string): string | null {
  const [major, minor] = version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10))
  const [needMajor, needMinor] = REQUIRED_NODE
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null
  return `The probe runner needs Node ${needMajor}.${needMinor} or later (it strips TypeScript types); this is Node ${version.replace(/^v/, '')}.`
}
