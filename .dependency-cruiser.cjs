// Boundaries the build checks (decision record 028). `npm run lint:deps` runs this file over
// apps/ and packages/; `npm run check` runs lint:deps. Every rule is an error: the build fails on it.
// There is no baseline and no list of known violations (the one the checks started with reached
// zero and was deleted; decision 028): any violation, old pattern or new, fails the build.

/**
 * Which server module owns which schema file in apps/server/src/db/schema/. Only the owner (its
 * *.queries files, its services, its read models) may import the tables of a schema file; every
 * other module calls the owner's service to change rows (auth/auth.accounts.ts, …) and joins the
 * read model the owner publishes to read them (<module>.directory.ts: auth's accountDirectory,
 * videos' approvedVideosView, …). Schema files without an owning module (columns.ts helpers,
 * index.ts, the platform's jobs/mail/scheduler tables) are not in this list and not checked.
 */
const SCHEMA_OWNERS = {
  access: 'access',
  analytics: 'metrics',
  audit: 'audit',
  auth: 'auth',
  campaigns: 'campaigns',
  digest: 'digest',
  engagement: 'engagement',
  identities: 'oidc',
  mfa: 'mfa',
  reports: 'reports',
  revocations: 'auth',
  submissions: 'campaigns',
  throttle: 'auth',
  traffic: 'metrics',
  users: 'auth',
  videos: 'videos',
};

const MODULES = 'apps/server/src/modules';
const TESTS = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-module-queries',
      comment:
        'Protects table ownership: a server module reads and writes its own tables through its ' +
        '*.queries files; another module calls its service instead, so every rule about a row ' +
        '(who may change it, which cache to clear, what to audit) lives in one place.',
      severity: 'error',
      from: { path: `^${MODULES}/([^/]+)/` },
      to: { path: `^${MODULES}/([^/]+)/[^/]+\\.queries\\.ts$`, pathNot: `^${MODULES}/$1/` },
    },
    {
      name: 'no-module-queries-from-outside',
      comment:
        'Protects table ownership from the composition root and the platform: app.ts, the ' +
        'worker and platform/ call a module’s service (<module>.accounts.ts, …), never its ' +
        '*.queries files, like any other module.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: `^${MODULES}/` },
      to: { path: `^${MODULES}/[^/]+/[^/]+\\.queries\\.ts$` },
    },
    ...Object.entries(SCHEMA_OWNERS).map(([file, owner]) => ({
      name: `no-foreign-schema-${file}`,
      comment:
        `Protects table ownership: the tables in db/schema/${file}.ts belong to the ${owner} ` +
        `module; other modules change them through the ${owner} service and join its read models ` +
        `(${owner}.directory.ts), never import them.`,
      severity: 'error',
      from: { path: `^${MODULES}/`, pathNot: `^${MODULES}/${owner}/` },
      to: { path: `^apps/server/src/db/schema/${file}\\.ts$` },
    })),
    {
      name: 'no-schema-barrel-in-modules',
      comment:
        'Makes the rule above checkable: a module imports tables from the schema file that holds ' +
        'them (db/schema/videos.ts), not from the barrel db/schema/index.ts, which re-exports every ' +
        'table and so hides whose tables a module touches. db/client.ts and drizzle-kit keep using ' +
        'the barrel.',
      severity: 'error',
      from: { path: `^${MODULES}/` },
      to: { path: '^apps/server/src/db/schema/index\\.ts$' },
    },
    {
      name: 'no-circular',
      comment:
        'Protects layering: in an import cycle no file can be understood, tested or moved without ' +
        'the others, and load order decides what is undefined at start-up.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-feature',
      comment:
        'Protects web features from each other: a feature (apps/web/src/features/<f>/) is one ' +
        'screen-sized piece; routes compose features, and what two features share moves to ' +
        'src/lib or src/components.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-layers',
      comment:
        'Protects the direction of the web app: app/ and routes/ compose features; features build ' +
        'on lib/ and components/; lib/ and components/ know no feature, route or app file. A ' +
        'shared piece that imported a feature would drag that feature into every screen.',
      severity: 'error',
      from: { path: '^apps/web/src/(features|lib|components)/' },
      to: { path: '^apps/web/src/(routes|app)/' },
    },
    {
      name: 'web-shared-knows-no-feature',
      comment: 'Protects lib/ and components/ as the shared base: see web-layers.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-lib-knows-no-component',
      comment:
        'Protects lib/ as the bottom layer: API client, session, formatting and stream glue, no ' +
        'UI. components/ build on lib/, never the reverse, so what draws a screen (analytics ' +
        'panels, once in lib/metrics/) lives in a feature or in components/, and lib/ stays free ' +
        'of React markup a screen did not ask for.',
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/components/' },
    },
    {
      name: 'no-server-from-web',
      comment:
        'Protects the deploy boundary: the browser bundle never contains server code; what both ' +
        'need (schemas, messages) lives in packages/domain.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'no-web-from-server',
      comment: 'Protects the deploy boundary: the server does not depend on the web app’s code.',
      severity: 'error',
      // A server test may read the web build's configuration (09-production-surface checks what
      // the bundle would expose); server code may not.
      from: { path: '^apps/server/', pathNot: TESTS },
      to: { path: '^apps/web/' },
    },
    {
      name: 'domain-stands-alone',
      comment:
        'Protects packages/domain as the shared contract: it imports zod and its own files only, ' +
        'never an app, Node built-ins or another package, so server and web can both load it.',
      severity: 'error',
      from: { path: '^packages/domain/', pathNot: TESTS },
      to: {
        pathNot: ['^packages/domain/', '(^|/)node_modules/zod/'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '\\.gen\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    cache: false,
  },
};
