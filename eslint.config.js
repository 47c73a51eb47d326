// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Layer boundaries. `no-restricted-imports` matches the import string, not the resolved file, so each
 * forbidden layer is written twice: as the `@/` alias and as a relative path climbing to `src/`
 * (`(\.\./)+server/...`). No directory inside a layer is named like a top-level layer, so the relative
 * form cannot catch a sibling by accident.
 *
 * ESLint does not merge the options of one rule across config blocks (the last matching block wins), so
 * every block below lists all the restrictions that apply to its files, built from these pieces.
 */
const layer = (name, message) => ({ regex: `^(@/|(\\.\\./)+)${name}(/|$)`, message });

const noServer = layer('server', 'Only the server may import src/server.');
const noDb = layer('db', 'Only the server may import src/db.');
const noClient = layer('client', 'Only the client may import src/client.');

const noSchemaInRoutes = [
  layer('db/schema', 'Routes stay thin: tables and SQL belong in a service under src/server/services.'),
  { regex: '^drizzle-orm(/|$)', message: 'Routes stay thin: queries belong in a service under src/server/services.' },
];

const noInfraInEngines = [
  noServer,
  noDb,
  noClient,
  { regex: '^(fastify|@fastify/.*|drizzle-orm(/.*)?|drizzle-kit|pg|@electric-sql/pglite)$', message: 'Engines are pure TypeScript: no HTTP and no database.' },
];

const routeMessage = 'A route must not import another route: move the shared code to a service or to src/server/http.ts.';

const rawApiCalls = {
  regex: '^(@/client/|(\\.\\./)+)lib/api$',
  importNames: ['apiJson', 'apiRequest', 'apiUpload'],
  message: 'Pages and components read and write data through the hooks in src/client/features/*/api.ts.',
};

/**
 * @param {...object} patterns
 * @returns {['error', { patterns: object[] }]}
 */
const restrict = (...patterns) => ['error', { patterns }];

export default defineConfig([
  globalIgnores(['dist/', 'data/', 'datasets/', 'node_modules/', 'test-results/', 'playwright-report/', '.tmp/', '**/*.json', 'src/db/migrations/**']),
  // the Capacitor projects hold copies of the built client (npx cap sync, docs/mobile.md)
  globalIgnores(['android/', 'ios/']),

  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // The browser bundle, and Playwright specs whose callbacks run in the page.
  {
    files: ['src/client/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.browser } },
  },

  // Only the two classic hook rules: the React Compiler rules of eslint-plugin-react-hooks v6+ are not enabled.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    // The plugin's bundled types describe its legacy `configs` shape, which ESLint's Plugin type rejects.
    plugins: { 'react-hooks': /** @type {import('eslint').ESLint.Plugin} */ (/** @type {unknown} */ (reactHooks)) },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Tests read JSON answers and fake providers' requests field by field; declaring every shape there buys nothing.
  { files: ['tests/**', 'e2e/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },

  { files: ['src/engines/**'], rules: { 'no-restricted-imports': restrict(...noInfraInEngines) } },
  { files: ['src/shared/**'], rules: { 'no-restricted-imports': restrict(noServer, noDb, noClient) } },
  // The command line (veritext detect) runs engines offline or calls a server's public API, never the server's code.
  { files: ['src/cli/**'], rules: { 'no-restricted-imports': restrict(noServer, noDb, noClient) } },
  { files: ['src/client/**'], rules: { 'no-restricted-imports': restrict(noServer, noDb) } },
  {
    files: ['src/client/pages/**', 'src/client/components/**'],
    rules: { 'no-restricted-imports': restrict(noServer, noDb, rawApiCalls) },
  },

  // Routes: parse, check the permission, call a service. Files directly in routes/ see other routes as
  // `./x`; files one level down (routes/tools/) see them as `./x` and `../x`.
  {
    files: ['src/server/routes/*.ts'],
    rules: {
      'no-restricted-imports': restrict(...noSchemaInRoutes, { regex: '^(\\./|@/server/routes(/|$))', message: routeMessage }),
    },
  },
  {
    files: ['src/server/routes/*/**'],
    rules: {
      'no-restricted-imports': restrict(...noSchemaInRoutes, {
        regex: '^(\\./|\\.\\./(?!\\.\\./)|\\.\\.$|@/server/routes(/|$))',
        message: routeMessage,
      }),
    },
  },
]);
