/**
 * Run after any `npm install` that rewrites package-lock.json on this workplace's machines.
 *
 * The registry mirror here lacks some platform packages (macOS, Windows and other builds of
 * tailwind's oxide and of workerd), so npm writes a lock without entries for those optional
 * dependencies, and `npm ci` then refuses the lock as out of sync. This adds the missing entries
 * (version, os, cpu, optional) next to the package that wants them; on Linux npm skips them, on
 * other platforms npm fetches them from the public registry as usual.
 */
import { readFileSync, writeFileSync } from 'node:fs'

const file = 'package-lock.json'
const lock = JSON.parse(readFileSync(file, 'utf8'))
const pk = lock.packages

function resolve(from, name) {
  let dir = from
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`
    if (pk[candidate]) return candidate
    if (!dir) return null
    const m = /^(.*?)\/?node_modules\/(@[^/]+\/[^/]+|[^/]+)$/.exec(dir)
    if (!m) return null
    dir = m[1]
  }
}

function platform(name) {
  const os = [
    ['darwin', 'darwin'],
    ['windows', 'win32'],
    ['win32', 'win32'],
    ['android', 'android'],
    ['freebsd', 'freebsd'],
    ['linux', 'linux'],
  ].find(([k]) => name.includes(k))?.[1]
  const cpu = name.includes('wasm32')
    ? 'wasm32'
    : name.includes('arm64')
      ? 'arm64'
      : /-arm(-|$)/.test(name)
        ? 'arm'
        : name.includes('64')
          ? 'x64'
          : undefined
  return { os, cpu }
}

const added = []
for (const [path, entry] of Object.entries(pk)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const found = resolve(path, dep)
    if (found && (!/^\d/.test(version) || pk[found].version === version)) continue
    const top = `node_modules/${dep}`
    const nested = path.split('node_modules/').length > 2
    const where = !pk[top] && !nested ? top : nested ? `${path.slice(0, path.lastIndexOf('/node_modules/'))}/node_modules/${dep}` : top
    const { os, cpu } = platform(dep)
    pk[where] = { version, optional: true, ...(cpu && { cpu: [cpu] }), ...(os && { os: [os] }), ...(entry.dev && { dev: true }) }
    added.push(where)
  }
}
lock.packages = Object.fromEntries(
  Object.keys(pk)
    .sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0))
    .map((k) => [k, pk[k]]),
)
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(
  added.length
    ? `Added ${added.length} platform entries:\n  ${added.join('\n  ')}`
    : 'The lock already lists every optional platform package.',
)
