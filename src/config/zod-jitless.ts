import { config } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` when it may, and probes whether it may when the
 * first object schema is built. Under the portal's CSP (`script-src 'self'`, no 'unsafe-eval') the
 * probe is refused and reported as a `securitypolicyviolation` on every page, which would flood a
 * CSP report endpoint. jitless skips the probe. It must run before any schema is built, whatever
 * order the bundler gives the chunks: so every module imports zod through zod-mini.ts or
 * zod-classic.ts, which import this first.
 */
config({ jitless: true });
