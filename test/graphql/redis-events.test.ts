import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from '../testkit/server.ts';
import { restClient } from '../testkit/client.ts';
import { collectViewerEvents } from '../testkit/subscriptions.ts';
import { createAccount, createToken } from '../testkit/accounts.ts';

const REDIS_URL = process.env.GRAFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('events across instances through Redis', () => {
  let first: TestServer;
  let second: TestServer;
  before(async () => {
    first = await startServer({ redis: { URL: REDIS_URL } });
    // The second instance shares the first one's database and Redis, like a scaled-out deployment.
    second = await startServer({
      redis: { URL: REDIS_URL },
      server: { DATA_DIR: first.app.config.server.DATA_DIR },
      database: { URL: first.app.config.database.URL },
    });
  });
  after(async () => {
    await second.stop();
    await first.stop();
  });

  it('a subscriber on one instance sees a change made through another', async () => {
    const api1 = restClient(first.url);
    const api2 = restClient(second.url);
    const dana = await createAccount(api1);
    const token = await createToken(api1, dana, ['read:user']);
    const sub = collectViewerEvents(first.url, `token ${token}`, 1);
    await sub.connected;
    await new Promise((r) => setTimeout(r, 150));
    const res = await api2.post(`/users/${dana.login}/tokens`, { name: 'from-the-other-instance', scopes: ['read:user'] }, dana.basic);
    assert.equal(res.status, 201);
    assert.deepEqual((await sub.done).map((e) => e.tokenName), ['from-the-other-instance']);
    await sub.client.dispose();
  });
});
