import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/load.ts';

/** A Graft on SQLite in a temporary directory whose request log lines are collected. */
async function startLogged(level: 'info' | 'silent') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graft-log-'));
  const lines: string[] = [];
  const app = buildApp(
    loadConfig({ env: {}, file: null, overrides: { server: { DATA_DIR: dataDir, HTTP_PORT: 0, HTTP_ADDR: '127.0.0.1' }, database: { URL: '' }, log: { LEVEL: level } } }),
    { logDestination: { write: (line: string) => void lines.push(line) } },
  );
  await app.start();
  return {
    app,
    lines,
    async stop() {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('the request log', () => {
  const running: { stop(): Promise<void> }[] = [];
  after(async () => {
    for (const server of running) await server.stop();
  });

  it('log.LEVEL=info writes one JSON line per request: method, path without the query, status and duration', async () => {
    const server = await startLogged('info');
    running.push(server);
    // A token nobody has: 401, logged like any answer.
    const res = await fetch(new URL('api/v1/version?token=0123456789abcdef0123456789abcdef01234567', server.app.url));
    assert.equal(res.status, 401);
    await new Promise((r) => setTimeout(r, 50));
    const entries = server.lines.map((line) => JSON.parse(line));
    const entry = entries.find((e) => e.path === '/api/v1/version');
    assert.ok(entry, server.lines.join(''));
    assert.equal(entry.method, 'GET');
    assert.equal(entry.status, 401);
    assert.equal(typeof entry.ms, 'number');
    assert.ok(!server.lines.join('').includes('0123456789abcdef'), 'the query string (it may hold a token) is never logged');
  });

  it('log.LEVEL=silent writes nothing', async () => {
    const server = await startLogged('silent');
    running.push(server);
    assert.equal((await fetch(new URL('api/v1/version', server.app.url))).status, 200);
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(server.lines, []);
  });
});
