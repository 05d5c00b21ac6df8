/**
 * The real servers the benign half of the labelled set is read from (scripts/scan-set/collect.ts):
 * widely used MCP servers on npm whose licence lets their texts be copied with their notice. Keys
 * are placeholders: these servers want them only when a tool is called, never to list tools.
 */
export interface SetServer {
  /** The file's name: test/scan-set/benign/<slug>.json. */
  slug: string
  /** A person's name for the server. */
  name: string
  package: string
  /** The exact version read. */
  version: string
  /** When the package's manifest does not say it (or says it vaguely); the npm page when nothing names a repository. */
  repository?: string
  /** When the manifest's licence field is not an SPDX id (the LICENSE file is read otherwise). */
  licence?: string
  /** The bin's path inside the package, when it is not the package's own bin. */
  bin?: string
  /** Arguments; '{dir}' becomes the package's scratch folder. */
  args?: string[]
  /** Placeholders for the keys the server checks at start. */
  env?: Record<string, string>
}

const PLACEHOLDER = 'placeholder-not-a-key'
const OFFICIAL = 'https://github.com/modelcontextprotocol/servers'
const ARCHIVED = 'https://github.com/modelcontextprotocol/servers-archived'

/**
 * Tried and left out (test/scan-set/SOURCES.md says why): server-gitlab 2025.4.25 (its tools lack
 * `inputSchema.type`, which clients reject), server-postgres 0.6.2 and server-redis 2025.4.25
 * (they connect to a database before listing), @supabase/mcp-server-supabase 0.13.0 (it calls
 * its API before listing), @heroku/mcp-server 1.2.8 (does not start: a missing SDK module),
 * @stripe/mcp 0.3.3 (no answer without its API), @hubspot/mcp-server 0.4.0 (errors on listing),
 * @wonderwhy-er/desktop-commander 0.2.52 (its lock file refuses a second start), @sentry/mcp-server
 * (FSL licence), @neondatabase/mcp-server-neon (does not install offline), @apify/actors-mcp-server
 * 0.16.0 (no answer without its API), @railway/mcp-server 0.1.12 (exits without its CLI),
 * @twilio-alpha/mcp 0.7.0 (exits without real credentials), nx-mcp 0.25.0 (errors on listing),
 * @sveltejs/mcp 0.1.26 and @executeautomation/database-server 1.1.0 (crash on start under Node 22),
 * @auth0/auth0-mcp-server (wants a signed-in session), @sanity/mcp-server 0.12.2 (no bin),
 * @cloudflare/mcp-server-cloudflare 0.2.0 (wants a wrangler login), @azure-devops/mcp 2.10.0 (a
 * native module that install scripts would build), @chakra-ui/react-mcp 2.1.1 (fetches at start),
 * @bytebase/dbhub 1.4.0 and mcp-server-sqlite-npx 0.8.0 (exit on start: a database driver install
 * scripts would build), @tokenizin/mcp-npx-fetch 1.0.0 (errors on listing), @21st-dev/magic 0.2.3
 * (fetches at start), obsidian-mcp 2.0.1 (wants a real vault), @tacticlaunch/mcp-linear 1.4.3 (198
 * short CRUD tools: one server would weigh a fifth of the benign rate).
 */
export const SERVERS: SetServer[] = [
  {
    slug: 'everything',
    name: 'Everything (reference)',
    package: '@modelcontextprotocol/server-everything',
    version: '2026.8.31',
    repository: OFFICIAL,
  },
  {
    slug: 'filesystem',
    name: 'Filesystem (reference)',
    package: '@modelcontextprotocol/server-filesystem',
    version: '2026.8.31',
    repository: OFFICIAL,
    args: ['{dir}'],
  },
  {
    slug: 'memory',
    name: 'Memory (reference)',
    package: '@modelcontextprotocol/server-memory',
    version: '2026.8.31',
    repository: OFFICIAL,
  },
  {
    slug: 'sequential-thinking',
    name: 'Sequential Thinking (reference)',
    package: '@modelcontextprotocol/server-sequential-thinking',
    version: '2026.8.31',
    repository: OFFICIAL,
  },
  {
    slug: 'github',
    name: 'GitHub (reference, archived)',
    package: '@modelcontextprotocol/server-github',
    version: '2025.4.8',
    repository: ARCHIVED,
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: PLACEHOLDER },
  },
  {
    slug: 'slack',
    name: 'Slack (reference, archived)',
    package: '@modelcontextprotocol/server-slack',
    version: '2025.4.25',
    repository: ARCHIVED,
    env: { SLACK_BOT_TOKEN: PLACEHOLDER, SLACK_TEAM_ID: 'T00000000' },
  },
  {
    slug: 'google-maps',
    name: 'Google Maps (reference, archived)',
    package: '@modelcontextprotocol/server-google-maps',
    version: '0.6.2',
    repository: ARCHIVED,
    env: { GOOGLE_MAPS_API_KEY: PLACEHOLDER },
  },
  {
    slug: 'puppeteer',
    name: 'Puppeteer (reference, archived)',
    package: '@modelcontextprotocol/server-puppeteer',
    version: '2025.5.12',
    repository: ARCHIVED,
  },
  {
    slug: 'brave-search',
    name: 'Brave Search (reference, archived)',
    package: '@modelcontextprotocol/server-brave-search',
    version: '0.6.2',
    repository: ARCHIVED,
    env: { BRAVE_API_KEY: PLACEHOLDER },
  },
  {
    slug: 'aws-kb-retrieval',
    name: 'AWS Knowledge Base Retrieval (reference, archived)',
    package: '@modelcontextprotocol/server-aws-kb-retrieval',
    version: '0.6.2',
    repository: ARCHIVED,
    env: { AWS_ACCESS_KEY_ID: PLACEHOLDER, AWS_SECRET_ACCESS_KEY: PLACEHOLDER, AWS_REGION: 'us-east-1' },
  },
  {
    slug: 'everart',
    name: 'EverArt (reference, archived)',
    package: '@modelcontextprotocol/server-everart',
    version: '0.6.2',
    repository: ARCHIVED,
    env: { EVERART_API_KEY: PLACEHOLDER },
  },
  { slug: 'playwright', name: 'Playwright MCP', package: '@playwright/mcp', version: '0.0.83' },
  { slug: 'chrome-devtools', name: 'Chrome DevTools MCP', package: 'chrome-devtools-mcp', version: '1.11.0' },
  {
    slug: 'notion',
    name: 'Notion MCP Server',
    package: '@notionhq/notion-mcp-server',
    version: '2.5.2',
    env: { NOTION_TOKEN: PLACEHOLDER },
  },
  { slug: 'context7', name: 'Context7', package: '@upstash/context7-mcp', version: '4.1.1' },
  { slug: 'firecrawl', name: 'Firecrawl MCP', package: 'firecrawl-mcp', version: '3.26.0', env: { FIRECRAWL_API_KEY: 'fc-placeholder' } },
  { slug: 'kubernetes', name: 'Kubernetes MCP Server', package: 'mcp-server-kubernetes', version: '4.1.7' },
  { slug: 'tavily', name: 'Tavily MCP', package: 'tavily-mcp', version: '0.2.22', env: { TAVILY_API_KEY: 'tvly-placeholder' } },
  { slug: 'exa', name: 'Exa MCP Server', package: 'exa-mcp-server', version: '3.4.1', env: { EXA_API_KEY: PLACEHOLDER } },
  {
    slug: 'figma',
    name: 'Figma Context MCP',
    package: 'figma-developer-mcp',
    version: '0.13.2',
    args: ['--stdio'],
    env: { FIGMA_API_KEY: PLACEHOLDER },
  },
  { slug: 'azure', name: 'Azure MCP Server', package: '@azure/mcp', version: '2.0.5', args: ['server', 'start'] },
  { slug: 'mongodb', name: 'MongoDB MCP Server', package: 'mongodb-mcp-server', version: '3.0.4' },
  {
    slug: 'airtable',
    name: 'Airtable MCP Server',
    package: 'airtable-mcp-server',
    version: '1.14.0',
    env: { AIRTABLE_API_KEY: PLACEHOLDER },
  },
  {
    slug: 'ea-playwright',
    name: 'Playwright MCP Server (ExecuteAutomation)',
    package: '@executeautomation/playwright-mcp-server',
    version: '1.0.12',
  },
  {
    slug: 'circleci',
    name: 'CircleCI MCP Server',
    package: '@circleci/mcp-server-circleci',
    version: '0.20.0',
    env: { CIRCLECI_TOKEN: PLACEHOLDER },
  },
  {
    slug: 'elasticsearch',
    name: 'Elasticsearch MCP Server',
    package: '@elastic/mcp-server-elasticsearch',
    version: '0.3.1',
    env: { ES_URL: 'http://localhost:9200', ES_API_KEY: PLACEHOLDER },
  },
  {
    slug: 'pinecone',
    name: 'Pinecone Developer MCP',
    package: '@pinecone-database/mcp',
    version: '0.3.0',
    env: { PINECONE_API_KEY: PLACEHOLDER },
  },
  {
    slug: 'netlify',
    name: 'Netlify MCP Server',
    package: '@netlify/mcp',
    version: '1.15.1',
    repository: 'https://github.com/netlify/netlify-mcp',
  },
  {
    slug: 'shopify-dev',
    name: 'Shopify Dev MCP',
    package: '@shopify/dev-mcp',
    version: '1.16.0',
    repository: 'https://github.com/Shopify/dev-mcp',
  },
  {
    slug: 'lara',
    name: 'Lara Translate MCP',
    package: '@translated/lara-mcp',
    version: '1.0.6',
    env: { LARA_ACCESS_KEY_ID: PLACEHOLDER, LARA_ACCESS_KEY_SECRET: PLACEHOLDER },
  },
  {
    slug: 'youtube-transcript',
    name: 'YouTube Transcript',
    package: '@kimtaeyoon83/mcp-server-youtube-transcript',
    version: '0.1.1',
    repository: 'https://github.com/kimtaeyoon83/mcp-server-youtube-transcript',
  },
  { slug: 'mastra-docs', name: 'Mastra Docs MCP', package: '@mastra/mcp-docs-server', version: '1.2.27' },
  { slug: 'code-runner', name: 'Code Runner MCP', package: 'mcp-server-code-runner', version: '0.1.8' },
  {
    slug: 'currents',
    name: 'Currents MCP',
    package: '@currents/mcp',
    version: '2.1.1',
    repository: 'https://github.com/currents-dev/currents-mcp',
    env: { CURRENTS_API_KEY: PLACEHOLDER },
  },
  { slug: 'magicui', name: 'Magic UI MCP', package: '@magicuidesign/mcp', version: '2.0.0' },
  {
    slug: 'line-bot',
    name: 'LINE Bot MCP Server',
    package: '@line/line-bot-mcp-server',
    version: '0.5.0',
    env: { CHANNEL_ACCESS_TOKEN: PLACEHOLDER, DESTINATION_USER_ID: 'U00000000' },
  },
  { slug: 'git-cyanheads', name: 'Git MCP Server (cyanheads)', package: '@cyanheads/git-mcp-server', version: '2.15.3' },
  {
    slug: 'excel',
    name: 'Excel MCP Server',
    package: '@negokaz/excel-mcp-server',
    version: '0.12.0',
    repository: 'https://github.com/negokaz/excel-mcp-server',
  },
  {
    slug: 'airbnb',
    name: 'Airbnb MCP Server',
    package: '@openbnb/mcp-server-airbnb',
    version: '0.3.0',
    repository: 'https://github.com/openbnb-org/mcp-server-airbnb',
    args: ['--ignore-robots-txt'],
  },
  {
    slug: 'browserbase',
    name: 'Browserbase MCP Server',
    package: '@browserbasehq/mcp-server-browserbase',
    version: '2.4.3',
    repository: 'https://github.com/browserbase/mcp-server-browserbase',
    env: { BROWSERBASE_API_KEY: PLACEHOLDER, BROWSERBASE_PROJECT_ID: PLACEHOLDER, GEMINI_API_KEY: PLACEHOLDER },
  },
  {
    slug: 'mapbox',
    name: 'Mapbox MCP Server',
    package: '@mapbox/mcp-server',
    version: '0.14.0',
    env: { MAPBOX_ACCESS_TOKEN: 'pk.placeholder' },
  },
  {
    slug: 'dynatrace',
    name: 'Dynatrace MCP Server',
    package: '@dynatrace-oss/dynatrace-mcp-server',
    version: '2.1.2',
    env: { DT_ENVIRONMENT: 'https://abc12345.apps.dynatrace.com', DT_PLATFORM_TOKEN: PLACEHOLDER },
  },
  {
    slug: 'perplexity',
    name: 'Perplexity MCP Server',
    package: '@perplexity-ai/mcp-server',
    version: '1.2.1',
    env: { PERPLEXITY_API_KEY: PLACEHOLDER },
  },
  {
    slug: 'brave-official',
    name: 'Brave Search MCP Server',
    package: '@brave/brave-search-mcp-server',
    version: '2.1.4',
    env: { BRAVE_API_KEY: PLACEHOLDER },
  },
  {
    slug: 'postman',
    name: 'Postman MCP Server',
    package: '@postman/postman-mcp-server',
    version: '2.13.0',
    env: { POSTMAN_API_KEY: PLACEHOLDER },
  },
  {
    slug: 'browserstack',
    name: 'BrowserStack MCP Server',
    package: '@browserstack/mcp-server',
    version: '1.4.2',
    env: { BROWSERSTACK_USERNAME: 'placeholder', BROWSERSTACK_ACCESS_KEY: PLACEHOLDER },
  },
  { slug: 'gcloud', name: 'gcloud MCP', package: '@google-cloud/gcloud-mcp', version: '0.5.3' },
  {
    slug: 'glean',
    name: 'Glean MCP Server',
    package: '@gleanwork/local-mcp-server',
    version: '0.7.6',
    env: { GLEAN_INSTANCE: 'placeholder', GLEAN_API_TOKEN: PLACEHOLDER },
  },
  {
    slug: 'clarity',
    name: 'Microsoft Clarity MCP Server',
    package: '@microsoft/clarity-mcp-server',
    version: '2.0.1',
    args: ['--clarity_api_token=placeholder'],
  },
  { slug: 'kazuph-fetch', name: 'MCP Fetch (kazuph)', package: '@kazuph/mcp-fetch', version: '1.6.3' },
  {
    slug: 'googlemaps-code-assist',
    name: 'Google Maps Platform Code Assist',
    package: '@googlemaps/code-assist-mcp',
    version: '0.2.1',
    repository: 'https://github.com/googlemaps/platform-ai',
  },
  { slug: 'jina', name: 'Jina AI MCP Tools', package: 'jina-mcp-tools', version: '1.2.3', env: { JINA_API_KEY: PLACEHOLDER } },
  {
    slug: 'amap',
    name: 'AMap Maps (Gaode)',
    package: '@amap/amap-maps-mcp-server',
    version: '0.0.8',
    repository: 'https://www.npmjs.com/package/@amap/amap-maps-mcp-server',
    env: { AMAP_MAPS_API_KEY: PLACEHOLDER },
  },
  {
    slug: 'baidu-map',
    name: 'Baidu Maps',
    package: '@baidumap/mcp-server-baidu-map',
    version: '1.0.5',
    repository: 'https://www.npmjs.com/package/@baidumap/mcp-server-baidu-map',
    env: { BAIDU_MAP_API_KEY: PLACEHOLDER },
  },
  { slug: 'antv-chart', name: 'AntV Chart MCP Server', package: '@antv/mcp-server-chart', version: '0.9.10' },
  {
    slug: 'lark',
    name: 'Lark / Feishu OpenAPI MCP',
    package: '@larksuiteoapi/lark-mcp',
    version: '0.5.1',
    repository: 'https://www.npmjs.com/package/@larksuiteoapi/lark-mcp',
    args: ['mcp', '-a', 'cli_placeholder', '-s', 'placeholder'],
  },
  {
    slug: 'howtocook',
    name: 'HowToCook MCP',
    package: 'howtocook-mcp',
    version: '0.2.2',
    repository: 'https://github.com/worryzyy/howtocook-mcp',
  },
  {
    slug: 'webresearch',
    name: 'Web Research MCP',
    package: '@mzxrai/mcp-webresearch',
    version: '0.1.7',
    repository: 'https://www.npmjs.com/package/@mzxrai/mcp-webresearch',
  },
  { slug: 'browser-tools', name: 'Browser Tools MCP', package: '@agentdeskai/browser-tools-mcp', version: '2.0.2', bin: 'dist/index.js' },
  { slug: 'n8n', name: 'n8n MCP', package: 'n8n-mcp', version: '2.87.0' },
  {
    slug: 'jira',
    name: 'Atlassian Jira MCP (aashari)',
    package: '@aashari/mcp-server-atlassian-jira',
    version: '3.3.0',
    env: { ATLASSIAN_SITE_NAME: 'placeholder', ATLASSIAN_USER_EMAIL: 'placeholder@example.com', ATLASSIAN_API_TOKEN: PLACEHOLDER },
  },
  { slug: 'discord', name: 'Discord MCP', package: 'mcp-discord', version: '1.3.4', env: { DISCORD_TOKEN: PLACEHOLDER } },
  // Round 5 (issue 45): real tools the recall rules must leave alone: texts in Chinese, servers
  // whose tools name their own service (Apple's documentation, NOAA and Open-Meteo, PubMed,
  // LeetCode), a plain URL fetcher. Latest in the list: least established (standing). Tried and
  // left out: @tosspayments/integration-guide-mcp 0.0.31 (Korean; fetches at start),
  // @coingecko/coingecko-mcp 8.2.0 (its install downloads a tarball from GitHub, which the
  // registry mirror cannot serve), @cablate/mcp-google-map 0.0.63 (no answer in the probe's time),
  // @codefuturist/email-mcp 0.2.0 (LGPL-3.0: not copied), @dopplerhq/mcp-server 1.0.5 (wants a
  // real login before listing).
  { slug: 'antd-components', name: 'Ant Design Components MCP', package: '@jzone-mcp/antd-components-mcp', version: '2.0.22' },
  { slug: 'leetcode', name: 'LeetCode MCP Server', package: '@jinzcdev/leetcode-mcp-server', version: '1.4.0' },
  { slug: 'weather', name: 'Weather MCP (dangahagan)', package: '@dangahagan/weather-mcp', version: '1.23.0' },
  { slug: 'apple-docs', name: 'Apple Docs MCP', package: '@kimsungwhee/apple-docs-mcp', version: '1.0.26' },
  { slug: 'pubmed', name: 'PubMed MCP Server', package: '@cyanheads/pubmed-mcp-server', version: '2.7.4' },
  { slug: 'fetch-mcp', name: 'Fetch MCP', package: 'fetch-mcp', version: '0.0.5', repository: 'https://www.npmjs.com/package/fetch-mcp' },
]

/**
 * The hosts of each server's own service, as its tools and README name them (its API, its site):
 * what a scan is told is the listing's own (ScanSelf.hosts), so that an address there is not
 * "sending data out". A repository's host is not its own (github.com belongs to every project
 * there; only the GitHub server's service is github.com). Servers of local work (files, Excel, a
 * code runner) have none.
 */
export const SERVICE_HOSTS: Record<string, string[]> = {
  everything: [],
  filesystem: [],
  memory: [],
  'sequential-thinking': [],
  github: ['github.com', 'githubusercontent.com'],
  slack: ['slack.com'],
  'google-maps': ['maps.googleapis.com', 'google.com'],
  puppeteer: [],
  'brave-search': ['brave.com'],
  'aws-kb-retrieval': ['amazonaws.com', 'aws.amazon.com'],
  everart: ['everart.ai'],
  playwright: ['playwright.dev'],
  'chrome-devtools': ['developer.chrome.com'],
  notion: ['notion.com', 'notion.so'],
  context7: ['context7.com'],
  firecrawl: ['firecrawl.dev'],
  kubernetes: ['kubernetes.io'],
  tavily: ['tavily.com'],
  exa: ['exa.ai'],
  figma: ['figma.com'],
  azure: ['azure.com', 'microsoft.com'],
  mongodb: ['mongodb.com'],
  airtable: ['airtable.com'],
  'ea-playwright': ['executeautomation.github.io'],
  circleci: ['circleci.com'],
  elasticsearch: ['elastic.co'],
  pinecone: ['pinecone.io'],
  netlify: ['netlify.com', 'netlify.app'],
  'shopify-dev': ['shopify.dev', 'shopify.com'],
  lara: ['laratranslate.com'],
  'youtube-transcript': ['youtube.com', 'youtu.be'],
  'mastra-docs': ['mastra.ai'],
  'code-runner': [],
  currents: ['currents.dev'],
  magicui: ['magicui.design'],
  'line-bot': ['line.me'],
  'git-cyanheads': [],
  excel: [],
  airbnb: ['airbnb.com'],
  browserbase: ['browserbase.com'],
  mapbox: ['mapbox.com'],
  dynatrace: ['dynatrace.com'],
  perplexity: ['perplexity.ai'],
  'brave-official': ['brave.com'],
  postman: ['postman.com', 'getpostman.com'],
  browserstack: ['browserstack.com'],
  gcloud: ['cloud.google.com', 'googleapis.com'],
  glean: ['glean.com'],
  clarity: ['clarity.microsoft.com'],
  'kazuph-fetch': [],
  'googlemaps-code-assist': ['developers.google.com', 'googleapis.com'],
  jina: ['jina.ai'],
  amap: ['amap.com'],
  'baidu-map': ['baidu.com'],
  'antv-chart': ['antv.vision', 'antv.antgroup.com'],
  lark: ['feishu.cn', 'larksuite.com'],
  howtocook: [],
  webresearch: ['google.com'],
  'browser-tools': [],
  n8n: ['n8n.io'],
  jira: ['atlassian.com', 'atlassian.net'],
  discord: ['discord.com'],
  'antd-components': ['ant.design'],
  leetcode: ['leetcode.com', 'leetcode.cn'],
  weather: ['open-meteo.com', 'weather.gov'],
  'apple-docs': ['developer.apple.com', 'apple.com'],
  pubmed: ['ncbi.nlm.nih.gov', 'europepmc.org'],
  'fetch-mcp': [],
}
