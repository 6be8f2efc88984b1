import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import boundariesPlugin from 'eslint-plugin-boundaries';
import globals from 'globals';

// Layers and table ownership, enforced by eslint-plugin-boundaries (STYLE.md §1, §10;
// docs/decisions/006-table-ownership.md, docs/decisions/026-layers.md). Policies are read in order and the last one
// that matches decides.
const SERVER = ['server', 'module', 'plugins', 'adapters', 'db', 'schema'];

/**
 * The boot layer (docs/decisions/026-layers.md): what reads the configuration, builds the services and the app, and
 * starts things. Every other server layer sits below it and never imports it.
 */
const BOOT = [
  'src/server/main.ts',
  'src/server/app.ts',
  'src/server/api-routes.ts',
  'src/server/services.ts',
  'src/server/startup.ts',
  'src/server/config.ts',
  'src/server/demo/**',
  'src/server/jobs/**',
  'src/server/cli/**',
];

/**
 * Read models: a module's `*.read-model.ts` may read these owners' schema files (never write: see
 * src/server/checks/lint-boundaries.test.ts). Each entry has a decision record.
 */
const READ_MODELS = {
  collection: ['auth', 'catalogue', 'cards', 'collection'], // docs/decisions/007-collection-read-model.md
  market: ['catalogue', 'cards', 'goods', 'market', 'sales'], // docs/decisions/011-market.md, 049-one-sale-record.md
  audit: ['audit', 'auth'], // docs/decisions/012-audit-log.md
  users: ['auth', 'catalogue', 'cards', 'goods', 'identity', 'market', 'pay-orders', 'shipments', 'wallet'], // docs/decisions/018-back-office-operations.md
  dashboard: ['auth', 'catalogue', 'pay-orders', 'sales'], // docs/decisions/018-back-office-operations.md, 049-one-sale-record.md
  standing: ['auth', 'identity', 'market', 'sales', 'standing'], // docs/decisions/028-seller-standing.md, 049
  perks: ['catalogue', 'cards'], // docs/decisions/029-perks.md
  watch: ['auth', 'catalogue', 'market'], // docs/decisions/033-watchlist.md
  prices: ['catalogue', 'identity', 'sales'], // docs/decisions/032-market-price.md, 049-one-sale-record.md
  search: ['auth', 'catalogue', 'cards', 'market', 'search'], // docs/decisions/031-search-index.md
  alerts: ['catalogue', 'cards', 'market'], // docs/decisions/039-price-alerts.md
  notifications: ['auth'], // docs/decisions/038-notification-delivery.md
  metrics: ['catalogue', 'notifications', 'pay-orders'], // docs/decisions/045-metrics.md
};

const boundaries = {
  plugins: { boundaries: boundariesPlugin },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    'boundaries/include': ['src/**/*'],
    'boundaries/elements': [
      { type: 'web-feature', pattern: 'src/web/features/*', partialMatch: false, capture: ['feature'] },
      { type: 'admin', pattern: 'src/web/admin', partialMatch: false },
      { type: 'web-common', pattern: 'src/web/common', partialMatch: false },
      { type: 'web', pattern: 'src/web', partialMatch: false },
      { type: 'shared', pattern: 'src/shared', partialMatch: false },
      { type: 'schema', pattern: 'src/server/db/schema', partialMatch: false },
      { type: 'db', pattern: 'src/server/db', partialMatch: false },
      { type: 'module', pattern: 'src/server/modules/*', partialMatch: false, capture: ['mod'] },
      { type: 'plugins', pattern: 'src/server/plugins', partialMatch: false },
      { type: 'adapters', pattern: 'src/server/adapters', partialMatch: false },
      { type: 'server', pattern: 'src/server', partialMatch: false },
    ],
    'boundaries/files': [
      { category: 'schema-file', pattern: 'src/server/db/schema/*.ts', capture: ['owner'] },
      { category: 'routes', pattern: '**/*.routes.ts' },
      { category: 'repository', pattern: '**/*.repository.ts' },
      { category: 'read-model', pattern: '**/*.read-model.ts' },
      // Tests and their fixtures arrange and inspect rows directly.
      { category: 'test', pattern: ['**/*.test.ts', '**/*.test.tsx', '**/*.fixtures.ts', '**/*-fixtures.ts'] },
      // Set-up and tooling that works on the database as a whole.
      {
        category: 'db-tooling',
        pattern: [
          'src/server/db/**',
          'src/server/testing/**',
          'src/server/checks/**',
          'src/server/cli/**',
          'src/server/migrations/**',
        ],
      },
      { category: 'boot', pattern: BOOT },
      // Every file, so that a policy can say "not a test" (`noneOf` needs a file with a category to match).
      { category: 'source', pattern: 'src/**' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        // Packages (drizzle-orm) and imports inside one module (a route and its repository) are checked too.
        checkAllOrigins: true,
        checkInternals: true,
        policies: [
          {
            from: { element: { types: { anyOf: ['web', 'web-feature'] } } },
            disallow: { to: { element: { types: { anyOf: SERVER } } } },
            message: 'The web app never imports server code.',
          },
          {
            from: { element: { type: 'admin' } },
            disallow: { to: { element: { types: { anyOf: ['web', 'web-feature', ...SERVER] } } } },
            message: 'The back office uses src/shared and src/web/common only: never the mobile app or server code.',
          },
          // docs/decisions/047-web-common.md: browser code free of either app's state, for both apps.
          {
            from: { element: { type: 'web-common' } },
            disallow: [
              { to: { element: { types: { anyOf: ['web', 'web-feature', 'admin', ...SERVER] } } } },
              { to: { module: { origin: 'external', source: ['antd', 'antd-mobile'] } } },
            ],
            message: 'src/web/common imports only src/shared and packages (not antd): neither app, nor server code.',
          },
          {
            from: { element: { types: { anyOf: ['web', 'web-feature'] } } },
            disallow: { to: { element: { type: 'admin' } } },
            message: 'The mobile app never imports the back office (its own entry, admin.html).',
          },
          {
            from: { element: { type: 'shared' } },
            disallow: {
              to: { element: { types: { anyOf: ['web', 'web-feature', 'web-common', 'admin', ...SERVER] } } },
            },
            message: 'src/shared imports neither server nor web.',
          },
          {
            from: { element: { type: 'web-feature' } },
            disallow: { to: { element: { type: 'web-feature' } } },
            message:
              'Features never import each other; compose them in app/ or move the shared part to components/ or lib/.',
          },
          {
            from: { element: { type: 'web-feature' } },
            allow: {
              to: { element: { type: 'web-feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
            },
          },
          {
            from: { element: { type: 'module' } },
            disallow: {
              to: { element: { type: 'module' }, file: { categories: { anyOf: ['repository', 'read-model'] } } },
            },
            message: "Call the other module's service, not its repository.",
          },
          {
            from: { element: { type: 'module' } },
            allow: { to: { element: { type: 'module', captured: { mod: '{{ from.element.captured.mod }}' } } } },
          },
          // Only repositories (and database tooling and tests) speak SQL.
          {
            from: { element: { types: { anyOf: SERVER } } },
            disallow: [
              { to: { element: { type: 'schema' } } },
              { to: { module: { origin: 'external', source: 'drizzle-orm' } } },
            ],
            message: 'SQL and table definitions live in repositories; call a service instead.',
          },
          {
            from: { file: { categories: { anyOf: ['repository', 'read-model'] } } },
            allow: { to: { module: { origin: 'external', source: 'drizzle-orm' } } },
          },
          {
            from: { file: { categories: 'repository' } },
            disallow: { to: { element: { type: 'schema' } } },
            message:
              "A repository touches only its own module's tables (docs/decisions/006-table-ownership.md); call the owner's service.",
          },
          {
            from: { element: { type: 'module' }, file: { categories: 'repository' } },
            allow: {
              to: { file: { categories: 'schema-file', captured: { owner: '{{ from.element.captured.mod }}' } } },
            },
          },
          {
            from: { file: { categories: 'read-model' } },
            disallow: { to: { element: { type: 'schema' } } },
            message: 'A read model reads only the tables its decision record lists (READ_MODELS in eslint.config.js).',
          },
          ...Object.entries(READ_MODELS).map(([mod, owners]) => ({
            from: { element: { type: 'module', captured: { mod } }, file: { categories: 'read-model' } },
            allow: { to: { file: { categories: 'schema-file', captured: owners.map((owner) => ({ owner })) } } },
          })),
          {
            from: [{ element: { type: 'schema' } }, { file: { categories: { anyOf: ['db-tooling', 'test'] } } }],
            allow: [
              { to: { element: { type: 'schema' } } },
              { to: { module: { origin: 'external', source: 'drizzle-orm' } } },
            ],
          },
          // Layers only point down (docs/decisions/026-layers.md): boot → plugins → modules → db and adapters → shared.
          // Tests and their fixtures are exempt: they build whole apps.
          {
            from: { element: { types: { anyOf: ['db', 'schema'] } }, file: { categories: { noneOf: ['test'] } } },
            disallow: [
              { to: { element: { types: { anyOf: ['module', 'plugins'] } } } },
              { to: { file: { categories: 'boot' } } },
            ],
            message:
              'The database layer never reaches up: no module, plugin or boot code (the demo market runs from src/server/demo).',
          },
          {
            from: { element: { type: 'plugins' }, file: { categories: { noneOf: ['test'] } } },
            disallow: [{ to: { element: { type: 'module' } } }, { to: { file: { categories: 'boot' } } }],
            message:
              'A plugin imports no module and no boot code: take what it needs as a registration option (the actor type is in src/shared/actor.ts).',
          },
          {
            from: { element: { type: 'adapters' }, file: { categories: { noneOf: ['test'] } } },
            disallow: [
              { to: { element: { types: { anyOf: ['module', 'plugins', 'schema'] } } } },
              { to: { file: { categories: 'boot' } } },
            ],
            message:
              'An adapter imports no module, table or boot code (not even the Config type): it takes plain options.',
          },
          {
            from: { element: { type: 'module' }, file: { categories: { noneOf: ['test'] } } },
            disallow: [{ to: { element: { type: 'plugins' } } }, { to: { file: { categories: 'boot' } } }],
            message:
              'A module imports no plugin and no boot code (app, main, services, startup, config): guards and cache policies are in http.ts, dependencies come as arguments.',
          },
          // Last, so nothing above can undo it: routes call services.
          {
            from: { file: { categories: 'routes' } },
            disallow: [
              { to: { element: { type: 'schema' } } },
              { to: { module: { origin: 'external', source: 'drizzle-orm' } } },
              { to: { file: { categories: { anyOf: ['repository', 'read-model'] } } } },
            ],
            message: 'Routes call services; SQL lives in repositories.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Only one way (issue 19 §5): endpoints are called from api/ files (one per call), imported where needed.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/api/**', 'src/web/lib/**', 'src/web/admin/**', 'src/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/request'],
              importNames: ['get', 'post', 'postWithMsg'],
              message:
                'Call the endpoint through its api/ file (src/web/api or features/<name>/api), not the request client.',
            },
          ],
        },
      ],
    },
  },
  boundaries,
  {
    // The house keeps files small (issue 19): a source file that grows past 300 lines is split by job. Tests may run longer.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts', 'tools/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts', 'tools/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
    },
  },
);
