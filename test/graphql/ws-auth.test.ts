import assert from 'node:assert/strict';
import { before, describe, it, mock } from 'node:test';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { useServer } from '../testkit/use-server.ts';
import { adminAuth, graphql } from '../testkit/client.ts';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { ADMIN } from '../testkit/server.ts';
import { totpCode } from '../../src/auth/totp.ts';

/** A graphql-ws client with these connection parameters that counts its connections (it must stay on one). */
function connect(baseUrl: string, connectionParams: Record<string, string>) {
  const url = new URL('api/graphql', baseUrl);
  url.protocol = 'ws:';
  let connections = 0;
  const client: Client = createClient({ url: url.toString(), webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, lazy: false, onNonLazyError: () => {} });
  client.on('connected', () => connections++);
  return { client, connections: () => connections };
}

/** Runs one operation on the connection: its data, or the codes (or messages) of its errors. */
function run(client: Client, query: string): Promise<{ data?: any; errors?: string[] }> {
  return new Promise((resolve) => {
    let result: { data?: any; errors?: string[] } = {};
    client.subscribe(
      { query },
      {
        next: (value) => {
          result = { data: value.data, errors: value.errors?.map((e) => String((e.extensions as { code?: string })?.code ?? e.message)) };
        },
        error: (err) => {
          const list = Array.isArray(err) ? err : [err];
          resolve({ errors: list.map((e: any) => (typeof e?.code === 'number' ? `closed ${e.code}` : String(e?.extensions?.code ?? e?.message ?? e))) });
        },
        complete: () => resolve(result),
      },
    );
  });
}

const VIEWER = '{ viewer { login } }';

describe('graphql-ws authenticates every operation, not just the connection', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  before(async () => {
    alice = await createAccount(api);
  });

  it('a token deleted while its connection is open is refused for the next operation on that connection', async () => {
    const res = await api.post(`/users/${alice.login}/tokens`, { name: 'on-the-socket', scopes: ['read:user'] }, alice.basic);
    assert.equal(res.status, 201);
    const { client, connections } = connect(server.url, { authorization: `token ${res.body.sha1}` });
    assert.deepEqual(await run(client, VIEWER), { data: { viewer: { login: alice.login } }, errors: undefined });
    assert.equal((await api.delete(`/users/${alice.login}/tokens/on-the-socket`, alice.basic)).status, 204);
    const after = await run(client, VIEWER);
    assert.equal(after.data?.viewer?.login, undefined, 'no data for a revoked token');
    assert.deepEqual(after.errors, ['UNAUTHENTICATED']);
    assert.equal(connections(), 1, 'the same connection');
    await client.dispose();
  });

  it('a subscription open with a token ends with UNAUTHENTICATED once the token is revoked, and receives nothing after', async () => {
    const res = await api.post(`/users/${alice.login}/tokens`, { name: 'subscribed', scopes: ['read:notification', 'read:user'] }, alice.basic);
    assert.equal(res.status, 201);
    const { client, connections } = connect(server.url, { authorization: `token ${res.body.sha1}` });
    const received: { data?: unknown; errors?: string[] }[] = [];
    const ended = new Promise<void>((resolve) => {
      client.subscribe(
        { query: 'subscription { notificationEvents { kind unreadCount } }' },
        {
          next: (value) => received.push({ data: value.data ?? undefined, errors: value.errors?.map((e) => String((e.extensions as { code?: string })?.code ?? e.message)) }),
          error: () => resolve(),
          complete: () => resolve(),
        },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal((await api.delete(`/users/${alice.login}/tokens/subscribed`, alice.basic)).status, 204);
    await ended;
    assert.deepEqual(received, [{ data: undefined, errors: ['UNAUTHENTICATED'] }]);
    assert.equal(connections(), 1, 'the connection itself stays open');
    await client.dispose();
  });

  it('a subscription of an account banned while it listens ends', async () => {
    const erin = await createAccount(api);
    const { client } = connect(server.url, { authorization: `Basic ${Buffer.from(`${erin.login}:${erin.password}`).toString('base64')}` });
    const received: string[] = [];
    const ended = new Promise<void>((resolve) => {
      client.subscribe(
        { query: 'subscription { notificationEvents { kind } }' },
        { next: (value) => received.push(...(value.errors ?? []).map((e) => String((e.extensions as { code?: string })?.code))), error: () => resolve(), complete: () => resolve() },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ban = await api.patch(`/admin/users/${erin.login}`, { source_id: 0, login_name: erin.login, prohibit_login: true }, adminAuth);
    assert.equal(ban.status, 200);
    await ended;
    assert.deepEqual(received, ['UNAUTHENTICATED']);
    await client.dispose();
  });

  it('an account that may no longer sign in loses access on its open connection', async () => {
    const bob = await createAccount(api);
    const { client, connections } = connect(server.url, { authorization: `Basic ${Buffer.from(`${bob.login}:${bob.password}`).toString('base64')}` });
    assert.equal((await run(client, VIEWER)).data?.viewer?.login, bob.login);
    const ban = await api.patch(`/admin/users/${bob.login}`, { source_id: 0, login_name: bob.login, prohibit_login: true }, adminAuth);
    assert.equal(ban.status, 200, JSON.stringify(ban.body));
    assert.deepEqual((await run(client, VIEWER)).errors, ['FORBIDDEN']);
    assert.equal(connections(), 1);
    await client.dispose();
  });

  it('a token of a banned account loses access on its open connection too', async () => {
    const carol = await createAccount(api);
    const token = await createToken(api, carol, ['read:user']);
    const { client } = connect(server.url, { authorization: `token ${token}` });
    assert.equal((await run(client, VIEWER)).data?.viewer?.login, carol.login);
    const ban = await api.patch(`/admin/users/${carol.login}`, { source_id: 0, login_name: carol.login, prohibit_login: true }, adminAuth);
    assert.equal(ban.status, 200, JSON.stringify(ban.body));
    assert.deepEqual((await run(client, VIEWER)).errors, ['FORBIDDEN']);
    await client.dispose();
  });

  it('a site administrator may act as another user with the sudo connection parameter; others may not', async () => {
    const admin = connect(server.url, { authorization: `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`, sudo: alice.login });
    assert.equal((await run(admin.client, VIEWER)).data?.viewer?.login, alice.login);
    assert.equal((await run(admin.client, VIEWER)).data?.viewer?.login, alice.login, 'for every operation');
    await admin.client.dispose();
    const plain = connect(server.url, { authorization: `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}` });
    assert.equal((await run(plain.client, VIEWER)).data?.viewer?.login, ADMIN.login);
    await plain.client.dispose();
    const dave = await createAccount(api);
    const notAdmin = connect(server.url, { authorization: `Basic ${Buffer.from(`${dave.login}:${dave.password}`).toString('base64')}`, sudo: alice.login });
    const outcome = await run(notAdmin.client, VIEWER);
    assert.equal(outcome.data?.viewer?.login, undefined, 'sudo is refused, not ignored');
    assert.deepEqual(outcome.errors, ['closed 4403']);
    await notAdmin.client.dispose();
  });

  it('a password sign-in with two-factor needs the passcode to connect, and keeps working for later operations', async () => {
    const erin = await createAccount(api);
    const enable = await graphql(server.url, 'mutation { enableTwoFactor { secret } }', {}, erin.basic);
    const secret = enable.data?.enableTwoFactor?.secret as string;
    assert.ok(secret, JSON.stringify(enable));
    const basic = `Basic ${Buffer.from(`${erin.login}:${erin.password}`).toString('base64')}`;
    const without = connect(server.url, { authorization: basic });
    assert.deepEqual(await run(without.client, VIEWER), { errors: ['closed 4403'] }, 'no passcode, no access');
    await without.client.dispose();
    // A passcode of the previous 30 s step: still accepted at connect time.
    const staleCode = totpCode(secret, Date.now() - 30_000);
    const withOtp = connect(server.url, { authorization: basic, 'x-gitea-otp': staleCode });
    assert.equal((await run(withOtp.client, VIEWER)).data?.viewer?.login, erin.login);
    // Five minutes later the passcode has long expired; the connection it opened still works.
    mock.timers.enable({ apis: ['Date'], now: Date.now() + 5 * 60_000 });
    try {
      assert.equal((await run(withOtp.client, VIEWER)).data?.viewer?.login, erin.login);
      assert.equal(withOtp.connections(), 1);
      const late = connect(server.url, { authorization: basic, 'x-gitea-otp': staleCode });
      assert.deepEqual(await run(late.client, VIEWER), { errors: ['closed 4403'] }, 'the passcode itself has expired');
      await late.client.dispose();
    } finally {
      mock.timers.reset();
    }
    await withOtp.client.dispose();
  });
});
