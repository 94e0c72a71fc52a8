/**
 * Every operation of schema/openapi/, called on a live server with valid inputs, answers a body with
 * every property of the reference (Gitea) response schema, each of the right JSON type, null only where
 * Gitea's field is a pointer. A fixture world is built once; each area declares its calls, in the order they run,
 * and its deletions in test/rest/fixtures/<area>.ts (test/testkit/walking.ts says how).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadOpenApiDocument } from '../../rest-facade/openapi.ts';
import { createAccount } from '../testkit/accounts.ts';
import { bodySchema, loadDocument, METHODS, pathTemplate, type OpenApiLike } from '../testkit/compatibility.ts';
import { buildRepo } from '../testkit/repos.ts';
import { tempDir } from '../testkit/git.ts';
import { LocalHistory } from '../testkit/history.ts';
import { addTeamMember, createOrg, createTeam } from '../testkit/orgs.ts';
import { shapeProblems } from '../testkit/shapes.ts';
import { upload } from '../testkit/uploads.ts';
import { useServer } from '../testkit/use-server.ts';
import { loadAreaFixtures, type ShapeEntry, type ShapesWorld } from '../testkit/walking.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const referenceFile = path.resolve(repoRoot, '../shared/reference/gitea-api-v1.openapi3.json');
const reference = loadDocument(referenceFile);
const ours = loadOpenApiDocument() as unknown as OpenApiLike;

interface Documented {
  method: string;
  path: string;
  operation: Record<string, any>;
}

function operationsOf(doc: OpenApiLike): Map<string, Documented> {
  const byId = new Map<string, Documented>();
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) if (item[method]) byId.set(item[method].operationId, { method, path: p, operation: item[method] });
  }
  return byId;
}
const documented = operationsOf(ours);
const referenceByRoute = new Map([...operationsOf(reference ?? { paths: {} }).values()].map((op) => [`${op.method} ${pathTemplate(op.path)}`, op]));


/** Every area's calls in area order, then every area's cleanup (test/rest/fixtures/<area>.ts). */
const areas = await loadAreaFixtures();
const calls: ShapeEntry[] = [...areas.flatMap((a) => a.shapes?.calls ?? []), ...areas.flatMap((a) => a.shapes?.cleanup ?? [])];
const pointers: ReadonlySet<string> = new Set(areas.flatMap((a) => a.shapes?.pointers ?? []));
/** Operations whose success body is not JSON, as each area names them: checked for their status only. */
const NON_JSON: ReadonlySet<string> = new Set(areas.flatMap((a) => a.shapes?.nonJson ?? []));
const UNCONFIGURED: ReadonlySet<string> = new Set(areas.flatMap((a) => a.shapes?.unconfigured ?? []));

/** A path template filled with the call's values; slashes inside a value (a file path) stay path separators. */
function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    assert.ok(name in params, `no value for {${name}} in ${template}`);
    return String(params[name]).split('/').map(encodeURIComponent).join('/');
  });
}

describe('every response carries every field of the reference schema, like Gitea', { skip: reference ? false : `reference document missing: ${referenceFile}` }, () => {
  const server = useServer();
  const { api } = server;
  const world = { server, made: {} } as ShapesWorld;
  const work = tempDir('graft-shapes-');

  before(async () => {
    world.alice = await createAccount(api);
    world.bob = await createAccount(api);
    world.carol = await createAccount(api);
    world.temp = `temp${process.pid}`;
    world.org = await createOrg(server, [world.alice]);
    world.devs = await createTeam(server, world.org, { name: 'devs', permission: 'write' });
    await addTeamMember(server, world.alice, world.devs, world.bob);

    // alice/shapes: history by alice (so commits link her account), a feature branch, an annotated and a light tag.
    const { alice, bob } = world;
    world.repo = 'shapes';
    world.repoId = (await buildRepo(server, alice, { name: world.repo })).id;
    const local = new LocalHistory(path.join(work.dir, world.repo));
    const author = { name: 'Alice', email: alice.email };
    local.commit({ message: 'first', date: '2024-01-02T03:04:05Z', author, files: { 'README.md': '# shapes\n', 'docs/guide.md': 'guide\n' } });
    local.run(['tag', 'v0']);
    local.commit({ message: 'second\n\nwith a body', date: '2024-01-03T03:04:05Z', author, files: { 'src/app.js': 'console.log(1);\n' } });
    local.run(['tag', '-a', 'v1', '-m', 'release 1'], { GIT_COMMITTER_DATE: '2024-01-04T00:00:00Z' });
    local.run(['checkout', '-q', '-b', 'feature']);
    local.commit({ message: 'feature work', date: '2024-01-05T03:04:05Z', author, files: { 'src/feature.js': 'export {};\n' } });
    local.run(['checkout', '-q', 'main']);
    await local.push(server.url, alice.login, world.repo, [alice.login, alice.password], ['main', 'feature', 'v0', 'v1']);
    world.oids = { annotatedTag: local.rev('v1'), tree: local.rev('main^{tree}'), blob: local.rev('main:README.md') };

    // A fork by bob.
    assert.equal((await api.post(`/repos/${alice.login}/${world.repo}/forks`, {}, bob.basic)).status, 202);
    for (const area of areas) await area.shapes?.setup?.(world);
  });
  after(() => work.remove());

  it('calls every operation of schema/openapi/, so a new operation cannot go unchecked', () => {
    const called = new Set(calls.map(([id]) => id));
    const missing = [...documented.keys()].filter((id) => !called.has(id));
    assert.deepEqual(missing, [], 'operations of schema/openapi/ without a call in this test');
    const unknown = [...called].filter((id) => !documented.has(id));
    assert.deepEqual(unknown, [], 'calls to operations that schema/openapi/ does not have');
  });

  for (const [operationId, title, make] of calls) {
    it(`${operationId}${title ? ` (${title})` : ''} answers a success with the reference fields`, async () => {
      const op = documented.get(operationId);
      assert.ok(op, `${operationId} is not in schema/openapi/`);
      const call = make(world);
      const url = new URL(`http://x${fill(op.path, call.params)}`);
      for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
      const res = call.files
        ? await upload(server.url, `${url.pathname}${url.search}`, call.files, call.auth)
        : await api.request(op.method.toUpperCase(), `${url.pathname}${url.search}`, { auth: call.auth, body: call.body });

      const successes = Object.keys(op.operation.responses).filter((code) => /^2\d\d$/.test(code));
      // An operation that needs configuration the walk's server lacks answers its documented 404 (or 403, Gitea's
      // answer for a feature the server turned off, such as repositories' git hooks) here.
      const expected = UNCONFIGURED.has(operationId) ? Object.keys(op.operation.responses).filter((code) => code === '404' || code === '403') : successes;
      assert.ok(expected.includes(String(res.status)), `${op.method.toUpperCase()} ${url.pathname}: ${res.status} ${JSON.stringify(res.body)}`);
      if (UNCONFIGURED.has(operationId)) return;
      call.then?.(res);
      if (NON_JSON.has(operationId) || res.status === 204) return;
      // A success documented without a body (Gitea's 200 and 201 of issue subscriptions) must send none.
      if (!bodySchema(ours, op.operation.responses[String(res.status)])) return assert.equal(res.body, undefined, `${operationId} ${res.status} documents no body`);

      // An operation Gitea lacks (an extension) is held to our own document instead.
      const referenceOp = referenceByRoute.get(`${op.method} ${pathTemplate(op.path)}`);
      const [doc, responses] = referenceOp ? [reference!, referenceOp.operation.responses] : [ours, op.operation.responses];
      const status = responses[res.status] ? String(res.status) : Object.keys(responses).filter((c) => /^2\d\d$/.test(c)).sort()[0];
      const schema = bodySchema(doc, responses[status]);
      assert.ok(schema, `no body schema for ${operationId} ${status}`);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      assert.deepEqual(shapeProblems(doc, schema, res.body, 'body', pointers), []);
    });
  }
});

describe('the response shape checker', () => {
  const doc: OpenApiLike = {
    paths: {},
    components: {
      schemas: {
        Kind: { type: 'string', enum: ['a', 'b'] },
        Inner: { type: 'object', properties: { n: { type: 'integer' } } },
        Outer: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            when: { type: 'string', format: 'date-time' },
            ratio: { type: 'number' },
            on: { type: 'boolean' },
            kind: { allOf: [{ $ref: '#/components/schemas/Kind' }] },
            tags: { type: 'array', items: { type: 'string' } },
            inner: { $ref: '#/components/schemas/Inner' },
            list: { type: 'array', items: { $ref: '#/components/schemas/Inner' } },
            levels: { type: 'object', additionalProperties: { type: 'string' } },
            anything: {},
          },
        },
      },
    },
  };
  const schema = { $ref: '#/components/schemas/Outer' };
  const good = () => ({
    name: 'x', when: '0001-01-01T00:00:00Z', ratio: 0.5, on: false, kind: 'a', tags: [], inner: { n: 1 },
    list: [{ n: 2 }], levels: { 'repo.code': 'read' }, anything: null, extra: 'ours',
  });

  it('accepts a body with every property of the right type, extra properties and untyped nulls included', () => {
    assert.deepEqual(shapeProblems(doc, schema, good()), []);
  });

  it('reports missing properties and wrong types, in nested objects, array items and map values', () => {
    const body: any = good();
    delete body.name;
    body.ratio = '0.5';
    body.kind = 1;
    body.inner = { n: 1.5 };
    body.list = [{}];
    body.levels = { 'repo.code': 2 };
    body.tags = 'a,b';
    assert.deepEqual(shapeProblems(doc, schema, body), [
      'body.name is missing',
      'body.ratio is string, not number',
      'body.kind is number, not string',
      'body.tags is string, not array',
      'body.inner.n is number 1.5, not integer',
      'body.list[0].n is missing',
      'body.levels["repo.code"] is number, not string',
    ]);
  });

  it('accepts null only where Gitea has a pointer, and times only in RFC 3339', () => {
    const body: any = { ...good(), inner: null, tags: null, when: '2024-01-02 03:04:05' };
    assert.deepEqual(shapeProblems(doc, schema, body, 'body', new Set(['Outer.inner'])), [
      'body.when is "2024-01-02 03:04:05", not an RFC 3339 time',
      "body.tags is null, but Gitea's field is no pointer: it sends the zero value",
    ]);
    assert.deepEqual(shapeProblems(doc, schema, { ...body, tags: [], when: '2024-01-02T03:04:05+01:00' }, 'body', new Set(['Outer.inner'])), []);
  });
});
