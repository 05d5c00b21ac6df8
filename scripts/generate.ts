/**
 * Synthetic catalogue for scale testing: `npm run generate -- --count 100000 [--state DIR]`.
 *
 * Servers look like real registry listings (vendor/product names, display names, descriptions
 * of several sentences, tags with a few very common ones and a long tail, skewed stars, likes,
 * popularity and dates, a README for about one in a hundred), drawn from a seeded PRNG so two
 * runs with the same options write identical rows and benchmark runs stay comparable.
 *
 * Rows go in through wrangler's platform proxy (the local D1 the app serves) as multi-row
 * INSERTs of at most 100 bound parameters, grouped in D1 batches: each batch is one
 * transaction, so a server and its tags land together, and the FTS5 triggers index each server
 * as it is inserted. Re-running is harmless: existing ids and names are skipped.
 *
 *   --count N        servers to generate (default 100000)
 *   --seed N         PRNG seed (default 1)
 *   --state DIR      state folder (default CATALOGUE_STATE or .wrangler/state)
 *   --readme-every N about one server in N carries a 5–50 KB README (default 100)
 *   --manifest FILE  write what the benchmark needs (sample ids, the rare and common terms)
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { getPlatformProxy } from 'wrangler'
import { autoCategories } from '../worker/db/categories'
import { createDb } from '../worker/db/client'
import { fillAllKeptInstalls } from '../worker/db/kept-installs'
import { compactSearchIndexes } from '../worker/db/search-compaction'
import { displayNameFrom } from '../worker/lib/registry-entry'
import { migrateLocal } from './local.mjs'

// ---- deterministic randomness ----

/** sfc32: small, fast, and good enough that no pattern shows in the data. */
function prng(seed: number) {
  let a = 0x9e3779b9
  let b = 0x243f6a88
  let c = 0xb7e15162
  let d = seed >>> 0
  const next = () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    const t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    const r = (t + d) | 0
    c = (c + r) | 0
    return (r >>> 0) / 4294967296
  }
  for (let i = 0; i < 20; i++) next()
  return next
}

type Rng = () => number

const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1))
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]
const chance = (rng: Rng, p: number) => rng() < p

/** Picks index i with weight 1/(i+offset)^s: a few items very often, a long tail rarely. */
function zipf<T>(items: readonly T[], s: number, offset = 1) {
  const cumulative: number[] = []
  let sum = 0
  for (let i = 0; i < items.length; i++) {
    sum += 1 / (i + offset) ** s
    cumulative.push(sum)
  }
  return (rng: Rng): T => {
    const x = rng() * sum
    let lo = 0
    let hi = cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid] < x) lo = mid + 1
      else hi = mid
    }
    return items[lo]
  }
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

function normal(rng: Rng) {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng())
}

function uuid(rng: Rng) {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng() * 16).toString(16))
  hex[12] = '4'
  hex[16] = '89ab'[Math.floor(rng() * 4)]
  const h = hex.join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

// ---- vocabulary ----

interface Tech {
  slug: string
  label: string
  category: string
  /** What the server works on, for descriptions. */
  object: string
}

const TECHS: Tech[] = [
  ['postgres', 'PostgreSQL', 'database', 'tables, schemas and query plans'],
  ['mysql', 'MySQL', 'database', 'tables and slow query logs'],
  ['sqlite', 'SQLite', 'database', 'local database files'],
  ['mongodb', 'MongoDB', 'database', 'collections and aggregation pipelines'],
  ['redis', 'Redis', 'database', 'keys, streams and caches'],
  ['clickhouse', 'ClickHouse', 'database', 'analytical tables'],
  ['duckdb', 'DuckDB', 'database', 'Parquet and CSV datasets'],
  ['snowflake', 'Snowflake', 'database', 'warehouses and stages'],
  ['bigquery', 'BigQuery', 'database', 'datasets and scheduled queries'],
  ['supabase', 'Supabase', 'database', 'projects, tables and edge functions'],
  ['neon', 'Neon', 'database', 'branches and serverless Postgres databases'],
  ['qdrant', 'Qdrant', 'database', 'vector collections'],
  ['pinecone', 'Pinecone', 'database', 'vector indexes'],
  ['elasticsearch', 'Elasticsearch', 'search', 'indices and documents'],
  ['algolia', 'Algolia', 'search', 'search indices'],
  ['brave-search', 'Brave Search', 'search', 'web search results'],
  ['firecrawl', 'Firecrawl', 'search', 'crawled web pages'],
  ['github', 'GitHub', 'github', 'repositories, issues and pull requests'],
  ['gitlab', 'GitLab', 'github', 'projects, merge requests and pipelines'],
  ['bitbucket', 'Bitbucket', 'github', 'repositories and pull requests'],
  ['git', 'Git', 'github', 'local repositories and commit history'],
  ['slack', 'Slack', 'communication', 'channels, threads and messages'],
  ['discord', 'Discord', 'communication', 'servers, channels and messages'],
  ['telegram', 'Telegram', 'communication', 'chats and bots'],
  ['twilio', 'Twilio', 'communication', 'SMS and voice calls'],
  ['gmail', 'Gmail', 'productivity', 'mailboxes, labels and drafts'],
  ['outlook', 'Outlook', 'productivity', 'mail, calendars and contacts'],
  ['notion', 'Notion', 'productivity', 'pages, databases and blocks'],
  ['obsidian', 'Obsidian', 'productivity', 'vaults and notes'],
  ['jira', 'Jira', 'productivity', 'issues, sprints and boards'],
  ['linear', 'Linear', 'productivity', 'issues, cycles and projects'],
  ['asana', 'Asana', 'productivity', 'tasks and projects'],
  ['trello', 'Trello', 'productivity', 'boards, lists and cards'],
  ['todoist', 'Todoist', 'productivity', 'tasks and projects'],
  ['google-calendar', 'Google Calendar', 'productivity', 'events and availability'],
  ['confluence', 'Confluence', 'productivity', 'spaces and pages'],
  ['aws', 'AWS', 'cloud', 'accounts, resources and costs'],
  ['azure', 'Azure', 'cloud', 'subscriptions and resource groups'],
  ['gcp', 'Google Cloud', 'cloud', 'projects and services'],
  ['cloudflare', 'Cloudflare', 'cloud', 'Workers, zones and DNS records'],
  ['kubernetes', 'Kubernetes', 'cloud', 'clusters, pods and deployments'],
  ['terraform', 'Terraform', 'cloud', 'plans, state and modules'],
  ['vercel', 'Vercel', 'cloud', 'deployments and domains'],
  ['docker', 'Docker', 'devtools', 'containers and images'],
  ['sentry', 'Sentry', 'analytics', 'errors and releases'],
  ['datadog', 'Datadog', 'analytics', 'metrics, monitors and logs'],
  ['grafana', 'Grafana', 'analytics', 'dashboards and alerts'],
  ['prometheus', 'Prometheus', 'analytics', 'time series and alert rules'],
  ['posthog', 'PostHog', 'analytics', 'events, funnels and feature flags'],
  ['mixpanel', 'Mixpanel', 'analytics', 'events and cohorts'],
  ['stripe', 'Stripe', 'finance', 'payments, customers and invoices'],
  ['paypal', 'PayPal', 'finance', 'transactions and payouts'],
  ['quickbooks', 'QuickBooks', 'finance', 'ledgers and invoices'],
  ['coinbase', 'Coinbase', 'finance', 'wallets and trades'],
  ['ethereum', 'Ethereum', 'finance', 'onchain contracts and transactions'],
  ['playwright', 'Playwright', 'browser', 'browser sessions and pages'],
  ['puppeteer', 'Puppeteer', 'browser', 'headless Chrome pages'],
  ['selenium', 'Selenium', 'browser', 'browser automation scripts'],
  ['youtube', 'YouTube', 'media', 'videos, transcripts and playlists'],
  ['spotify', 'Spotify', 'media', 'playlists and tracks'],
  ['figma', 'Figma', 'media', 'design files, frames and components'],
  ['openai', 'OpenAI', 'ai', 'models, embeddings and assistants'],
  ['anthropic', 'Anthropic', 'ai', 'Claude models and prompts'],
  ['huggingface', 'Hugging Face', 'ai', 'models, datasets and spaces'],
  ['ollama', 'Ollama', 'ai', 'local language models'],
  ['langchain', 'LangChain', 'ai', 'chains and agents'],
  ['google-drive', 'Google Drive', 'files', 'files and shared folders'],
  ['dropbox', 'Dropbox', 'files', 'files and shared links'],
  ['s3', 'Amazon S3', 'files', 'buckets and objects'],
  ['filesystem', 'Filesystem', 'files', 'local files and directories'],
  ['google-maps', 'Google Maps', 'maps', 'places, routes and geocoding'],
  ['openweather', 'OpenWeather', 'maps', 'forecasts and weather alerts'],
  ['mapbox', 'Mapbox', 'maps', 'tiles, directions and geocoding'],
  ['zapier', 'Zapier', 'automation', 'zaps and app actions'],
  ['n8n', 'n8n', 'automation', 'workflows and executions'],
  ['airflow', 'Airflow', 'automation', 'DAGs and task runs'],
  ['snyk', 'Snyk', 'security', 'vulnerabilities and projects'],
  ['vault', 'Vault', 'security', 'secrets and policies'],
  ['okta', 'Okta', 'security', 'users, groups and sign-in policies'],
  ['openapi', 'OpenAPI', 'api', 'REST APIs described by OpenAPI documents'],
  ['graphql', 'GraphQL', 'api', 'GraphQL schemas and queries'],
  ['hubspot', 'HubSpot', 'productivity', 'contacts, deals and companies'],
  ['salesforce', 'Salesforce', 'data', 'accounts, leads and opportunities'],
  ['airtable', 'Airtable', 'data', 'bases, tables and records'],
  ['google-sheets', 'Google Sheets', 'data', 'spreadsheets and ranges'],
  ['excel', 'Excel', 'data', 'workbooks and worksheets'],
  ['shopify', 'Shopify', 'finance', 'products, orders and customers'],
  ['wordpress', 'WordPress', 'media', 'posts, pages and media'],
  ['arxiv', 'arXiv', 'search', 'papers and abstracts'],
  ['wikipedia', 'Wikipedia', 'search', 'articles and revisions'],
].map(([slug, label, category, object]) => ({ slug, label, category, object }))

const QUALIFIERS = [
  'tools',
  'bridge',
  'connector',
  'gateway',
  'agent',
  'assistant',
  'explorer',
  'sync',
  'proxy',
  'toolkit',
  'hub',
  'kit',
  'lens',
  'pilot',
  'ops',
  'insights',
  'query',
  'admin',
  'lite',
  'pro',
  'cli',
  'client',
  'manager',
  'reader',
  'writer',
  'monitor',
  'search',
  'inspector',
]
const SYLLABLES = [
  'ka',
  'ren',
  'to',
  'vi',
  'lo',
  'mar',
  'zen',
  'qu',
  'ix',
  'dra',
  'no',
  'pel',
  'sa',
  'tor',
  'bri',
  'ko',
  'la',
  'mi',
  'nex',
  'or',
  'pra',
  'ru',
  'sy',
  'tek',
  'ul',
  'va',
  'wex',
  'yo',
  'zu',
  'fen',
  'gal',
  'hy',
  'jo',
  'kel',
  'lum',
  'mo',
  'ny',
  'ox',
  'pi',
  'rho',
]
const ORG_SUFFIXES = ['labs', 'hq', 'dev', 'io', 'ai', 'inc', 'tech', 'cloud', 'systems', 'works', 'data', 'soft']
const CATEGORY_WORDS: Record<string, string[]> = {
  database: ['query', 'inspect', 'migrate', 'index'],
  search: ['search', 'crawl', 'rank', 'extract'],
  github: ['review', 'triage', 'merge', 'browse'],
  communication: ['message', 'notify', 'summarise', 'reply to'],
  productivity: ['plan', 'organise', 'schedule', 'track'],
  cloud: ['deploy', 'provision', 'audit', 'scale'],
  devtools: ['build', 'debug', 'test', 'lint'],
  analytics: ['monitor', 'chart', 'alert on', 'analyse'],
  finance: ['reconcile', 'bill', 'refund', 'report on'],
  browser: ['navigate', 'screenshot', 'scrape', 'fill forms in'],
  media: ['transcribe', 'edit', 'publish', 'tag'],
  ai: ['prompt', 'embed', 'evaluate', 'fine-tune'],
  files: ['read', 'upload', 'sync', 'organise'],
  maps: ['geocode', 'route', 'locate', 'forecast'],
  automation: ['trigger', 'orchestrate', 'schedule', 'chain'],
  security: ['scan', 'audit', 'rotate', 'harden'],
  api: ['call', 'describe', 'mock', 'validate'],
  data: ['clean', 'join', 'export', 'transform'],
}
const AUDIENCES = [
  'developers',
  'data teams',
  'support engineers',
  'analysts',
  'site reliability engineers',
  'product managers',
  'researchers',
  'small businesses',
  'platform teams',
  'AI agents',
  'students',
  'marketing teams',
  'security teams',
  'finance teams',
]
const LANGS = ['TypeScript', 'Python', 'Go', 'Rust', 'Java', 'C#', 'Kotlin', 'Ruby', 'Elixir', 'Deno']
const FEATURES = [
  'streaming responses',
  'OAuth sign-in',
  'read-only mode',
  'per-tool permissions',
  'rate limiting',
  'structured output',
  'pagination',
  'caching',
  'retries with back-off',
  'audit logging',
  'dry-run previews',
  'schema validation',
  'resource templates',
  'prompt templates',
  'progress notifications',
]
const ADJECTIVES = [
  'fast',
  'lightweight',
  'secure',
  'minimal',
  'typed',
  'batteries-included',
  'self-hosted',
  'production-ready',
  'experimental',
  'community-maintained',
  'unofficial',
  'official',
  'zero-config',
  'extensible',
]
/** Rare words: each shows up in a handful of descriptions, so one can be searched as a rare term. */
const RARE_WORDS = [
  'bathymetry',
  'zymurgy',
  'quillwort',
  'phenology',
  'lichenology',
  'orrery',
  'palimpsest',
  'ptarmigan',
  'isobar',
  'heliograph',
  'campanology',
  'oology',
  'vexillology',
  'horology',
  'speleology',
  'dendrochronology',
  'apiculture',
  'cartouche',
  'gnomon',
  'sextant',
  'limnology',
  'mycology',
  'numismatics',
  'philately',
  'toponymy',
  'ethnobotany',
  'glaciology',
  'ichthyology',
  'petrography',
  'seismograph',
  'tessellation',
  'xeriscape',
  'yodel',
  'zeugma',
  'quipu',
  'abacus',
  'astrolabe',
  'bibliometrics',
  'cryptozoology',
  'dactylography',
  'epigraphy',
  'fenestration',
  'geomancy',
  'hagiography',
  'kymograph',
  'lexicography',
  'metrology',
  'nephology',
  'orography',
  'paleography',
]
const LICENSES = ['MIT', 'MIT', 'MIT', 'Apache-2.0', 'Apache-2.0', 'BSD-3-Clause', 'GPL-3.0', 'MPL-2.0', 'ISC', null]

/** Tags by how often they appear: the first few on a large share of servers, then a long tail. */
const TAIL_TAGS = [
  'api',
  'ai',
  'official',
  'automation',
  'productivity',
  'typescript',
  'python',
  'llm',
  'tools',
  'integration',
  'self-hosted',
  'open-source',
  'cli',
  'agents',
  'rag',
  'vector-search',
  'observability',
  'devops',
  'testing',
  'nocode',
  'crm',
  'erp',
  'ecommerce',
  'healthcare',
  'education',
  'legal',
  'gaming',
  'iot',
  'robotics',
  'blockchain',
  'web3',
  'nlp',
  'ocr',
  'speech',
  'translation',
  'scheduling',
  'invoicing',
  'hr',
  'recruiting',
  'marketing',
  'seo',
  'social-media',
  'email',
  'calendar',
  'notes',
  'wiki',
  'knowledge-base',
  'documentation',
  'design',
  'video',
  'audio',
  'music',
  'podcasts',
  'news',
  'weather',
  'travel',
  'real-estate',
  'logistics',
  'supply-chain',
  'manufacturing',
  'energy',
  'climate',
  'agriculture',
  'biology',
  'chemistry',
  'physics',
  'astronomy',
  'mathematics',
  'statistics',
  'finance-data',
  'trading',
  'accounting',
  'tax',
  'compliance',
  'privacy',
  'identity',
  'sso',
  'secrets',
  'backup',
  'migration',
  'etl',
  'streaming',
  'kafka',
  'queues',
  'webhooks',
  'grpc',
  'websocket',
  'edge',
  'serverless',
  'wasm',
  'rust',
  'golang',
  'java',
  'dotnet',
  'ruby',
  'php',
  'elixir',
  'swift',
  'kotlin',
  'deno',
]

// ---- one server ----

interface Owner {
  login: string
  org: boolean
}

interface SyntheticServer {
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
  /** As the classifier files it (worker/lib/classify/). */
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
  createdAt: string
  updatedAt: string
  rareWord: string | null
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

interface GenerateOptions {
  count: number
  seed: number
  readmeEvery: number
}

/** Yields servers one by one, identical for identical options. */
function* generateServers(opts: GenerateOptions): Generator<SyntheticServer> {
  const rng = prng(opts.seed)
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
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(updated).toISOString(),
      rareWord,
    }
  }
}

// ---- loading ----

/**
 * D1's limits: 100 bound parameters and 100,000 bytes of SQL per statement. Per-statement
 * overhead dominates a local bulk load (about 2 ms each through the proxy, more with
 * parameters), and 100 parameters allow only four servers per statement, so rows are written
 * as SQL literals instead, packed up to a byte budget below the statement limit: a few hundred
 * servers per statement, or one with a large README.
 */
const MAX_STATEMENT_BYTES = 90_000
/** Servers per D1 batch: about a dozen statements, far below the per-invocation query limit. */
const SERVERS_PER_FLUSH = 1000
const SERVER_COLUMNS = [
  'id',
  'name',
  'registry_name',
  'display_name',
  'description',
  'author',
  'version',
  'github_url',
  'repo_owner',
  'readme_text',
  'tags',
  'categories',
  'packages',
  'remotes',
  'metadata',
  'status',
  'like_count',
  'view_count',
  'stars',
  'popularity',
  'owner_avatar_url',
  'license',
  'install_command',
  'created_at',
  'updated_at',
]
const METADATA = JSON.stringify({ synthetic: true })

function literal(v: string | number | null): string {
  if (v === null) return 'NULL'
  if (typeof v === 'number') return String(v)
  return `'${v.replace(/'/g, "''")}'`
}

function serverRow(s: SyntheticServer): string {
  const values = [
    s.id,
    s.name,
    s.name,
    s.displayName,
    s.description,
    s.author,
    s.version,
    s.githubUrl,
    s.repoOwner,
    s.readmeText,
    JSON.stringify(s.tags),
    JSON.stringify(s.categories),
    JSON.stringify(s.packages),
    JSON.stringify(s.remotes),
    METADATA,
    s.status,
    s.likeCount,
    s.viewCount,
    s.stars,
    s.popularity,
    s.ownerAvatarUrl,
    s.license,
    s.installCommand,
    s.createdAt,
    s.updatedAt,
  ]
  return `(${values.map(literal).join(',')})`
}

/** Packs rows into as few statements as the byte budget allows. */
function pack(head: string, rows: string[], tail: string): string[] {
  const out: string[] = []
  let current: string[] = []
  let size = head.length + tail.length
  for (const row of rows) {
    const bytes = Buffer.byteLength(row) + 1
    if (current.length && size + bytes > MAX_STATEMENT_BYTES) {
      out.push(`${head}${current.join(',')}${tail}`)
      current = []
      size = head.length + tail.length
    }
    current.push(row)
    size += bytes
  }
  if (current.length) out.push(`${head}${current.join(',')}${tail}`)
  return out
}

function statementsFor(part: SyntheticServer[]): string[] {
  // Existing ids or names are skipped, so a second run over the same state adds nothing.
  const servers = pack(`INSERT INTO servers (${SERVER_COLUMNS.join(',')}) VALUES `, part.map(serverRow), ' ON CONFLICT DO NOTHING')
  // Joined to servers so that a server skipped above (its name already taken) gets no tags.
  const tags = pack(
    'INSERT INTO server_tags (server_id, tag) SELECT v.column1, v.column2 FROM (VALUES ',
    part.flatMap((s) => s.tags.map((tag) => `(${literal(s.id)},${literal(tag)})`)),
    ') v JOIN servers s ON s.id = v.column1 WHERE true ON CONFLICT DO NOTHING',
  )
  const categories = pack(
    'INSERT INTO server_categories (server_id, category) SELECT v.column1, v.column2 FROM (VALUES ',
    part.flatMap((s) => s.categories.map((category) => `(${literal(s.id)},${literal(category)})`)),
    ') v JOIN servers s ON s.id = v.column1 WHERE true ON CONFLICT DO NOTHING',
  )
  return [...servers, ...tags, ...categories]
}

interface Manifest extends GenerateOptions {
  generated: number
  added: number
  seconds: number
  /** A word in few descriptions, and how many servers hold it. */
  rareTerm: string
  rareCount: number
  /** A word in nearly every description. */
  commonTerm: string
  commonCount: number
  /** Active servers spread over the catalogue, for detail requests. */
  sampleIds: string[]
  /** Active servers with a stored README, for README requests. */
  readmeIds: string[]
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      seed: { type: 'string', default: '1' },
      state: { type: 'string' },
      'readme-every': { type: 'string', default: '100' },
      manifest: { type: 'string' },
    },
  })
  const opts: GenerateOptions = { count: Number(values.count), seed: Number(values.seed), readmeEvery: Number(values['readme-every']) }
  if (!Number.isInteger(opts.count) || opts.count < 1) throw new Error('--count must be a positive integer')
  const state = resolve(values.state ?? process.env.CATALOGUE_STATE ?? '.wrangler/state')
  migrateLocal(state, { quiet: true })

  const started = performance.now()
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: 'wrangler.toml', persist: { path: `${state}/v3` } })
  const stride = Math.max(1, Math.floor(opts.count / 200))
  const sampleIds: string[] = []
  const readmeIds: string[] = []
  const rareCounts = new Map<string, number>()
  let commonCount = 0
  let generated = 0
  let added = 0
  try {
    const db = proxy.env.DB
    let part: SyntheticServer[] = []
    const countServers = async () => (await db.prepare('SELECT count(*) AS n FROM servers').first<number>('n')) ?? 0
    const before = await countServers()
    // One batch is one transaction: servers and their tags land together or not at all.
    const flush = async () => {
      if (part.length) await db.batch(statementsFor(part).map((q) => db.prepare(q)))
      part = []
    }
    for (const s of generateServers(opts)) {
      if (s.status === 'active') {
        if (generated % stride === 0 && sampleIds.length < 200) sampleIds.push(s.id)
        if (s.readmeText && readmeIds.length < 50) readmeIds.push(s.id)
        if (s.rareWord) rareCounts.set(s.rareWord, (rareCounts.get(s.rareWord) ?? 0) + 1)
        if (/\bservers?\b/i.test(`${s.displayName} ${s.name} ${s.description}`)) commonCount++
      }
      part.push(s)
      generated++
      if (part.length >= SERVERS_PER_FLUSH) await flush()
      if (generated % 10_000 === 0) console.log(`  ${generated} written (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    }
    await flush()
    added = (await countServers()) - before
    // Left as the Cron Triggers leave a catalogue: all install output generated and kept, and
    // the search indexes, which a bulk load writes in dozens of segments, merged into one each.
    console.log(
      `  install output (card commands, registry install options) generated for ${await fillAllKeptInstalls(createDb(db), 5000)} servers`,
    )
    for (const c of await compactSearchIndexes(createDb(db)))
      console.log(`  ${c.index}: ${c.before} segments merged into ${c.after} in ${c.steps} steps`)
  } finally {
    await proxy.dispose()
  }
  // The rare term: the rare word closest to twenty active servers (ties to the alphabetically first).
  const [rareTerm, rareCount] = [...rareCounts].sort(
    (a, b) => Math.abs(a[1] - 20) - Math.abs(b[1] - 20) || a[0].localeCompare(b[0]),
  )[0] ?? ['bathymetry', 0]
  const seconds = Math.round((performance.now() - started) / 100) / 10
  console.log(`Generated ${generated} servers (${added} added) into ${state} in ${seconds} s.`)
  if (values.manifest) {
    const manifest: Manifest = {
      ...opts,
      generated,
      added,
      seconds,
      rareTerm,
      rareCount,
      commonTerm: 'server',
      commonCount,
      sampleIds,
      readmeIds,
    }
    writeFileSync(values.manifest, JSON.stringify(manifest, null, 2))
  }
}

await main()
