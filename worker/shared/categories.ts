/**
 * The catalogue's categories: a small, curated taxonomy of what MCP servers do. This is the table
 * both sides share: the Worker files servers in these categories and validates input against them,
 * the SPA names, describes and filters by them. What puts a server in a category (the terms and
 * the scoring) is the Worker's alone, in worker/lib/classify/.
 *
 * The groups follow how public MCP lists and catalogues sort servers (browser automation,
 * databases, developer tools, communication, finance ...), merged where they split one need
 * in two, so each category holds servers a person would compare with one another.
 */

export interface Category {
  slug: string
  name: string
  description: string
}

/** The taxonomy, in the order lists and the landing strip show it. 'other' is last. */
export const CATEGORIES = [
  {
    slug: 'ai-llm',
    name: 'AI & LLM tools',
    description: 'Language models, agents, prompts, evaluation and ML platforms.',
  },
  {
    slug: 'browser-automation',
    name: 'Browser automation',
    description: 'Drive a real browser: click, fill forms, take screenshots, test web pages.',
  },
  {
    slug: 'search-web',
    name: 'Search & web',
    description: 'Web search engines, scraping, crawling and fetching pages.',
  },
  {
    slug: 'databases',
    name: 'Databases',
    description: 'SQL, NoSQL, graph, vector and time-series databases: query, inspect, manage.',
  },
  {
    slug: 'data-analytics',
    name: 'Data & analytics',
    description: 'Warehouses, BI, pipelines, datasets, spreadsheets and charts.',
  },
  {
    slug: 'developer-tools',
    name: 'Developer tools',
    description: 'IDEs, code execution, debugging, testing, APIs, CI/CD and code quality.',
  },
  {
    slug: 'version-control',
    name: 'Version control',
    description: 'Git repositories, pull requests and code hosting: GitHub, GitLab, Gitee.',
  },
  {
    slug: 'cloud-infrastructure',
    name: 'Cloud & infrastructure',
    description: 'Cloud providers, containers, Kubernetes, serverless and infrastructure as code.',
  },
  {
    slug: 'monitoring',
    name: 'Monitoring & observability',
    description: 'Metrics, logs, traces, alerts, uptime and incident response.',
  },
  {
    slug: 'security',
    name: 'Security & identity',
    description: 'Vulnerability scanning, threat intelligence, secrets, identity and access.',
  },
  {
    slug: 'communication',
    name: 'Chat & messaging',
    description: 'Team chat, messengers, SMS, phone calls and push notifications.',
  },
  {
    slug: 'email',
    name: 'Email',
    description: 'Read, search, draft and send e-mail; mailing and inbox management.',
  },
  {
    slug: 'calendar',
    name: 'Calendar & scheduling',
    description: 'Calendars, events, meetings and booking.',
  },
  {
    slug: 'productivity',
    name: 'Productivity & notes',
    description: 'Tasks, projects, issue trackers, notes and team workspaces.',
  },
  {
    slug: 'documents',
    name: 'Documents & office files',
    description: 'Word, Excel, PowerPoint, PDF and Markdown: read, convert, create and sign.',
  },
  {
    slug: 'file-systems',
    name: 'Files & storage',
    description: 'Local file systems, cloud drives and object storage.',
  },
  {
    slug: 'knowledge-memory',
    name: 'Knowledge & memory',
    description: 'Long-term memory for agents, knowledge graphs, RAG and knowledge bases.',
  },
  {
    slug: 'finance',
    name: 'Finance & payments',
    description: 'Payments, billing, accounting, banking and market data.',
  },
  {
    slug: 'crypto',
    name: 'Crypto & blockchain',
    description: 'Wallets, tokens, DeFi, on-chain data and crypto markets.',
  },
  {
    slug: 'design',
    name: 'Design',
    description: 'Design files, UI kits, 3D modelling, CAD and diagrams.',
  },
  {
    slug: 'media',
    name: 'Media & creative',
    description: 'Images, video, audio, music and speech: generate, edit and manage.',
  },
  {
    slug: 'maps-location',
    name: 'Maps, location & weather',
    description: 'Maps, geocoding, places, routes, GIS and weather.',
  },
  {
    slug: 'travel',
    name: 'Travel & transport',
    description: 'Flights, trains, hotels, stays and trip planning.',
  },
  {
    slug: 'crm-support',
    name: 'CRM, sales & support',
    description: 'Customer records, sales pipelines, help desks and customer data.',
  },
  {
    slug: 'ecommerce',
    name: 'E-commerce',
    description: 'Online shops, products, orders and marketplaces.',
  },
  {
    slug: 'marketing',
    name: 'Marketing & content',
    description: 'Content management, websites, SEO, ads and audience insights.',
  },
  {
    slug: 'social-media',
    name: 'Social media',
    description: 'Post, search and analyse social networks and communities.',
  },
  {
    slug: 'home-automation',
    name: 'Home automation & IoT',
    description: 'Smart homes, sensors, devices, robotics and hardware.',
  },
  {
    slug: 'os-automation',
    name: 'OS & terminal',
    description: 'Shell commands, terminals and control of desktops and phones.',
  },
  {
    slug: 'gaming',
    name: 'Games & sports',
    description: 'Games, game engines, chess and sports data.',
  },
  {
    slug: 'science-research',
    name: 'Science & research',
    description: 'Papers, scholarly search, open data, chemistry, space and maths.',
  },
  {
    slug: 'education',
    name: 'Education & learning',
    description: 'Courses, e-learning platforms, flashcards and language learning.',
  },
  {
    slug: 'health',
    name: 'Health & fitness',
    description: 'Medical data and imaging, health records, fitness and wellbeing.',
  },
  {
    slug: 'mcp-tooling',
    name: 'MCP frameworks & tooling',
    description: 'SDKs and frameworks for building servers, proxies, gateways, registries and directories.',
  },
  {
    slug: 'other',
    name: 'Other',
    description: 'Servers that fit none of the categories above.',
  },
] as const satisfies readonly Category[]

export type CategorySlug = (typeof CATEGORIES)[number]['slug']

/** Every slug, in the taxonomy's order. */
export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as readonly CategorySlug[]

/** The fallback when nothing scores. */
export const OTHER: CategorySlug = 'other'

/** A server has at least one category and at most this many. */
export const MAX_CATEGORIES = 3

/** Categories a `/servers` URL may select at once (`category=a,b`: a server in any of them). */
export const MAX_CATEGORY_FILTER = 5

const BY_SLUG = new Map<string, Category>(CATEGORIES.map((c) => [c.slug, c]))

/** Whether a string is a category of the taxonomy. */
export function isCategorySlug(value: string): value is CategorySlug {
  return BY_SLUG.has(value)
}

/**
 * A category by its slug, or undefined.
 * @example categoryBySlug('databases')?.name // 'Databases'
 */
export function categoryBySlug(slug: string): Category | undefined {
  return BY_SLUG.get(slug)
}
