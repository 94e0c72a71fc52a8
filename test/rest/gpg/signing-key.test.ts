import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as openpgp from 'openpgp';
import { repositoryPath } from '../../../src/domain/repo/storage.ts';
import { ConfigError, loadConfig } from '../../../src/config/load.ts';
import { totpCode } from '../../../src/auth/totp.ts';
import { createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { gitLocal, tempDir } from '../../testkit/git.ts';
import { commitPayload, gpgSign, newGpgKey, writeCommit, type TestGpgKey } from '../../testkit/gpg-keys.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { newSshKey } from '../../testkit/ssh-keys.ts';
import { useServer, type ServerKit } from '../../testkit/use-server.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const SIGNER = { name: 'Graft Instance', email: 'signing@graft.test' };
const keys = tempDir('graft-signing-');
after(() => keys.remove());

/** The raw text of a commit object. */
function rawCommit(server: ServerKit, repo: TestRepo, sha: string): string {
  const res = gitLocal(['--git-dir', repositoryPath(server.app.config, repo.id), 'cat-file', 'commit', sha]);
  assert.equal(res.status, 0, res.stderr);
  return res.stdout;
}

/** A signed commit's signature header (gpgsig, or gpgsig-sha256) taken apart: the signature and the text it signs. */
function splitSigned(raw: string, header: string): { signature: string; payload: string } {
  const lines = raw.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`${header} `));
  assert.ok(start > 0, `no ${header} header in:\n${raw}`);
  let end = start + 1;
  while (lines[end].startsWith(' ')) end++;
  const signature = [lines[start].slice(header.length + 1), ...lines.slice(start + 1, end).map((l) => l.slice(1))].join('\n') + '\n';
  return { signature, payload: [...lines.slice(0, start), ...lines.slice(end)].join('\n') };
}

async function openpgpVerifies(publicKey: string, signature: string, payload: string): Promise<boolean> {
  const result = await openpgp.verify({
    message: await openpgp.createMessage({ binary: Buffer.from(payload, 'utf8') }),
    signature: await openpgp.readSignature({ armoredSignature: signature }),
    verificationKeys: await openpgp.readKey({ armoredKey: publicKey }),
  });
  return result.signatures[0].verified.then(() => true, () => false);
}

describe('the signing key endpoints with no key configured', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner] = await createAccounts(api, 1);
    repo = await buildRepo(server, owner, { autoInit: true });
  });

  it("answers 404 'no signing key' for /signing-key.gpg, /signing-key.pub and a repository's, as Gitea does", async () => {
    for (const path of ['/signing-key.gpg', '/signing-key.pub', `${repo.path}/signing-key.gpg`, `${repo.path}/signing-key.pub`]) {
      const res = await api.get(path);
      assert.equal(res.status, 404, path);
      assert.equal(res.body.message, 'no signing key', path);
    }
  });

  it('leaves the commits Graft makes unsigned', async () => {
    const main = await api.get(`${repo.path}/git/commits/main`);
    assert.equal(main.body.commit.verification.reason, 'gpg.error.not_signed_commit');
    assert.doesNotMatch(rawCommit(server, repo, main.body.sha), /^gpgsig/m);
  });
});

describe('an OpenPGP signing key', () => {
  let key: TestGpgKey;
  const keyFile = path.join(keys.dir, 'instance.asc');
  before(async () => {
    key = await newGpgKey([SIGNER.email]);
    writeFileSync(keyFile, key.privateKey.armor());
  });
  const server = useServer({
    repository: {
      SIGNING_KEY: keyFile,
      SIGNING_NAME: SIGNER.name,
      SIGNING_EMAIL: SIGNER.email,
      SIGNING_INITIAL_COMMIT: ['always'],
      SIGNING_CRUD_ACTIONS: ['always'],
      SIGNING_MERGES: ['always'],
    },
  });
  const { api } = server;
  let owner: TestAccount;
  let stranger: TestAccount;

  before(async () => {
    [owner, stranger] = await createAccounts(api, 2);
  });

  it('serves its armored public key as plain text at /signing-key.gpg and at a readable repository’s; /signing-key.pub is 404', async () => {
    const res = await fetch(`${server.url}api/v1/signing-key.gpg`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await res.text();
    assert.match(text, /^-----BEGIN PGP PUBLIC KEY BLOCK-----/);
    assert.equal((await openpgp.readKey({ armoredKey: text })).getKeyID().toHex().toUpperCase(), key.keyId);
    assert.equal((await openpgp.readKey({ armoredKey: text })).isPrivate(), false);
    const ssh = await api.get('/signing-key.pub');
    assert.deepEqual([ssh.status, ssh.body.message], [404, 'signing key format is openpgp']);

    const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
    const hidden = await buildRepo(server, owner, { private: true, files: { 'a.txt': 'a\n' } });
    assert.equal((await api.get(`${repo.path}/signing-key.gpg`)).body, text);
    assert.equal((await api.get(`${hidden.path}/signing-key.gpg`, owner.basic)).body, text);
    assert.equal((await api.get(`${hidden.path}/signing-key.gpg`, stranger.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/signing-key.pub`)).status, 404);
  });

  for (const objectFormat of ['sha1', 'sha256'] as const) {
    const header = objectFormat === 'sha1' ? 'gpgsig' : 'gpgsig-sha256';

    describe(`in a ${objectFormat} repository`, () => {
      let repo: TestRepo;
      let pulls = 0;
      const verificationOf = async (sha: string) => {
        const res = await api.get(`${repo.path}/git/commits/${sha}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return res.body.commit.verification;
      };
      /** Asserts that a commit carries the instance's signature, that openpgp verifies it, and that Graft says so. */
      const assertSignedByInstance = async (sha: string) => {
        const { signature, payload } = splitSigned(rawCommit(server, repo, sha), header);
        assert.equal(await openpgpVerifies(key.publicKey, signature, payload), true, 'openpgp verifies the signature over the commit');
        const v = await verificationOf(sha);
        assert.equal(v.verified, true, JSON.stringify(v));
        assert.equal(v.reason, `${SIGNER.name} / ${key.keyId}`);
        assert.deepEqual(v.signer, { username: SIGNER.name, name: SIGNER.name, email: SIGNER.email });
        assert.equal(v.payload, payload);
      };
      const branchWithFile = async (branch: string) => {
        const res = await api.post(`${repo.path}/contents/${branch}.txt`, { content: b64(`${branch}\n`), new_branch: branch, branch: 'main', message: `add ${branch}` }, owner.basic);
        assert.equal(res.status, 201, JSON.stringify(res.body));
        return res.body.commit.sha as string;
      };
      const moveMain = async () => {
        const res = await api.post(`${repo.path}/contents/main-${++pulls}.txt`, { content: b64('main\n'), branch: 'main', message: 'main moves' }, owner.basic);
        assert.equal(res.status, 201, JSON.stringify(res.body));
      };
      const mergeWith = async (style: string) => {
        const branch = `f-${style}-${objectFormat}`;
        await branchWithFile(branch);
        await moveMain();
        const pr = await api.post(`${repo.path}/pulls`, { title: `from ${branch}`, head: branch, base: 'main' }, owner.basic);
        assert.equal(pr.status, 201, JSON.stringify(pr.body));
        const merged = await api.post(`${repo.path}/pulls/${pr.body.number}/merge`, { Do: style }, owner.basic);
        assert.equal(merged.status, 200, JSON.stringify(merged.body));
        return (await api.get(`${repo.path}/branches/main`)).body.commit.id as string;
      };

      before(async () => {
        repo = await buildRepo(server, owner, { objectFormat, autoInit: true });
      });

      it('signs the initial commit of a repository made with auto_init (INITIAL_COMMIT)', async () => {
        await assertSignedByInstance((await api.get(`${repo.path}/branches/main`)).body.commit.id);
      });

      it('signs a commit of the contents API (CRUD_ACTIONS)', async () => {
        const res = await api.post(`${repo.path}/contents/crud.txt`, { content: b64('crud\n'), message: 'add crud' }, owner.basic);
        assert.equal(res.status, 201, JSON.stringify(res.body));
        await assertSignedByInstance(res.body.commit.sha);
      });

      it('signs the merge commit of a merge, the commit of a squash and of a rebase-merge (MERGES), the merger staying the committer', async () => {
        for (const style of ['merge', 'squash', 'rebase-merge']) {
          const tip = await mergeWith(style);
          await assertSignedByInstance(tip);
          assert.match(rawCommit(server, repo, tip), new RegExp(`^committer ${owner.login} <${owner.email}>`, 'm'));
        }
      });

      it('signs each commit a rebase writes onto the base', async () => {
        const tip = await mergeWith('rebase');
        await assertSignedByInstance(tip);
      });

      it("says gpg.error.probable_bad_signature for a signature naming the instance's key over other content", async () => {
        const tip = (await api.get(`${repo.path}/branches/main`)).body.commit.id;
        const dir = repositoryPath(server.app.config, repo.id);
        const tree = gitLocal(['--git-dir', dir, 'rev-parse', `${tip}^{tree}`]).stdout.trim();
        const payload = commitPayload({ tree, parents: [tip], name: owner.login, email: owner.email, message: 'forged\n' });
        const sha = writeCommit(dir, payload, await gpgSign(key, payload.replace('forged', 'other')), objectFormat);
        const v = await verificationOf(sha);
        assert.deepEqual([v.verified, v.reason, v.signer], [false, 'gpg.error.probable_bad_signature', null]);
      });

      it("signs the merge commit of a fork's merge-upstream", async () => {
        const fork = await api.post(`${repo.path}/forks`, { name: `fork-${objectFormat}` }, stranger.basic);
        assert.equal(fork.status, 202, JSON.stringify(fork.body));
        const forkPath = `/repos/${stranger.login}/fork-${objectFormat}`;
        assert.equal((await api.post(`${repo.path}/contents/upstream.txt`, { content: b64('up\n'), message: 'upstream' }, owner.basic)).status, 201);
        assert.equal((await api.post(`${forkPath}/contents/downstream.txt`, { content: b64('down\n'), message: 'downstream' }, stranger.basic)).status, 201);
        const merged = await api.post(`${forkPath}/merge-upstream`, { branch: 'main' }, stranger.basic);
        assert.equal(merged.status, 200, JSON.stringify(merged.body));
        assert.equal(merged.body.merge_type, 'merge');
        const tip = (await api.get(`${forkPath}/branches/main`)).body.commit.id;
        const v = (await api.get(`${forkPath}/git/commits/${tip}`)).body.commit.verification;
        assert.equal(v.verified, true, JSON.stringify(v));
        assert.equal(v.reason, `${SIGNER.name} / ${key.keyId}`);
      });

      it("signs the merge commit that brings a pull request's branch up to date with its base", async () => {
        const branch = `f-update-${objectFormat}`;
        await branchWithFile(branch);
        await moveMain();
        const pr = await api.post(`${repo.path}/pulls`, { title: `from ${branch}`, head: branch, base: 'main' }, owner.basic);
        assert.equal(pr.status, 201, JSON.stringify(pr.body));
        const updated = await api.post(`${repo.path}/pulls/${pr.body.number}/update`, {}, owner.basic);
        assert.equal(updated.status, 200, JSON.stringify(updated.body));
        const tip = (await api.get(`${repo.path}/branches/${branch}`)).body.commit.id;
        assert.equal(rawCommit(server, repo, tip).match(/^parent /gm)?.length, 2);
        await assertSignedByInstance(tip);
      });
    });
  }
});

describe('the signing rules', () => {
  let key: TestGpgKey;
  const keyFile = path.join(keys.dir, 'rules.asc');
  before(async () => {
    key = await newGpgKey([SIGNER.email]);
    writeFileSync(keyFile, key.privateKey.armor());
  });
  const server = useServer({
    repository: { SIGNING_KEY: keyFile, SIGNING_NAME: SIGNER.name, SIGNING_EMAIL: SIGNER.email, SIGNING_INITIAL_COMMIT: ['never'], SIGNING_CRUD_ACTIONS: ['pubkey', 'parentsigned'] },
  });
  const { api } = server;
  let owner: TestAccount;
  let repo: TestRepo;
  const write = async (path: string) => {
    const res = await api.post(`${repo.path}/contents/${path}`, { content: b64(`${path}\n`), message: `add ${path}` }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return (await api.get(`${repo.path}/git/commits/${res.body.commit.sha}`)).body.commit.verification;
  };

  before(async () => {
    [owner] = await createAccounts(api, 1);
    repo = await buildRepo(server, owner, { autoInit: true });
  });

  let mine: TestGpgKey;

  it('signs nothing a rule refuses: never for the initial commit, pubkey for a caller without a GPG key, parentsigned on an unsigned parent', async () => {
    const initial = (await api.get(`${repo.path}/git/commits/main`)).body.commit.verification;
    assert.equal(initial.reason, 'gpg.error.not_signed_commit');
    assert.equal((await write('no-key.txt')).reason, 'gpg.error.not_signed_commit');
    mine = await newGpgKey([owner.email]);
    assert.equal((await api.post('/user/gpg_keys', { armored_public_key: mine.publicKey }, owner.basic)).status, 201);
    // The caller has a key now, but the parent (the previous contents commit) is not signed.
    assert.equal((await write('unsigned-parent.txt')).reason, 'gpg.error.not_signed_commit');
  });

  it('signs once every rule holds: the caller has a GPG key and the parent is verified', async () => {
    // The parent: a commit the owner signed with that key, pushed onto main.
    const dir = repositoryPath(server.app.config, repo.id);
    const tip = (await api.get(`${repo.path}/branches/main`)).body.commit.id;
    const tree = gitLocal(['--git-dir', dir, 'rev-parse', `${tip}^{tree}`]).stdout.trim();
    const payload = commitPayload({ tree, parents: [tip], name: owner.login, email: owner.email, message: 'signed by the owner\n', time: 1_700_000_000 });
    const signed = writeCommit(dir, payload, await gpgSign(mine, payload), 'sha1');
    assert.equal(gitLocal(['--git-dir', dir, 'update-ref', 'refs/heads/main', signed, tip]).status, 0);
    const v = await write('signed-parent.txt');
    assert.equal(v.verified, true, JSON.stringify(v));
    assert.equal(v.reason, `${SIGNER.name} / ${key.keyId}`);
  });
});

describe('the signing rules of merges', () => {
  const keyFile = path.join(keys.dir, 'merges.asc');
  before(async () => writeFileSync(keyFile, (await newGpgKey([SIGNER.email])).privateKey.armor()));
  const server = useServer({ repository: { SIGNING_KEY: keyFile, SIGNING_NAME: SIGNER.name, SIGNING_EMAIL: SIGNER.email } });
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let repo: TestRepo;
  let n = 0;
  // Each test sets the rules it is about on the running server's configuration, which every write reads anew.
  const rules = (merges: string[], crud: string[] = ['never']) => {
    server.app.config.repository.SIGNING_MERGES = merges;
    server.app.config.repository.SIGNING_CRUD_ACTIONS = crud;
  };
  /** Opens a pull request of writer's from a new branch with one file (written through the contents API). */
  const open = async () => {
    const branch = `rules-${++n}`;
    const made = await api.post(`${repo.path}/contents/${branch}.txt`, { content: b64(`${branch}\n`), new_branch: branch, message: `add ${branch}` }, writer.basic);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const pr = await api.post(`${repo.path}/pulls`, { title: branch, head: branch, base: 'main' }, writer.basic);
    assert.equal(pr.status, 201, JSON.stringify(pr.body));
    return pr.body.number as number;
  };
  /** Merges with a merge commit, as `auth`; the merge commit's verification reason. */
  const merge = async (number: number, auth: Parameters<typeof api.post>[2] = owner.basic) => {
    const res = await api.post(`${repo.path}/pulls/${number}/merge`, { Do: 'merge' }, auth);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const tip = (await api.get(`${repo.path}/branches/main`)).body.commit.id;
    return (await api.get(`${repo.path}/git/commits/${tip}`)).body.commit.verification.reason as string;
  };
  const SIGNED = /^Graft Instance \/ [0-9A-F]{16}$/;

  before(async () => {
    [owner, writer] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' }, collaborators: [[writer, 'write']] });
  });

  it("follows Gitea's defaults: a merger without a GPG key or two-factor authentication gets an unsigned merge", async () => {
    assert.deepEqual(server.app.config.repository.SIGNING_MERGES, ['pubkey', 'twofa', 'basesigned', 'commitssigned']);
    assert.equal(await merge(await open()), 'gpg.error.not_signed_commit');
  });

  it('approved: signs only once the base branch has a protection rule and the pull request an official approval', async () => {
    rules(['approved']);
    assert.equal(await merge(await open()), 'gpg.error.not_signed_commit');
    assert.equal((await api.post(`${repo.path}/branch_protections`, { rule_name: 'main' }, owner.basic)).status, 201);
    const unapproved = await open();
    assert.equal(await merge(unapproved), 'gpg.error.not_signed_commit');
    const approved = await open();
    const review = await api.post(`${repo.path}/pulls/${approved}/reviews`, { event: 'APPROVED', body: 'good' }, owner.basic);
    assert.equal(review.status, 200, JSON.stringify(review.body));
    assert.match(await merge(approved), SIGNED);
    assert.equal((await api.delete(`${repo.path}/branch_protections/main`, owner.basic)).status, 204);
  });

  it("basesigned, headsigned and commitssigned: sign only when the base's tip, the head's tip, every commit of the head is verified", async () => {
    // The base's tip is an unsigned commit of the contents API; then a signed merge makes it signed.
    rules(['basesigned']);
    const number = await open();
    assert.equal((await api.post(`${repo.path}/contents/unsigned-base.txt`, { content: b64('x\n'), message: 'unsigned' }, owner.basic)).status, 201);
    assert.equal(await merge(number), 'gpg.error.not_signed_commit');
    rules(['always']);
    assert.match(await merge(await open()), SIGNED);
    rules(['basesigned']);
    assert.match(await merge(await open()), SIGNED);
    // The head's commits are unsigned unless the contents API signs them.
    rules(['headsigned']);
    assert.equal(await merge(await open()), 'gpg.error.not_signed_commit');
    rules(['commitssigned']);
    assert.equal(await merge(await open()), 'gpg.error.not_signed_commit');
    rules(['headsigned', 'commitssigned'], ['always']);
    assert.match(await merge(await open()), SIGNED);
  });

  it('twofa: signs the merges of an account with two-factor authentication only', async () => {
    rules(['twofa']);
    const setup = await server.graphql('mutation { enableTwoFactor { secret } }', undefined, owner.basic);
    assert.ok(setup.data?.enableTwoFactor, JSON.stringify(setup));
    const token = await createToken(api, { login: writer.login, basic: writer.basic }, ['write:repository']);
    assert.equal(await merge(await open(), { token }), 'gpg.error.not_signed_commit');
    const ownerToken = await createToken(api, { login: owner.login, basic: { basic: [owner.login, owner.password], otp: totpCode(setup.data.enableTwoFactor.secret) } }, ['write:repository']);
    assert.match(await merge(await open(), { token: ownerToken }), SIGNED);
  });
});

describe('the [repository.signing] settings', () => {
  it("stop the start for a rule that is not one of the list's, and for a format other than openpgp and ssh", () => {
    assert.throws(() => loadConfig({ env: { GRAFT__repository__SIGNING_MERGES: 'pubkey,sometimes' }, file: null }), /repository\.SIGNING_MERGES: "sometimes" is not one of/);
    assert.throws(() => loadConfig({ env: { GRAFT__repository__SIGNING_CRUD_ACTIONS: 'basesigned' }, file: null }), /repository\.SIGNING_CRUD_ACTIONS: "basesigned" is not one of/);
    assert.throws(() => loadConfig({ env: { GRAFT__repository__SIGNING_INITIAL_COMMIT: 'parentsigned' }, file: null }), ConfigError);
    assert.throws(() => loadConfig({ env: { GRAFT__repository__SIGNING_FORMAT: 'x509' }, file: null }), /"x509" is not one of openpgp, ssh/);
    const config = loadConfig({ env: { GRAFT__repository__SIGNING_MERGES: ' Always ' }, file: null });
    assert.deepEqual(config.repository.SIGNING_MERGES, ['always']);
  });

  it("default to Gitea's: no key, openpgp, always for initial commits, pubkey-twofa-parentsigned for contents, pubkey-twofa-basesigned-commitssigned for merges", () => {
    const { repository } = loadConfig({ env: {}, file: null });
    assert.deepEqual(
      [repository.SIGNING_KEY, repository.SIGNING_FORMAT, repository.SIGNING_INITIAL_COMMIT, repository.SIGNING_CRUD_ACTIONS, repository.SIGNING_MERGES],
      ['none', 'openpgp', ['always'], ['pubkey', 'twofa', 'parentsigned'], ['pubkey', 'twofa', 'basesigned', 'commitssigned']],
    );
  });
});

describe('an SSH signing key', () => {
  const ssh = newSshKey();
  const keyFile = path.join(keys.dir, 'instance_ed25519');
  writeFileSync(keyFile, ssh.privateKey, { mode: 0o600 });
  const server = useServer({
    repository: { SIGNING_KEY: keyFile, SIGNING_FORMAT: 'ssh', SIGNING_NAME: SIGNER.name, SIGNING_EMAIL: SIGNER.email, SIGNING_CRUD_ACTIONS: ['always'] },
  });
  const { api } = server;
  let owner: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner] = await createAccounts(api, 1);
    repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
  });

  it('serves the public key line at /signing-key.pub and a repository’s; /signing-key.gpg is 404', async () => {
    const res = await fetch(`${server.url}api/v1/signing-key.pub`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(await res.text(), `${ssh.publicKey}\n`);
    assert.equal((await api.get(`${repo.path}/signing-key.pub`)).body, `${ssh.publicKey}\n`);
    const gpg = await api.get('/signing-key.gpg');
    assert.deepEqual([gpg.status, gpg.body.message], [404, 'signing key format is ssh']);
  });

  it('signs a contents commit with it: ssh-keygen -Y verify accepts the signature, and Graft verifies it', async () => {
    const res = await api.post(`${repo.path}/contents/ssh.txt`, { content: b64('ssh\n'), message: 'add ssh' }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const sha = res.body.commit.sha;
    const { signature, payload } = splitSigned(rawCommit(server, repo, sha), 'gpgsig');
    assert.match(signature, /^-----BEGIN SSH SIGNATURE-----/);
    const signers = path.join(keys.dir, 'allowed_signers');
    const sigFile = path.join(keys.dir, 'commit.sig');
    writeFileSync(signers, `${SIGNER.email} namespaces="git" ${ssh.publicKey}\n`);
    writeFileSync(sigFile, signature);
    const out = execFileSync('ssh-keygen', ['-Y', 'verify', '-f', signers, '-I', SIGNER.email, '-n', 'git', '-s', sigFile], { input: payload }).toString('utf8');
    assert.match(out, /Good "git" signature/);
    const v = (await api.get(`${repo.path}/git/commits/${sha}`)).body.commit.verification;
    assert.equal(v.verified, true, JSON.stringify(v));
    assert.equal(v.reason, `${SIGNER.name} / ${ssh.fingerprint}`);
    assert.deepEqual(v.signer, { username: SIGNER.name, name: SIGNER.name, email: SIGNER.email });
  });
});

describe('a signing key file that is no key', () => {
  it('stops the start with a clear message naming the setting', () => {
    const notAKey = path.join(keys.dir, 'not-a-key.asc');
    writeFileSync(notAKey, 'hello\n');
    const main = fileURLToPath(new URL('../../../src/main.ts', import.meta.url));
    const data = tempDir('graft-signing-data-');
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
        env: { ...process.env, GRAFT_CONFIG: '', GRAFT_DATA_DIR: data.dir, GRAFT_PORT: '0', DATABASE_URL: '', GRAFT__repository__SIGNING_KEY: notAKey },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, /^graft: repository\.SIGNING_KEY \(.*not-a-key\.asc\): not an armored OpenPGP private key/m);
    } finally {
      data.remove();
    }
  });
});
