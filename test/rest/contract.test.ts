import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { routes } from '../../rest-facade/__generated__/routes.ts';
import * as operations from '../../rest-facade/__generated__/operations.ts';
import { documentedOperations, loadOpenApiDocument, openApiDirectory, openApiDocument } from '../../rest-facade/openapi.ts';
import { compileValidators } from '../../rest-facade/validation.ts';
import { accessProblems, compareSpecificity, routesFromDocument } from '../../rest-facade/route-table.ts';
import { adminAuth } from '../testkit/client.ts';
import { useServer } from '../testkit/use-server.ts';

/** schema/openapi/, read afresh from disk: the contract as written, not the copy the product holds. */
const document = loadOpenApiDocument() as {
  info: { version: string };
  paths: Record<string, Record<string, { operationId?: string }>>;
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const documented = Object.entries(document.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({ method, path, operationId: item[method].operationId })),
);
const exported = operations as unknown as Record<string, { operationId?: string; document?: unknown } | undefined>;
const key = (op: { method: string; path: string }) => `${op.method.toUpperCase()} ${op.path}`;

describe('schema/openapi/ is the one source of every operation', () => {
  it('documents at least one operation, so the checks below are not vacuous', () => {
    assert.ok(documented.length > 0, `no operations found in ${openApiDirectory}`);
    assert.ok(routes.length > 0, 'the route table is empty');
  });

  it('gives every documented operation a guard and a token scope', () => {
    assert.deepEqual(accessProblems(documentedOperations(loadOpenApiDocument())), []);
  });

  it('refuses to derive routes from an operation without a guard', () => {
    const doc = loadOpenApiDocument();
    const first = Object.values(doc.paths)[0].get!;
    delete first['x-graft-guard'];
    assert.throws(() => routesFromDocument(documentedOperations(doc)), /without a valid guard or scope/);
  });

  it('routes every documented operation, once, at its method and path', () => {
    const routed = routes.map((r) => `${key(r)} ${r.operationId}`).sort();
    assert.deepEqual(routed, documented.map((op) => `${key(op)} ${op.operationId}`).sort());
  });

  it('has an implementation declared under the id of every documented operation, with its GraphQL document', () => {
    const problems: string[] = [];
    for (const op of documented) {
      const operation = exported[op.operationId ?? ''];
      if (!operation) problems.push(`${key(op)}: no \`export const ${op.operationId} = defineOperation(…)\` under rest-facade/operations`);
      else if (operation.operationId !== op.operationId) {
        problems.push(`${key(op)}: the export ${op.operationId} declares operationId ${operation.operationId}`);
      } else if (!operation.document) problems.push(`${key(op)}: the operation ${op.operationId} has no GraphQL document`);
    }
    assert.deepEqual(problems, []);
  });

  it('has no implementation of an operation the document does not have', () => {
    const documentedIds = new Set(documented.map((op) => op.operationId));
    assert.deepEqual(Object.keys(exported).filter((id) => !documentedIds.has(id)), []);
  });

  it('orders literal segments before parameters, and a trailing wildcard last', () => {
    const paths = ['/repos/{owner}/{repo}/contents/{filepath}', '/repos/{owner}/{repo}', '/repos/search', '/repos/{owner}/{repo}/git/commits/{sha}', '/repos/{owner}/{repo}/git/commits/{sha}.{diffType}'];
    assert.deepEqual([...paths].sort(compareSpecificity), [
      '/repos/search',
      '/repos/{owner}/{repo}/git/commits/{sha}.{diffType}',
      '/repos/{owner}/{repo}/git/commits/{sha}',
      '/repos/{owner}/{repo}/contents/{filepath}',
      '/repos/{owner}/{repo}',
    ]);
  });

  it('has request validators that compile for every documented operation (the server compiles each on first use)', () => {
    const validatorOf = compileValidators(openApiDocument, documentedOperations(openApiDocument));
    const problems: string[] = [];
    for (const op of documented) {
      try {
        if (!validatorOf(op.operationId ?? '')?.params) problems.push(`${key(op)}: no validators`);
      } catch (err) {
        problems.push(`${key(op)}: ${(err as Error).message}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('has no route that an earlier route of the same method would shadow', () => {
    const pattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
    const shadowed: string[] = [];
    routes.forEach((route, i) => {
      const earlier = routes.slice(0, i).find((r) => r.method === route.method && pattern(r.path).test(route.path));
      if (earlier) shadowed.push(`${key(route)} is shadowed by the earlier ${key(earlier)}`);
    });
    assert.deepEqual(shadowed, []);
  });
});

describe('the served OpenAPI document and its viewer', () => {
  const server = useServer();
  const { api } = server;

  const get = (path: string) => fetch(new URL(path.replace(/^\//, ''), server.url));

  for (const path of ['/swagger.v1.json', '/api/v1/swagger.json']) {
    it(`serves the document of schema/openapi/ as JSON at ${path}, with this instance's API URL as its server`, async () => {
      const res = await get(path);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      const served = await res.json();
      assert.match(served.openapi, /^3\./);
      assert.deepEqual(served.paths, document.paths);
      // info as written, but for its version: the one /api/v1/version reports, as Gitea's document states it.
      assert.deepEqual({ ...served.info, version: document.info.version }, document.info);
      assert.deepEqual(served.servers, [{ url: new URL('api/v1', server.url).toString() }]);
    });
  }

  it('states in info.version the version that GET /api/v1/version answers', async () => {
    const version = await api.get('/version');
    assert.equal(version.status, 200);
    assert.equal(typeof version.body.version, 'string');
    assert.notEqual(version.body.version, '');
    for (const path of ['/swagger.v1.json', '/api/v1/swagger.json']) {
      const served = await (await get(path)).json();
      assert.equal(served.info.version, version.body.version, `info.version at ${path}`);
    }
  });

  for (const path of ['/api/v1/swagger', '/api/swagger']) {
    it(`answers the interactive viewer as HTML at ${path}, pointing it at the served document`, async () => {
      const res = await get(path);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      const html = await res.text();
      assert.match(html, /SwaggerUIBundle\(/);
      const specUrl = /url:\s*"([^"]+)"/.exec(html)?.[1];
      assert.ok(specUrl, 'the viewer names no document URL');
      const spec = await get(specUrl);
      assert.equal(spec.status, 200, `the viewer's document ${specUrl}`);
      assert.deepEqual((await spec.json()).paths, document.paths);
    });
  }

  it('answers the viewer whatever the case of its path and with a trailing slash, as a router would', async () => {
    for (const path of ['/API/Swagger', '/api/swagger/', '/api/v1/SWAGGER/']) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/, path);
    }
  });

  it("loads every script and stylesheet the viewer's page refers to", async () => {
    const html = await (await get('/api/swagger')).text();
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    const styles = [...html.matchAll(/<link[^>]*\shref="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(scripts.some((src) => new URL(src, server.url).pathname === '/api/swagger-ui/swagger-ui-bundle.js'), `scripts: ${scripts.join(', ')}`);
    assert.ok(styles.length > 0, 'the viewer loads no stylesheet');
    for (const src of scripts) {
      const res = await get(src);
      assert.equal(res.status, 200, src);
      assert.match(res.headers.get('content-type') ?? '', /javascript/, src);
      assert.ok((await res.text()).length > 1000, `${src} is (nearly) empty`);
    }
    for (const href of styles) {
      const res = await get(href);
      assert.equal(res.status, 200, href);
      assert.match(res.headers.get('content-type') ?? '', /^text\/css/, href);
    }
  });

  it('answers 404 with a JSON {"message"} body for a path under /api/v1 that no operation documents', async () => {
    for (const path of ['/no/such/operation', '/users/someone/no-such-thing', '/version/extra']) {
      assert.ok(!routes.some((r) => r.path === path), `${path} is a route after all`);
      for (const auth of [undefined, adminAuth]) {
        const res = await api.get(path, auth);
        assert.equal(res.status, 404, `GET /api/v1${path} ${auth ? 'as admin' : 'anonymously'}`);
        assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
        assert.equal(typeof res.body.message, 'string');
        assert.notEqual(res.body.message, '');
      }
    }
  });
});
