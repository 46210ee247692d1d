/**
 * Zod compiles its object parsers with `new Function`, and probes for it first; under the portal's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') every signed-in page then reported
 * an `eval` violation. `jitless` skips the probe (the policy refused the compiled parsers anyway):
 * the policy stays strict. Zod reads this global config, which it keeps on globalThis, when a schema is
 * made, so this module is the entry's first import (main.tsx); setting it here rather than through
 * `z.config` keeps zod out of the entry chunk.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
