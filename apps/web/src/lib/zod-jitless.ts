/**
 * zod compiles fast object parsers with `new Function` when it may, and probes whether it may by
 * trying once. Our Content-Security-Policy forbids eval, so that probe is a CSP violation the browser
 * reports (Lighthouse's best practices count it). `jitless` makes zod use its plain parsers and skip
 * the probe. main.tsx imports this first, before any schema is built; the server is unaffected.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
