// The linter keeps the architecture's boundaries (README, "Architecture"): which layer may import which,
// no import cycles, no promise left floating. `npm run lint`; `npm test` runs it first.
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** A no-restricted-imports rule: `patterns` are gitignore-style globs matched against the import specifier. */
const forbid = (...groups) => ['error', { patterns: groups.map(({ group, message }) => ({ group, message })) }];

const restFacade = { group: ['**/rest-facade/**'], message: 'the domain and the core never depend on the REST facade; it depends on them' };
const graphqlLayer = {
  group: ['graphql', 'graphql/*', '@pothos/*', '**/graphql/**', '**/*.graphql.ts', '**/*.graphql'],
  message: 'services hold the rules and know nothing of GraphQL: resolvers call services, never the reverse',
};
const domain = { group: ['**/domain/**'], message: 'src/git is the git layer: it knows repositories on disk, not the domain' };
const childProcess = {
  group: ['node:child_process', 'child_process'],
  message: 'only src/git spawns git (src/git/command.ts builds every command)',
};

export default tseslint.config(
  { ignores: ['**/__generated__/**', 'node_modules/**', 'data/**', '.tmp/**', 'prisma/__generated__/**'] },
  {
    files: ['**/*.ts', 'src/web/**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }] },
      ],
      'no-control-regex': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/app.ts', 'src/git/**'],
    rules: { 'no-restricted-imports': forbid(restFacade, childProcess) },
  },
  { files: ['src/git/**/*.ts'], rules: { 'no-restricted-imports': forbid(restFacade, domain) } },
  {
    // Services and everything they are made of (rules, input tables, caches, counters, helpers): every module of
    // a domain area but its GraphQL types (<area>.graphql.ts) and its request loaders (<area>.loaders.ts).
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.graphql.ts', 'src/domain/**/*.loaders.ts'],
    rules: { 'no-restricted-imports': forbid(restFacade, graphqlLayer, childProcess) },
  },
  {
    files: ['rest-facade/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(childProcess, {
        // Pure rule modules (names, levels, vocabularies; no I/O) are shared knowledge the facade may read.
        group: ['**/src/domain/**/*.ts', '!**/src/domain/**/*.rules.ts', '!**/src/domain/access/units.ts', '**/src/db/**', '**/src/git/**'],
        message: 'the REST facade runs GraphQL documents; it never reaches into services, the database or git',
      }),
    },
  },
  {
    // The web interface is a client of the GraphQL API, built apart: it never imports the server, and the
    // server never imports it (its build tools excepted: src/web/build.ts and vite.config.ts).
    files: ['**/*.ts', 'src/web/**/*.tsx'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/web', from: './src', except: ['./web'], message: 'the web interface reads /api/graphql only; it never imports the server' },
            { target: './src/web', from: './rest-facade', message: 'the web interface reads /api/graphql only; it never imports the server' },
            { target: ['./src/!(web)/**/*', './src/*.ts', './rest-facade/**/*', './test/**/*'], from: './src/web', except: ['./build.ts'], message: 'the server never imports the web interface' },
          ],
        },
      ],
    },
  },
);
