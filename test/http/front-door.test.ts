import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { expressMessages, frontDoor } from '../../src/http/front-door.ts';

/** A front door over handlers of the test's own: what it does with their outcomes, apart from Graft. */
describe('the front door', () => {
  let server: http.Server;
  let base: string;
  const seen: { prototypeIsExpress?: boolean } = {};
  const errors: unknown[] = [];

  before(async () => {
    const web = express();
    web.use((_req, res) => void res.status(404).json({ message: 'express' }));
    const operations: RequestHandler = async (req, res) => {
      seen.prototypeIsExpress = Object.getPrototypeOf(req) === web.request && Object.getPrototypeOf(res) === web.response;
      if (req.path === '/fails-before') throw new Error('before the answer');
      if (req.path === '/fails-after') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('partial');
        await new Promise((resolve) => setTimeout(resolve, 10));
        throw new Error('after the answer began');
      }
      res.json({ path: req.path, base: req.baseUrl, original: req.originalUrl });
    };
    const onError: ErrorRequestHandler = (err, _req, res, _next) => {
      errors.push(err);
      res.status(500).json({ message: 'internal error' });
    };
    const pass: RequestHandler = (_req, _res, next) => next();
    server = http.createServer(expressMessages(web), frontDoor({ web, before: pass, pages: pass, api: { prefix: '/api/v1', authenticate: pass, operations }, onError }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  it("hands API paths to the operations with express's request and response, and the rest to express", async () => {
    const api = await fetch(`${base}/API/v1/repos/a/b?x=1`);
    assert.deepEqual(await api.json(), { path: '/repos/a/b', base: '/API/v1', original: '/API/v1/repos/a/b?x=1' });
    assert.equal(seen.prototypeIsExpress, true);
    const other = await fetch(`${base}/api/v1x/repos`);
    assert.deepEqual(await other.json(), { message: 'express' });
  });

  it('answers an error thrown before the answer began through the error handler', async () => {
    const res = await fetch(`${base}/api/v1/fails-before`);
    assert.equal(res.status, 500);
    assert.deepEqual(await res.json(), { message: 'internal error' });
  });

  it('closes the connection on an error after the answer began, and goes on serving', async () => {
    const before = errors.length;
    await assert.rejects(async () => (await fetch(`${base}/api/v1/fails-after`)).text());
    assert.equal(errors.length, before, 'the error handler cannot answer once headers are sent');
    assert.equal((await fetch(`${base}/api/v1/still-here`)).status, 200);
  });
});
