import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { listenAs } from '../testkit/subscriptions.ts';
import { useServer } from '../testkit/use-server.ts';

const STATUS = 'subscription($owner: String!, $name: String!) { repositoryEvents(owner: $owner, name: $name) { event status { context } } }';

type Message = { id?: string; type: string; payload?: unknown };

/** A bare graphql-transport-ws connection of `who` (anonymous without): every message it receives, in order, as sent. */
async function rawConnection(url: string, who?: TestAccount) {
  const address = new URL('api/graphql', url);
  address.protocol = 'ws:';
  const socket = new WebSocket(address, 'graphql-transport-ws');
  const received: { text: string; message: Message }[] = [];
  socket.on('message', (data, binary) => {
    assert.equal(binary, false, 'graphql-ws messages are text frames');
    const text = String(data);
    received.push({ text, message: JSON.parse(text) as Message });
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const payload = who ? { authorization: `Basic ${Buffer.from(`${who.login}:${who.password}`).toString('base64')}` } : {};
  socket.send(JSON.stringify({ type: 'connection_init', payload }));
  const until = async (test: () => boolean) => {
    for (let waited = 0; !test() && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
  };
  await until(() => received.some((r) => r.message.type === 'connection_ack'));
  return {
    received,
    until,
    subscribe: (id: string, variables: Record<string, unknown>) => socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query: STATUS, variables } })),
    complete: (id: string) => socket.send(JSON.stringify({ id, type: 'complete' })),
    close: () => socket.close(),
  };
}

describe('subscriptions over graphql-ws are executed once per event for subscribers who share operation, variables and viewer', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let other: TestAccount;
  let repo: TestRepo;
  let n = 0;

  before(async () => {
    [owner, reader, other] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, { private: true, files: { 'README.md': 'hello\n' }, collaborators: [[reader, 'read'], [other, 'read']] });
  });

  const fanOut = () => server.app.subscriptionFanOut!;
  const report = async () => {
    const context = `ci/${++n}`;
    assert.equal((await api.post(`${repo.path}/statuses/${repo.heads.main}`, { state: 'success', context }, owner.basic)).status, 201);
    return context;
  };
  const variables = () => ({ owner: owner.login, name: repo.name });
  const settled = async () => {
    await server.app.backgroundIdle();
    await new Promise((r) => setTimeout(r, 150));
  };

  it('executes an event once for six subscriptions of one viewer on three connections, and each gets it under its own id', async () => {
    const connections = await Promise.all([0, 1, 2].map(() => rawConnection(server.url, reader)));
    for (const [c, connection] of connections.entries()) for (const id of ['a', 'b']) connection.subscribe(`${id}${c}`, variables());
    await settled();
    assert.deepEqual(fanOut().sizes(), [6]);
    const before = fanOut().executions;
    const context = await report();
    for (const connection of connections) await connection.until(() => connection.received.filter((r) => r.message.type === 'next').length >= 2);
    await settled();
    assert.equal(fanOut().executions - before, 1);
    for (const [c, connection] of connections.entries()) {
      const next = connection.received.filter((r) => r.message.type === 'next');
      assert.deepEqual(
        next.map((r) => r.text),
        ['a', 'b'].map((id) => JSON.stringify({ id: `${id}${c}`, type: 'next', payload: { data: { repositoryEvents: { event: 'status', status: { context } } } } })),
      );
    }
    for (const connection of connections) connection.close();
    await settled();
    assert.deepEqual(fanOut().sizes(), []);
  });

  it('takes anonymous subscribers of a public repository as one viewer: one execution of an event for all of them', async () => {
    const open = await buildRepo(server, owner, { files: { 'README.md': 'hello\n' } });
    const connections = await Promise.all([0, 1, 2].map(() => rawConnection(server.url)));
    for (const connection of connections) connection.subscribe('s', { owner: owner.login, name: open.name });
    await settled();
    assert.deepEqual(fanOut().sizes(), [3]);
    const before = fanOut().executions;
    assert.equal((await api.post(`${open.path}/statuses/${open.heads.main}`, { state: 'success', context: 'ci/anon' }, owner.basic)).status, 201);
    for (const connection of connections) await connection.until(() => connection.received.some((r) => r.message.type === 'next'));
    await settled();
    assert.equal(fanOut().executions - before, 1);
    assert.deepEqual(
      connections.map((c) => c.received.filter((r) => r.message.type === 'next').map((r) => r.message.id)),
      [['s'], ['s'], ['s']],
    );
    for (const connection of connections) connection.close();
    await settled();
  });

  it('gives each viewer a group of its own: two accounts cost two executions of an event', async () => {
    const subs = [reader, reader, other].map((who) => listenAs<{ status: { context: string } }>(server.url, who, 'repositoryEvents', STATUS, variables()));
    await Promise.all(subs.map((s) => s.connected));
    assert.deepEqual(fanOut().sizes().sort(), [1, 2]);
    const before = fanOut().executions;
    const context = await report();
    const seen = await Promise.all(subs.map((s) => s.settle(1)));
    assert.deepEqual(seen.map((s) => s.events.map((e) => e.status.context)), [[context], [context], [context]]);
    assert.equal(fanOut().executions - before, 2);
  });

  it('ends only the subscription a client completes; the others of its group still receive', async () => {
    const connection = await rawConnection(server.url, reader);
    connection.subscribe('kept', variables());
    connection.subscribe('ended', variables());
    await settled();
    assert.deepEqual(fanOut().sizes(), [2]);
    connection.complete('ended');
    await settled();
    assert.deepEqual(fanOut().sizes(), [1]);
    await report();
    await connection.until(() => connection.received.some((r) => r.message.type === 'next'));
    await settled();
    assert.deepEqual(
      connection.received.filter((r) => r.message.type === 'next').map((r) => r.message.id),
      ['kept'],
    );
    connection.close();
  });

  it('stops delivering to every subscriber of a viewer who loses read access, and goes on for the others', async () => {
    const repo2 = await buildRepo(server, owner, { private: true, files: { 'README.md': 'hello\n' }, collaborators: [[reader, 'read']] });
    const vars = { owner: owner.login, name: repo2.name };
    const subs = [reader, reader, owner].map((who) => listenAs<{ status: { context: string } }>(server.url, who, 'repositoryEvents', STATUS, vars));
    await Promise.all(subs.map((s) => s.connected));
    const post = async (context: string) => assert.equal((await api.post(`${repo2.path}/statuses/${repo2.heads.main}`, { state: 'success', context }, owner.basic)).status, 201);
    await post('ci/before');
    await Promise.all(subs.map((s) => s.delivered(1)));
    assert.equal((await api.delete(`${repo2.path}/collaborators/${reader.login}`, owner.basic)).status, 204);
    await post('ci/after');
    await subs[2].delivered(2);
    // The reader's subscriptions would have had it by now: they take each event from the bus with the owner's.
    const seen = await Promise.all(subs.map((s, i) => s.settle(i === 2 ? 2 : 1)));
    assert.deepEqual(seen.map((s) => s.events.map((e) => e.status.context)), [['ci/before'], ['ci/before'], ['ci/before', 'ci/after']]);
    assert.deepEqual(seen.flatMap((s) => s.errors), []);
  });
});
