import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { LINT_PROBE_PREFIX } from '../testkit/source-files.ts';

/**
 * The linter's boundary rules, proved on probe files written into the real tree (the rules are keyed to
 * folders), linted with the project's own eslint.config.js, and removed afterwards.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const probeName = `${LINT_PROBE_PREFIX}${process.pid}`;
const written: string[] = [];
const eslint = new ESLint({ cwd: root });

function probe(relativeDir: string, files: Record<string, string>): string[] {
  const dir = path.join(root, relativeDir, probeName);
  mkdirSync(dir, { recursive: true });
  written.push(dir);
  return Object.entries(files).map(([name, text]) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  });
}

async function ruleIdsOf(files: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.map((m) => m.ruleId ?? m.message));
}

describe('the linter keeps the architecture', () => {
  after(() => {
    for (const dir of written) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a service that imports GraphQL', async () => {
    const files = probe('src/domain', { 'probe.service.ts': "import { GraphQLError } from 'graphql';\nexport const e = GraphQLError;\n" });
    assert.deepEqual(await ruleIdsOf(files), ['no-restricted-imports']);
  });

  it('refuses any module of a domain area but its GraphQL types and loaders that imports GraphQL', async () => {
    const graphqlImport = "import { GraphQLError } from 'graphql';\nexport const e = GraphQLError;\n";
    const refused = probe('src/domain', { 'probe.caches.ts': graphqlImport, 'writable.ts': graphqlImport });
    assert.deepEqual(await ruleIdsOf(refused), ['no-restricted-imports', 'no-restricted-imports']);
    const allowed = probe('src/domain', { 'probe.graphql.ts': graphqlImport, 'probe.loaders.ts': graphqlImport });
    assert.deepEqual(await ruleIdsOf(allowed), []);
  });

  it('refuses a domain module that imports the REST facade', async () => {
    const files = probe('src/domain', { 'probe.ts': "import { ok } from '../../../rest-facade/operation.ts';\nexport const o = ok;\n" });
    assert.deepEqual(await ruleIdsOf(files), ['no-restricted-imports']);
  });

  it('refuses a web interface module that imports the server, and a server module that imports the web interface', async () => {
    const page = probe('src/web', { 'probe.ts': "import { GRAPHQL_PATH } from '../../graphql/server.ts';\nexport const p = GRAPHQL_PATH;\n" });
    assert.deepEqual(await ruleIdsOf(page), ['import-x/no-restricted-paths']);
    const server = probe('src/http', { 'probe.ts': "import { csrfToken } from '../../web/app/cookies.ts';\nexport const c = csrfToken;\n" });
    assert.deepEqual(await ruleIdsOf(server), ['import-x/no-restricted-paths']);
    const own = probe('src/web', { 'own.ts': "import { csrfToken } from '../app/cookies.ts';\nexport const c = csrfToken;\n" });
    assert.deepEqual(await ruleIdsOf(own), []);
  });

  it('refuses a git module that imports the domain', async () => {
    const files = probe('src/git', { 'probe.ts': "import { toDomainError } from '../../domain/git-errors.ts';\nexport const d = toDomainError;\n" });
    assert.deepEqual(await ruleIdsOf(files), ['no-restricted-imports']);
  });

  it('refuses a module outside src/git that spawns processes', async () => {
    const files = probe('src/http', { 'probe.ts': "import { spawn } from 'node:child_process';\nexport const s = spawn;\n" });
    assert.deepEqual(await ruleIdsOf(files), ['no-restricted-imports']);
  });

  it('refuses the REST facade reaching into services', async () => {
    const files = probe('rest-facade', { 'probe.ts': "import { toDomainError } from '../../src/domain/git-errors.ts';\nexport const n = toDomainError;\n" });
    assert.deepEqual(await ruleIdsOf(files), ['no-restricted-imports']);
  });

  it('refuses an import cycle', async () => {
    const files = probe('src', {
      'a.ts': "import { b } from './b.ts';\nexport const a = (): number => b() + 1;\n",
      'b.ts': "import { a } from './a.ts';\nexport const b = (): number => a() - 1;\n",
    });
    assert.deepEqual(await ruleIdsOf(files), ['import-x/no-cycle', 'import-x/no-cycle']);
  });

  it('refuses a promise left floating', async () => {
    const files = probe('src', { 'floating.ts': 'export function f(load: () => Promise<void>) {\n  load();\n}\n' });
    assert.deepEqual(await ruleIdsOf(files), ['@typescript-eslint/no-floating-promises']);
  });

  it('lets the REST facade read pure rule modules of the domain', async () => {
    const files = probe('rest-facade', { 'probe.ts': "import { UNITS } from '../../src/domain/access/units.ts';\nexport const u = UNITS;\n" });
    assert.deepEqual(await ruleIdsOf(files), []);
  });

  it('passes a module that keeps to its layer', async () => {
    const files = probe('src/domain', { 'probe.service.ts': "import { notFound } from '../../errors.ts';\nexport const n = notFound;\n" });
    assert.deepEqual(await ruleIdsOf(files), []);
  });
});
