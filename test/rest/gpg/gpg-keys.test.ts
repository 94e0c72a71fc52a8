import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { gpgSign, newGpgKey } from '../../testkit/gpg-keys.ts';
import { useServer } from '../../testkit/use-server.ts';

describe("accounts' GPG keys", () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let alice: TestAccount;
  let bob: TestAccount;

  before(async () => {
    [alice, bob] = await createAccounts(api, 2);
  });

  const add = (by: TestAccount, armored_public_key: string, armored_signature?: string) =>
    api.post('/user/gpg_keys', { armored_public_key, ...(armored_signature ? { armored_signature } : {}) }, by.basic);

  it("adds a key one of whose addresses is the account's with 201 and Gitea's GPGKey: key id, verified addresses, subkeys, capabilities", async () => {
    const key = await newGpgKey([alice.email, 'elsewhere@example.org']);
    const res = await add(alice, key.publicKey);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.key_id, key.keyId);
    assert.equal(res.body.primary_key_id, '');
    assert.deepEqual(res.body.emails, [{ email: alice.email.toLowerCase(), verified: true }]);
    assert.equal(res.body.verified, false);
    assert.equal(res.body.can_sign, true);
    assert.equal(res.body.can_certify, true);
    assert.equal(res.body.can_encrypt_comms, false);
    assert.equal(res.body.expires_at, '0001-01-01T00:00:00Z', 'a key that never expires shows the zero time');
    assert.match(res.body.public_key, /^[A-Za-z0-9+/]+=*$/);
    assert.equal(res.body.subkeys.length, 1);
    const [sub] = res.body.subkeys;
    assert.equal(sub.key_id, key.subkeyIds[0]);
    assert.equal(sub.primary_key_id, key.keyId);
    assert.equal(sub.can_encrypt_comms, true);
    assert.equal(sub.can_sign, false);
  });

  it('refuses what openpgp cannot read with 422, and a key id in use with 422', async () => {
    for (const bad of ['not a key', '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nAAAA\n-----END PGP PUBLIC KEY BLOCK-----\n']) {
      const res = await add(alice, bad);
      assert.equal(res.status, 422, bad);
      assert.match(res.body.message, /cannot be read/);
    }
    const key = await newGpgKey([alice.email]);
    assert.equal((await add(alice, key.publicKey)).status, 201);
    const again = await add(alice, key.publicKey);
    assert.equal(again.status, 422);
    assert.match(again.body.message, new RegExp(key.keyId));
    assert.equal((await api.post('/user/gpg_keys', {}, alice.basic)).status, 422, 'armored_public_key is required');
  });

  it("answers 404 for a key none of whose addresses is the account's, naming the token to sign; signed with the key, it is added verified", async () => {
    const key = await newGpgKey(['nobody@example.org']);
    const refused = await add(bob, key.publicKey);
    assert.equal(refused.status, 404);
    const token = (await api.get('/user/gpg_key_token', bob.basic)).body as string;
    assert.match(token, /^[0-9a-f]{64}$/);
    assert.ok(refused.body.message.includes(token), refused.body.message);
    assert.equal(await db().gpgKey.count({ where: { keyId: key.keyId } }), 0);

    const wrong = await add(bob, key.publicKey, await gpgSign(key, 'something else'));
    assert.equal(wrong.status, 422, 'a signature of another text');
    const res = await add(bob, key.publicKey, await gpgSign(key, token));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.verified, true);
    assert.deepEqual(res.body.emails, []);
    assert.equal(res.body.subkeys[0].verified, true);
  });

  it("lists the caller's keys and an account's keys with X-Total-Count; a key by id is the caller's own (another's 404)", async () => {
    const [carol] = await createAccounts(api, 1);
    const keys = [await newGpgKey([carol.email]), await newGpgKey([carol.email])];
    const ids: number[] = [];
    for (const k of keys) ids.push((await add(carol, k.publicKey)).body.id);
    const mine = await api.get('/user/gpg_keys?limit=1&page=2', carol.basic);
    assert.equal(mine.status, 200);
    assert.equal(mine.headers.get('x-total-count'), '2');
    assert.deepEqual(mine.body.map((k: { key_id: string }) => k.key_id), [keys[1].keyId]);
    const theirs = await api.get(`/users/${carol.login}/gpg_keys`);
    assert.equal(theirs.status, 200);
    assert.deepEqual(theirs.body.map((k: { id: number }) => k.id), ids);
    assert.equal(theirs.body[0].subkeys.length, 1, 'subkeys come with each key of a list');
    assert.equal((await api.get('/users/no-such-account-here/gpg_keys')).status, 404);
    assert.equal((await api.get(`/user/gpg_keys/${ids[0]}`, carol.basic)).body.key_id, keys[0].keyId);
    assert.equal((await api.get(`/user/gpg_keys/${ids[0]}`, alice.basic)).status, 404);
    assert.equal((await api.get('/user/gpg_keys')).status, 401);
  });

  it("deletes a key with its subkeys: another account's key 403 (a site admin may), an unknown id 404", async () => {
    const [dave] = await createAccounts(api, 1);
    const key = await newGpgKey([dave.email]);
    const id = (await add(dave, key.publicKey)).body.id;
    assert.equal((await api.delete(`/user/gpg_keys/${id}`, alice.basic)).status, 403);
    assert.equal((await api.delete('/user/gpg_keys/999999', dave.basic)).status, 404);
    assert.equal((await api.delete(`/user/gpg_keys/${id}`, dave.basic)).status, 204);
    assert.equal(await db().gpgKey.count({ where: { ownerId: dave.id } }), 0, 'the subkey went too');
    const other = await newGpgKey([dave.email]);
    const otherId = (await add(dave, other.publicKey)).body.id;
    assert.equal((await api.delete(`/user/gpg_keys/${otherId}`, adminAuth)).status, 204);
  });

  it('verifies a key with a signature of the token: 200 and verified; another signature 422, a key id the caller has not 404', async () => {
    const [erin] = await createAccounts(api, 1);
    const key = await newGpgKey([erin.email]);
    assert.equal((await add(erin, key.publicKey)).status, 201);
    const token = (await api.get('/user/gpg_key_token', erin.basic)).body as string;
    const verify = (key_id: string, armored_signature: string) => api.post('/user/gpg_key_verify', { key_id, armored_signature }, erin.basic);
    assert.equal((await verify(key.keyId, await gpgSign(key, 'not the token'))).status, 422);
    assert.equal((await verify('00000000DEADBEEF', await gpgSign(key, token))).status, 404);
    assert.equal((await verify('000', await gpgSign(key, token))).status, 404);
    const other = await newGpgKey(['x@example.org']);
    assert.equal((await verify(key.keyId, await gpgSign(other, token))).status, 422, "a signature of a key that is not this one's");
    const res = await verify(key.keyId, await gpgSign(key, `${token}\n`));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.verified, true);
    assert.equal(res.body.key_id, key.keyId);
    assert.equal((await api.get(`/user/gpg_keys/${res.body.id}`, erin.basic)).body.verified, true);
    assert.equal((await api.post('/user/gpg_key_verify', { key_id: key.keyId }, erin.basic)).status, 422, 'armored_signature is required');
  });

  it('a page of 50 keys costs the same SQL statements as a page of 1', async () => {
    const [many] = await createAccounts(api, 1);
    for (let i = 0; i < 50; i++) assert.equal((await add(many, (await newGpgKey([many.email])).publicKey)).status, 201);
    const cost = async (limit: number) => {
      server.app.caches.clear();
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`/users/${many.login}/gpg_keys?limit=${limit}`, many.basic);
      assert.equal(res.body.length, limit);
      return server.app.database.queryCount() - before;
    };
    assert.equal(await cost(50), await cost(1));
  });
});
