import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { repositoryPath } from '../../src/domain/repo/storage.ts';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { commitPayload, gpgSign, newGpgKey, writeCommit } from '../testkit/gpg-keys.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const KEY_FIELDS = 'databaseId keyId primaryKeyId verified canSign expiresAt emails { email verified } subkeys { keyId primaryKeyId canSign }';

describe('GPG keys and commit verification in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;

  before(async () => {
    [alice, bob] = await createAccounts(api, 2);
  });

  it('addGpgKey adds a key that viewer.gpgKeys and User.gpgKeys list with its subkeys; deleteGpgKey removes it', async () => {
    const key = await newGpgKey([alice.email]);
    const added = await server.graphql(`mutation($k: String!) { addGpgKey(input: { armoredPublicKey: $k }) { ${KEY_FIELDS} } }`, { k: key.publicKey }, alice.basic);
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    assert.deepEqual(added.data.addGpgKey, {
      databaseId: added.data.addGpgKey.databaseId,
      keyId: key.keyId,
      primaryKeyId: '',
      verified: false,
      canSign: true,
      expiresAt: null,
      emails: [{ email: alice.email.toLowerCase(), verified: true }],
      subkeys: [{ keyId: key.subkeyIds[0], primaryKeyId: key.keyId, canSign: false }],
    });
    const listed = await server.graphql(`query($l: String!) { viewer { gpgKeys { totalCount nodes { keyId } } } user(login: $l) { gpgKeys { totalCount } } }`, { l: alice.login }, alice.basic);
    assert.deepEqual(listed.data.viewer.gpgKeys, { totalCount: 1, nodes: [{ keyId: key.keyId }] });
    assert.equal(listed.data.user.gpgKeys.totalCount, 1);
    const deleted = await server.graphql('mutation($id: Int!) { deleteGpgKey(id: $id) }', { id: added.data.addGpgKey.databaseId }, alice.basic);
    assert.equal(deleted.data.deleteGpgKey, true);
    assert.equal((await server.graphql('query($id: Int!) { gpgKey(id: $id) { keyId } }', { id: added.data.addGpgKey.databaseId }, alice.basic)).data.gpgKey, null);
  });

  it('addGpgKey answers NOT_FOUND for a key without an address of the account and VALIDATION for what is no key; verifyGpgKey takes a signature of gpgKeyVerificationToken', async () => {
    const add = (k: string) => server.graphql(`mutation($k: String!) { addGpgKey(input: { armoredPublicKey: $k }) { keyId } }`, { k }, bob.basic);
    assert.equal((await add('no key')).errors?.[0]?.extensions?.code, 'VALIDATION');
    assert.equal((await add((await newGpgKey(['x@example.org'])).publicKey)).errors?.[0]?.extensions?.code, 'NOT_FOUND');
    const key = await newGpgKey([bob.email]);
    assert.equal((await add(key.publicKey)).errors, undefined);
    const token = (await server.graphql('{ gpgKeyVerificationToken }', {}, bob.basic)).data.gpgKeyVerificationToken;
    const verified = await server.graphql(
      'mutation($id: String!, $s: String!) { verifyGpgKey(input: { keyId: $id, armoredSignature: $s }) { keyId verified subkeys { verified } } }',
      { id: key.keyId, s: await gpgSign(key, token) },
      bob.basic,
    );
    assert.equal(verified.errors, undefined, JSON.stringify(verified.errors));
    assert.deepEqual(verified.data.verifyGpgKey, { keyId: key.keyId, verified: true, subkeys: [{ verified: true }] });
  });

  it('Commit.verification names the signer of a verified commit: the account and the address', async () => {
    const key = await newGpgKey([alice.email]);
    assert.equal((await api.post('/user/gpg_keys', { armored_public_key: key.publicKey }, alice.basic)).status, 201);
    const repo = await buildRepo(server, alice, { files: { 'a.txt': 'a\n' } });
    const head = repo.heads[repo.defaultBranch];
    const tree = (await api.get(`${repo.path}/git/commits/${head}`)).body.commit.tree.sha;
    const payload = commitPayload({ tree, parents: [head], name: 'Alice', email: alice.email, message: 'signed\n' });
    const sha = writeCommit(repositoryPath(server.app.config, repo.id), payload, await gpgSign(key, payload));
    const res = await server.graphql(
      'query($o: String!, $n: String!, $r: String!) { repository(owner: $o, name: $n) { commit(rev: $r) { verification { verified reason signer { email user { login } } } } } }',
      { o: alice.login, n: repo.name, r: sha },
      alice.basic,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.deepEqual(res.data.repository.commit.verification, {
      verified: true,
      reason: `${alice.login} / ${key.keyId}`,
      signer: { email: alice.email, user: { login: alice.login } },
    });
  });
});
