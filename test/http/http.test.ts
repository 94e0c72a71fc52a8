import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';
import { ADMIN, startServer } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';
import { adminAuth } from '../testkit/client.ts';
import { createAccounts } from '../testkit/accounts.ts';

describe('HTTP behaviour shared by every endpoint', () => {
  const server = useServer();
  const { api } = server;

  it('answers CORS preflight and exposes the pagination and warning headers', async () => {
    const preflight = await fetch(new URL('api/v1/user', server.url), {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://app.example');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Authorization/);
    const res = await fetch(new URL('api/v1/version', server.url), { headers: { origin: 'https://app.example' } });
    const exposed = res.headers.get('access-control-expose-headers') ?? '';
    for (const header of ['Link', 'X-Total-Count', 'Warning']) assert.ok(exposed.includes(header), `${header} not exposed`);
  });

  it('sends JSON answers in UTF-8 with their length in bytes, characters beyond ASCII and Latin-1 included', async () => {
    const fullName = 'Zoë — 漢字 🌱';
    const edit = await api.patch(`/admin/users/${ADMIN.login}`, { login_name: ADMIN.login, source_id: 0, full_name: fullName }, adminAuth);
    assert.equal(edit.status, 200);
    const rest = await fetch(new URL(`api/v1/users/${ADMIN.login}`, server.url));
    const restBytes = new Uint8Array(await rest.arrayBuffer());
    assert.equal(Number(rest.headers.get('content-length')), restBytes.length);
    assert.equal(JSON.parse(new TextDecoder().decode(restBytes)).full_name, fullName);
    const graphql = await fetch(new URL('api/graphql', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}` },
      body: JSON.stringify({ query: '{ viewer { fullName } }' }),
    });
    const graphqlBytes = new Uint8Array(await graphql.arrayBuffer());
    assert.equal(Number(graphql.headers.get('content-length')), graphqlBytes.length);
    assert.equal(JSON.parse(new TextDecoder().decode(graphqlBytes)).data.viewer.fullName, fullName);
  });

  it('reports errors as {"message", "url"}', async () => {
    const res = await api.get('/users/nobody-here');
    assert.equal(res.status, 404);
    assert.equal(typeof res.body.message, 'string');
    assert.equal(typeof res.body.url, 'string');
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await api.request('POST', '/admin/users', { rawBody: '{"username": ', auth: adminAuth });
    assert.equal(res.status, 400);
    assert.match(res.body.message, /JSON/);
  });

  it('refuses a NUL character in a body or a parameter with 422 on every database, and takes the text \\u0000 as it is', async () => {
    const nul = await api.patch(`/admin/users/${ADMIN.login}`, { login_name: ADMIN.login, source_id: 0, full_name: 'a\u0000b' }, adminAuth);
    assert.equal(nul.status, 422);
    assert.match(nul.body.message, /NUL/);
    const inQuery = await api.get('/users/search?q=a%00b');
    assert.equal(inQuery.status, 422);
    const text = await api.patch(`/admin/users/${ADMIN.login}`, { login_name: ADMIN.login, source_id: 0, full_name: 'a\\u0000b' }, adminAuth);
    assert.equal(text.status, 200);
    assert.equal(text.body.full_name, 'a\\u0000b');
  });

  it('answers a wrongly typed query parameter with 422', async () => {
    const res = await api.get('/users/search?uid=abc');
    assert.equal(res.status, 422);
    assert.match(res.body.message, /uid/);
  });

  it('counts repeated slashes in a path as one, as Gitea routes them, and leaves the query alone', async () => {
    const base = server.url.replace(/\/$/, '');
    const version = await fetch(`${base}//api/v1//version`);
    assert.equal(version.status, 200);
    assert.equal(typeof (await version.json()).version, 'string');
    const search = await fetch(`${base}//api/v1/users/search?q=${encodeURIComponent(ADMIN.login)}&x=a//b`);
    assert.equal(search.status, 200);
    const found = (await search.json()) as { data: { login: string }[] };
    assert.deepEqual(found.data.map((u) => u.login), [ADMIN.login]);
  });

  it('builds the Link header of a page asked for with repeated slashes on this server, from the path as routed', async () => {
    await createAccounts(api, 2);
    const res = await fetch(`${server.url.replace(/\/$/, '')}//api/v1//users/search?limit=1`, { headers: { authorization: `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}` } });
    assert.equal(res.status, 200);
    const links = (res.headers.get('link') ?? '').split(',').map((l) => l.match(/^<([^>]+)>/)?.[1]);
    assert.ok(links.length >= 2, `links: ${res.headers.get('link')}`);
    for (const link of links) {
      const url = new URL(link!);
      assert.equal(url.origin, new URL(server.url).origin);
      assert.equal(url.pathname, '/api/v1/users/search');
    }
  });

  it('routes API paths without regard to the case of their literal parts, as express routed them', async () => {
    for (const path of ['API/V1/version', 'Api/v1/Version?x=1']) {
      const res = await fetch(new URL(path, server.url));
      assert.equal(res.status, 200, path);
      assert.equal(typeof (await res.json()).version, 'string');
    }
  });

  it('answers an unknown path outside the API with a JSON 404', async () => {
    const res = await fetch(new URL('no/such/page', server.url));
    assert.equal(res.status, 404);
    assert.equal(typeof (await res.json()).message, 'string');
  });
});

describe('graceful shutdown', () => {
  it('lets a request in flight finish, then stops accepting connections', async () => {
    const server = await startServer();
    const url = new URL('api/v1/version', server.url);
    // A slow upload keeps a request open while stop() begins.
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '2' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.write('{');
      setTimeout(() => req.end('}'), 300);
    });
    await new Promise((r) => setTimeout(r, 50));
    const stopped = server.stop();
    const status = await inFlight;
    await stopped;
    assert.equal(status, 404, 'the open request was answered (POST /version is not an operation)');
    await assert.rejects(fetch(url), 'no new connections after stop');
  });
});
