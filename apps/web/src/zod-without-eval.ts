import { z } from 'zod';

/**
 * Zod compiles its object parsers with `new Function`, and probes for it first; under the portal's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') every signed-in page then reported
 * an `eval` violation. The browser parses with the interpreter instead: the policy stays strict.
 * A schema reads this when it is made, so this module is the entry's first import (main.tsx).
 */
z.config({ jitless: true });
