import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadOpenApiDocument } from '../../rest-facade/openapi.ts';
import { nullPruner } from '../../rest-facade/validation.ts';
import { createAccount } from '../testkit/accounts.ts';
import { adminAuth } from '../testkit/client.ts';
import { ADMIN } from '../testkit/server.ts';
import { buildRepo } from '../testkit/repos.ts';
import { createOrg } from '../testkit/orgs.ts';
import { useServer } from '../testkit/use-server.ts';
import { loadAreaFixtures, type BodiesWorld, type BodyFixture } from '../testkit/walking.ts';

/**
 * Gitea clients send null for optional fields they leave unset (Gitea decodes null as "not given"). For every
 * operation of schema/openapi/ with a JSON body, a valid body plus every documented optional field as null
 * must be answered as the valid body alone is; a required field sent as null must be refused as a missing one.
 * Each area's valid bodies are in test/rest/fixtures/<area>.ts.
 */

type Schema = { $ref?: string; allOf?: Schema[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; nullable?: boolean };
const document = loadOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, { operationId: string; requestBody?: { content: { 'application/json'?: { schema: Schema } } } }>>;
  components: { schemas: Record<string, Schema> };
};

/** A schema with $refs and allOf folded in: its properties, which of them are required, and its items. */
function resolve(schema: Schema): { properties: Record<string, Schema>; required: string[]; items?: Schema; nullable: boolean } {
  if (schema.$ref) return resolve(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
  const parts = (schema.allOf ?? []).map(resolve);
  return {
    properties: Object.assign({}, ...parts.map((p) => p.properties), schema.properties),
    required: [...parts.flatMap((p) => p.required), ...(schema.required ?? [])],
    items: schema.items ?? parts.find((p) => p.items)?.items,
    nullable: schema.nullable === true || parts.some((p) => p.nullable),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body with every documented optional member it leaves out set to null, in every object it holds. */
function withOptionalNulls(body: unknown, schema: Schema): unknown {
  const shape = resolve(schema);
  if (Array.isArray(body)) return body.map((item) => (shape.items ? withOptionalNulls(item, shape.items) : item));
  if (!isObject(body)) return body;
  const result: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(shape.properties)) {
    if (name in body) result[name] = withOptionalNulls(body[name], child);
    else if (!shape.required.includes(name)) result[name] = null;
  }
  for (const [name, value] of Object.entries(body)) if (!(name in result)) result[name] = value;
  return result;
}

/** Every required member of the body, at any depth, as a path: [['files', 0, 'path'], ['files']]. */
function requiredPaths(body: unknown, schema: Schema, at: (string | number)[] = []): (string | number)[][] {
  const shape = resolve(schema);
  if (Array.isArray(body)) return shape.items ? body.flatMap((item, i) => requiredPaths(item, shape.items!, [...at, i])) : [];
  if (!isObject(body)) return [];
  return Object.entries(shape.properties).flatMap(([name, child]) => [
    ...(shape.required.includes(name) && !resolve(child).nullable ? [[...at, name]] : []),
    ...(name in body ? requiredPaths(body[name], child, [...at, name]) : []),
  ]);
}

/** A copy of the body with the member at `path` set to null, or removed. */
function changedAt(body: unknown, path: (string | number)[], change: 'null' | 'remove'): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], copy);
  const last = path[path.length - 1];
  if (change === 'null') parent[last] = null;
  else delete parent[last];
  return copy;
}

const areaFixtures = await loadAreaFixtures();
const bodies: Record<string, BodyFixture> = Object.assign({}, ...areaFixtures.map((area) => area.bodies ?? {}));
/** Operations off on a server with the default configuration (response-shapes' `unconfigured`): their refusal is checked instead. */
const unconfigured: ReadonlySet<string> = new Set(areaFixtures.flatMap((area) => area.shapes?.unconfigured ?? []));

describe('null members of request bodies', () => {
  const server = useServer();
  const { api } = server;
  const world = { server, api, repoPath: `/repos/${ADMIN.login}/base`, org: 'nullorg' } as BodiesWorld;

  before(async () => {
    world.other = await createAccount(api);
    await buildRepo(server, ADMIN, { name: 'base', autoInit: true, defaultBranch: 'main' });
    await buildRepo(server, world.other, { name: 'source', autoInit: true, defaultBranch: 'main' });
    const fork = await api.post(`/repos/${world.other.login}/source/forks`, { name: 'upstreamed' }, adminAuth);
    assert.equal(fork.status, 202, JSON.stringify(fork.body));
    await createOrg(server, [await createAccount(api, { admin: true })], { login: world.org });
  });

  const withBodies = Object.values(document.paths).flatMap((item) =>
    Object.entries(item).flatMap(([method, op]) => {
      const schema = op.requestBody?.content['application/json']?.schema;
      return schema ? [{ method: method.toUpperCase(), operationId: op.operationId, schema }] : [];
    }),
  );

  it('has a valid body for every documented operation that takes a JSON body', () => {
    assert.ok(withBodies.length > 0);
    assert.deepEqual(withBodies.map((op) => op.operationId).filter((id) => !bodies[id]), []);
  });

  let calls = 0;
  for (const op of withBodies) {
    const fixture = () => bodies[op.operationId](world, ++calls);
    const { properties, required } = resolve(op.schema);

    if (Object.keys(properties).some((name) => !required.includes(name))) {
      it(`${op.operationId}: treats every optional member sent as null as not sent`, async () => {
        const plain = await fixture();
        const plainRes = await api.request(op.method, plain.path, { body: plain.body, auth: adminAuth });
        if (unconfigured.has(op.operationId)) assert.ok([403, 404].includes(plainRes.status), `off by default: ${plainRes.status} ${JSON.stringify(plainRes.body)}`);
        else assert.ok(plainRes.status >= 200 && plainRes.status < 300, `the valid body itself: ${plainRes.status} ${JSON.stringify(plainRes.body)}`);

        const nulls = await fixture();
        const nulled = withOptionalNulls(nulls.body, op.schema);
        assert.notDeepEqual(nulled, nulls.body, 'the body leaves optional members out, to send them as null');
        const nulledRes = await api.request(op.method, nulls.path, { body: nulled, auth: adminAuth });
        assert.equal(nulledRes.status, plainRes.status, `${JSON.stringify(nulled)} → ${JSON.stringify(nulledRes.body)}`);
      });
    }

    if (required.length === 0) continue;
    it(`${op.operationId}: refuses a required member sent as null as if it were missing`, async () => {
      const call = await fixture();
      const paths = requiredPaths(call.body, op.schema);
      assert.ok(paths.length > 0);
      for (const path of paths) {
        const asNull = await api.request(op.method, call.path, { body: changedAt(call.body, path, 'null'), auth: adminAuth });
        const missing = await api.request(op.method, call.path, { body: changedAt(call.body, path, 'remove'), auth: adminAuth });
        assert.equal(missing.status, 422, `${path.join('.')} missing: ${JSON.stringify(missing.body)}`);
        assert.equal(asNull.status, 422, `${path.join('.')} as null: ${JSON.stringify(asNull.body)}`);
        assert.equal(asNull.body.message, missing.body.message);
      }
    });
  }
});

describe('the null pruner of a body schema', () => {
  const components = {
    Node: { properties: { label: { type: 'string' }, note: { type: 'string', nullable: true }, child: { $ref: '#/components/schemas/Node' } } },
    Named: { properties: { name: { type: 'string' } }, required: ['name'] },
  };
  const prune = nullPruner(
    {
      allOf: [{ $ref: '#/components/schemas/Named' }],
      properties: {
        node: { $ref: '#/components/schemas/Node' },
        list: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        map: { type: 'object', additionalProperties: { type: 'string' } },
        kept: { allOf: [{ type: 'string' }], nullable: true },
      },
    },
    components,
  );

  it('removes null members at any depth, through $ref, allOf, arrays and maps, and keeps those whose schema is nullable', () => {
    const body = {
      name: null,
      kept: null,
      unknown: null,
      node: { label: null, note: null, child: { label: null, note: null, child: null } },
      list: [{ label: null, note: null }, null, 'x'],
      map: { a: null, b: 'b' },
    };
    prune(body);
    assert.deepEqual(body, {
      kept: null,
      node: { note: null, child: { note: null } },
      list: [{ note: null }, null, 'x'],
      map: { b: 'b' },
    });
  });
});
