import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth, type Auth } from '../../testkit/client.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { newSshKey } from '../../testkit/ssh-keys.ts';
import { useServer, type ServerKit } from '../../testkit/use-server.ts';

/** The SQL statements a page of `limit` items of a list costs, with cold caches (a row read once per item shows). */
async function pageCost(server: ServerKit, path: string, limit: number, auth: Auth): Promise<number> {
  server.app.caches.clear();
  await server.app.backgroundIdle();
  const before = server.app.database.queryCount();
  const res = await server.api.get(`${path}?limit=${limit}`, auth);
  const spent = server.app.database.queryCount() - before;
  assert.equal(res.body.length, limit);
  return spent;
}

describe("accounts' SSH keys", () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let alice: TestAccount;
  let bob: TestAccount;

  before(async () => {
    [alice, bob] = await createAccounts(api, 2);
  });

  const add = (by: TestAccount, key: string, title = `key ${Math.random()}`) => api.post('/user/keys', { title, key }, by.basic);

  it("adds a key with 201 and Gitea's PublicKey: ssh-keygen's SHA256 fingerprint, the kind and the owner for the owner", async () => {
    const key = newSshKey();
    const res = await add(alice, key.publicKey, 'laptop');
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.fingerprint, key.fingerprint);
    assert.equal(res.body.title, 'laptop');
    assert.equal(res.body.key, key.publicKey);
    assert.equal(res.body.key_type, 'user');
    assert.equal(res.body.read_only, false);
    assert.equal(res.body.user.login, alice.login);
    assert.equal(res.body.url, `${server.url}api/v1/user/keys/${res.body.id}`);
    const row = await db().publicKey.findUniqueOrThrow({ where: { id: res.body.id } });
    assert.deepEqual([row.algorithm, row.bits, row.ownerId], ['ed25519', 256, alice.id]);
  });

  it('refuses with 422 a key another account holds, the same key twice, and a title the account uses already', async () => {
    const key = newSshKey();
    assert.equal((await add(alice, key.publicKey, 'shared')).status, 201);
    const elsewhere = await add(bob, key.publicKey);
    assert.equal(elsewhere.status, 422);
    assert.match(elsewhere.body.message, /already in use/);
    assert.equal((await add(alice, key.publicKey)).status, 422);
    const sameTitle = await add(alice, newSshKey().publicKey, 'shared');
    assert.equal(sameTitle.status, 422);
    assert.match(sameTitle.body.message, /title/);
    assert.equal(await db().publicKey.count({ where: { fingerprint: key.fingerprint } }), 1);
  });

  it("refuses with 422 what ssh-keygen cannot read, a private key, and sizes under Gitea's minimum (rsa 3071 bits), storing nothing", async () => {
    const before = await db().publicKey.count();
    const key = newSshKey();
    for (const text of ['', 'hello', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBroken', key.privateKey, `${key.publicKey}\n${newSshKey().publicKey}`, newSshKey('rsa', 2048).publicKey]) {
      const res = await add(alice, text);
      assert.equal(res.status, 422, `${JSON.stringify(text.slice(0, 40))}: ${JSON.stringify(res.body)}`);
      assert.equal(typeof res.body.message, 'string');
    }
    assert.equal(await db().publicKey.count(), before);
    const rsa = await add(alice, newSshKey('rsa', 3072).publicKey);
    assert.equal(rsa.status, 201, JSON.stringify(rsa.body));
    const ecdsa = await add(alice, newSshKey('ecdsa', 256).publicKey);
    assert.equal(ecdsa.status, 201, JSON.stringify(ecdsa.body));
  });

  it("lists another account's keys without their kind or owner, and the fingerprint filter keeps the one key", async () => {
    const [carol] = await createAccounts(api, 1);
    const keys = [newSshKey(), newSshKey()];
    for (const key of keys) assert.equal((await add(carol, key.publicKey)).status, 201);
    const seen = await api.get(`/users/${carol.login}/keys`, bob.basic);
    assert.equal(seen.status, 200);
    assert.deepEqual(seen.body.map((k: { fingerprint: string }) => k.fingerprint), keys.map((k) => k.fingerprint));
    assert.equal(seen.headers.get('x-total-count'), '2');
    assert.deepEqual([seen.body[0].key_type, seen.body[0].user], ['', null]);
    const own = await api.get(`/users/${carol.login}/keys`, carol.basic);
    assert.equal(own.body[0].user.login, carol.login);
    const filtered = await api.get(`/users/${carol.login}/keys?fingerprint=${encodeURIComponent(keys[1].fingerprint)}`);
    assert.deepEqual(filtered.body.map((k: { fingerprint: string }) => k.fingerprint), [keys[1].fingerprint]);
    const elsewhere = await api.get(`/users/${bob.login}/keys?fingerprint=${encodeURIComponent(keys[1].fingerprint)}`);
    assert.deepEqual(elsewhere.body, []);
    assert.equal((await api.get('/users/nobody-at-all/keys')).status, 404);
  });

  it("GET /user/keys lists the caller's keys, and with a fingerprint finds the key whoever holds it, as Gitea does", async () => {
    const [dave] = await createAccounts(api, 1);
    const key = newSshKey();
    assert.equal((await add(dave, key.publicKey)).status, 201);
    const mine = await api.get('/user/keys', dave.basic);
    assert.deepEqual(mine.body.map((k: { fingerprint: string }) => k.fingerprint), [key.fingerprint]);
    const found = await api.get(`/user/keys?fingerprint=${encodeURIComponent(key.fingerprint)}`, bob.basic);
    assert.equal(found.status, 200);
    assert.deepEqual(found.body.map((k: { fingerprint: string }) => k.fingerprint), [key.fingerprint]);
    assert.equal(found.body[0].user, null, 'not the caller\'s key: no owner');
    assert.equal((await api.get('/user/keys')).status, 401);
  });

  it("gets a key by id (404 when there is none), and deletes only the caller's own: another's is 403, a missing one 404", async () => {
    const res = await add(alice, newSshKey().publicKey);
    const id = res.body.id as number;
    assert.equal((await api.get(`/user/keys/${id}`, alice.basic)).body.fingerprint, res.body.fingerprint);
    assert.equal((await api.get('/user/keys/999999', alice.basic)).status, 404);
    const refused = await api.delete(`/user/keys/${id}`, bob.basic);
    assert.equal(refused.status, 403);
    assert.ok(await db().publicKey.findUnique({ where: { id } }));
    assert.equal((await api.delete(`/user/keys/${id}`, alice.basic)).status, 204);
    assert.equal(await db().publicKey.findUnique({ where: { id } }), null);
    assert.equal((await api.delete(`/user/keys/${id}`, alice.basic)).status, 404);
  });

  it("site admins add a key to an account and delete it; the admin route acts as that account, so another's key is 403", async () => {
    const key = newSshKey();
    const addedByAdmin = await api.post(`/admin/users/${bob.login}/keys`, { title: 'from the admin', key: key.publicKey }, adminAuth);
    assert.equal(addedByAdmin.status, 201, JSON.stringify(addedByAdmin.body));
    assert.equal((await db().publicKey.findUniqueOrThrow({ where: { id: addedByAdmin.body.id } })).ownerId, bob.id);
    assert.equal((await api.post(`/admin/users/${bob.login}/keys`, { title: 'x', key: newSshKey().publicKey }, alice.basic)).status, 403);
    assert.equal((await api.post('/admin/users/nobody-at-all/keys', { title: 'x', key: newSshKey().publicKey }, adminAuth)).status, 404);
    const alicesKey = await add(alice, newSshKey().publicKey);
    assert.equal((await api.delete(`/admin/users/${bob.login}/keys/${alicesKey.body.id}`, adminAuth)).status, 403);
    assert.equal((await api.delete(`/admin/users/${bob.login}/keys/${addedByAdmin.body.id}`, adminAuth)).status, 204);
    assert.equal(await db().publicKey.findUnique({ where: { id: addedByAdmin.body.id } }), null);
  });

  it('a page of 50 keys costs the same SQL statements as a page of 1', async () => {
    const [many] = await createAccounts(api, 1);
    for (let i = 0; i < 50; i++) assert.equal((await add(many, newSshKey().publicKey, `k${i}`)).status, 201);
    assert.equal(await pageCost(server, `/users/${many.login}/keys`, 50, many.basic), await pageCost(server, `/users/${many.login}/keys`, 1, many.basic));
  });
});

describe("repositories' deploy keys", () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let admin: TestAccount;
  let writer: TestAccount;
  let repo: TestRepo;
  let other: TestRepo;

  before(async () => {
    [owner, admin, writer] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, { collaborators: [[admin, 'admin'], [writer, 'write']] });
    other = await buildRepo(server, owner);
  });

  const add = (path: string, key: string, extra: Record<string, unknown> = {}, by: TestAccount = owner) =>
    api.post(`${path}/keys`, { title: `deploy ${Math.random()}`, key, ...extra }, by.basic);

  it('repository admins add a read-only deploy key (201, key_type ssh, its repository), get and list it', async () => {
    const key = newSshKey();
    const res = await add(repo.path, key.publicKey, { title: 'ci', read_only: true }, admin);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual([res.body.title, res.body.fingerprint, res.body.read_only, res.body.key_type], ['ci', key.fingerprint, true, 'ssh']);
    assert.equal(res.body.repository.full_name, repo.fullName);
    assert.equal(res.body.url, `${server.url}api/v1${repo.path}/keys/${res.body.id}`);
    const got = await api.get(`${repo.path}/keys/${res.body.id}`, owner.basic);
    assert.equal(got.status, 200);
    assert.equal(got.body.key_id, res.body.key_id);
    const listed = await api.get(`${repo.path}/keys`, owner.basic);
    assert.ok(listed.body.some((k: { id: number }) => k.id === res.body.id));
    const readWrite = await add(repo.path, newSshKey().publicKey);
    assert.equal(readWrite.body.read_only, false);
  });

  it('is for repository admins only: a writer is refused with 403, a stranger of a private repository gets 404', async () => {
    assert.equal((await api.get(`${repo.path}/keys`, writer.basic)).status, 403);
    assert.equal((await add(repo.path, newSshKey().publicKey, {}, writer)).status, 403);
    const secret = await buildRepo(server, owner, { private: true });
    assert.equal((await api.get(`${secret.path}/keys`, writer.basic)).status, 404);
  });

  it("is shared by repositories, but refused (422) twice on one, as an account's key, and as a title the repository uses", async () => {
    const key = newSshKey();
    const first = await add(repo.path, key.publicKey, { title: 'shared' });
    assert.equal(first.status, 201);
    const second = await add(other.path, key.publicKey);
    assert.equal(second.status, 201, JSON.stringify(second.body));
    assert.equal(second.body.key_id, first.body.key_id, 'one key, two deploy keys');
    assert.equal((await add(repo.path, key.publicKey)).status, 422);
    assert.equal((await add(repo.path, newSshKey().publicKey, { title: 'shared' })).status, 422);
    const asAccountKey = await api.post('/user/keys', { title: 'mine', key: key.publicKey }, writer.basic);
    assert.equal(asAccountKey.status, 422);
    const accountKey = newSshKey();
    assert.equal((await api.post('/user/keys', { title: 'mine', key: accountKey.publicKey }, writer.basic)).status, 201);
    const refused = await add(repo.path, accountKey.publicKey);
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /account's key/);
  });

  it('filters by key_id and fingerprint', async () => {
    const key = newSshKey();
    const made = await add(other.path, key.publicKey);
    await add(other.path, newSshKey().publicKey);
    const byFingerprint = await api.get(`${other.path}/keys?fingerprint=${encodeURIComponent(key.fingerprint)}`, owner.basic);
    assert.deepEqual(byFingerprint.body.map((k: { id: number }) => k.id), [made.body.id]);
    const byKeyId = await api.get(`${other.path}/keys?key_id=${made.body.key_id}`, owner.basic);
    assert.deepEqual(byKeyId.body.map((k: { id: number }) => k.id), [made.body.id]);
  });

  it("removes a deploy key (204); its key goes with the last repository holding it; another repository's key is 404", async () => {
    const key = newSshKey();
    const here = await add(repo.path, key.publicKey);
    const there = await add(other.path, key.publicKey);
    assert.equal((await api.delete(`${repo.path}/keys/${there.body.id}`, owner.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/keys/${there.body.id}`, owner.basic)).status, 404);
    assert.equal((await api.delete(`${repo.path}/keys/${here.body.id}`, owner.basic)).status, 204);
    assert.ok(await db().publicKey.findUnique({ where: { id: here.body.key_id } }), 'still held by the other repository');
    assert.equal((await api.delete(`${other.path}/keys/${there.body.id}`, owner.basic)).status, 204);
    assert.equal(await db().publicKey.findUnique({ where: { id: here.body.key_id } }), null);
    assert.equal((await api.delete(`${other.path}/keys/${there.body.id}`, owner.basic)).status, 404);
  });

  it('a page of 50 deploy keys costs the same SQL statements as a page of 1', async () => {
    const many = await buildRepo(server, owner);
    for (let i = 0; i < 50; i++) assert.equal((await add(many.path, newSshKey().publicKey, { title: `k${i}` })).status, 201);
    assert.equal(await pageCost(server, `${many.path}/keys`, 50, owner.basic), await pageCost(server, `${many.path}/keys`, 1, owner.basic));
  });
});
