import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from '../testkit/server.ts';
import { restClient, wsClient, type RestClient } from '../testkit/client.ts';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';

const SUBSCRIPTION = 'subscription { viewerEvents { kind tokenName } }';

/** Collects events of one subscription until `count` arrive or the time runs out. */
function collect(url: string, authorization: string, count: number) {
  const client = wsClient(url, authorization);
  const events: { kind: string; tokenName: string }[] = [];
  let ready!: () => void;
  const connected = new Promise<void>((resolve) => (ready = resolve));
  client.on('connected', () => ready());
  const done = new Promise<{ kind: string; tokenName: string }[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out with ${events.length} of ${count} events`)), 5000);
    client.subscribe<{ viewerEvents: { kind: string; tokenName: string } }>(
      { query: SUBSCRIPTION },
      {
        next: (value) => {
          if (value.errors) return reject(new Error(JSON.stringify(value.errors)));
          events.push(value.data!.viewerEvents);
          if (events.length === count) {
            clearTimeout(timer);
            resolve(events);
          }
        },
        error: (err) => reject(err instanceof Error ? err : new Error(JSON.stringify(err))),
        complete: () => {},
      },
    );
  });
  return { client, connected, done };
}

describe('GraphQL subscriptions over graphql-ws', () => {
  let server: TestServer;
  let api: RestClient;
  let alice: TestAccount;
  let bob: TestAccount;
  before(async () => {
    server = await startServer();
    api = restClient(server.url);
    alice = await createAccount(api);
    bob = await createAccount(api);
  });
  after(() => server.stop());

  it("viewerEvents delivers the viewer's own token changes, and nobody else's", async () => {
    const token = await createToken(api, alice, ['read:user']);
    const sub = collect(server.url, `token ${token}`, 2);
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
