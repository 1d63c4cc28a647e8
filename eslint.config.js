import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCycle from './lint/no-import-cycle.js';

const webFeatures = readdirSync(new URL('web/src/features', import.meta.url));
const serverRoutes = readdirSync(new URL('server/src/routes', import.meta.url));

/**
 * The layers import one way: `components` and `lib` → `features` → `app`. A feature never
 * imports another feature, and a route never imports another route.
 */
function layerZones() {
  const zone = (target, from, message, except = []) => ({ target, from, except, message });
  return [
    ...['web/src/components', 'web/src/lib'].flatMap((target) => [
      zone(target, 'web/src/features', 'Components and lib never import a feature.'),
      zone(target, 'web/src/app', 'Components and lib never import the app.'),
    ]),
    zone('web/src/features', 'web/src/app', 'A feature never imports the app.'),
    ...webFeatures.map((feature) =>
      zone(
        `web/src/features/${feature}`,
        'web/src/features',
        'A feature never imports another feature.',
        [`./${feature}`],
      ),
    ),
    // Better Auth's internals are reached through the one module that pins them.
    zone(
      ['server/src/!(auth)/**', 'server/src/*.ts', 'server/src/auth/*.ts', '{bench,tests}/**'],
      'server/src/auth/better-auth/!(index).ts',
      "Reach Better Auth's internals through server/src/auth/better-auth/index.ts.",
    ),
    // Each route file is closed to the whole folder, so a route added later is held too.
    ...serverRoutes.map((route) =>
      zone(
        'server/src/routes',
        `server/src/routes/${route}`,
        'A route never imports another route.',
      ),
    ),
    ...serverLayerZones(zone),
    zone(
      'shared',
      ['server', 'web'],
      'Shared code is the contract both sides import: it imports nothing from the server or the web app.',
    ),
  ];
}

/** The packages that reach the database; `pg` resolves to its types in `@types/pg`. */
const databasePackages = [
  'kysely',
  'kysely-pglite-dialect',
  'pg',
  '@types/pg',
  '@electric-sql/pglite',
].map((name) => `node_modules/${name}`);

const repositories = 'server/src/**/*-repository.ts';
const services = 'server/src/**/*-service.ts';

/**
 * The server's layers: a route parses, finds who acts, calls one service and answers; a
 * service decides, changes, audits and announces; a repository holds the SQL. Type-only
 * imports are held like the rest, since a route that names a repository's types is written
 * against the database all the same.
 */
function serverLayerZones(zone) {
  const routeMessage =
    'A route reaches the database only through a service: it imports no repository, nothing from server/src/db, and no Kysely, pg or PGlite.';
  const repositoryMessage =
    'A repository holds SQL and returns plain objects: it imports no route, service, realtime or http module.';
  return [
    zone('server/src/routes', 'server/src/db', routeMessage),
    zone('server/src/routes', repositories, routeMessage),
    zone('server/src/routes', databasePackages, routeMessage),
    zone(
      repositories,
      ['server/src/routes', 'server/src/realtime', 'server/src/http'],
      repositoryMessage,
    ),
    zone(repositories, services, repositoryMessage),
    zone(services, 'server/src/routes', 'A service never imports a route: routes call services.'),
  ];
}

const layerRule = () => ['error', { basePath: import.meta.dirname, zones: layerZones() }];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'coverage',
      'test-results',
      'test-reports',
      'playwright-report',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: {
      'import-x': importX,
      'check-file': checkFile,
      sewa: { rules: { 'no-import-cycle': noImportCycle } },
    },
    settings: {
      // Without these the import rules read only .js files and see no TypeScript module at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'tsconfig.json',
            'web/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // In place of `import-x/no-cycle`, which leaves type-only imports out and cannot count them.
      'sewa/no-import-cycle': 'error',
      'import-x/no-restricted-paths': layerRule(),
      'check-file/filename-naming-convention': [
        'error',
        // Kebab case that may start with a digit, as the numbered migrations do.
        { '**/*.{ts,tsx,js,mjs}': '+([a-z0-9])*(-+([a-z0-9]))' },
        // `x.test.ts`, `vite.config.ts`: only the part before the first dot is a name.
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{bench,e2e,scripts,server,shared,tests,web}/**/': 'KEBAB_CASE' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name="only"]',
          message: 'Do not commit focused tests.',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every word a person reads comes from the translation files.
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-text-only',
          'should-validate-template': true,
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The web app never imports server code.' },
            {
              // Classic zod itself; '@hookform/resolvers/zod' takes zod/mini schemas and stays allowed.
              regex: '^zod(/v[34])?$',
              message: "Shared and web code use 'zod/mini' to stay small.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `@/` is the web app's alias; it resolves only where the web app is compiled.
              regex: '^@/',
              message:
                'Shared code is the contract both sides import: it imports nothing from the server or the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'tests/**'],
    rules: {
      'i18next/no-literal-string': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
);
