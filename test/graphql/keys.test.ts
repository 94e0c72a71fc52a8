import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { newSshKey } from '../testkit/ssh-keys.ts';
import { useServer } from '../testkit/use-server.ts';

const KEY_FIELDS = 'databaseId title fingerprint algorithm bits kind owner { login }';

describe('SSH keys and deploy keys in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, writer] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, { collaborators: [[writer, 'write']] });
  });

  it('addPublicKey adds a key that User.publicKeys lists with what ssh-keygen read, and deletePublicKey removes it', async () => {
    const key = newSshKey('rsa', 3072);
    const added = await server.graphql(`mutation($k: String!) { addPublicKey(input: { title: "desk", key: $k }) { ${KEY_FIELDS} } }`, { k: key.publicKey }, owner.basic);
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    assert.deepEqual({ ...added.data.addPublicKey, databaseId: 0 }, {
      databaseId: 0, title: 'desk', fingerprint: key.fingerprint, algorithm: 'rsa', bits: 3072, kind: 'USER', owner: { login: owner.login },
    });
    const listed = await server.graphql(`query($l: String!) { user(login: $l) { publicKeys { totalCount nodes { fingerprint } } } }`, { l: owner.login });
    assert.deepEqual(listed.data.user.publicKeys, { totalCount: 1, nodes: [{ fingerprint: key.fingerprint }] });
    const refused = await server.graphql(`mutation($k: String!) { addPublicKey(input: { title: "again", key: $k }) { databaseId } }`, { k: key.publicKey }, writer.basic);
    assert.equal(refused.errors?.[0]?.extensions?.code, 'VALIDATION');
    const deleted = await server.graphql('mutation($id: Int!) { deletePublicKey(id: $id) }', { id: added.data.addPublicKey.databaseId }, owner.basic);
    assert.equal(deleted.data.deletePublicKey, true);
    const after = await server.graphql(`query($l: String!) { user(login: $l) { publicKeys { totalCount } } }`, { l: owner.login });
    assert.equal(after.data.user.publicKeys.totalCount, 0);
  });

  it("Repository.deployKeys lists the deploy keys addDeployKey adds, for the repository's admins only", async () => {
    const key = newSshKey();
    const added = await server.graphql(
      'mutation($o: String!, $n: String!, $k: String!) { addDeployKey(owner: $o, name: $n, input: { title: "ci", key: $k, readOnly: true }) { databaseId readOnly fingerprint repository { name } } }',
      { o: repo.owner, n: repo.name, k: key.publicKey },
      owner.basic,
    );
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    assert.deepEqual({ ...added.data.addDeployKey, databaseId: 0 }, { databaseId: 0, readOnly: true, fingerprint: key.fingerprint, repository: { name: repo.name } });
    const query = 'query($o: String!, $n: String!) { repository(owner: $o, name: $n) { deployKeys { totalCount nodes { title } } } }';
    const listed = await server.graphql(query, { o: repo.owner, n: repo.name }, owner.basic);
    assert.deepEqual(listed.data.repository.deployKeys, { totalCount: 1, nodes: [{ title: 'ci' }] });
    const forWriter = await server.graphql(query, { o: repo.owner, n: repo.name }, writer.basic);
    assert.equal(forWriter.errors?.[0]?.extensions?.code, 'FORBIDDEN');
    const byFingerprint = await server.graphql('query($f: String!) { publicKeysByFingerprint(fingerprint: $f) { nodes { kind owner { login } } } }', { f: key.fingerprint }, writer.basic);
    assert.deepEqual(byFingerprint.data.publicKeysByFingerprint.nodes, [{ kind: 'DEPLOY', owner: null }]);
  });

  it('a page of 20 of User.publicKeys with their owners costs the SQL statements of a page of 1', async () => {
    const [many] = await createAccounts(api, 1);
    for (let i = 0; i < 20; i++) assert.equal((await api.post('/user/keys', { title: `k${i}`, key: newSshKey().publicKey }, many.basic)).status, 201);
    const cost = async (first: number) => {
      server.app.caches.clear();
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await server.graphql('query($l: String!, $f: Int) { user(login: $l) { publicKeys(first: $f) { nodes { title owner { login } } } } }', { l: many.login, f: first }, many.basic);
      assert.equal(res.data.user.publicKeys.nodes.length, first, JSON.stringify(res.errors));
      return server.app.database.queryCount() - before;
    };
    assert.equal(await cost(20), await cost(1));
  });
});
