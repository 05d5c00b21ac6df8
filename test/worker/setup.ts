import { applyD1Migrations, env } from 'cloudflare:test'

// Each test file gets its own storage; the schema is applied before its tests run.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
