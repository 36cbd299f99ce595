import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries, as no-restricted-imports patterns.
const noApps = {
  group: ['@sentinela/server', '@sentinela/server/*', '@sentinela/web', '@sentinela/web/*', '**/apps/**'],
  message: 'Packages do not import the apps.',
};
const noDatabaseInShared = {
  group: ['@sentinela/db', '@sentinela/db/*'],
  message: 'packages/shared is the contract: it never imports the database.',
};
const serverTypeOnly = {
  regex: '^@sentinela/server/(?!router$)|/server/src/',
  message:
    'The web imports the server only as the AppRouter type (@sentinela/server/router); the contract is @sentinela/shared.',
};
const noWeb = {
  group: ['@sentinela/web', '@sentinela/web/*', '**/web/src/**'],
  message: 'The server does not import the web.',
};
const noFeaturesOrShell = {
  regex: '^(\\.\\./)+(features|app)/',
  message: 'components/ and lib/ serve every feature: they import neither a feature nor the app shell.',
};
const noShellInFeatures = {
  regex: '^(\\.\\./)+app/',
  message: 'A feature does not import the app shell (app/); the route table imports the feature.',
};
// Raw reads outside tests are parsed by a schema (parseRows), so a changed column fails a check.
const noUntypedRows = {
  name: '@sentinela/db/sql-helpers',
  importNames: ['rowsOf'],
  message:
    'Parse raw rows with parseRows(schema, result): a cast with rowsOf<T> hides a changed column from tsc and tests.',
};
// `../<other-area>/…`, except the shared plant feature and another area's published service (`../x/x.service`).
const noOtherFeature = {
  regex: '^\\.\\./(?!\\.\\./|plant/)([a-z0-9-]+)/(?!\\1\\.service$)',
  message:
    "A feature does not import another feature's internals: move what two need to features/plant, platform/ (server), components/ or lib/ (web), or packages/shared.",
};
const noUpperServerLayers = {
  regex: '^(\\.\\./)+(features|trpc|http)/',
  message: 'platform/ and telemetry/ sit below the features, tRPC and HTTP: they do not import them.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      '**/*.mjs',
      'apps/web/public/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type X }` keeps the module (verbatimModuleSyntax): a page would load zod for a type.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/only-throw-error': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The server reads its environment in one place, validated (apps/server/src/env.ts).
    files: ['apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['apps/server/src/env.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through apps/server/src/env.ts.' },
      ],
    },
  },
  // Boundaries (docs/ARCHITECTURE.md). Each block lists every pattern for its files: a later
  // block's no-restricted-imports replaces an earlier one's for the same file.
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noApps, noDatabaseInShared] }] },
  },
  {
    files: ['packages/db/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noApps] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverTypeOnly, noFeaturesOrShell] }] },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverTypeOnly, noShellInFeatures, noOtherFeature] }] },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverTypeOnly] }] },
  },
  {
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noOtherFeature], paths: [noUntypedRows] }] },
  },
  {
    files: ['apps/server/src/platform/**/*.ts', 'apps/server/src/telemetry/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noUpperServerLayers], paths: [noUntypedRows] }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
