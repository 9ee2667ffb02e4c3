// The import direction the code base keeps (docs/architecture-rules.md), checked by `npm run lint`
// and so by the test line. Paths are relative to the repository root.

// Test code: test files, the API test kit (src/test/), the web test kit (src/test/), and a
// module's own test helpers (test-fixtures.ts, test-kit.ts, test-session.tsx, zip-fixtures.ts).
const TEST_CODE = [
  '\\.test\\.tsx?$',
  '^apps/(api|web)/src/test/',
  '/test-[^/]+\\.tsx?$',
  '/[^/]+-fixtures\\.ts$',
];
const API = '^apps/api/src/';
const WEB = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // --- web (apps/web/src): shared → features → app ---
    {
      name: 'web-shared-not-to-features-or-app',
      comment: 'lib/ and components/ are shared by every feature; they never import a feature or app/.',
      severity: 'error',
      from: { path: `${WEB}(lib|components)/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'web-feature-not-to-other-feature',
      comment:
        'A feature never imports another feature; what two features share moves to lib/ or components/.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-feature-not-to-app',
      comment: 'app/ assembles the features (router, shell); a feature never imports it.',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-chart-library-through-kit',
      comment:
        'TradingView Lightweight Charts is loaded on demand through components/charts/chart-kit.ts; a value import anywhere else puts it in a shared chunk (decision 0032). Types are free.',
      severity: 'error',
      from: { path: WEB, pathNot: [`${WEB}components/charts/lightweight\\.ts$`, ...TEST_CODE] },
      to: { path: '^node_modules/lightweight-charts/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-not-to-api',
      comment:
        'The web knows the API only through @staff/contracts, never through apps/api (type-only imports included).',
      severity: 'error',
      from: { path: WEB },
      to: { path: '^apps/api/' },
    },

    // --- api (apps/api/src): modules meet through their index.ts ---
    {
      name: 'api-module-to-other-module-via-index',
      comment:
        "A module (its tests too) uses another module only through that module's index.ts: its public surface.",
      severity: 'error',
      from: { path: `${API}modules/([^/]+)/` },
      to: { path: `${API}modules/`, pathNot: [`${API}modules/$1/`, `${API}modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'api-entry-points-to-modules-via-index',
      comment:
        "app.ts builds every module's service and registers its routes, main.ts takes its jobs and seeders, manage.ts its commands: all from the module's index.ts.",
      severity: 'error',
      from: { path: `${API}(app|main|manage)\\.ts$` },
      to: { path: `${API}modules/`, pathNot: `${API}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'api-infrastructure-not-to-modules',
      comment:
        'http/, db/, media/, market-data/ and metrics/ sit below the modules; the modules import them, never the reverse.',
      severity: 'error',
      from: { path: `${API}(http|db|media|market-data|metrics)/`, pathNot: TEST_CODE },
      to: { path: `${API}modules/` },
    },
    {
      name: 'api-metrics-loaded-only-when-on',
      comment:
        'prom-client (and the metrics files that load it) is imported statically only inside metrics/; the rest imports their types, and main.ts/serve.ts load them dynamically when METRICS_PORT is set.',
      severity: 'error',
      from: { path: API, pathNot: [`${API}metrics/`, ...TEST_CODE] },
      to: {
        path: [
          '^node_modules/prom-client/',
          `${API}metrics/(app-metrics|metrics-server|process-metrics)\\.ts$`,
        ],
        dependencyTypesNot: ['type-only', 'dynamic-import'],
      },
    },
    {
      name: 'api-migrations-only-from-the-list',
      comment:
        'Migrations are frozen history: only the migration list (db/migrations/index.ts) imports them.',
      severity: 'error',
      from: { pathNot: `${API}db/migrations/index\\.ts$` },
      to: { path: `${API}db/migrations/`, pathNot: `${API}db/migrations/index\\.ts$` },
    },
    {
      name: 'api-migrations-import-only-db',
      comment:
        'A migration imports only db/ and kysely (no live module, no @staff/* package), so a later change never rewrites history.',
      severity: 'error',
      from: { path: `${API}db/migrations/` },
      to: { pathNot: [`${API}db/`, '^node_modules/kysely/'] },
    },
    {
      name: 'no-test-code-in-production',
      comment:
        'Code the server, the SPA or a package runs never imports test code, so no build bundles it (tsup, vite).',
      severity: 'error',
      from: { path: ['^apps/(api|web)/src/', '^packages/[^/]+/src/'], pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },

    // --- packages ---
    {
      name: 'packages-not-to-apps',
      comment: 'packages/* are shared by the apps and never depend on them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'engine-not-to-contracts',
      comment: 'The CashFlow engine is pure game rules with no knowledge of the API shapes.',
      severity: 'error',
      from: { path: '^packages/cashflow-engine/' },
      to: { path: '^packages/contracts/' },
    },

    // --- everywhere ---
    {
      name: 'no-circular',
      comment: 'No import cycles in the apps: they make load order matter and blur which part owns what.',
      severity: 'error',
      from: { path: '^apps/(api|web)/src/' },
      to: { circular: true },
    },
    {
      name: 'resolvable',
      comment:
        'Every import of our own code resolves; an unresolved one would be invisible to the rules above.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // npm packages are dependencies too, but nothing in them is ours to check.
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: `import type` from apps/api is as much a dependency as a value import.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      // The workspace packages publish TypeScript source through package.json "exports".
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
