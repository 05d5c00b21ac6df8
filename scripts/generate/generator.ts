/**
 * Synthetic servers that look like real registry listings: vendor/product names, display names,
 * descriptions of several sentences, tags with a few very common ones and a long tail, skewed
 * stars, likes, popularity and dates, a README for about one in `readmeEvery`, the tools a probe
 * read for most remotes and some packages; each classified into categories as the importer and
 * the sync classify listings. Identical for identical options.
 */
import { autoCategories } from '../../worker/db/categories'
import { displayNameFrom } from '../../worker/lib/registry-entry'
import { toolSearchText } from '../../worker/lib/search/tool-text'
import { type Grade, gradeRank } from '../../worker/shared/verdict'
import { chance, int, normal, pick, prng, type Rng, shuffled, uuid, zipf } from './random'
import {
  ADJECTIVES,
  AUDIENCES,
  CATEGORY_WORDS,
  FEATURES,
  LANGS,
  LICENSES,
  ORG_SUFFIXES,
  QUALIFIERS,
  RARE_WORDS,
  SYLLABLES,
  TAIL_TAGS,
  TECHS,
  type Tech,
} from './words'

interface Owner {
  login: string
  org: boolean
}

export interface SyntheticServer {
  id: string
  name: string
  displayName: string
  description: string
  author: string
  version: string
  githubUrl: string | null
  repoOwner: string | null
  readmeText: string | null
  tags: string[]
  /** As the classifier files it (worker/lib/classify/classifier.ts). */
  categories: string[]
  packages: Array<Record<string, unknown>>
  remotes: Array<{ name: string; url: string; type: string }>
  status: 'active' | 'pending' | 'deleted'
  likeCount: number
  viewCount: number
  stars: number
  popularity: number
  ownerAvatarUrl: string | null
  license: string | null
  installCommand: string | null
  /** Tools read from the server (null: never read), and their text for the search index. */
  toolCount: number | null
  toolText: string | null
  createdAt: string
  updatedAt: string
  rareWord: string | null
  /** The verdict's overall grade as the grading job stores it on the row (null: not graded), and its rank. */
  grade: Grade | null
  gradeRank: number
}

/**
 * A listing's grade, drawn from its id rather than the generator's random stream (which would then
 * write every later listing differently): seven in ten C or better, one in ten not graded, as the
 * tests' scale seed (test/worker/scale-seed.ts).
 */
function gradeOf(id: string): Grade | null {
  return ([...'AAABBBCDE'] as Grade[])[Number.parseInt(id.slice(-2), 16) % 10] ?? null
}

/** The reference "now", fixed so that every run writes the same dates. */
const NOW = Date.UTC(2026, 8, 1)
const DAY = 24 * 3600 * 1000
/** The catalogue's oldest listing: the registry opened in late 2024. */
const SPAN_DAYS = 640

function coined(rng: Rng) {
  let w = ''
  const n = int(rng, 2, 3)
  for (let i = 0; i < n; i++) w += pick(rng, SYLLABLES)
  return w
}

function makeOwners(rng: Rng, n: number): Owner[] {
  const seen = new Set<string>()
  const owners: Owner[] = []
  while (owners.length < n) {
    const org = chance(rng, 0.35)
    let login = coined(rng)
    if (org) login += `-${pick(rng, ORG_SUFFIXES)}`
    else if (chance(rng, 0.4)) login += String(int(rng, 1, 999))
    if (seen.has(login)) continue
    seen.add(login)
    owners.push({ login, org })
  }
  return owners
}

/** 'a' or 'an', by the sound of the next word's first letter (good enough for these words). */
function article(word: string) {
  return /^[aeiou]/i.test(word) ? 'an' : 'a'
}

function sentenceCase(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

function describe(rng: Rng, display: string, tech: Tech, rareWord: string | null): string {
  // Three different verbs of the category, in a random order.
  const [v1, v2, v3] = shuffled(rng, CATEGORY_WORDS[tech.category])
  const audience = pick(rng, AUDIENCES)
  const adjective = pick(rng, ADJECTIVES)
  const opening = [
    `${display} is ${article(adjective)} ${adjective} MCP server that lets assistants ${v1} ${tech.object} in ${tech.label}.`,
    `${sentenceCase(article(adjective))} ${adjective} Model Context Protocol server for ${tech.label}: ${v1} ${tech.object} from any MCP client.`,
    `${display} connects ${tech.label} to AI assistants through an MCP server, so ${audience} can ${v1} ${tech.object} in plain language.`,
    `MCP server exposing ${tech.label} ${tech.object} as tools for ${audience}.`,
    // A few listings never say 'server', as real ones sometimes do not.
    `Bring ${tech.label} into your assistant: ${v1}, ${v2} and ${v3} ${tech.object} without leaving the chat.`,
  ]
  const sentences = [pick(rng, [opening[0], opening[0], opening[1], opening[2], opening[2], opening[3], opening[4]])]
  sentences.push(
    pick(rng, [
      `It offers ${int(rng, 3, 40)} tools to ${v2} and ${v3} ${tech.object}, with ${pick(rng, FEATURES)} and ${pick(rng, FEATURES)}.`,
      `Tools cover the everyday jobs: ${v2}, ${v3} and reporting, each with ${pick(rng, FEATURES)}.`,
      `Designed for ${audience} who want to ${v2} ${tech.object} without writing glue code.`,
    ]),
  )
  if (chance(rng, 0.7)) {
    sentences.push(
      pick(rng, [
        `Written in ${pick(rng, LANGS)}; runs locally over stdio or as a remote server.`,
        `Built with ${pick(rng, LANGS)} and tested against ${tech.label}'s public API.`,
        `Configuration is a single API key; ${pick(rng, FEATURES)} is on by default.`,
        `Supports ${pick(rng, FEATURES)}, ${pick(rng, FEATURES)} and ${pick(rng, FEATURES)}.`,
      ]),
    )
  }
  if (rareWord) sentences.push(`Popular with ${rareWord} enthusiasts, who use it to ${v1} ${tech.object}.`)
  if (chance(rng, 0.3)) sentences.push(`Works with Claude Desktop, Cursor, VS Code and other MCP clients.`)
  return sentences.join(' ').slice(0, 1000)
}

/** A realistic README between 5 and 50 KB: badges, install, config, a tool reference, FAQ. */
function readme(rng: Rng, s: { name: string; displayName: string; description: string; author: string; repo: string }, tech: Tech): string {
  const target = int(rng, 5_000, 50_000)
  const verbs = CATEGORY_WORDS[tech.category]
  const parts = [
    `# ${s.displayName}\n`,
    `[![npm](https://img.shields.io/npm/v/${s.repo}.svg)](https://www.npmjs.com/package/${s.repo}) [![License](https://img.shields.io/badge/license-MIT-blue.svg)](LICENSE)\n`,
    `${s.description}\n`,
    `![Demo](./docs/demo.gif)\n`,
    `## Contents\n\n- [Installation](#installation)\n- [Configuration](#configuration)\n- [Tools](#tools)\n- [FAQ](#faq)\n`,
    `## Installation\n\n\`\`\`bash\nnpx -y ${s.repo}\n\`\`\`\n\nOr add it to your client's configuration:\n\n\`\`\`json\n{\n  "mcpServers": {\n    "${tech.slug}": {\n      "command": "npx",\n      "args": ["-y", "${s.repo}"],\n      "env": { "${tech.slug.toUpperCase().replace(/-/g, '_')}_API_KEY": "<your key>" }\n    }\n  }\n}\n\`\`\`\n`,
    `## Configuration\n\n| Variable | Required | Description |\n| --- | --- | --- |\n| \`${tech.slug.toUpperCase().replace(/-/g, '_')}_API_KEY\` | yes | API key for ${tech.label} |\n| \`READ_ONLY\` | no | Refuse every write |\n| \`LOG_LEVEL\` | no | \`info\` by default |\n`,
    `## Tools\n`,
  ]
  let size = parts.join('\n').length
  let n = 0
  while (size < target) {
    n++
    const verb = pick(rng, verbs)
    const tool = `${verb.replace(/\s+/g, '_')}_${tech.slug.replace(/-/g, '_')}_${n}`
    const section = [
      `### \`${tool}\`\n`,
      `${sentenceCase(verb)} ${tech.object} in ${tech.label}. ${pick(rng, ['Returns structured JSON.', 'Results are paginated.', 'Honours read-only mode.', 'Streams progress for long jobs.'])} See [the guide](docs/tools/${tool}.md) for details, or the [${tech.label} documentation](https://example.com/${tech.slug}/docs).\n`,
      `| Argument | Type | Description |\n| --- | --- | --- |\n| \`id\` | string | The ${tech.label} identifier |\n| \`limit\` | number | At most this many results (default ${int(rng, 10, 100)}) |\n| \`cursor\` | string | Where the previous page ended |\n`,
      `\`\`\`${pick(rng, ['json', 'ts', 'python'])}\n// ${verb} with ${s.displayName}\nconst result = await client.callTool("${tool}", { id: "${uuid(rng).slice(0, 8)}", limit: ${int(rng, 1, 50)} })\n\`\`\`\n`,
      pick(rng, [
        `> **Note** ${pick(rng, FEATURES)} applies here too.\n`,
        `- ${pick(rng, FEATURES)}\n- ${pick(rng, FEATURES)}\n- ${pick(rng, FEATURES)}\n`,
        `![${tool}](./docs/img/${tool}.png)\n`,
      ]),
    ].join('\n')
    parts.push(section)
    size += section.length + 1
  }
  parts.push(
    `## FAQ\n\n**Does it work offline?** Only the local tools do.\n\n**Where are logs?** In the client's MCP log folder.\n`,
    `## Contributing\n\nSee [CONTRIBUTING.md](./CONTRIBUTING.md).\n`,
    `## License\n\nMIT © ${s.author}\n`,
  )
  return parts.join('\n')
}

/** Verbs every kind of server's tools use beside its category's own. */
const TOOL_VERBS = ['list', 'get', 'create', 'update', 'delete', 'search', 'describe', 'export']

/**
 * The tools a probe reads: from most remotes (the others want a key) and, once packages are run,
 * from a fifth of the rest; 3 to 40 tools named as real servers name them ('list_tables',
 * 'get_postgres_query'), each with a sentence or three. Null when none were read.
 */
function toolsOf(rng: Rng, tech: Tech, remote: boolean): Array<{ name: string; description: string }> | null {
  if (!chance(rng, remote ? 0.7 : 0.2)) return null
  const verbs = [...CATEGORY_WORDS[tech.category], ...TOOL_VERBS]
  const words = tech.object.split(/,\s*|\s+and\s+|\s+/).filter((w) => w.length > 3)
  const nouns = words.length ? words : [tech.slug]
  const tools = new Map<string, string>()
  const n = Math.floor(3 + 37 * rng() ** 2)
  for (let i = 0; i < n * 2 && tools.size < n; i++) {
    const verb = pick(rng, verbs)
    const noun = pick(rng, nouns)
    const name = chance(rng, 0.3) ? `${tech.slug.replace(/-/g, '_')}_${verb}_${noun}` : `${verb}_${noun}`
    const sentences = [`${sentenceCase(verb)} ${noun} in ${tech.label}.`]
    if (chance(rng, 0.6)) sentences.push(pick(rng, ['Returns structured JSON.', 'Results are paginated.', 'Honours read-only mode.']))
    if (chance(rng, 0.3)) sentences.push(`Supports ${pick(rng, FEATURES)}.`)
    tools.set(name.replace(/\s+/g, '_'), sentences.join(' '))
  }
  return [...tools].map(([name, description]) => ({ name, description }))
}

export interface GenerateOptions {
  count: number
  seed: number
  readmeEvery: number
}

/** Yields servers one by one, identical for identical options. */
export function* generateServers(opts: GenerateOptions): Generator<SyntheticServer> {
  const rng = prng(opts.seed)
  // A stream of its own, so the rest of each listing is what it was before tools were read.
  const toolRng = prng(opts.seed + 7_001)
  const owners = makeOwners(rng, Math.max(50, Math.round(opts.count / 4)))
  const pickOwner = zipf(owners, 0.8, 5)
  const pickTech = zipf(TECHS, 0.6, 3)
  const pickTail = zipf(TAIL_TAGS, 1.05, 1)
  const pickRare = zipf(RARE_WORDS, 1.2, 1)
  const names = new Set<string>()

  for (let i = 0; i < opts.count; i++) {
    const owner = pickOwner(rng)
    const tech = pickTech(rng)
    // Two in five products carry a brand name of their own rather than the service's.
    const brand = chance(rng, 0.4) ? coined(rng) : null
    const qualifier = chance(rng, 0.5) ? pick(rng, QUALIFIERS) : null
    const product = [brand, tech.slug, qualifier].filter(Boolean).join('-')
    const shape = rng()
    let repo: string
    let name: string
    if (shape < 0.55) {
      repo = `${product}-mcp`
      name = `io.github.${owner.login}/${repo}`
    } else if (shape < 0.7) {
      repo = `mcp-server-${product}`
      name = `io.github.${owner.login}/${repo}`
    } else if (shape < 0.85) {
      repo = product
      name = `com.${owner.login.replace(/-/g, '')}/${repo}`
    } else if (shape < 0.95) {
      repo = `${product}-mcp-server`
      name = `ai.${owner.login.replace(/-/g, '')}/${repo}`
    } else {
      repo = product
      name = `dev.${owner.login.replace(/-/g, '')}/${repo}`
    }
    if (names.has(name)) {
      let n = 2
      while (names.has(`${name}-${n}`)) n++
      name = `${name}-${n}`
      repo = `${repo}-${n}`
    }
    names.add(name)

    // Half derive it from the name as the importer does, half carry a title of their own.
    const displayName = chance(rng, 0.5)
      ? displayNameFrom(name)
      : [brand && sentenceCase(brand), tech.label, qualifier && sentenceCase(qualifier)].filter(Boolean).join(' ')
    const hasRepo = name.startsWith('io.github.') || chance(rng, 0.8)
    const githubUrl = hasRepo ? `https://github.com/${owner.login}/${repo}` : null
    const rareWord = chance(rng, 0.004) ? pickRare(rng) : null
    const description = describe(rng, displayName, tech, rareWord)

    const registry = pick(rng, ['npm', 'npm', 'npm', 'npm', 'pypi', 'pypi', 'oci', 'nuget', 'cargo'])
    const version = `${int(rng, 0, 3)}.${int(rng, 0, 20)}.${int(rng, 0, 30)}`
    const identifier = registry === 'npm' ? `@${owner.login}/${repo}` : registry === 'oci' ? `ghcr.io/${owner.login}/${repo}` : repo
    const packages = chance(rng, 0.9)
      ? [{ registry_type: registry, registryType: registry, identifier, name: identifier, version, transport: { type: 'stdio' } }]
      : []
    const remote = chance(rng, 0.15)
    const remotes = remote
      ? [{ name: 'streamable-http', url: `https://mcp.${owner.login.replace(/-/g, '')}.example.com/${tech.slug}`, type: 'streamable-http' }]
      : []

    const tags = new Set<string>([tech.category])
    if (chance(rng, 0.6)) tags.add(tech.slug.slice(0, 30))
    if (packages.length) tags.add(registry)
    if (remote) tags.add('remote')
    const extra = int(rng, 0, 4)
    for (let t = 0; t < extra; t++) tags.add(pickTail(rng))

    // Stars are log-normal (most listings have a few, a handful have tens of thousands);
    // likes and views follow stars loosely, and popularity blends them as the catalogue does.
    const stars = chance(rng, 0.2) ? 0 : Math.min(90_000, Math.floor(Math.exp(1.8 + 1.9 * normal(rng))))
    const likeCount = chance(rng, 0.6) ? 0 : Math.floor((stars + 1) ** 0.5 * rng() * 3)
    const viewCount = Math.floor((stars + likeCount * 20) * (0.5 + rng() * 4)) + int(rng, 0, 50)
    const popularity = stars + likeCount * 10 + Math.floor(viewCount / 20)
    // More listings are recent than old (the catalogue grows), and updates cluster near now.
    const created = NOW - Math.floor(SPAN_DAYS * DAY * rng() ** 1.8) - int(rng, 0, DAY)
    const updated = NOW - Math.floor((NOW - created) * rng() ** 2.5)
    const status = !githubUrl ? 'pending' : chance(rng, 0.01) ? 'deleted' : 'active'
    const id = uuid(rng)

    const listing = {
      name,
      displayName: displayName.slice(0, 100),
      description,
      readmeText: chance(rng, 1 / opts.readmeEvery)
        ? readme(rng, { name, displayName, description, author: owner.login, repo: identifier }, tech)
        : null,
      tags: [...tags].slice(0, 10),
    }
    const tools = toolsOf(toolRng, tech, remote)
    yield {
      id,
      ...listing,
      author: owner.login,
      version,
      githubUrl,
      repoOwner: githubUrl ? owner.login.toLowerCase() : null,
      // Classified as the importer and the sync classify every listing they write.
      categories: autoCategories(listing),
      packages,
      remotes,
      status,
      likeCount,
      viewCount,
      stars,
      popularity,
      ownerAvatarUrl: githubUrl ? `https://avatars.githubusercontent.com/${owner.login}` : null,
      license: pick(rng, LICENSES),
      installCommand: packages.length && registry === 'npm' ? `npx -y ${identifier}` : null,
      toolCount: tools ? tools.length : null,
      toolText: tools ? toolSearchText({ tools }) : null,
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(updated).toISOString(),
      rareWord,
      grade: gradeOf(id),
      gradeRank: gradeRank(gradeOf(id)),
    }
  }
}
