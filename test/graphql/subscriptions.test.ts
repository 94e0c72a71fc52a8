import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { useServer } from '../testkit/use-server.ts';
import { wsClient } from '../testkit/client.ts';
import { collectViewerEvents } from '../testkit/subscriptions.ts';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';

const SUBSCRIPTION = 'subscription { viewerEvents { kind tokenName } }';

describe('GraphQL subscriptions over graphql-ws', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  before(async () => {
    alice = await createAccount(api);
    bob = await createAccount(api);
  });

  it("viewerEvents delivers the viewer's own token changes, and nobody else's", async () => {
    const token = await createToken(api, alice, ['read:user']);
    const sub = collectViewerEvents(server.url, `token ${token}`, 2);
    await sub.connected;
    await new Promise((r) => setTimeout(r, 100));
    await createToken(api, bob, ['read:user']); // another account: must not arrive
    const res = await api.post(`/users/${alice.login}/tokens`, { name: 'live-one', scopes: ['read:user'] }, alice.basic);
    assert.equal(res.status, 201);
    assert.equal((await api.delete(`/users/${alice.login}/tokens/live-one`, alice.basic)).status, 204);
    const events = await sub.done;
    await sub.client.dispose();
    assert.deepEqual(events, [
      { kind: 'ACCESS_TOKEN_CREATED', tokenName: 'live-one' },
      { kind: 'ACCESS_TOKEN_DELETED', tokenName: 'live-one' },
    ]);
  });

  it('refuses a subscription without credentials', async () => {
    const client = wsClient(server.url);
    const outcome = await new Promise<string>((resolve) => {
      client.subscribe({ query: SUBSCRIPTION }, {
        next: (value) => resolve(value.errors ? value.errors.map((e) => (e.extensions as { code?: string })?.code ?? e.message).join() : 'data'),
        error: () => resolve('error'),
        complete: () => resolve('complete'),
      });
    });
    await client.dispose();
    assert.match(outcome, /UNAUTHENTICATED|FORBIDDEN/);
  });

  it('closes the connection when the credentials are wrong', async () => {
    const client = wsClient(server.url, 'token 0000000000000000000000000000000000000000');
    const outcome = await new Promise<string>((resolve) => {
      client.on('closed', (event) => resolve(String((event as { code?: number }).code)));
      client.subscribe({ query: SUBSCRIPTION }, { next: () => resolve('data'), error: () => resolve('error'), complete: () => resolve('complete') });
    });
    await client.dispose();
    assert.notEqual(outcome, 'data');
  });
});
