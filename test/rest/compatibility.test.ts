import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkCompatibility, formatReport, loadDocument, type OpenApiLike } from '../testkit/compatibility.ts';
import { useServer } from '../testkit/use-server.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const referenceFile = path.resolve(repoRoot, '../shared/reference/gitea-api-v1.openapi3.json');
const reference = loadDocument(referenceFile);
if (!reference) console.log(`compatibility report skipped: the reference document is missing (${referenceFile})`);

// One server for the file: both blocks read the document it serves.
const server = useServer();

/** Our document as clients get it: fetched from a running server. */
async function servedDocument(): Promise<OpenApiLike> {
  const res = await fetch(new URL('swagger.v1.json', server.url));
  assert.equal(res.status, 200, 'GET /swagger.v1.json');
  return (await res.json()) as OpenApiLike;
}

describe('compatibility with the Gitea API v1 reference', () => {
  let ours: OpenApiLike;
  before(async () => {
    ours = await servedDocument();
  });

  it(
    'implements every operation it shares with the reference under the same operationId, with its parameters and response fields',
    { skip: reference ? false : `reference document missing: ${referenceFile}` },
    () => {
      const report = checkCompatibility(reference!, ours);
      console.log(`Compatibility with ${path.relative(repoRoot, referenceFile)}:\n${formatReport(report)}`);
      assert.ok(report.implemented > 0, 'no operation of ours matches a reference operation: paths or methods are off');
      assert.equal(
        report.drifts.length,
        0,
        `${report.drifting} implemented operation(s) drift from the reference:\n${report.drifts.map((d) => `  - ${d}`).join('\n')}`,
      );
    },
  );
});

describe('the compatibility checker', () => {
  let baseline: OpenApiLike;
  before(async () => {
    baseline = await servedDocument();
  });

  /** Our served document, changed by `edit`, checked against the unchanged one as the reference. */
  const driftAfter = (edit: (doc: any) => void) => {
    const changed = structuredClone(baseline);
    edit(changed);
    return checkCompatibility(baseline, changed);
  };
  const operationCount = (doc: OpenApiLike) =>
    Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).filter((k) => k !== 'parameters').length, 0);

  it('finds no drift and every operation implemented when a document is compared with itself', () => {
    const report = checkCompatibility(baseline, baseline);
    assert.equal(report.total, operationCount(baseline));
    assert.equal(report.implemented, report.total);
    assert.deepEqual(report.drifts, []);
    assert.deepEqual(report.extensions, []);
    assert.match(formatReport(report), new RegExp(`^total: ${report.total} of ${report.total} reference operations implemented, 0 drift$`, 'm'));
  });

  it('reports a renamed response field in every operation that returns it, in objects, arrays and nested arrays', () => {
    const report = driftAfter((doc) => {
      const user = doc.components.schemas.User.properties;
      user.username = user.login;
      delete user.login;
    });
    assert.ok(report.drifts.includes('GET /user (userGetCurrent): response 200 body.login is missing in ours'), report.drifts.join('\n'));
    assert.ok(report.drifts.includes('GET /admin/users (adminSearchUsers): response 200 body[].login is missing in ours'));
    assert.ok(report.drifts.includes('GET /users/search (userSearch): response 200 body.data[].login is missing in ours'));
    assert.ok(report.drifting >= 5, `only ${report.drifting} operations drift`);
    assert.match(formatReport(report), /^user: \d+ of \d+ reference operations implemented, [1-9]\d* drift$/m);
  });

  it('reports a removed parameter', () => {
    const report = driftAfter((doc) => {
      const op = doc.paths['/users/search'].get;
      op.parameters = op.parameters.filter((p: { name?: string }) => p.name !== 'uid');
    });
    assert.deepEqual(report.drifts, ['GET /users/search (userSearch): parameter "uid" (in query) is missing in ours']);
  });

  it('reports a parameter whose type changed, also behind a $ref to components', () => {
    const report = driftAfter((doc) => {
      doc.components.parameters.page.schema.type = 'string';
    });
    assert.ok(report.drifts.length >= 3, report.drifts.join('\n'));
    assert.ok(
      report.drifts.includes('GET /users/search (userSearch): parameter "page" (in query) is string in ours but integer in the reference'),
      report.drifts.join('\n'),
    );
  });

  it('reports a response field whose type changed behind allOf', () => {
    const report = driftAfter((doc) => {
      doc.components.schemas.VisibilityString = { type: 'integer' };
    });
    assert.ok(
      report.drifts.includes('GET /user (userGetCurrent): response 200 body.visibility is integer in ours but string in the reference'),
      report.drifts.join('\n'),
    );
  });

  it('reports a renamed operationId', () => {
    const report = driftAfter((doc) => {
      doc.paths['/version'].get.operationId = 'version';
    });
    assert.deepEqual(report.drifts, ['GET /version (getVersion): operationId is "version" in ours but "getVersion" in the reference']);
  });

  it('reports a success response documented under another status', () => {
    const report = driftAfter((doc) => {
      const responses = doc.paths['/users/{username}/tokens'].post.responses;
      responses['200'] = responses['201'];
      delete responses['201'];
    });
    assert.equal(report.drifts.length, 1, report.drifts.join('\n'));
    assert.match(report.drifts[0], /^POST \/users\/\{username\}\/tokens \(userCreateToken\): success response 201 is not documented in ours/);
  });

  it('counts an operation we lack as not implemented rather than as drift, and one we add as an extension', () => {
    const report = driftAfter((doc) => {
      doc.paths['/extra'] = { get: structuredClone(doc.paths['/version'].get) };
      doc.paths['/extra'].get.operationId = 'extra';
      delete doc.paths['/version'];
    });
    assert.deepEqual(report.drifts, []);
    assert.equal(report.implemented, report.total - 1);
    assert.deepEqual(report.extensions, ['GET /extra (extra)']);
    // /version was one of the miscellaneous operations implemented: that area now lacks exactly one.
    const [, implemented, total] = /^miscellaneous: (\d+) of (\d+) reference operations implemented, 0 drift$/m.exec(formatReport(report)) ?? [];
    assert.equal(Number(implemented), Number(total) - 1, formatReport(report));
  });

  it('matches path parameters by position, so a renamed one is reported as drift instead of hiding the operation', () => {
    const report = driftAfter((doc) => {
      const item = doc.paths['/users/{username}'];
      delete doc.paths['/users/{username}'];
      item.get.parameters = [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }];
      doc.paths['/users/{name}'] = item;
    });
    assert.equal(report.implemented, report.total);
    assert.deepEqual(report.drifts, ['GET /users/{username} (userGet): parameter "username" (in path) is missing in ours']);
  });
});
