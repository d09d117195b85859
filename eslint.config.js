import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Boundaries (STYLE.md, "The shape of the house"), checked on every import, export-from and
 * type import: scripts/lint-boundaries.test.ts shows each rule refusing a violation.
 * - server/lib is the lowest server layer: it imports no feature and nothing of web/.
 * - contract/ is shared by both sides: it imports nothing of server/ or web/.
 * - A server feature imports another feature only through its entry module
 *   (server/features/<feature>/index.ts: `from '../lists'`, never `from '../lists/service'`).
 * - Web features are layered (WEB_FEATURE_LAYERS): a feature imports only the features listed
 *   after it, so no two import each other; web/components and web/lib import no feature.
 * - Production code (server/, web/, contract/ outside *.test.ts(x) and server/test/) imports no
 *   test code: server/test/ (the harness, and test support: shared helpers at server/test/support/,
 *   a feature's fixtures, oracles and child processes at server/test/support/<feature>/, ADR 059),
 *   e2e/ or bench/. This one is @typescript-eslint/no-restricted-imports, a rule of its own: flat
 *   config replaces a rule's options file by file, so on the base rule it would be lost wherever a
 *   boundary above applies.
 * - A server feature's service (every file but routes.ts and *-routes.ts, and server/maintenance.ts)
 *   imports neither lib/context (AppDeps, AppEnv) nor server/services: it names the deps it uses
 *   and the routes or server/jobs.ts hand them in (ADR 060). Part of the test-code rule's options
 *   below, for the same reason.
 * Tests of server/lib are exempt from its rule: they exercise lib through the assembled app.
 */

/** Web features from the top (they compose others) to the bottom (they import no feature). */
const WEB_FEATURE_LAYERS = [
  ['admin', 'dev-mailbox', 'import', 'not-found', 'specialties', 'submissions'],
  ['directory'],
  ['lists'],
  ['exports'],
  ['account'],
  ['api-keys', 'saved-searches'],
  ['physicians'],
  ['integrations', 'outreach'],
  ['contacts', 'contact-form'],
  ['marketing'],
  ['billing', 'removal'],
  ['auth'],
];

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const TEST_CODE = {
  regex: '^(\\.\\.?/)+((server/)?test|e2e|bench)/',
  message: 'Production code imports no test code (server/test/, e2e/, bench/): move what it needs into the feature (ADR 059).',
};

const SERVICE_DEPS = {
  regex: '^(\\.\\.?/)+(lib/context|services)(\\.[jt]s)?$',
  message:
    'A service receives what it uses (ADR 060): type its deps from lib (Db, Env, Logger) and the services it needs; the routes (routes.ts, *-routes.ts) and server/jobs.ts hand them in from AppDeps.',
};

/** Another server feature's inner module, from a file `depth` folders below server/features/<feature>/. */
const serverFeatureBoundary = (depth) => ({
  files: [`server/features/*/${'*/'.repeat(depth - 1)}*.ts`],
  rules: restrict([
    {
      regex: `^(\\.\\./){${depth}}[^./][^/]*/|^(\\.\\./)+features/[^/]+/.`,
      message: "Import another feature through its entry module: '../<feature>' (server/features/<feature>/index.ts).",
    },
  ]),
});

const webFeatureBoundaries = WEB_FEATURE_LAYERS.flatMap((layer, index) => {
  const above = WEB_FEATURE_LAYERS.slice(0, index + 1).flat();
  return layer.map((feature) => ({
    files: [`web/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict([
      {
        regex: `^@web/features/(${above.filter((f) => f !== feature).join('|')})(/|$)`,
        message: `web/features/${feature} may import only the features listed after its layer in eslint.config.js (WEB_FEATURE_LAYERS): move what both need to web/components or web/lib.`,
      },
      { regex: '^\\.\\./[^./]', message: "Import another web feature by its alias ('@web/features/<feature>/...')." },
    ]),
  }));
});

export default tseslint.config(
  { ignores: ['dist', 'data', '.tmp', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['server/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      { regex: '^(\\.\\./)+features(/|$)', message: 'server/lib is the lowest layer: it imports no feature.' },
      {
        regex: '^(\\.\\./)+web(/|$)|^@web(/|$)',
        message: 'server/lib imports nothing of web/: the web app hands in what the server needs (createApp options).',
      },
    ]),
  },
  {
    files: ['contract/**/*.ts'],
    rules: restrict([
      {
        regex: '^(\\.\\./)+(server|web)(/|$)|^@web(/|$)',
        message: 'contract/ is shared by the server and the web app: it imports neither.',
      },
    ]),
  },
  serverFeatureBoundary(1),
  serverFeatureBoundary(2),
  serverFeatureBoundary(3),
  ...webFeatureBoundaries,
  {
    files: ['web/components/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}'],
    rules: restrict([
      { regex: '^@web/features(/|$)', message: 'web/components and web/lib are shared: they import no feature.' },
    ]),
  },
  {
    files: ['server/**/*.ts', 'web/**/*.{ts,tsx}', 'contract/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'server/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [TEST_CODE],
        },
      ],
    },
  },
  {
    // After the rule above, whose options it replaces for these files: it keeps TEST_CODE.
    files: ['server/features/**/*.ts', 'server/maintenance.ts'],
    ignores: ['**/*.test.ts', 'server/features/**/routes.ts', 'server/features/**/*-routes.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [TEST_CODE, SERVICE_DEPS] }] },
  },
  {
    // Tests assert on JSON bodies; typing every response would add noise, not safety.
    files: ['**/*.test.ts', 'server/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
