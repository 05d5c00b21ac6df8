/**
 * The SPA's one door to the Worker's schemas and limits (`worker/schemas.ts`), so the forms
 * validate with exactly the rules the Worker enforces. zod is set up first: ES modules run in
 * import order, so no schema is built before that.
 */
import './zod-jitless'

export * from '../../../worker/schemas'
