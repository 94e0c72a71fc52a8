import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { DocumentNode } from 'graphql';
import * as operations from '../../rest-facade/__generated__/operations.ts';
import { documentedOperations, openApiDocument } from '../../rest-facade/openapi.ts';
import { filesUnder } from '../testkit/source-files.ts';

/**
 * Errors flow one way: services (and, for REST-only rules, operations) throw the typed errors of src/errors.ts,
 * and one mapping turns them into statuses. Lookups are decided by one rule (src/graphql/errors.ts: lookup).
 * So an operation names no failure status and builds no failure reply of its own; and a counted list is
 * declared `paged` once instead of computing its page and headers itself.
 */
const OWN_FAILURES: { pattern: RegExp; what: string }[] = [
  { pattern: /\bstatus\s*:\s*[45]\d\d\b/, what: 'a failure status literal (throw a typed error from src/errors.ts)' },
  { pattern: /\.status\(\s*[45]\d\d\b/, what: 'a failure status sent by hand' },
  { pattern: /\b(notFoundReply|sendError)\b/, what: 'a failure reply of its own' },
  { pattern: /does not exist/, what: "a not-found message of its own (lookups answer NOT_FOUND: use found())" },
  { pattern: /\b(connectionArgsFor|pageFor|paginated|setPaginationHeaders|windowFromPage)\b/, what: 'paging of its own (declare `paged: true`, use call.page and list())' },
];

function ownFailures(source: string): string[] {
  return source.split('\n').flatMap((line, i) => OWN_FAILURES.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `line ${i + 1}: ${what}`));
}

const operationsDir = fileURLToPath(new URL('../../rest-facade/operations', import.meta.url));
const operationFiles = filesUnder(operationsDir, '.ts');

describe('REST operations leave failures and paging to the shared mechanism', () => {
  it('finds what this check forbids in a sample, so the scan below is not vacuous', () => {
    const sample = [
      "if (!repository) return notFoundReply(`repository ${owner}/${name} does not exist`);",
      "if (repository.isEmpty) return { status: 409, body: { message: 'Git Repository is empty.' } };",
      'return paginated(nodes, connectionArgsFor(query, config).window, totalCount);',
      "return { status: 303, headers: { Location: location } };",
    ].join('\n');
    assert.deepEqual(
      ownFailures(sample).map((p) => p.replace(/ \(.*\)$/, '')),
      ['line 1: a failure reply of its own', 'line 1: a not-found message of its own', 'line 2: a failure status literal', 'line 3: paging of its own'],
    );
    assert.ok(operationFiles.length > 20, `only ${operationFiles.length} operation files found under ${operationsDir}`);
  });

  it('has no operation file that names a failure status, builds a not-found reply or pages by itself', () => {
    const problems = operationFiles.flatMap((file) => ownFailures(readFileSync(file, 'utf8')).map((p) => `${path.relative(operationsDir, file)} ${p}`));
    assert.deepEqual(problems, []);
  });

  const exported = operations as unknown as Record<string, { paged?: boolean; document: DocumentNode }>;
  const queryParameters = new Map(
    documentedOperations(openApiDocument).map((d) => [d.operationId, new Set((d.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name))]),
  );
  const variablesOf = (document: DocumentNode) =>
    new Set(document.definitions.flatMap((d) => (d.kind === 'OperationDefinition' ? (d.variableDefinitions ?? []).map((v) => v.variable.name.value) : [])));

  it('declares paged only operations that document page and limit', () => {
    const paged = Object.entries(exported).filter(([, op]) => op.paged).map(([id]) => id);
    assert.ok(paged.length > 20, `only ${paged.length} paged operations`);
    assert.deepEqual(paged.filter((id) => !(queryParameters.get(id)?.has('page') && queryParameters.get(id)?.has('limit'))), []);
  });

  it('declares paged every operation that turns page and limit into connection arguments', () => {
    const undeclared = Object.entries(exported)
      .filter(([id, op]) => queryParameters.get(id)?.has('limit') && variablesOf(op.document).has('first') && !op.paged)
      .map(([id]) => id);
    assert.deepEqual(undeclared, []);
  });
});
