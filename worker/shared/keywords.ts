/**
 * Tags the catalogue recognises in names, descriptions and READMEs. Used by the importer to
 * derive tags and by the register form's README parser, so both find the same ones.
 */
export const KEYWORD_TAGS: Record<string, RegExp> = {
  ai: /\b(ai|llms?|openai|anthropic|claude|gpt|gemini|machine learning|ml)\b/i,
  database:
    /\b(databases?|sql|sqlite|postgres(?:ql)?|mysql|mongo(?:db)?|redis|clickhouse|supabase|neon|duckdb|snowflake|bigquery|cassandra|dynamodb|milvus|qdrant|chroma|pinecone|weaviate|vector (?:db|database|store))\b/i,
  cloud: /\b(cloud|aws|azure|gcp|google cloud|cloudflare|alibaba ?cloud|aliyun|kubernetes|k8s|terraform|vercel|netlify|heroku)\b/i,
  github: /\b(github|git|gitlab|pull requests?)\b/i,
  api: /\b(apis?|rest|graphql|openapi|endpoints?)\b/i,
  automation: /\b(automat\w*|workflows?|zapier|n8n|scheduling|orchestrat\w*)\b/i,
  productivity: /\b(productivity|notion|calendar|todo|tasks?|jira|linear|asana|trello|slack|notes?|email|gmail)\b/i,
  analytics: /\b(analytics|metrics|dashboards?|observability|monitoring|logs?|tracing|insights?)\b/i,
  security: /\b(security|vulnerabilit\w*|auth\w*|secrets?|scan\w*|compliance|threat\w*)\b/i,
  search: /\b(search\w*|crawl\w*|scrap\w*|index\w*)\b/i,
  browser: /\b(browsers?|puppeteer|playwright|selenium|headless|web automation)\b/i,
  finance: /\b(financ\w*|payments?|stripe|banking|crypto\w*|blockchain|onchain|trading|invoices?|accounting)\b/i,
  communication: /\b(chat|messag\w*|discord|telegram|whatsapp|sms|twilio)\b/i,
  devtools: /\b(developer tools?|devtools|ci\/?cd|debug\w*|testing|linters?|code review|ide)\b/i,
  data: /\b(data|datasets?|etl|csv|spreadsheets?|excel)\b/i,
  files: /\b(files?|filesystem|storage|s3|drive|dropbox|box)\b/i,
  maps: /\b(maps?|geo\w*|locations?|weather)\b/i,
  media: /\b(images?|videos?|audio|media|youtube|spotify|music)\b/i,
}

/** The ten tags the /servers sidebar groups under 'Popular', in this order. */
export const POPULAR_TAGS = ['github', 'official', 'api', 'automation', 'productivity', 'database', 'cloud', 'ai', 'analytics', 'security']

/** Known keyword tags found in a text, in the table's order. */
export function keywordTags(text: string): string[] {
  return Object.entries(KEYWORD_TAGS)
    .filter(([, re]) => re.test(text))
    .map(([tag]) => tag)
}
