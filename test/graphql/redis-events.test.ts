import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectViewerEvents } from '../testkit/subscriptions.ts';
import { createAccount, createToken } from '../testkit/accounts.ts';
import { useServer } from '../testkit/use-server.ts';

const REDIS_URL = process.env.GRAFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('events across instances through Redis', () => {
  const first = useServer({ redis: { URL: REDIS_URL } });
  // The second instance shares the first one's database and Redis, like a scaled-out deployment.
  const second = useServer({ redis: { URL: REDIS_URL } }, { sharingDataOf: first });

  it('a subscriber on one instance sees a change made through another', async () => {
    const { api: api1 } = first;
    const { api: api2 } = second;
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
