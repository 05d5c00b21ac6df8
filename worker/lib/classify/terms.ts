/**
 * The catalogue's categories: a small, curated taxonomy of what MCP servers do, and the rules
 * that put each server in one to three of them. Pure and self-contained (no imports), so the
 * Worker classifies with it and the SPA names, describes and validates categories with the very
 * same table.
 *
 * The groups follow how public MCP lists and catalogues sort servers (browser automation,
 * databases, developer tools, communication, finance ...), merged where they split one need
 * in two, so each category holds servers a person would compare with one another.
 *
 * Classification is a score per category, explainable term by term:
 * - each category lists signal terms: topic words, product and protocol names. A term is a word
 *   or a phrase, matched on whole words, plurals included ('database' finds 'databases'); a
 *   trailing '*' matches any ending ('scrap*': scraper, scraping); a leading '~' marks a weak term
 *   (half weight), for words that also appear in passing ('search', 'chart');
 * - a term counts once per field, weighted by where it is found (`FIELD_WEIGHTS`): the name says
 *   most, then the description, repository topics and tags, then the README, whose whole
 *   contribution per category is capped so a long README cannot outvote the description;
 * - a category qualifies at `THRESHOLD` (one strong term in the name or description is enough,
 *   a tag or a README mention alone is not) and when it scores at least `RELATIVE` of the best
 *   one; the best `MAX_CATEGORIES` are kept, ties going to the category listed first;
 * - when nothing qualifies, the server is in 'other'.
 */

export interface Category {
  slug: string
  name: string
  description: string
  /** Signal terms; see the module comment for the syntax. */
  terms: readonly string[]
}

/** The taxonomy, in the order lists and the landing strip show it. 'other' is last and has no terms. */
export const CATEGORIES = [
  {
    slug: 'ai-llm',
    name: 'AI & LLM tools',
    description: 'Language models, agents, prompts, evaluation and ML platforms.',
    terms: [
      'language model',
      'llmops',
      'mlops',
      'machine learning',
      'prompt management',
      'prompt engineering',
      'evaluation*',
      'inference',
      'embedding',
      'fine tun*',
      'agent framework',
      'multi agent',
      'ai agent framework',
      'reasoning',
      'openai',
      'deepseek',
      'qwen',
      'gemini',
      'mistral',
      'ollama',
      'hugging face',
      'huggingface',
      'replicate',
      'langfuse',
      'langflow',
      'langchain',
      'llamaindex',
      'opik',
      'phoenix',
      'dify',
      'zenml',
      'watsonx',
      'wxflows',
      'appbuilder',
      'vertex ai',
      'klavis',
      'council of models',
      '~ai agents',
      '~generative ai',
      '~genai',
    ],
  },
  {
    slug: 'browser-automation',
    name: 'Browser automation',
    description: 'Drive a real browser: click, fill forms, take screenshots, test web pages.',
    terms: [
      'browser',
      'headless browser*',
      '~headless',
      'puppeteer',
      'playwright',
      'selenium',
      'browserbase',
      'stagehand',
      'hyperbrowser',
      'browser use',
      'web automation',
      'screenshot*',
      'chrome devtools',
    ],
  },
  {
    slug: 'search-web',
    name: 'Search & web',
    description: 'Web search engines, scraping, crawling and fetching pages.',
    terms: [
      'web search',
      'search engine',
      'search api',
      'scrap*',
      'crawl*',
      'fetch*',
      'web content',
      'web page',
      'extract*',
      'markdownify',
      'bing',
      'kagi',
      'exa',
      'tavily',
      'perplexity',
      'searxng',
      'search1api',
      'firecrawl',
      'apify',
      'oxylabs',
      'agentql',
      'dappier',
      'naver',
      'rquest',
      'deep research',
      '~search',
      '~http request',
    ],
  },
  {
    slug: 'databases',
    name: 'Databases',
    description: 'SQL, NoSQL, graph, vector and time-series databases: query, inspect, manage.',
    terms: [
      'database',
      'db',
      'sql',
      'nosql',
      'sqlite',
      'postgres',
      'postgresql',
      'mysql',
      'mariadb',
      'mssql',
      'sql server',
      'oracle db',
      'mongo',
      'mongodb',
      'redis',
      'couchbase',
      'cassandra',
      'dynamodb',
      'neo4j',
      'memgraph',
      'arangodb',
      'graph database',
      'vector database',
      'vector db',
      'vector search',
      'pinecone',
      'qdrant',
      'milvus',
      'chroma',
      'weaviate',
      'astra db',
      'supabase',
      'neon',
      'firebase',
      'singlestore',
      'oceanbase',
      'teradata',
      'influxdb',
      'iotdb',
      'greptimedb',
      'time series',
      'clickhouse',
      'duckdb',
      'motherduck',
      'tinybird',
      'hologres',
      'momento',
      'elasticsearch',
      'meilisearch',
      'typesense',
      'lucene',
      'gibsonai',
      'xiyan',
      'text to sql',
      'nl2sql',
    ],
  },
  {
    slug: 'data-analytics',
    name: 'Data & analytics',
    description: 'Warehouses, BI, pipelines, datasets, spreadsheets and charts.',
    terms: [
      'analytics',
      'data warehouse',
      'warehouse',
      'business intelligence',
      'bi',
      'etl',
      'data pipeline',
      'pipeline*',
      'dataset',
      'data exploration',
      'data analysis',
      'dashboard*',
      'visuali*',
      'chart*',
      'spreadsheet',
      'bigquery',
      'snowflake',
      'databricks',
      'athena',
      'data explorer',
      'keboola',
      'lightdash',
      'dune',
      'airflow',
      'prefect',
      'gravitino',
      'unity catalog',
      'atlan',
      'verodat',
      'vega',
      'vegalite',
      'quickchart',
      'airtable',
      'bitable',
      'kintone',
      'unstructured',
      'uns',
      '~data',
      '~metrics',
      '~insights',
    ],
  },
  {
    slug: 'developer-tools',
    name: 'Developer tools',
    description: 'IDEs, code execution, debugging, testing, APIs, CI/CD and code quality.',
    terms: [
      'developer',
      'developer tools',
      'devtools',
      'ide',
      'code editor',
      'coding',
      'code execution',
      'execute code',
      'run code',
      'code interpreter',
      'sandbox*',
      'debug*',
      'lldb',
      'gdb',
      'lsp',
      'language server',
      'testing',
      'test automation',
      'load test*',
      'ci cd',
      'ci',
      'continuous integration',
      '~build*',
      'compile*',
      'openapi',
      'swagger',
      'graphql',
      'json rpc',
      'openrpc',
      'api spec*',
      'api gateway',
      'postman',
      'newman',
      'jmeter',
      'code review',
      'code quality',
      'linter',
      'static analysis',
      'software dependency',
      'frontend',
      'ui component*',
      'react',
      'jetbrains',
      'intellij',
      'pycharm',
      'vscode',
      'neovim',
      'vim',
      'codemirror',
      'xcode',
      'xcodebuild',
      'ios simulator*',
      'emulator*',
      'android',
      'circleci',
      'bitrise',
      'github actions',
      'codacy',
      'codelogic',
      'e2b',
      'riza',
      'forevervm',
      'conda',
      'jupyter',
      '~json',
      'kong',
      'konnect',
      'apimatic',
      'quarkus',
      'wildfly',
      'oat',
      'magic',
      '21st dev',
      'localization',
      'lingo',
      'opslevel',
      'rabbitmq',
      'message queue',
      'consul',
      'nomad',
    ],
  },
  {
    slug: 'version-control',
    name: 'Version control',
    description: 'Git repositories, pull requests and code hosting: GitHub, GitLab, Gitee.',
    terms: ['git', 'github', 'gitlab', 'gitee', 'bitbucket', 'pull request', 'repository', 'repositories', 'commit*', 'merge request'],
  },
  {
    slug: 'cloud-infrastructure',
    name: 'Cloud & infrastructure',
    description: 'Cloud providers, containers, Kubernetes, serverless and infrastructure as code.',
    terms: [
      '~cloud',
      'aws',
      'amazon web services',
      'azure',
      'gcp',
      'google cloud',
      'alibaba cloud',
      'alibabacloud',
      'aliyun',
      'cloudflare',
      'kubernetes',
      'k8s',
      'openshift',
      'cluster*',
      'docker',
      'container*',
      'terraform',
      'pulumi',
      'infrastructure',
      'serverless',
      'deploy*',
      'hosting',
      'heroku',
      'vercel',
      'netlify',
      'edgeone',
      's3',
      'ec2',
      'lambda',
      'boto3',
      'aiven',
      'azure devops',
      'devops',
      'cloudops',
      'cost explorer',
      'cdn',
      'edgee',
    ],
  },
  {
    slug: 'monitoring',
    name: 'Monitoring & observability',
    description: 'Metrics, logs, traces, alerts, uptime and incident response.',
    terms: [
      'monitor*',
      'observability',
      'logs',
      'logging',
      'tracing',
      'traces',
      'alert*',
      'incident*',
      'uptime',
      'error tracking',
      'apm',
      'prometheus',
      'grafana',
      'datadog',
      'dynatrace',
      'honeycomb',
      'axiom',
      'logfire',
      'metoro',
      'raygun',
      'sentry',
      'new relic',
      'opentelemetry',
      'promql',
      'tianji',
      '~metrics',
    ],
  },
  {
    slug: 'security',
    name: 'Security & identity',
    description: 'Vulnerability scanning, threat intelligence, secrets, identity and access.',
    terms: [
      'security',
      'vulnerabilit*',
      'threat*',
      'malware',
      'pentest*',
      'penetration test*',
      'cve',
      'sast',
      'scan* code',
      'semgrep',
      'snyk',
      'opencti',
      'malwarebazaar',
      'bicscan',
      'whois',
      'attestation',
      'attestable',
      'identity',
      '~authentication',
      'authorization',
      'access control',
      'iam',
      'sso',
      'oauth',
      'user management',
      'keycloak',
      'okta',
      'descope',
      'auth0',
      'secrets',
      'guardrail*',
      'guardian',
      'eunomia',
      'token allowance*',
      'revok*',
      '~auth',
    ],
  },
  {
    slug: 'communication',
    name: 'Chat & messaging',
    description: 'Team chat, messengers, SMS, phone calls and push notifications.',
    terms: [
      'chat',
      'messag*',
      'messenger',
      'slack',
      'discord',
      'microsoft teams',
      'telegram',
      'whatsapp',
      'imessage',
      'line messaging',
      'lark',
      'feishu',
      'wechat',
      'signal',
      'sms',
      'twilio',
      'notification*',
      'push notification*',
      'ntfy',
      'pushover',
      'zoom',
      'meeting*',
      'video call*',
      'forum',
      'discourse',
      'rooms',
    ],
  },
  {
    slug: 'email',
    name: 'Email',
    description: 'Read, search, draft and send e-mail; mailing and inbox management.',
    terms: ['email', 'e mail', 'mail', 'gmail', 'inbox', 'outlook', 'imap', 'smtp', 'mailgun', 'sendgrid', 'resend', 'newsletter*'],
  },
  {
    slug: 'calendar',
    name: 'Calendar & scheduling',
    description: 'Calendars, events, meetings and booking.',
    terms: ['calendar', 'ical', 'caldav', 'schedul*', 'event*', 'appointment*', 'booking*', 'calendly', 'cal com'],
  },
  {
    slug: 'productivity',
    name: 'Productivity & notes',
    description: 'Tasks, projects, issue trackers, notes and team workspaces.',
    terms: [
      'productivity',
      'task*',
      'todo',
      'to do',
      'project management',
      'issue tracker',
      'issues',
      'kanban',
      'boards',
      'notes',
      'note taking',
      'workspace',
      'wiki',
      'notion',
      'obsidian',
      'onenote',
      'evernote',
      'jira',
      'confluence',
      'atlassian',
      'linear',
      'asana',
      'trello',
      'clickup',
      'monday',
      'todoist',
      'ticktick',
      'google tasks',
      'gtasks',
      'plane',
      'fibery',
      'productboard',
      'holaspirit',
      'kibela',
      'outline',
      'devrev',
      'servicenow',
      'mindmap',
      'xmind',
      'raindrop',
      'bookmark*',
      'siri shortcuts',
      'shortcuts',
      'zapier',
      'make com',
      'n8n',
      'workflow automation',
      'gotohuman',
      'approval*',
      'goalstory',
      'goal tracking',
      '~workflow*',
    ],
  },
  {
    slug: 'documents',
    name: 'Documents & office files',
    description: 'Word, Excel, PowerPoint, PDF and Markdown: read, convert, create and sign.',
    terms: [
      'document*',
      'docs',
      'pdf',
      'word',
      'docx',
      'excel',
      'xlsx',
      'powerpoint',
      'pptx',
      'google sheets',
      'sheets',
      'google docs',
      'markdown',
      'pandoc',
      'convert*',
      'format conversion',
      'ocr',
      'signature*',
      'esignature*',
      'office',
      'csv',
    ],
  },
  {
    slug: 'file-systems',
    name: 'Files & storage',
    description: 'Local file systems, cloud drives and object storage.',
    terms: [
      'file system',
      'filesystem',
      'files',
      'file operations',
      'directory navigation',
      'storage',
      'object storage',
      'google drive',
      'drive',
      'dropbox',
      'box',
      'onedrive',
      's3',
      'tos',
      'upload*',
      'everything search',
    ],
  },
  {
    slug: 'knowledge-memory',
    name: 'Knowledge & memory',
    description: 'Long-term memory for agents, knowledge graphs, RAG and knowledge bases.',
    terms: [
      'memory',
      'memories',
      'remember*',
      'knowledge',
      'knowledge base',
      'knowledge graph',
      'knowledge management',
      'semantic graph',
      'rag',
      'retrieval',
      'retrieval augmented',
      'mem0',
      'cognee',
      'basic memory',
      'membase',
      'graphlit',
      'ragie',
      'needle',
      'vectorize',
      'llamacloud',
      'minima',
      'inkeep',
      'glean',
      'rember',
      'rememberizer',
      'personal intelligence',
      'document q a',
      '~semantic search',
    ],
  },
  {
    slug: 'finance',
    name: 'Finance & payments',
    description: 'Payments, billing, accounting, banking and market data.',
    terms: [
      'finance',
      'financial',
      'payment*',
      'billing',
      'subscription*',
      'invoic*',
      'accounting',
      'bank',
      'banking',
      'budget*',
      'expense*',
      'stock*',
      'stock market',
      'market data',
      'trading',
      'trade*',
      'earnings',
      'filings',
      'economic',
      'stripe',
      'paddle',
      'chargebee',
      'xero',
      'quickbooks',
      'ramp',
      'adfin',
      'fewsats',
      'ynab',
      'mifos',
      'alphavantage',
      'alpha vantage',
      'nasdaq',
      'morningstar',
      'sec edgar',
      'edgar',
      'fred',
      'federal reserve',
      'fdic',
      'metatrader',
      'octagon',
      'financial datasets',
      'goat',
    ],
  },
  {
    slug: 'crypto',
    name: 'Crypto & blockchain',
    description: 'Wallets, tokens, DeFi, on-chain data and crypto markets.',
    terms: [
      'crypto',
      'cryptocurrency',
      'cryptocurrencies',
      'blockchain*',
      'onchain',
      'on chain',
      'web3',
      'defi',
      'defai',
      'dex',
      'wallet*',
      'token swap*',
      'erc 20',
      'erc20',
      'nft*',
      'bitcoin',
      'ethereum',
      'evm',
      'solana',
      'algorand',
      'bsc',
      'bnb chain',
      'usdc',
      'coinbase',
      'coinmarketcap',
      'uniswap',
      'pancakeswap',
      'pancake swap',
      'jupiter',
      'hyperliquid',
      'paradex',
      'freqtrade',
      'the graph',
      'thegraph',
      'liquidity pool*',
      'whale*',
      'bankless',
      'cryptopanic',
      'fear greed',
      'unibase',
      'heurist',
      'edwin',
      'thirdweb',
    ],
  },
  {
    slug: 'design',
    name: 'Design',
    description: 'Design files, UI kits, 3D modelling, CAD and diagrams.',
    terms: [
      'design',
      'designer*',
      'figma',
      'sketch',
      'canva',
      'ui kit',
      'ui library',
      'starwind',
      'tailwind',
      '3d',
      'blender',
      'cad',
      'kicad',
      'pcb',
      'diagram*',
      'mermaid',
      'excalidraw',
      'shader*',
      'shadertoy',
    ],
  },
  {
    slug: 'media',
    name: 'Media & creative',
    description: 'Images, video, audio, music and speech: generate, edit and manage.',
    terms: [
      'image*',
      'photo*',
      'picture*',
      'video*',
      'audio',
      'music',
      'sound',
      'speech',
      'text to speech',
      'tts',
      'voice*',
      'podcast*',
      'media',
      'creative*',
      'webcam',
      'camera',
      'opencv',
      'youtube',
      'spotify',
      'elevenlabs',
      'ableton',
      'reaper',
      'daw',
      'davinci resolve',
      'video jungle',
      'cloudinary',
      'gyazo',
      'placid',
      'flux',
      'stable diffusion',
      'comfyui',
      'tmdb',
      'movie*',
      'artwork*',
      'museum',
      'news',
      'rijksmuseum',
    ],
  },
  {
    slug: 'maps-location',
    name: 'Maps, location & weather',
    description: 'Maps, geocoding, places, routes, GIS and weather.',
    terms: [
      'map',
      'maps',
      'mapping',
      'geo*',
      'gis',
      'qgis',
      'location*',
      'places',
      'route',
      'routing',
      'directions',
      'navigation',
      'google maps',
      'openstreetmap',
      'mapbox',
      'weather',
      'forecast*',
      'openweather',
      'national parks',
      'nationalparks',
    ],
  },
  {
    slug: 'travel',
    name: 'Travel & transport',
    description: 'Flights, trains, hotels, stays and trip planning.',
    terms: [
      'travel*',
      'trip*',
      'flight*',
      'airline*',
      'airport*',
      'hotel*',
      'accommodation*',
      'airbnb',
      'amadeus',
      'booking com',
      'railway*',
      'train*',
      'transit',
      'public transport',
      'flightradar',
      'flightradar24',
      'ns',
      'dutch railways',
      'traveler',
    ],
  },
  {
    slug: 'crm-support',
    name: 'CRM, sales & support',
    description: 'Customer records, sales pipelines, help desks and customer data.',
    terms: [
      'crm',
      'customer*',
      'sales',
      'leads',
      'lead generation',
      'help desk',
      'helpdesk',
      'support ticket*',
      'customer support',
      'salesforce',
      'hubspot',
      'intercom',
      'zendesk',
      'freshdesk',
      'pipedrive',
      'unomi',
      'customer data platform',
      'linkedin',
    ],
  },
  {
    slug: 'ecommerce',
    name: 'E-commerce',
    description: 'Online shops, products, orders and marketplaces.',
    terms: [
      'e commerce',
      'ecommerce',
      'shop',
      'shopify',
      'woocommerce',
      'magento',
      'bigcommerce',
      'store*',
      'product catalog*',
      'order*',
      'cart',
      'checkout',
      'amazon seller',
    ],
  },
  {
    slug: 'marketing',
    name: 'Marketing & content',
    description: 'Content management, websites, SEO, ads and audience insights.',
    terms: [
      'marketing',
      'seo',
      'ads',
      'advertising',
      'campaign*',
      'audience*',
      'content management',
      'cms',
      'headless cms',
      'blog*',
      'website*',
      'landing page*',
      'copywriting',
      'contentful',
      'ghost',
      'drupal',
      'wordpress',
      'webflow',
      'devhub',
      'metricool',
      'audiense',
      'google analytics',
      'edgee',
    ],
  },
  {
    slug: 'social-media',
    name: 'Social media',
    description: 'Post, search and analyse social networks and communities.',
    terms: [
      'social',
      'social media',
      'social network*',
      'twitter',
      'tweet*',
      'x com',
      'linkedin',
      'reddit',
      'facebook',
      'instagram',
      'tiktok',
      'bluesky',
      'mastodon',
      'threads',
      'youtube',
      'hdw',
    ],
  },
  {
    slug: 'home-automation',
    name: 'Home automation & IoT',
    description: 'Smart homes, sensors, devices, robotics and hardware.',
    terms: [
      'home automation',
      'smart home',
      'home assistant',
      'hass',
      'iot',
      'internet of things',
      'device*',
      'sensor*',
      'hardware',
      'arduino',
      'esp32',
      'raspberry pi',
      'robot*',
      'mqtt',
      'aranet4',
      'aranet',
      'mikrotik',
    ],
  },
  {
    slug: 'os-automation',
    name: 'OS & terminal',
    description: 'Shell commands, terminals and control of desktops and phones.',
    terms: [
      'terminal',
      'shell',
      'command line',
      'command execution',
      '~cli',
      'bash',
      'powershell',
      'iterm',
      'applescript',
      'macos',
      'mac',
      'windows',
      'linux',
      'desktop control',
      'computer use',
      'remote desktop',
      'hyprctl',
      'hyprland',
      'phone',
      'adb command*',
      'android debug bridge',
      'mobile automation',
      'siri',
    ],
  },
  {
    slug: 'gaming',
    name: 'Games & sports',
    description: 'Games, game engines, chess and sports data.',
    terms: [
      'game*',
      'gaming',
      'game engine',
      'unity',
      'unity editor',
      'godot',
      'unreal',
      'roblox',
      'minecraft',
      'chess',
      'league of legends',
      'riot',
      'dota',
      'opendota',
      'tft',
      'teamfight tactics',
      'sports',
      'football',
      'soccer',
      'basketball',
      'nba',
      'nfl',
      'premier league',
      'fantasy',
      'cfbd',
      'college football',
    ],
  },
  {
    slug: 'science-research',
    name: 'Science & research',
    description: 'Papers, scholarly search, open data, chemistry, space and maths.',
    terms: [
      'science',
      'scientific',
      'research',
      'academic*',
      'scholar*',
      'papers',
      'paper',
      'arxiv',
      'pubmed',
      'bibliograph*',
      'citation*',
      'dblp',
      'chemistry',
      'chemical*',
      'pubchem',
      'molecul*',
      'nasa',
      'outer space',
      'space exploration',
      'astronom*',
      'math*',
      'calculat*',
      'solver',
      'constraint optimization',
      'wikidata',
      'wikipedia',
      'world bank',
      'open data',
    ],
  },
  {
    slug: 'education',
    name: 'Education & learning',
    description: 'Courses, e-learning platforms, flashcards and language learning.',
    terms: [
      'education*',
      'e learning',
      'elearning',
      'learning platform',
      'course*',
      'lesson*',
      'student*',
      'teacher*',
      'quiz*',
      'flashcard*',
      'spaced repetition',
      'anki',
      'edubase',
      'tutor',
      'tutoring',
    ],
  },
  {
    slug: 'health',
    name: 'Health & fitness',
    description: 'Medical data and imaging, health records, fitness and wellbeing.',
    terms: [
      'health*',
      'medical',
      'medicine',
      'clinical',
      'patient*',
      'dicom',
      'pacs',
      'fhir',
      'ehr',
      'fitness',
      'workout*',
      'strava',
      'nutrition',
      'sleep',
      'wellbeing',
      'wellness',
    ],
  },
  {
    slug: 'mcp-tooling',
    name: 'MCP frameworks & tooling',
    description: 'SDKs and frameworks for building servers, proxies, gateways, registries and directories.',
    terms: [
      'framework',
      '~sdk',
      'library for building',
      'template',
      'boilerplate',
      '~proxy',
      '~bridge',
      'gateway',
      'router',
      'aggregat*',
      '~transports',
      'awesome',
      'curated list',
      'collection of',
      'directory',
      'marketplace',
      'registry',
      'hub',
      'installer',
      'installs other',
      'package manager',
      'inspector',
      '~discover*',
      'badge*',
      'fastmcp',
      'fastapi',
      'easy mcp',
      'foxy contexts',
      'manage mcp',
      'mcp manager',
      'mcp router',
      'mcp proxy',
      'mcp hub',
      'mcp cli',
      'mcp framework',
      'create mcp',
      'mcp compass',
      'mcp create',
      'agentrpc',
      'wanaku',
      'higress',
      'veyrax',
      'unifai',
      'fastn',
    ],
  },
  {
    slug: 'other',
    name: 'Other',
    description: 'Servers that fit none of the categories above.',
    terms: [],
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

/** How much a term found in each field counts. */
export const FIELD_WEIGHTS = { name: 3, description: 2, topics: 1.5, tags: 1, readme: 0.5 } as const
export type ClassifiedField = keyof typeof FIELD_WEIGHTS

/** The README's whole contribution to one category, at most. */
export const README_CAP = 2
/** The score a category needs: one strong term in the description (2) or the name (3). */
export const THRESHOLD = 2
/** A kept category scores at least this share of the best one. */
export const RELATIVE = 0.5
/** The README is read up to here: its opening says what the server is for. */
const README_CHARS = 20_000

/**
 * Tags that say how a server is packaged or published, not what it does: the importer adds them
 * for every Docker image or remote, so they would put every such server in a category.
 */
const PACKAGING_TAGS = new Set(['npm', 'pypi', 'docker', 'oci', 'nuget', 'mcpb', 'remote', 'unknown', 'official', 'mcp'])

/**
 * Words every MCP listing uses about itself ('an MCP server for Claude'), removed before
 * matching so that they never count for any category.
 */
const BOILERPLATE = /\b(?:model context protocol|claude(?: desktop)?|cursor|windsurf|cline|anthropic s?|llms?|ai assistants?)\b/g

/** Lower-case words, every separator a space: 'mcp-server_PostgreSQL' -> 'mcp server postgresql'. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

interface Term {
  words: string[]
  prefix: boolean
  weight: number
}

function compile(raw: string): Term {
  const weak = raw.startsWith('~')
  const body = weak ? raw.slice(1) : raw
  const prefix = body.endsWith('*')
  return { words: normalize(prefix ? body.slice(0, -1) : body).split(' '), prefix, weight: weak ? 0.5 : 1 }
}

/** The terms compiled on first use: the SPA imports this module for the taxonomy, not to classify. */
let compiled: Array<{ slug: CategorySlug; terms: Term[] }> | null = null
const compiledTerms = () => {
  compiled ??= CATEGORIES.map((c) => ({ slug: c.slug as CategorySlug, terms: c.terms.map(compile) }))
  return compiled
}

/** One field's words, indexed by position, so a term is looked up rather than scanned for. */
class Words {
  readonly list: string[]
  private readonly at = new Map<string, number[]>()
  constructor(text: string) {
    this.list = normalize(text).replace(BOILERPLATE, ' ').split(' ').filter(Boolean)
    this.list.forEach((w, i) => {
      const seen = this.at.get(w)
      if (seen) seen.push(i)
      else this.at.set(w, [i])
    })
  }

  private matches(word: string, wanted: string, prefix: boolean): boolean {
    if (prefix) return word.startsWith(wanted)
    return word === wanted || word === `${wanted}s` || word === `${wanted}es`
  }

  private startsAt(first: string, prefix: boolean): number[] {
    if (prefix) return [...this.at.entries()].filter(([w]) => w.startsWith(first)).flatMap(([, at]) => at)
    return [first, `${first}s`, `${first}es`].flatMap((w) => this.at.get(w) ?? [])
  }

  has(term: Term): boolean {
    const last = term.words.length - 1
    // Only the last word of a phrase takes a plural or an ending ('liquidity pools', 'scan code').
    return this.startsAt(term.words[0], term.prefix && last === 0).some((i) =>
      term.words.every((w, k) => {
        const word = this.list[i + k]
        if (word === undefined) return false
        return k === last ? this.matches(word, w, term.prefix) : k === 0 || word === w
      }),
    )
  }
}

export interface ClassifyInput {
  /** The technical name (e.g. 'io.github.owner/repo') and the display name. */
  name: string
  displayName?: string
  description: string
  tags?: readonly string[]
  /** Repository topics, when known. */
  topics?: readonly string[]
  readme?: string | null
}

export interface CategoryScore {
  slug: CategorySlug
  score: number
  /** Which terms counted, by field: why the server is in the category. */
  evidence: Array<{ field: ClassifiedField; term: string }>
}

/**
 * Every category's score for a server, best first; categories that score nothing are left out.
 * @example scoreCategories({ name: 'io.github.x/mcp-postgres', description: 'Query Postgres' })[0].slug // 'databases'
 */
export function scoreCategories(input: ClassifyInput): CategoryScore[] {
  const registry = input.name.replace(/^io\.github\./i, '')
  const fields: Array<[ClassifiedField, Words]> = [
    // Names glue words to 'mcp' and 'server' ('kagimcp', 'ynabmcpserver'): both spellings are read.
    ['name', new Words(`${input.displayName ?? ''} ${registry} ${registry.replace(/mcp|server/gi, ' ')}`)],
    ['description', new Words(input.description)],
    ['topics', new Words((input.topics ?? []).join(' '))],
    ['tags', new Words((input.tags ?? []).filter((t) => !PACKAGING_TAGS.has(t.toLowerCase())).join(' '))],
    ['readme', new Words((input.readme ?? '').slice(0, README_CHARS))],
  ]
  const scores: CategoryScore[] = []
  for (const { slug, terms } of compiledTerms()) {
    let score = 0
    let readme = 0
    const evidence: CategoryScore['evidence'] = []
    for (const [field, words] of fields) {
      if (words.list.length === 0) continue
      for (const term of terms) {
        if (!words.has(term)) continue
        const points = FIELD_WEIGHTS[field] * term.weight
        if (field === 'readme') {
          const add = Math.min(points, README_CAP - readme)
          if (add <= 0) continue
          readme += add
          score += add
        } else score += points
        evidence.push({ field, term: term.words.join(' ') + (term.prefix ? '*' : '') })
      }
    }
    if (score > 0) scores.push({ slug, score, evidence })
  }
  // A stable sort keeps the taxonomy's order between equal scores.
  return scores.sort((a, b) => b.score - a.score)
}

/**
 * A server's categories: one to three slugs, best first; 'other' when nothing qualifies.
 * @example classify({ name: 'io.github.x/mcp-postgres', description: 'Query Postgres' }) // ['databases']
 */
export function classify(input: ClassifyInput): CategorySlug[] {
  const scores = scoreCategories(input)
  const best = scores[0]?.score ?? 0
  const kept = scores
    .filter((s) => s.score >= THRESHOLD && s.score >= best * RELATIVE)
    .slice(0, MAX_CATEGORIES)
    .map((s) => s.slug)
  return kept.length ? kept : [OTHER]
}
