/**
 * The commands the README tells people to type exist: each `npm run x` (and `npm start`, `npm
 * test`) is a script of package.json, and each `node scripts/...` a file.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, read } from './markdown'
import { commands, parseMarkdown } from './markdown-tables'

describe("the README's commands", () => {
  const root = parseMarkdown(read('README.md'))
  const typed = commands(root.children)
  const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts)

  it('name npm scripts that exist', () => {
    const npm = typed.flatMap((c) => {
      const m = /^npm (?:run(?:-script)? |)([\w:.-]+)/.exec(c.command)
      if (!m || ['ci', 'install', 'i', 'run'].includes(m[1])) return []
      return [{ ...c, script: m[1] }]
    })
    expect(npm.length).toBeGreaterThan(10)
    expect(npm.filter((c) => !scripts.includes(c.script)).map((c) => `README.md:${c.line} ${c.command}`)).toEqual([])
  })

  it('run scripts that exist', () => {
    const node = typed.flatMap((c) => /^node (\S+)/.exec(c.command)?.[1] ?? [])
    expect(node.length).toBeGreaterThan(0)
    expect(node.filter((file) => !existsSync(join(ROOT, file)))).toEqual([])
  })
})
