/**
 * zod 4 probes `new Function('')` while it builds its first object schema, to see whether it may
 * compile fast parsers. The site's Content-Security-Policy forbids eval, so the probe fails
 * quietly but the browser still reports a violation. Turning the compiler off skips the probe;
 * the SPA's forms validate a few fields at a time, so the compiled parsers would gain nothing.
 * This must run before any schema is built: import it only through `./schemas`.
 */
import { z } from 'zod'

z.config({ jitless: true })
