import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { repositoryPath } from '../../../src/domain/repo/storage.ts';
import { sshVerifyRuns } from '../../../src/git/ssh-keygen.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { commitPayload, gpgSign, newGpgKey, sshSign, writeCommit, type TestGpgKey } from '../../testkit/gpg-keys.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { newSshKey, type TestSshKey } from '../../testkit/ssh-keys.ts';
import { useServer } from '../../testkit/use-server.ts';

for (const objectFormat of ['sha1', 'sha256'] as const) {
  describe(`verification of signed commits (${objectFormat})`, () => {
    const server = useServer();
    const { api } = server;
    let alice: TestAccount;
    let bob: TestAccount;
    let repo: TestRepo;
    let gitDir: string;
    let tree: string;
    let aliceGpg: TestGpgKey;
    let aliceSsh: TestSshKey;
    let time = 1_700_000_000;

    before(async () => {
      [alice, bob] = await createAccounts(api, 2);
      repo = await buildRepo(server, alice, { objectFormat, files: { 'a.txt': 'a\n' } });
      gitDir = repositoryPath(server.app.config, repo.id);
      tree = (await api.get(`${repo.path}/git/commits/${repo.heads[repo.defaultBranch]}`)).body.commit.tree.sha;
      aliceGpg = await newGpgKey([alice.email]);
      assert.equal((await api.post('/user/gpg_keys', { armored_public_key: aliceGpg.publicKey }, alice.basic)).status, 201);
      aliceSsh = newSshKey();
      assert.equal((await api.post('/user/keys', { title: 'signing', key: aliceSsh.publicKey }, alice.basic)).status, 201);
    });

    /** A commit by `by` (its address as committer), signed by `sign` over its payload (or over another text), written to the repository. */
    async function commit(by: { name: string; email: string }, sign: ((payload: string) => Promise<string> | string) | null, options: { signOther?: boolean } = {}) {
      const payload = commitPayload({ tree, parents: [repo.heads[repo.defaultBranch]], name: by.name, email: by.email, message: `signed ${++time}\n`, time });
      const signed = options.signOther ? payload.replace('signed', 'forged') : payload;
      return writeCommit(gitDir, payload, sign ? await sign(signed) : null, objectFormat);
    }
    const verificationOf = async (sha: string) => {
      const res = await api.get(`${repo.path}/git/commits/${sha}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.commit.verification;
    };
    const aliceAsCommitter = () => ({ name: alice.login, email: alice.email });

    it("verifies a GPG signature by the committer's key: reason '<login> / <key id>', the signer, the signature and the payload", async () => {
      const payload = commitPayload({ tree, parents: [repo.heads[repo.defaultBranch]], name: alice.login, email: alice.email, message: 'first signed\n', time: ++time });
      const signature = await gpgSign(aliceGpg, payload);
      const sha = writeCommit(gitDir, payload, signature, objectFormat);
      const v = await verificationOf(sha);
      assert.equal(v.verified, true, JSON.stringify(v));
      assert.equal(v.reason, `${alice.login} / ${aliceGpg.keyId}`);
      assert.deepEqual(v.signer, { username: alice.login, name: alice.login, email: alice.email });
      assert.equal(v.payload, payload);
      assert.equal(v.signature, signature.endsWith('\n') ? signature : `${signature}\n`);
    });

    it("verifies a GPG signature by the key its issuer id names even when another account commits, as Gitea does", async () => {
      const sha = await commit({ name: 'Someone', email: 'someone@example.org' }, (p) => gpgSign(aliceGpg, p));
      const v = await verificationOf(sha);
      assert.equal(v.verified, true);
      assert.equal(v.signer.username, alice.login);
    });

    it("says gpg.error.no_gpg_keys_found for a key Graft does not know, gpg.error.probable_bad_signature for a known key's signature of other content", async () => {
      const stranger = await newGpgKey(['stranger@example.org']);
      const unknown = await verificationOf(await commit(aliceAsCommitter(), (p) => gpgSign(stranger, p)));
      assert.deepEqual([unknown.verified, unknown.reason, unknown.signer], [false, 'gpg.error.no_gpg_keys_found', null]);
      const forged = await verificationOf(await commit(aliceAsCommitter(), (p) => gpgSign(aliceGpg, p), { signOther: true }));
      assert.deepEqual([forged.verified, forged.reason, forged.signer], [false, 'gpg.error.probable_bad_signature', null]);
    });

    it('says gpg.error.not_signed_commit for an unsigned commit and gpg.error.extract_sign for a signature that cannot be read', async () => {
      const unsigned = await verificationOf(await commit(aliceAsCommitter(), null));
      assert.deepEqual(unsigned, { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' });
      const garbled = await verificationOf(await commit(aliceAsCommitter(), () => '-----BEGIN PGP SIGNATURE-----\n\nbm90IGEgc2lnbmF0dXJl\n-----END PGP SIGNATURE-----\n'));
      assert.equal(garbled.reason, 'gpg.error.extract_sign');
    });

    it("verifies an SSH signature by one of the committer's SSH keys: reason '<login> / <fingerprint>'; another key's is gpg.error.no_gpg_keys_found", async () => {
      const sha = await commit(aliceAsCommitter(), (p) => sshSign(aliceSsh.privateKey, p));
      const v = await verificationOf(sha);
      assert.equal(v.verified, true, JSON.stringify(v));
      assert.equal(v.reason, `${alice.login} / ${aliceSsh.fingerprint}`);
      assert.equal(v.signer.email, alice.email);
      assert.match(v.signature, /^-----BEGIN SSH SIGNATURE-----/);
      const other = await verificationOf(await commit(aliceAsCommitter(), (p) => sshSign(newSshKey().privateKey, p)));
      assert.deepEqual([other.verified, other.reason], [false, 'gpg.error.no_gpg_keys_found']);
      const asBob = await verificationOf(await commit({ name: bob.login, email: bob.email }, (p) => sshSign(aliceSsh.privateKey, p)));
      assert.deepEqual([asBob.verified, asBob.reason], [false, 'gpg.error.no_gpg_keys_found'], "alice's key does not stand for bob");
    });

    it('a page of twelve signed commits costs the SQL statements of a page of two (one of each kind), and ssh-keygen runs once per signature ever', async () => {
      // A chain of commits, GPG- and SSH-signed in turn, each the parent of the next.
      let parent = repo.heads[repo.defaultBranch];
      for (let i = 0; i < 12; i++) {
        const payload = commitPayload({ tree, parents: [parent], name: alice.login, email: alice.email, message: `chain ${i}\n`, time: ++time });
        parent = writeCommit(gitDir, payload, i % 2 ? sshSign(aliceSsh.privateKey, payload) : await gpgSign(aliceGpg, payload), objectFormat);
      }
      const page = async (limit: number) => {
        await server.app.backgroundIdle();
        server.app.caches.clear();
        await server.app.backgroundIdle();
        const before = server.app.database.queryCount();
        const res = await api.get(`${repo.path}/commits?sha=${parent}&limit=${limit}&stat=false&files=false`);
        assert.equal(res.status, 200);
        assert.equal(res.body.length, limit);
        assert.ok(res.body.every((c: any) => c.commit.verification.verified), JSON.stringify(res.body.map((c: any) => c.commit.verification.reason)));
        return server.app.database.queryCount() - before;
      };
      assert.equal(await page(12), await page(2));
      const runs = sshVerifyRuns();
      await page(12);
      assert.equal(sshVerifyRuns(), runs, 'a page read again starts no ssh-keygen');
    });
  });
}
