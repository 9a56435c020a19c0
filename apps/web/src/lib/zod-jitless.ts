/**
 * zod compiles fast object parsers with `new Function` when it may, and probes whether it may by
 * trying once. Our Content-Security-Policy forbids eval, so that probe is a CSP violation the browser
 * reports (Lighthouse's best practices count it). `jitless` makes zod use its plain parsers and skip
 * the probe. main.tsx imports this first, before any schema is built; the server is unaffected.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` and adopts an object already
 * there (zod/v4/core's core.js), so this sets it without importing zod: importing `config` would
 * put zod's core in /feed's first JavaScript, which needs no schema (the budget that
 * scripts/js-budget.ts checks). zod-jitless.test.ts holds zod to reading it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// In place: should zod have loaded first, it holds this very object.
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
