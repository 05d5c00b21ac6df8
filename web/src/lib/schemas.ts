/**
 * The SPA's one door to the Worker's schemas (`worker/shared/schemas.ts`), so the forms validate with
 * exactly the rules the Worker enforces (the limits alone, zod-free, are `worker/shared/limits.ts`). zod is set up first: ES modules run in
 * import order, so no schema is built before that.
 */
import './zod-jitless'

export * from '@shared/schemas'
