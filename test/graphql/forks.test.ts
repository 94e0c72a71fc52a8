import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, createToken, type TestAccount } from '../testkit/accounts.ts';
import { graphql } from '../testkit/client.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

describe('forks and transfers through GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  before(async () => {
    [alice, bob] = await createAccounts(api, 2);
    await buildRepo(server, alice, { name: 'origin', autoInit: true });
  });

  it('createFork names the fork newName, and Repository.forks lists it with its parent', async () => {
    const created = await graphql(
      server.url,
      'mutation { createFork(owner: "' + alice.login + '", name: "origin", newName: "copy") { fullName isFork forkCount parent { fullName forkCount } } }',
      undefined,
      bob.basic,
    );
    assert.deepEqual(created.errors, undefined);
    assert.deepEqual(created.data.createFork, {
      fullName: `${bob.login}/copy`,
      isFork: true,
      forkCount: 0,
      parent: { fullName: `${alice.login}/origin`, forkCount: 1 },
    });
    const listed = await graphql(server.url, `{ repository(owner: "${alice.login}", name: "origin") { forks(first: 5) { totalCount nodes { fullName } } } }`);
    assert.deepEqual(listed.data.repository.forks, { totalCount: 1, nodes: [{ fullName: `${bob.login}/copy` }] });
  });

  it('mergeUpstream answers its kind as an enum value', async () => {
    const res = await graphql(server.url, `mutation { mergeUpstream(owner: "${bob.login}", name: "copy", branch: "main") { mergeType } }`, undefined, bob.basic);
    assert.deepEqual(res.errors, undefined);
    assert.equal(res.data.mergeUpstream.mergeType, 'UP_TO_DATE');
  });

  it('createFork and transferRepository need the write:repository scope', async () => {
    const readOnly = await createToken(api, bob, ['read:repository']);
    const fork = await graphql(server.url, `mutation { createFork(owner: "${alice.login}", name: "origin", newName: "x") { name } }`, undefined, { token: readOnly });
    assert.equal(fork.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(fork));
    const move = await graphql(server.url, `mutation { transferRepository(owner: "${bob.login}", name: "copy", newOwner: "${alice.login}") { pending } }`, undefined, { token: readOnly });
    assert.equal(move.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(move));
  });

  it('transferRepository reports a pending transfer, which Repository.pendingTransfer shows until it is rejected', async () => {
    const res = await graphql(
      server.url,
      `mutation { transferRepository(owner: "${bob.login}", name: "copy", newOwner: "${alice.login}") { pending repository { fullName } } }`,
      undefined,
      bob.basic,
    );
    assert.deepEqual(res.data.transferRepository, { pending: true, repository: { fullName: `${bob.login}/copy` } });
    const query = `{ repository(owner: "${bob.login}", name: "copy") { pendingTransfer { recipient { login } doer { login } teamIds } } }`;
    assert.deepEqual((await graphql(server.url, query)).data.repository.pendingTransfer, { recipient: { login: alice.login }, doer: { login: bob.login }, teamIds: [] });
    const rejected = await graphql(server.url, `mutation { rejectRepositoryTransfer(owner: "${bob.login}", name: "copy") { fullName } }`, undefined, alice.basic);
    assert.deepEqual(rejected.data.rejectRepositoryTransfer, { fullName: `${bob.login}/copy` });
    assert.equal((await graphql(server.url, query)).data.repository.pendingTransfer, null);
  });
});
