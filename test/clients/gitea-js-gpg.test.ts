import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { repositoryPath } from '../../src/domain/repo/storage.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { GPG_KEY, GPG_KEY_EMAIL, PAYLOAD_COMMIT_VERIFICATION, PAYLOAD_USER } from '../testkit/gitea-js-fields/gpg.ts';
import { commitPayload, gpgSign, newGpgKey, writeCommit } from '../testkit/gpg-keys.ts';
import { buildRepo } from '../testkit/repos.ts';
import { ADMIN } from '../testkit/server.ts';
import { tempDir } from '../testkit/git.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: GPG keys, and the verification of a commit signed with one. */
describe('gitea-js: GPG keys and signed commits', () => {
  const server = useServer();
  let admin: GiteaClient;
  let owner: ClientAccount;

  before(async () => {
    admin = await clientFor(server, ADMIN);
    owner = await createClientAccount(server, admin);
  });

  it('userCurrentPostGpgKey adds a key, which userCurrentGetGpgKey, userCurrentListGpgKeys and userListGpgKeys show with every field', async () => {
    const key = await newGpgKey([owner.email]);
    const added = await owner.api.user.userCurrentPostGpgKey({ armored_public_key: key.publicKey });
    assert.equal(added.status, 201);
    assertTypedFields(added.data, GPG_KEY, 'GPGKey');
    assertTypedFields(added.data.emails![0], GPG_KEY_EMAIL, 'GPGKeyEmail');
    assertTypedFields(added.data.subkeys![0], GPG_KEY, 'GPGKey (subkey)');
    assert.equal(added.data.key_id, key.keyId);
    const got = await owner.api.user.userCurrentGetGpgKey(added.data.id!);
    assert.equal(got.data.key_id, key.keyId);
    assert.deepEqual((await owner.api.user.userCurrentListGpgKeys()).data.map((k) => k.id), [added.data.id]);
    assert.deepEqual((await giteaClient(server).users.userListGpgKeys(owner.login)).data.map((k) => k.key_id), [key.keyId]);
    assert.equal((await owner.api.user.userCurrentDeleteGpgKey(added.data.id!)).status, 204);
    assert.equal((await failure(owner.api.user.userCurrentGetGpgKey(added.data.id!))).status, 404);
  });

  it('userCurrentPostGpgKey rejects a key without an address of the account with 404, and accepts it signed over getVerificationToken', async () => {
    const key = await newGpgKey(['not-mine@example.org']);
    const refused = await failure(owner.api.user.userCurrentPostGpgKey({ armored_public_key: key.publicKey }));
    assert.equal(refused.status, 404);
    const token = (await owner.api.user.getVerificationToken({ format: 'text' })).data;
    assert.match(token, /^[0-9a-f]{64}$/);
    const added = await owner.api.user.userCurrentPostGpgKey({ armored_public_key: key.publicKey, armored_signature: await gpgSign(key, token) });
    assert.equal(added.status, 201);
    assert.equal(added.data.verified, true);
  });

  it('repoGetSingleCommit shows the verification of a commit signed with an added key, with its signer', async () => {
    const key = await newGpgKey([owner.email]);
    await owner.api.user.userCurrentPostGpgKey({ armored_public_key: key.publicKey });
    const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
    const head = (await owner.api.repos.repoGetSingleCommit(owner.login, repo.name, repo.heads[repo.defaultBranch])).data;
    const payload = commitPayload({ tree: head.commit!.tree!.sha!, parents: [head.sha!], name: owner.login, email: owner.email, message: 'signed\n' });
    const sha = writeCommit(repositoryPath(server.app.config, repo.id), payload, await gpgSign(key, payload));
    const commit = (await owner.api.repos.repoGetSingleCommit(owner.login, repo.name, sha)).data;
    const verification = commit.commit!.verification!;
    assertTypedFields(verification, PAYLOAD_COMMIT_VERIFICATION, 'PayloadCommitVerification');
    assertTypedFields(verification.signer, PAYLOAD_USER, 'PayloadUser');
    assert.equal(verification.verified, true);
    assert.equal(verification.reason, `${owner.login} / ${key.keyId}`);
    assert.equal(verification.signer!.username, owner.login);
    const unsigned = (await owner.api.repos.repoGetSingleCommit(owner.login, repo.name, head.sha!)).data.commit!.verification!;
    assertTypedFields(unsigned, PAYLOAD_COMMIT_VERIFICATION, 'PayloadCommitVerification');
    assert.equal(unsigned.reason, 'gpg.error.not_signed_commit');
  });
});

describe("gitea-js: the instance's signing key", () => {
  const keys = tempDir('graft-client-signing-');
  const keyFile = path.join(keys.dir, 'instance.asc');
  let keyId: string;
  before(async () => {
    const key = await newGpgKey(['signing@graft.test']);
    keyId = key.keyId;
    writeFileSync(keyFile, key.privateKey.armor());
  });
  after(() => keys.remove());
  const server = useServer({ repository: { SIGNING_KEY: keyFile, SIGNING_NAME: 'Graft', SIGNING_EMAIL: 'signing@graft.test', SIGNING_MERGES: ['always'] } });

  it('getSigningKey and repoSigningKey read the armored public key as text; a merge through repoMergePullRequest is signed with it', async () => {
    const admin = await clientFor(server, ADMIN);
    const owner = await createClientAccount(server, admin);
    const served = (await giteaClient(server).signingKeyGpg.getSigningKey({ format: 'text' })).data;
    assert.match(served, /^-----BEGIN PGP PUBLIC KEY BLOCK-----/);
    const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' }, commits: [{ key: 'f', branch: 'feature', message: 'feature', files: { 'b.txt': 'b\n' } }] });
    assert.equal((await owner.api.repos.repoSigningKey(owner.login, repo.name, { format: 'text' })).data, served);
    const pr = (await owner.api.repos.repoCreatePullRequest(owner.login, repo.name, { head: 'feature', base: repo.defaultBranch, title: 'feature' })).data;
    await owner.api.repos.repoMergePullRequest(owner.login, repo.name, pr.number!, { Do: 'merge' });
    const tip = (await owner.api.repos.repoGetBranch(owner.login, repo.name, repo.defaultBranch)).data.commit!.id!;
    const verification = (await owner.api.repos.repoGetSingleCommit(owner.login, repo.name, tip)).data.commit!.verification!;
    assertTypedFields(verification, PAYLOAD_COMMIT_VERIFICATION, 'PayloadCommitVerification');
    assert.equal(verification.verified, true);
    assertTypedFields(verification.signer, PAYLOAD_USER, 'PayloadUser');
    assert.equal(verification.reason, `Graft / ${keyId}`);
  });
});
