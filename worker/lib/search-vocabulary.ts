/**
 * The words people search with, and the words listings use for the same need. Pure data and
 * lookups (no database), so search builds its query from it and tests read it directly.
 *
 * Two kinds of relation:
 * - `SAME`: spellings and abbreviations of one thing (postgres, postgresql, psql). A synonym
 *   counts as the typed word itself: it matches in the word's own tier.
 * - `TOPICS`: terms that answer the same need without being the same word: the topic, its
 *   products and its protocols (payments, billing, invoices, stripe, paypal). A typed word or
 *   phrase found in a topic expands the query with the topic's other terms; servers found only
 *   that way rank below those with what was typed, and their card says which term matched.
 *   A topic may name a category (worker/shared/categories.ts): the category's servers follow the
 *   related ones. Every category's own name and slug are topics of that category too.
 *
 * Terms are written as people type them, a word or a phrase; lookup folds case and a plural 's'
 * on both sides ('payments' finds the 'payment' topic). A leading '~' marks a term that finds its
 * topic when typed but is too general to search for on another's behalf ('logs' leads to
 * observability; a query for 'grafana' should not bring every server that mentions logs); a
 * leading '>' one that the topic searches for but that does not lead to it when typed, because
 * it belongs to a narrower topic of its own ('cloud' finds AWS; 'gcp' should not find Azure).
 */
import { CATEGORIES, type CategorySlug } from '@shared/categories'

/** Spellings of one thing, matched as the typed word. A phrase here is matched as a phrase. */
export const SAME: readonly (readonly string[])[] = [
  ['postgres', 'postgresql', 'psql', 'pg', 'pgsql'],
  ['kubernetes', 'k8s', 'kube'],
  ['javascript', 'js'],
  ['typescript', 'ts'],
  ['database', 'db'],
  ['mongodb', 'mongo'],
  ['github', 'gh'],
  ['llm', 'llms'],
  ['email', 'mail', 'e-mail'],
  ['mssql', 'sql server'],
  ['twitter', 'x.com'],
  ['elasticsearch', 'elastic search'],
  ['todo', 'to-do', 'todos'],
  ['tts', 'text-to-speech'],
  ['stt', 'speech-to-text'],
  ['ocr', 'optical character recognition'],
  ['ci', 'ci/cd', 'cicd'],
  ['gcp', 'google cloud'],
  ['macos', 'mac', 'osx'],
  ['iac', 'infrastructure as code'],
  ['tsdb', 'time series database', 'timeseries database'],
  ['2fa', 'mfa'],
  ['pdf', 'pdfs'],
  ['nlp', 'natural language processing'],
]

export interface Topic {
  terms: readonly string[]
  /** The category whose servers answer this need, when one does. */
  category?: CategorySlug
}

/** Related terms: one need, many words. Grounded in what MCP servers do and call themselves. */
export const TOPICS: readonly Topic[] = [
  // Productivity
  {
    terms: [
      'calendar',
      'scheduling',
      '~schedule',
      '~events',
      '~appointments',
      '~meetings',
      'google calendar',
      'outlook calendar',
      'caldav',
      'ical',
      'calendly',
      'cal.com',
    ],
    category: 'calendar',
  },
  {
    terms: [
      '~notes',
      'note taking',
      '~notebook',
      'obsidian',
      'notion',
      'evernote',
      'logseq',
      '~bear',
      'apple notes',
      'onenote',
      'joplin',
      'roam',
      'markdown notes',
      'zettelkasten',
    ],
    category: 'productivity',
  },
  {
    terms: [
      '~tasks',
      '~todo',
      'todo list',
      'to do list',
      'task manager',
      'task management',
      'todoist',
      'ticktick',
      '~things',
      'google tasks',
      '~reminders',
      'microsoft todo',
      'omnifocus',
      'taskwarrior',
    ],
    category: 'productivity',
  },
  {
    terms: [
      'project management',
      'issue tracker',
      '~issues',
      '~tickets',
      '~kanban',
      'jira',
      'linear',
      'asana',
      'trello',
      'clickup',
      '~monday',
      '~plane',
      'youtrack',
      'shortcut',
      'basecamp',
      'atlassian',
    ],
    category: 'productivity',
  },
  {
    terms: ['spreadsheet', 'spreadsheets', 'excel', 'google sheets', '~sheets', 'airtable', 'csv', 'xlsx', 'smartsheet', 'grist'],
    category: 'documents',
  },
  {
    terms: ['documents', '~docs', '~word', 'docx', 'google docs', 'pdf', '~office', 'powerpoint', 'presentations', 'slides'],
    category: 'documents',
  },
  { terms: ['~wiki', 'knowledge base', 'confluence', 'notion', '~outline', 'bookstack', '~documentation'], category: 'knowledge-memory' },
  {
    terms: ['~memory', 'agent memory', 'long term memory', '~remember', 'knowledge graph', 'mem0', 'zep', 'letta', 'memgraph', 'graphiti'],
    category: 'knowledge-memory',
  },
  { terms: ['flashcards', 'flashcard', 'spaced repetition', 'anki', 'quizlet', '~study'], category: 'education' },
  // Communication
  {
    terms: [
      'email',
      'mail',
      'gmail',
      'outlook',
      'smtp',
      'imap',
      '~inbox',
      'mailgun',
      'sendgrid',
      'resend',
      'postmark',
      'mailchimp',
      'ses',
      '~newsletter',
    ],
    category: 'email',
  },
  {
    terms: [
      'messaging',
      '~chat',
      '~messages',
      'slack',
      'discord',
      'telegram',
      'whatsapp',
      'microsoft teams',
      '~teams',
      'mattermost',
      '~matrix',
      '~signal',
      'imessage',
      'wechat',
      'lark',
      'feishu',
      'dingtalk',
      '~line',
    ],
    category: 'communication',
  },
  {
    terms: ['notifications', '~notify', 'push notifications', '~alerts', 'ntfy', 'pushover', 'gotify', 'sms', 'twilio'],
    category: 'communication',
  },
  {
    terms: ['customer support', 'helpdesk', 'help desk', 'support tickets', 'zendesk', 'intercom', 'freshdesk', '~front', 'helpscout'],
    category: 'crm-support',
  },
  { terms: ['~crm', '~sales', 'salesforce', 'hubspot', 'pipedrive', 'zoho', 'attio', '~leads', '~contacts'], category: 'crm-support' },
  // Money
  {
    terms: [
      'payments',
      'payment',
      'billing',
      'invoices',
      'invoicing',
      '~checkout',
      '~subscriptions',
      'stripe',
      'paypal',
      '~square',
      'adyen',
      'chargebee',
      'razorpay',
      'mollie',
      'braintree',
      'lemon squeezy',
      'paddle',
    ],
    category: 'finance',
  },
  {
    terms: ['accounting', 'bookkeeping', '~ledger', '~expenses', 'quickbooks', 'xero', 'freshbooks', '~sage', 'beancount', '~tax'],
    category: 'finance',
  },
  {
    terms: [
      'stocks',
      'stock market',
      'equities',
      '~trading',
      'market data',
      'alpaca',
      'yahoo finance',
      'alpha vantage',
      '~polygon',
      'financial data',
      '~portfolio',
    ],
    category: 'finance',
  },
  { terms: ['banking', '~bank', 'open banking', 'plaid', '~transactions'], category: 'finance' },
  {
    terms: [
      '~crypto',
      'cryptocurrency',
      'blockchain',
      'web3',
      '~defi',
      'ethereum',
      'bitcoin',
      'solana',
      'onchain',
      '~wallet',
      '~token',
      'evm',
      'bsc',
      'dex',
    ],
    category: 'crypto',
  },
  { terms: ['crypto trading', 'dex', 'perpetuals', 'binance', 'uniswap', 'coinbase', '~swap'], category: 'crypto' },
  {
    terms: ['e-commerce', 'ecommerce', 'online store', '~shop', 'shopify', 'woocommerce', 'magento', 'bigcommerce', '~products', '~orders'],
    category: 'ecommerce',
  },
  // Data
  { terms: ['postgres', 'neon', 'supabase', 'timescaledb', 'aiven', 'crunchy', 'cockroachdb'], category: 'databases' },
  { terms: ['mysql', 'mariadb', 'planetscale', 'tidb', 'aiven'], category: 'databases' },
  { terms: ['mssql', 'sql server', 'microsoft sql', 'azure sql', 't-sql'], category: 'databases' },
  { terms: ['~sql', 'relational database', '>sqlite', '>postgres', '>mysql', '>mssql', '>oracle', '>duckdb'], category: 'databases' },
  { terms: ['nosql', 'mongodb', 'dynamodb', 'couchdb', 'cassandra', 'firestore', 'documentdb', 'couchbase'], category: 'databases' },
  { terms: ['~cache', 'key value', 'redis', 'valkey', 'memcached', 'upstash'], category: 'databases' },
  { terms: ['graph database', 'neo4j', 'memgraph', 'cypher', 'falkordb', 'arangodb', 'knowledge graph'], category: 'databases' },
  {
    terms: [
      'vector database',
      'vector search',
      'vector store',
      'embeddings',
      'semantic search',
      'pinecone',
      'qdrant',
      'chroma',
      'milvus',
      'weaviate',
      'pgvector',
      'lancedb',
      'zilliz',
    ],
    category: 'databases',
  },
  {
    terms: [
      'time series database',
      'time series',
      'timeseries',
      'tsdb',
      'influxdb',
      'timescaledb',
      'questdb',
      'prometheus',
      'victoriametrics',
      'tdengine',
    ],
    category: 'databases',
  },
  {
    terms: [
      'data warehouse',
      '~warehouse',
      'olap',
      'bigquery',
      'snowflake',
      'redshift',
      'databricks',
      'clickhouse',
      'motherduck',
      'duckdb',
      'synapse',
      'starrocks',
      'doris',
      'teradata',
    ],
    category: 'data-analytics',
  },
  {
    terms: [
      'data visualization',
      '~visualization',
      'visualisation',
      'charts',
      '~chart',
      '~graphs',
      '~plots',
      'plotting',
      '~dashboards',
      'vega',
      'vega-lite',
      'matplotlib',
      'plotly',
      'echarts',
      'mermaid',
      'metabase',
      'superset',
      'tableau',
      'power bi',
      '>grafana',
    ],
    category: 'data-analytics',
  },
  {
    terms: [
      '~analytics',
      'business intelligence',
      '~bi',
      'web analytics',
      'google analytics',
      'mixpanel',
      'amplitude',
      'posthog',
      'plausible',
      'dbt',
    ],
    category: 'data-analytics',
  },
  {
    terms: ['text to sql', 'text2sql', 'natural language to sql', 'nl2sql', 'sql generation', 'query in natural language'],
    category: 'databases',
  },
  {
    terms: [
      'full-text search',
      'full text search',
      'search engine',
      'elasticsearch',
      'opensearch',
      'meilisearch',
      'typesense',
      'algolia',
      'solr',
      'lucene',
      'manticore',
      'tantivy',
    ],
    category: 'search-web',
  },
  {
    terms: [
      'rag',
      '~retrieval',
      'retrieval augmented generation',
      'document retrieval',
      'llamaindex',
      'ragie',
      'embeddings',
      'knowledge base',
    ],
    category: 'knowledge-memory',
  },
  // Web
  {
    terms: [
      'web search',
      'search engine',
      'internet search',
      'brave search',
      'google search',
      'bing',
      'tavily',
      'exa',
      'kagi',
      'perplexity',
      'serper',
      'serpapi',
      'duckduckgo',
      'searxng',
    ],
    category: 'search-web',
  },
  {
    terms: [
      'web scraping',
      'scraping',
      'scraper',
      'crawler',
      'crawling',
      '~extract',
      'firecrawl',
      'apify',
      'browserbase',
      'jina',
      '~spider',
      'bright data',
      'oxylabs',
      '~fetch',
    ],
    category: 'search-web',
  },
  {
    terms: [
      'browser automation',
      '~browser',
      'headless browser',
      'puppeteer',
      'playwright',
      'selenium',
      '~chrome',
      'stagehand',
      'browser use',
      'hyperbrowser',
      'web automation',
    ],
    category: 'browser-automation',
  },
  { terms: ['~news', '~headlines', 'rss', '~feeds', 'hacker news', 'newsapi'], category: 'search-web' },
  {
    terms: [
      'research papers',
      '~papers',
      '~academic',
      'scholarly',
      'arxiv',
      'pubmed',
      'semantic scholar',
      'google scholar',
      '~citations',
      'biorxiv',
      '~literature',
    ],
    category: 'science-research',
  },
  { terms: ['deep research', 'research assistant', 'research agent', 'perplexity'], category: 'search-web' },
  // Developer tools
  {
    terms: [
      'ci',
      'continuous integration',
      'continuous delivery',
      'continuous deployment',
      'ci/cd',
      'pipelines',
      'build pipeline',
      'github actions',
      'jenkins',
      'circleci',
      'gitlab ci',
      'travis',
      'buildkite',
      'teamcity',
      'argo cd',
      'azure pipelines',
    ],
    category: 'developer-tools',
  },
  {
    terms: ['version control', '~git', 'github', 'gitlab', 'bitbucket', 'gitea', 'pull requests', '~repositories', '~commits'],
    category: 'version-control',
  },
  {
    terms: [
      'code editor',
      '~editor',
      '~ide',
      'vscode',
      'visual studio code',
      'vs code',
      'jetbrains',
      'intellij',
      'neovim',
      'vim',
      'emacs',
      '~cursor',
      '~zed',
      'codemirror',
      'sublime',
    ],
    category: 'developer-tools',
  },
  { terms: ['debugger', 'debugging', '~debug', 'lldb', 'gdb', 'breakpoints', 'devtools'], category: 'developer-tools' },
  {
    terms: [
      'code execution',
      'run code',
      'code sandbox',
      '~sandbox',
      'code interpreter',
      'run python',
      'e2b',
      'jupyter',
      '~repl',
      'pyodide',
    ],
    category: 'developer-tools',
  },
  {
    terms: [
      'code security',
      'static analysis',
      'sast',
      'vulnerability scanning',
      'vulnerabilities',
      'code quality',
      'snyk',
      'semgrep',
      'sonarqube',
      'sonar',
      'dependency scanning',
      '~lint',
    ],
    category: 'security',
  },
  {
    terms: [
      '~security',
      'pentest',
      'penetration testing',
      '~vulnerability',
      'cve',
      'threat intelligence',
      'malware',
      'virustotal',
      'shodan',
      'misp',
      'siem',
      'nmap',
      'burp',
      'osint',
    ],
    category: 'security',
  },
  {
    terms: [
      'authentication',
      '~auth',
      '~login',
      '~identity',
      'sso',
      'oauth',
      'oidc',
      'iam',
      'okta',
      'auth0',
      'keycloak',
      'clerk',
      'stytch',
      'workos',
      'passwords',
      'password manager',
      '1password',
      'bitwarden',
      '~secrets',
      '~vault',
    ],
    category: 'security',
  },
  { terms: ['api testing', 'openapi', 'swagger', 'postman', 'rest api', 'graphql', 'grpc', 'http requests'], category: 'developer-tools' },
  {
    terms: ['~testing', '~tests', 'test automation', 'unit tests', '~e2e', '~qa', '>playwright', 'cypress', 'jest', 'pytest'],
    category: 'developer-tools',
  },
  { terms: ['~documentation', '~docs', 'api docs', 'library docs', 'context7', 'devdocs', 'readthedocs'], category: 'developer-tools' },
  {
    terms: ['package registry', '~packages', '~npm', '~pypi', '~crates', '~maven', '~dependencies', '~nuget'],
    category: 'developer-tools',
  },
  {
    terms: [
      'cms',
      'content management',
      'headless cms',
      'wordpress',
      'contentful',
      'strapi',
      '~sanity',
      'drupal',
      '~ghost',
      'webflow',
      'storyblok',
      '~payload',
      'directus',
    ],
    category: 'marketing',
  },
  {
    terms: [
      'mcp server directory',
      'mcp registry',
      'awesome mcp',
      'mcp servers list',
      'server registry',
      '~marketplace',
      'discover mcp servers',
      'smithery',
      'glama',
      'mcp.so',
    ],
    category: 'mcp-tooling',
  },
  {
    terms: ['build mcp servers', 'mcp framework', 'mcp sdk', 'server template', 'fastmcp', 'mcp boilerplate', '~scaffold'],
    category: 'mcp-tooling',
  },
  {
    terms: ['~proxy', '~gateway', 'mcp gateway', 'mcp proxy', '~aggregator', '~router', 'api gateway', 'reverse proxy'],
    category: 'mcp-tooling',
  },
  // Cloud and operations
  {
    terms: [
      '~cloud',
      'cloud platform',
      'cloud provider',
      'hosting',
      '>aws',
      '>azure',
      '>google cloud',
      '>cloudflare',
      '>digitalocean',
      '>alibaba cloud',
      '>oracle cloud',
      '>hetzner',
      '>vercel',
      '>netlify',
      '>fly.io',
      '>heroku',
    ],
    category: 'cloud-infrastructure',
  },
  {
    terms: [
      'gcp',
      'google cloud',
      'bigquery',
      'vertex ai',
      'cloud run',
      'firebase',
      'firestore',
      'gke',
      'cloud storage',
      'google cloud storage',
    ],
    category: 'cloud-infrastructure',
  },
  {
    terms: ['aws', '~amazon', 'amazon web services', 's3', 'lambda', 'ec2', 'dynamodb', 'bedrock', 'cloudwatch', 'cdk', 'cloudformation'],
    category: 'cloud-infrastructure',
  },
  {
    terms: ['kubernetes', 'k8s', 'kubectl', 'helm', 'openshift', 'eks', 'aks', 'gke', '~containers', '~pods', '~clusters'],
    category: 'cloud-infrastructure',
  },
  { terms: ['docker', '~containers', 'podman', 'container images', '~compose'], category: 'cloud-infrastructure' },
  {
    terms: ['infrastructure as code', 'iac', 'terraform', 'pulumi', 'opentofu', 'cloudformation', 'cdk', 'ansible', 'crossplane', 'bicep'],
    category: 'cloud-infrastructure',
  },
  {
    terms: [
      'cloud storage',
      'object storage',
      'file storage',
      's3',
      '~tos',
      '~oss',
      'gcs',
      'azure blob',
      'blob storage',
      'minio',
      '~r2',
      'box',
      'dropbox',
      'google drive',
      'onedrive',
      'icloud',
    ],
    category: 'file-systems',
  },
  {
    terms: ['filesystem', 'file system', '~files', 'local files', 'directories', 'file search', 'everything search', 'file manager'],
    category: 'file-systems',
  },
  {
    terms: [
      'observability',
      'monitoring',
      '~logs',
      'logging',
      '~metrics',
      '~traces',
      'tracing',
      'apm',
      'telemetry',
      'opentelemetry',
      'grafana',
      'prometheus',
      'datadog',
      'new relic',
      'honeycomb',
      'sentry',
      'splunk',
      'dynatrace',
      'loki',
      'elastic',
    ],
    category: 'monitoring',
  },
  {
    terms: [
      'llm observability',
      'llm tracing',
      'llm evaluation',
      'prompt tracing',
      'langfuse',
      'opik',
      '~phoenix',
      'arize',
      'langsmith',
      'helicone',
      '~weave',
      'braintrust',
      'agentops',
    ],
    category: 'ai-llm',
  },
  { terms: ['incident management', 'on call', 'incidents', 'pagerduty', 'opsgenie', 'incident.io', 'rootly'], category: 'monitoring' },
  { terms: ['error tracking', 'crash reporting', 'exceptions', 'sentry', 'bugsnag', 'rollbar'], category: 'monitoring' },
  {
    terms: [
      'workflow automation',
      '~automation',
      '~workflows',
      '~integrations',
      'zapier',
      '~make',
      'n8n',
      'ifttt',
      'pipedream',
      'airflow',
      'apache airflow',
      'temporal',
      'activepieces',
      'node-red',
    ],
    category: 'developer-tools',
  },
  // Operating systems and devices
  {
    terms: [
      '~terminal',
      '~shell',
      'command line',
      '~cli',
      'bash',
      'zsh',
      'powershell',
      'iterm',
      'iterm2',
      'tmux',
      'ssh',
      'command execution',
    ],
    category: 'os-automation',
  },
  { terms: ['macos', '~mac', '~apple', 'applescript', '~shortcuts', 'siri', '~finder', 'iterm'], category: 'os-automation' },
  {
    terms: ['mobile automation', 'android', 'ios', 'adb', 'iphone', '~simulator', '~emulator', 'appium', '~phone'],
    category: 'os-automation',
  },
  {
    terms: ['smart home', 'home automation', 'home assistant', 'iot', 'homekit', 'zigbee', 'mqtt', 'hue', 'smartthings', 'tuya'],
    category: 'home-automation',
  },
  // Media and design
  {
    terms: [
      '~music',
      '~audio',
      '~songs',
      'playlists',
      'spotify',
      'ableton',
      'daw',
      'midi',
      'soundcloud',
      'apple music',
      'sonic pi',
      'supercollider',
      'strudel',
    ],
    category: 'media',
  },
  {
    terms: [
      'text to speech',
      'tts',
      'speech synthesis',
      '~voice',
      '~voices',
      'elevenlabs',
      '~speech',
      'audio generation',
      'voice cloning',
      'azure speech',
      'polly',
      'kokoro',
      'minimax',
    ],
    category: 'media',
  },
  {
    terms: ['speech to text', 'transcription', 'transcribe', 'stt', 'whisper', 'deepgram', 'assemblyai', 'speech recognition'],
    category: 'media',
  },
  {
    terms: [
      'image generation',
      'generate images',
      'text to image',
      '~image',
      '~images',
      'dall-e',
      'dalle',
      'stable diffusion',
      'midjourney',
      '~flux',
      'replicate',
      '~fal',
      'comfyui',
      'ideogram',
      'imagen',
    ],
    category: 'media',
  },
  {
    terms: ['~video', '~videos', 'video editing', 'video generation', 'youtube', 'ffmpeg', '~runway', 'veo', 'kling', 'vimeo', 'mux'],
    category: 'media',
  },
  {
    terms: ['~design', 'ui design', 'figma', '~sketch', 'canva', 'penpot', 'framer', '~adobe', 'photoshop', 'illustrator', 'design tokens'],
    category: 'design',
  },
  { terms: ['~3d', '3d modeling', 'blender', 'unity', 'unreal', 'godot', 'game engine', 'cinema 4d', '~maya'], category: 'gaming' },
  { terms: ['game engine', 'game development', 'gamedev', 'unity', 'unreal engine', 'godot', 'roblox', 'minecraft'], category: 'gaming' },
  {
    terms: [
      '~sports',
      '~soccer',
      'nba',
      'nfl',
      'mlb',
      'nhl',
      '~baseball',
      '~basketball',
      'fantasy football',
      'fantasy premier league',
      'college football',
      'espn',
      'f1',
      'formula 1',
      'cricket',
    ],
    category: 'gaming',
  },
  {
    terms: ['translation', 'translate', 'localization', 'i18n', 'l10n', 'deepl', 'google translate', 'crowdin', 'lokalise', '~phrase'],
    category: 'documents',
  },
  {
    terms: [
      'social media',
      'twitter',
      '~x',
      'tweets',
      'linkedin',
      'reddit',
      'bluesky',
      'mastodon',
      'instagram',
      'facebook',
      'threads',
      'tiktok',
      'youtube',
    ],
    category: 'social-media',
  },
  {
    terms: ['~marketing', '~seo', '~ads', 'advertising', 'google ads', 'meta ads', '~campaigns', '~newsletter', 'ahrefs', 'semrush'],
    category: 'marketing',
  },
  // Places
  {
    terms: ['~weather', '~forecast', 'openweather', 'openweathermap', 'meteo', 'open-meteo', 'nws', '~climate'],
    category: 'maps-location',
  },
  {
    terms: [
      '~maps',
      'geolocation',
      'geocoding',
      '~directions',
      '~routing',
      '~places',
      'google maps',
      'mapbox',
      'openstreetmap',
      'osm',
      'gis',
      'amap',
      'baidu maps',
    ],
    category: 'maps-location',
  },
  {
    terms: [
      '~travel',
      '~flights',
      '~hotels',
      '~booking',
      'airbnb',
      '~trains',
      '~transit',
      'trip planning',
      'amadeus',
      'skyscanner',
      'tripadvisor',
    ],
    category: 'travel',
  },
  // Science, health, learning
  {
    terms: [
      'economic data',
      'economics',
      'macroeconomic',
      'gdp',
      'inflation',
      'world bank',
      '~fred',
      'imf',
      '~statistics',
      'census',
      'oecd',
    ],
    category: 'science-research',
  },
  {
    terms: ['~health', '~medical', 'healthcare', 'fhir', 'clinical', '~fitness', 'nutrition', '~drugs', 'fda', 'pubmed'],
    category: 'health',
  },
  { terms: ['~education', '~learning', '~courses', 'tutoring', '~quiz', 'lms', '~canvas', 'moodle'], category: 'education' },
  {
    terms: ['chemistry', 'biology', 'bioinformatics', 'genomics', 'proteins', '~physics', '~math', '~mathematics', 'wolfram', 'alphafold'],
    category: 'science-research',
  },
  // AI
  {
    terms: [
      'llm',
      'language models',
      '~ai',
      'openai',
      '~chatgpt',
      '~gpt',
      '~claude',
      '~anthropic',
      'gemini',
      'deepseek',
      'mistral',
      'ollama',
      'groq',
      'openrouter',
      'hugging face',
      'huggingface',
      'qwen',
    ],
    category: 'ai-llm',
  },
  {
    terms: ['~agents', 'ai agents', 'multi agent', 'agent framework', 'crewai', 'autogen', 'langchain', 'langgraph', 'agno'],
    category: 'ai-llm',
  },
  { terms: ['~prompts', 'prompt management', 'prompt engineering', 'prompt library', 'prompt templates'], category: 'ai-llm' },
]

/** Words as lookup compares them: lower case, a plural 's' folded ('payments' ~ 'payment'). */
export function fold(word: string): string {
  const w = word.toLowerCase()
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1)
  return w
}

/** A term's words as typed queries split them (letters and digits only). */
export function termWords(term: string): string[] {
  return term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

const key = (words: string[]) => words.map(fold).join(' ')

interface Entry {
  topics: number[]
  categories: CategorySlug[]
}

/** Every term of a topic or a category name, by its folded words. */
const LOOKUP = new Map<string, Entry>()
/** The longest term, in words: how far a span looks ahead. */
let LONGEST = 1

const bare = (term: string) => term.replace(/^[~>]/, '')

function enter(term: string, topic: number | null, category: CategorySlug | undefined) {
  const words = termWords(bare(term))
  if (words.length === 0) return
  LONGEST = Math.max(LONGEST, words.length)
  const k = key(words)
  const entry = LOOKUP.get(k) ?? { topics: [], categories: [] }
  if (topic !== null && !entry.topics.includes(topic)) entry.topics.push(topic)
  if (category && !entry.categories.includes(category)) entry.categories.push(category)
  LOOKUP.set(k, entry)
}

TOPICS.forEach((topic, i) => {
  for (const term of topic.terms) if (!term.startsWith('>')) enter(term, i, topic.category)
})
// A category's name ('Finance & payments': 'finance', 'payments') and slug name it too.
for (const category of CATEGORIES) {
  if (category.slug === 'other') continue
  enter(category.slug.replace(/-/g, ' '), null, category.slug)
  for (const part of category.name.split(/\s*(?:&|,|\band\b)\s*/)) enter(part, null, category.slug)
}

const SAME_BY_WORD = new Map<string, string[]>()
for (const group of SAME) {
  for (const term of group) {
    if (termWords(term).length !== 1) continue
    const others = SAME_BY_WORD.get(fold(term)) ?? []
    for (const other of group) if (other !== term && !others.includes(other)) others.push(other)
    SAME_BY_WORD.set(fold(term), others)
  }
}

/** Spellings of the same thing as this typed word (phrases included), not the word itself. */
export function sameAs(word: string): string[] {
  return SAME_BY_WORD.get(fold(word)) ?? []
}

export interface RelatedTerm {
  /** The term as listings write it: one word or a phrase. */
  term: string
  /** What the person typed that it is related to. */
  from: string
}

export interface Expansion {
  /** Related terms, best first, none of them what was typed. */
  related: RelatedTerm[]
  /** Categories the query names or implies, best first. */
  categories: Array<{ slug: CategorySlug; from: string }>
}

/** At most this many related terms reach the query: each is a term the index merges. */
export const MAX_RELATED = 24
/** At most this many categories. */
export const MAX_EXPANDED_CATEGORIES = 3

/**
 * The topics and categories that what was typed names. The words are read left to right, each
 * position taking the longest term it starts ('time series database' rather than 'database'),
 * so a phrase is understood as a whole; a word inside a longer term is not looked up on its own.
 */
export function expandQuery(words: string[]): Expansion {
  const typed = new Set(words.map(fold))
  const related: RelatedTerm[] = []
  const seen = new Set<string>()
  const categories: Expansion['categories'] = []
  for (let i = 0; i < words.length; ) {
    let found: { entry: Entry; length: number } | null = null
    for (let length = Math.min(LONGEST, words.length - i); length >= 1 && !found; length--) {
      const entry = LOOKUP.get(key(words.slice(i, i + length)))
      if (entry) found = { entry, length }
    }
    // Another spelling of the word may be the one the topics list ('postgresql': 'postgres').
    for (const same of found ? [] : sameAs(words[i])) {
      const entry = LOOKUP.get(key(termWords(same)))
      if (entry) {
        found = { entry, length: 1 }
        break
      }
    }
    if (!found) {
      i++
      continue
    }
    const from = words.slice(i, i + found.length).join(' ')
    const spanWords = new Set(words.slice(i, i + found.length).map(fold))
    for (const t of found.entry.topics) {
      for (const term of TOPICS[t].terms) {
        if (term.startsWith('~')) continue
        const tw = termWords(bare(term)).map(fold)
        const k = tw.join(' ')
        // What was typed is matched as typed; a term made only of typed words adds nothing.
        if (seen.has(k) || tw.every((w) => typed.has(w) || spanWords.has(w))) continue
        seen.add(k)
        related.push({ term: bare(term), from })
      }
    }
    for (const slug of found.entry.categories) if (!categories.some((c) => c.slug === slug)) categories.push({ slug, from })
    i += found.length
  }
  return { related: related.slice(0, MAX_RELATED), categories: categories.slice(0, MAX_EXPANDED_CATEGORIES) }
}
