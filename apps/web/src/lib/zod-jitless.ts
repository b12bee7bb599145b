import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may, and finds out by trying it once as the
// first object schema is built. Our CSP (script-src 'self', no 'unsafe-eval') refuses that try, and the
// browser reports the refusal as a violation in the console. The plain parsers are fast enough for forms.
// Each entry imports this module first, so it runs before any schema module (packages/core) is evaluated.
z.config({ jitless: true });
