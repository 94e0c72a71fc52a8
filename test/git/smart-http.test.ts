import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readdirSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { adminAuth, graphql } from '../testkit/client.ts';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { git, gitAsync, gitLocal, makeLocalRepo, remoteUrl, tempDir } from '../testkit/git.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { repositoryPath } from '../../src/domain/repo/storage.ts';
import { totpCode } from '../../src/auth/totp.ts';
import { passwordVerifications } from '../../src/auth/password.ts';
import { gitSpawnCount } from '../../src/git/command.ts';
import { serveSmartHttp } from '../../src/git/smart-http.ts';
import type { AddressInfo } from 'node:net';

describe('git over smart HTTP', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  const work = tempDir();
  const creds = (): [string, string] => [owner.login, owner.password];

  /** A new private repository of the account's, with a first commit: its URL with the password, and a path to clone it to. */
  async function privateRepoOf(account: TestAccount, name: string) {
    await buildRepo(server, account, { name, autoInit: true, private: true });
    return { url: remoteUrl(server.url, account.login, name, [account.login, account.password]), local: path.join(work.dir, name) };
  }

  /** One more commit in a clone. */
  function commitMore(local: string) {
    writeFileSync(path.join(local, 'more.txt'), 'more\n');
    gitLocal(['add', '.'], { cwd: local });
    gitLocal(['commit', '-q', '-m', 'more'], { cwd: local });
  }

  before(async () => {
    owner = await createAccount(api);
  });
  after(() => work.remove());

  it('clones a public repository anonymously, with and without the .git suffix', async () => {
    await buildRepo(server, owner, { name: 'public-one', autoInit: true });
    for (const suffix of ['.git', '']) {
      const dest = path.join(work.dir, `public-one${suffix || '-nosuffix'}`);
      const clone = (await git(['clone', '-q', remoteUrl(server.url, owner.login, 'public-one', undefined, suffix), dest]));
      assert.equal(clone.status, 0, clone.stderr);
      assert.match(gitLocal(['log', '--format=%s'], { cwd: dest }).stdout, /Initial commit/);
    }
  });

  it('asks for credentials (401, WWW-Authenticate: Basic) before showing a private repository', async () => {
    await buildRepo(server, owner, { name: 'secret', autoInit: true, private: true });
    const res = await fetch(new URL(`${owner.login}/secret.git/info/refs?service=git-upload-pack`, server.url));
    assert.equal(res.status, 401);
    assert.match(res.headers.get('www-authenticate') ?? '', /^Basic/);
    const anonymous = (await git(['clone', '-q', remoteUrl(server.url, owner.login, 'secret'), path.join(work.dir, 'secret-anon')]));
    assert.notEqual(anonymous.status, 0);
    const withPassword = (await git(['clone', '-q', remoteUrl(server.url, owner.login, 'secret', creds()), path.join(work.dir, 'secret-ok')]));
    assert.equal(withPassword.status, 0, withPassword.stderr);
    const stranger = await createAccount(api);
    const res2 = await fetch(new URL(`${owner.login}/secret.git/info/refs?service=git-upload-pack`, server.url), {
      headers: { authorization: `Basic ${Buffer.from(`${stranger.login}:${stranger.password}`).toString('base64')}` },
    });
    assert.equal(res2.status, 404, 'a signed-in stranger learns nothing');
  });

  it('the first push to an empty repository sets its default branch and marks it non-empty', async () => {
    const repo = await buildRepo(server, owner, { name: 'empty-first', defaultBranch: 'main' });
    assert.equal(repo.body.empty, true);
    const local = makeLocalRepo(path.join(work.dir, 'first-push'), { commits: 2, branch: 'trunk' });
    const push = (await git(['push', '-q', remoteUrl(server.url, owner.login, 'empty-first', creds()), 'trunk'], { cwd: local }));
    assert.equal(push.status, 0, push.stderr);
    const after = await api.get(`/repos/${owner.login}/empty-first`, owner.basic);
    assert.equal(after.body.empty, false);
    assert.equal(after.body.default_branch, 'trunk');
    assert.ok(after.body.size >= 0);
    const headRef = (await git(['ls-remote', '--symref', remoteUrl(server.url, owner.login, 'empty-first'), 'HEAD']));
    assert.match(headRef.stdout, /ref: refs\/heads\/trunk\tHEAD/);
  });

  it('refuses anonymous pushes and pushes by accounts without write access', async () => {
    await buildRepo(server, owner, { name: 'guarded', autoInit: true });
    const local = path.join(work.dir, 'guarded');
    (await git(['clone', '-q', remoteUrl(server.url, owner.login, 'guarded'), local]));
    writeFileSync(path.join(local, 'x.txt'), 'x\n');
    gitLocal(['add', '.'], { cwd: local });
    gitLocal(['commit', '-q', '-m', 'x'], { cwd: local });
    const anonymous = (await git(['push', '-q', remoteUrl(server.url, owner.login, 'guarded'), 'main'], { cwd: local }));
    assert.notEqual(anonymous.status, 0);
    // The challenge comes before any lookup: the same for a repository that exists and one that does not.
    for (const name of ['guarded', 'no-such-repository']) {
      const statements = server.app.database.queryCount();
      const challenge = await fetch(new URL(`${owner.login}/${name}.git/info/refs?service=git-receive-pack`, server.url));
      assert.equal(challenge.status, 401);
      assert.match(challenge.headers.get('www-authenticate') ?? '', /^Basic/);
      assert.equal(server.app.database.queryCount() - statements, 0, 'no SQL statement for an anonymous push');
    }
    const stranger = await createAccount(api);
    const denied = (await git(['push', '-q', remoteUrl(server.url, owner.login, 'guarded', [stranger.login, stranger.password]), 'main'], { cwd: local }));
    assert.notEqual(denied.status, 0);
    const allowed = (await git(['push', '-q', remoteUrl(server.url, owner.login, 'guarded', creds()), 'main'], { cwd: local }));
    assert.equal(allowed.status, 0, allowed.stderr);
  });

  it('accepts a token as the password, and its scope decides between fetch and push', async () => {
    await buildRepo(server, owner, { name: 'scoped', autoInit: true, private: true });
    const readToken = await createToken(api, owner, ['read:repository']);
    const writeToken = await createToken(api, owner, ['write:repository']);
    const userToken = await createToken(api, owner, ['read:user']);
    const local = path.join(work.dir, 'scoped');
    assert.equal((await git(['clone', '-q', remoteUrl(server.url, owner.login, 'scoped', [owner.login, readToken]), local])).status, 0);
    assert.notEqual((await git(['ls-remote', remoteUrl(server.url, owner.login, 'scoped', [owner.login, userToken])])).status, 0);
    writeFileSync(path.join(local, 'y.txt'), 'y\n');
    gitLocal(['add', '.'], { cwd: local });
    gitLocal(['commit', '-q', '-m', 'y'], { cwd: local });
    assert.notEqual((await git(['push', '-q', remoteUrl(server.url, owner.login, 'scoped', [owner.login, readToken]), 'main'], { cwd: local })).status, 0);
    const ok = (await git(['push', '-q', remoteUrl(server.url, owner.login, 'scoped', [owner.login, writeToken]), 'main'], { cwd: local }));
    assert.equal(ok.status, 0, ok.stderr);
  });

  it('accounts with two-factor authentication must use a token, not their password', async () => {
    const careful = await createAccount(api);
    const enable = await graphql(server.url, 'mutation { enableTwoFactor { secret } }', {}, careful.basic);
    assert.ok(enable.data?.enableTwoFactor?.secret, JSON.stringify(enable));
    const code = totpCode(enable.data.enableTwoFactor.secret);
    const token = await createToken(api, { login: careful.login, basic: { basic: [careful.login, careful.password], otp: code } }, ['write:repository']);
    await buildRepo(server, { ...careful, basic: { basic: [careful.login, careful.password], otp: totpCode(enable.data.enableTwoFactor.secret) } }, { name: 'twofactor', autoInit: true, private: true });
    assert.notEqual((await git(['ls-remote', remoteUrl(server.url, careful.login, 'twofactor', [careful.login, careful.password])])).status, 0);
    assert.equal((await git(['ls-remote', remoteUrl(server.url, careful.login, 'twofactor', [careful.login, token])])).status, 0);
  });

  it('hosts SHA-256 repositories: push, clone and 64-character object ids', async () => {
    const repo = await buildRepo(server, owner, { name: 'sha256-repo', objectFormat: 'sha256' });
    assert.equal(repo.body.object_format_name, 'sha256');
    const local = makeLocalRepo(path.join(work.dir, 'sha256-src'), { commits: 3, objectFormat: 'sha256' });
    const push = (await git(['push', '-q', remoteUrl(server.url, owner.login, 'sha256-repo', creds()), 'main'], { cwd: local }));
    assert.equal(push.status, 0, push.stderr);
    const dest = path.join(work.dir, 'sha256-clone');
    assert.equal((await git(['clone', '-q', remoteUrl(server.url, owner.login, 'sha256-repo'), dest])).status, 0);
    const head = gitLocal(['rev-parse', 'HEAD'], { cwd: dest }).stdout.trim();
    assert.equal(head.length, 64);
    assert.equal(head, gitLocal(['rev-parse', 'HEAD'], { cwd: local }).stdout.trim());
  });

  it('speaks protocol v2 when the client asks for it', async () => {
    await buildRepo(server, owner, { name: 'v2', autoInit: true });
    const res = await fetch(new URL(`${owner.login}/v2.git/info/refs?service=git-upload-pack`, server.url), { headers: { 'git-protocol': 'version=2' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/x-git-upload-pack-advertisement');
    assert.match(await res.text(), /version 2/);
    const lsRemote = (await git(['-c', 'protocol.version=2', 'ls-remote', remoteUrl(server.url, owner.login, 'v2')], { env: { GIT_TRACE_PACKET: '0' } }));
    assert.equal(lsRemote.status, 0, lsRemote.stderr);
    assert.match(lsRemote.stdout, /refs\/heads\/main/);
  });

  it('answers a known protocol v2 capability advertisement without git, until the repository configuration changes', async () => {
    const created = await buildRepo(server, owner, { name: 'v2-known', autoInit: true });
    const advertise = async () => {
      const before = gitSpawnCount();
      const res = await fetch(new URL(`${owner.login}/v2-known.git/info/refs?service=git-upload-pack`, server.url), { headers: { 'git-protocol': 'version=2' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/x-git-upload-pack-advertisement');
      return { text: await res.text(), processes: gitSpawnCount() - before };
    };
    const first = await advertise();
    assert.match(first.text, /fetch=.*filter/);
    const second = await advertise();
    assert.equal(second.processes, 0);
    assert.equal(second.text, first.text);
    gitLocal(['--git-dir', repositoryPath(server.app.config, created.id), 'config', 'uploadpack.allowFilter', 'false']);
    const third = await advertise();
    assert.equal(third.processes, 1);
    assert.doesNotMatch(third.text, /filter/);
  });

  it('answers ls-refs from the repository files: a fetch runs one git process, for the pack, and sees refs moved by other means at once', async () => {
    const created = await buildRepo(server, owner, { name: 'ls-refs', autoInit: true });
    const gitDir = repositoryPath(server.app.config, created.id);
    const local = path.join(work.dir, 'ls-refs');
    assert.equal((await git(['clone', '-q', remoteUrl(server.url, owner.login, 'ls-refs', creds()), local])).status, 0);
    const main = gitLocal(['rev-parse', 'HEAD'], { cwd: local }).stdout.trim();
    // A branch and an annotated tag made on the server, packed and not: the next fetch brings them.
    gitLocal(['--git-dir', gitDir, 'update-ref', 'refs/heads/made-here', main]);
    gitLocal(['--git-dir', gitDir, 'pack-refs', '--all']);
    gitLocal(['--git-dir', gitDir, '-c', 'user.name=T', '-c', 'user.email=t@example.test', 'tag', '-a', 'v9', '-m', 'nine', main]);
    const before = gitSpawnCount();
    const fetched = await git(['-c', 'protocol.version=2', 'fetch', '-q', 'origin', '+refs/heads/*:refs/remotes/origin/*', 'refs/tags/*:refs/tags/*'], { cwd: local });
    assert.equal(fetched.status, 0, fetched.stderr);
    assert.equal(gitSpawnCount() - before, 1, 'upload-pack for the fetch command only');
    assert.equal(gitLocal(['rev-parse', 'refs/remotes/origin/made-here'], { cwd: local }).stdout.trim(), main);
    assert.equal(gitLocal(['rev-parse', 'v9^{}'], { cwd: local }).stdout.trim(), main);
    const listed = await git(['-c', 'protocol.version=2', 'ls-remote', '--symref', 'origin'], { cwd: local });
    assert.equal(listed.stdout, gitLocal(['ls-remote', '--symref', gitDir]).stdout);
  });

  it('accepts gzip-compressed upload-pack requests', async () => {
    await buildRepo(server, owner, { name: 'gz', autoInit: true });
    const head = (await git(['ls-remote', remoteUrl(server.url, owner.login, 'gz'), 'refs/heads/main'])).stdout.split('\t')[0];
    const pkt = (line: string) => (line.length + 4).toString(16).padStart(4, '0') + line;
    const body = gzipSync(Buffer.from(`${pkt(`want ${head}\n`)}0000${pkt('done\n')}`));
    const res = await fetch(new URL(`${owner.login}/gz.git/git-upload-pack`, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-git-upload-pack-request', 'content-encoding': 'gzip' },
      body,
    });
    assert.equal(res.status, 200);
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.ok(bytes.includes(Buffer.from('PACK')), 'the response carries a pack');
  });

  it('of two concurrent pushes to one branch, one wins, the other is rejected, and the repository stays valid', async () => {
    const created = await buildRepo(server, owner, { name: 'race', autoInit: true });
    const a = path.join(work.dir, 'race-a');
    const b = path.join(work.dir, 'race-b');
    for (const [dir, file] of [[a, 'a.txt'], [b, 'b.txt']]) {
      assert.equal((await git(['clone', '-q', remoteUrl(server.url, owner.login, 'race', creds()), dir])).status, 0);
      writeFileSync(path.join(dir, file), `${file}\n`);
      gitLocal(['add', '.'], { cwd: dir });
      gitLocal(['commit', '-q', '-m', file], { cwd: dir });
    }
    const results = await Promise.all([gitAsync(['push', '-q', 'origin', 'main'], { cwd: a }), gitAsync(['push', '-q', 'origin', 'main'], { cwd: b })]);
    const succeeded = results.filter((r) => r.status === 0).length;
    assert.equal(succeeded, 1, results.map((r) => r.stderr).join('\n'));
    const gitDir = repositoryPath(server.app.config, created.id);
    const fsck = gitLocal(['--git-dir', gitDir, 'fsck', '--strict']);
    assert.equal(fsck.status, 0, fsck.stderr);
  });

  it('a client that disconnects in the middle of a push leaves every ref as it was', async () => {
    const created = await buildRepo(server, owner, { name: 'cut', autoInit: true });
    const gitDir = repositoryPath(server.app.config, created.id);
    const before = gitLocal(['--git-dir', gitDir, 'rev-parse', 'refs/heads/main']).stdout.trim();
    const local = makeLocalRepo(path.join(work.dir, 'cut-src'), { commits: 1 });
    const newOid = gitLocal(['rev-parse', 'HEAD'], { cwd: local }).stdout.trim();
    const pack = Buffer.from(gitLocal(['pack-objects', '--stdout', '--revs'], { cwd: local, input: 'HEAD\n' }).stdout, 'latin1');
    const command = `${before} ${newOid} refs/heads/main\0 report-status\n`;
    const pkt = (command.length + 4).toString(16).padStart(4, '0') + command;
    await new Promise<void>((resolve) => {
      const url = new URL(`${owner.login}/cut.git/git-receive-pack`, server.url);
      const req = http.request(url, {
        method: 'POST',
        auth: `${owner.login}:${owner.password}`,
        headers: { 'content-type': 'application/x-git-receive-pack-request', 'content-length': String(pkt.length + 4 + 1_000_000) },
      });
      req.on('error', () => resolve());
      req.write(pkt + '0000');
      req.write(pack.subarray(0, 20));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(gitLocal(['--git-dir', gitDir, 'rev-parse', 'refs/heads/main']).stdout.trim(), before);
    assert.equal(gitLocal(['--git-dir', gitDir, 'fsck']).status, 0);
  });

  it('records each push on the event bus with the refs it changed', async () => {
    await buildRepo(server, owner, { name: 'evented', autoInit: true });
    const events = server.app.events.subscribe('repo.push');
    const local = path.join(work.dir, 'evented');
    (await git(['clone', '-q', remoteUrl(server.url, owner.login, 'evented', creds()), local]));
    gitLocal(['checkout', '-q', '-b', 'feature'], { cwd: local });
    writeFileSync(path.join(local, 'f.txt'), 'f\n');
    gitLocal(['add', '.'], { cwd: local });
    gitLocal(['commit', '-q', '-m', 'f'], { cwd: local });
    assert.equal((await git(['push', '-q', 'origin', 'feature'], { cwd: local })).status, 0);
    const next = await Promise.race([events.next(), new Promise((r) => setTimeout(() => r(null), 3000))]);
    await events.return?.();
    assert.deepEqual((next as IteratorResult<{ changes: { ref: string }[] }>).value.changes.map((c: { ref: string }) => c.ref), ['refs/heads/feature']);
  });

  it('a clone and a push with a password hash it once, not once per request', async () => {
    const member = await createAccount(api);
    const { url, local } = await privateRepoOf(member, 'hashed-once');
    // Any change to the account drops what is remembered of its password: each step starts cold.
    const forgotten = async () => assert.equal((await api.patch(`/admin/users/${member.login}`, { source_id: 0, login_name: member.login, full_name: 'x' }, adminAuth)).status, 200);
    await forgotten();
    let before = passwordVerifications();
    assert.equal((await git(['clone', '-q', url, local])).status, 0);
    assert.equal(passwordVerifications() - before, 1, 'info/refs, ls-refs and fetch: one hash');
    commitMore(local);
    await forgotten();
    before = passwordVerifications();
    const push = await git(['push', '-q', 'origin', 'main'], { cwd: local });
    assert.equal(push.status, 0, push.stderr);
    assert.equal(passwordVerifications() - before, 1, 'info/refs and receive-pack: one hash');
  });

  it('a fetch right after a push runs no SQL statement: the push reads its repository back into the cache', async () => {
    const { url, local } = await privateRepoOf(await createAccount(api), 'read-back');
    assert.equal((await git(['clone', '-q', url, local])).status, 0);
    commitMore(local);
    assert.equal((await git(['push', '-q', 'origin', 'main'], { cwd: local })).status, 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.app.backgroundIdle();
    const before = server.app.database.queryCount();
    const fetched = await git(['ls-remote', url, 'refs/heads/main'], { cwd: local });
    assert.equal(fetched.status, 0, fetched.stderr);
    assert.equal(fetched.stdout.split('\t')[0], gitLocal(['rev-parse', 'HEAD'], { cwd: local }).stdout.trim());
    assert.equal(server.app.database.queryCount() - before, 0);
  });

  it('a push that git refuses in part records only the refs git updated', async () => {
    await buildRepo(server, owner, { name: 'partly', autoInit: true });
    const local = path.join(work.dir, 'partly');
    assert.equal((await git(['clone', '-q', remoteUrl(server.url, owner.login, 'partly', creds()), local])).status, 0);
    gitLocal(['branch', 'topic'], { cwd: local });
    const events = server.app.events.subscribe('repo.push');
    // Deleting the default branch is refused; creating topic goes through.
    const push = await git(['push', 'origin', ':main', 'topic'], { cwd: local });
    assert.notEqual(push.status, 0);
    assert.match(push.stderr, /refs\/heads\/main|main/);
    const next = await Promise.race([events.next(), new Promise((r) => setTimeout(() => r(null), 3000))]);
    await events.return?.();
    assert.deepEqual((next as IteratorResult<{ changes: { ref: string }[] }>).value.changes.map((c: { ref: string }) => c.ref), ['refs/heads/topic']);
  });

  it('a push from a client that asks for no report is recorded too', async () => {
    const created = await buildRepo(server, owner, { name: 'unreported', autoInit: true });
    const gitDir = repositoryPath(server.app.config, created.id);
    const local = makeLocalRepo(path.join(work.dir, 'unreported-src'), { commits: 2 });
    const newOid = gitLocal(['rev-parse', 'HEAD'], { cwd: local }).stdout.trim();
    const pack = gitLocal(['pack-objects', '--stdout', '--revs'], { cwd: local, input: 'HEAD\n', encoding: 'buffer' }).stdoutBuffer!;
    const zero = '0'.repeat(40);
    const command = `${zero} ${newOid} refs/heads/side\n`;
    const body = Buffer.concat([Buffer.from((command.length + 4).toString(16).padStart(4, '0') + command + '0000'), pack]);
    const events = server.app.events.subscribe('repo.push');
    const res = await fetch(new URL(`${owner.login}/unreported.git/git-receive-pack`, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-git-receive-pack-request', authorization: `Basic ${Buffer.from(creds().join(':')).toString('base64')}` },
      body,
    });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    const next = await Promise.race([events.next(), new Promise((r) => setTimeout(() => r(null), 3000))]);
    await events.return?.();
    assert.equal(gitLocal(['--git-dir', gitDir, 'rev-parse', 'refs/heads/side']).stdout.trim(), newOid);
    assert.deepEqual((next as IteratorResult<{ changes: unknown[] }>).value.changes, [{ ref: 'refs/heads/side', before: zero, after: newOid }]);
  });

  it('refuses a POST whose content type is not the service request type with 415', async () => {
    await buildRepo(server, owner, { name: 'typed', autoInit: true });
    const res = await fetch(new URL(`${owner.login}/typed.git/git-upload-pack`, server.url), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '0000' });
    assert.equal(res.status, 415);
    assert.match(await res.text(), /application\/x-git-upload-pack-request/);
  });

  it('a push that only moves a branch runs receive-pack alone (refs advertised from the files, tables following its commands), and records the size git counts', async () => {
    const created = await buildRepo(server, owner, { name: 'moved', autoInit: true });
    const gitDir = repositoryPath(server.app.config, created.id);
    const local = path.join(work.dir, 'moved');
    assert.equal((await git(['clone', '-q', remoteUrl(server.url, owner.login, 'moved', creds()), local])).status, 0);
    // A few objects stay loose (under git's unpack limit), many arrive as a pack: the size counts both.
    for (const [round, files] of [[1, 3], [2, 120]]) {
      for (let i = 0; i < files; i++) writeFileSync(path.join(local, `r${round}-${i}.txt`), `${round} ${i}\n`.repeat(200));
      gitLocal(['add', '.'], { cwd: local });
      gitLocal(['commit', '-q', '-m', `round ${round}`], { cwd: local });
      const before = gitSpawnCount();
      assert.equal((await git(['push', '-q', 'origin', 'main'], { cwd: local })).status, 0);
      // The new head commit is read through the repository's batch reader, open since the clone. The first
      // advertisement is git's: its capabilities serve the next ones, whose refs are read from the files.
      assert.equal(gitSpawnCount() - before, round === 1 ? 2 : 1, 'receive-pack (and the first advertisement): no for-each-ref');
      const counted = gitLocal(['--git-dir', gitDir, 'count-objects', '-v']).stdout;
      const kib = (key: string) => Number(new RegExp(`^${key}: (\\d+)$`, 'm').exec(counted)![1]);
      const repo = await api.get(`/repos/${owner.login}/moved`, owner.basic);
      assert.equal(repo.body.size, kib('size') + kib('size-pack'), counted);
    }
  });

  it('a push that is still running while its repository is deleted leaves nothing behind', async () => {
    const created = await buildRepo(server, owner, { name: 'vanishing', autoInit: true });
    const gitDir = repositoryPath(server.app.config, created.id);
    const oldOid = gitLocal(['--git-dir', gitDir, 'rev-parse', 'refs/heads/main']).stdout.trim();
    const local = makeLocalRepo(path.join(work.dir, 'vanishing-src'), { commits: 3 });
    const newOid = gitLocal(['rev-parse', 'HEAD'], { cwd: local }).stdout.trim();
    const pack = gitLocal(['pack-objects', '--stdout', '--revs'], { cwd: local, input: 'HEAD\n', encoding: 'buffer' }).stdoutBuffer!;
    const command = `${oldOid} ${newOid} refs/heads/main\0 report-status\n`;
    const head = Buffer.from((command.length + 4).toString(16).padStart(4, '0') + command + '0000');
    const outcome = new Promise<string>((resolve) => {
      const req = http.request(new URL(`${owner.login}/vanishing.git/git-receive-pack`, server.url), {
        method: 'POST',
        auth: `${owner.login}:${owner.password}`,
        headers: { 'content-type': 'application/x-git-receive-pack-request', 'content-length': String(head.length + pack.length) },
      }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve(body));
      });
      req.on('error', (err) => resolve(`error: ${err.message}`));
      req.write(head);
      req.write(pack.subarray(0, 12));
      // Delete while git is still waiting for the rest of the pack, then let the push finish.
      setTimeout(async () => {
        assert.equal((await api.delete(`/repos/${owner.login}/vanishing`, owner.basic)).status, 204);
        req.end(pack.subarray(12));
      }, 200);
    });
    await outcome;
    await new Promise((r) => setTimeout(r, 200));
    assert.equal((await api.get(`/repos/${owner.login}/vanishing`, owner.basic)).status, 404);
    const leftovers = readdirSync(path.dirname(gitDir)).filter((name) => name.startsWith(path.basename(gitDir)));
    assert.deepEqual(leftovers, [], 'no directory is left at or beside the repository path');
  });

  it('switching the code unit off (has_code: false) closes git access until it is switched on again', async () => {
    await buildRepo(server, owner, { name: 'codeless', autoInit: true });
    assert.equal((await api.patch(`/repos/${owner.login}/codeless`, { has_code: false }, owner.basic)).status, 200);
    assert.notEqual((await git(['ls-remote', remoteUrl(server.url, owner.login, 'codeless', creds())])).status, 0);
    assert.equal((await api.patch(`/repos/${owner.login}/codeless`, { has_code: true }, owner.basic)).status, 200);
    assert.equal((await git(['ls-remote', remoteUrl(server.url, owner.login, 'codeless', creds())])).status, 0);
  });

  it('a deleted repository can no longer be cloned or pushed to', async () => {
    await buildRepo(server, owner, { name: 'doomed', autoInit: true });
    const local = path.join(work.dir, 'doomed');
    assert.equal((await git(['clone', '-q', remoteUrl(server.url, owner.login, 'doomed', creds()), local])).status, 0);
    assert.equal((await api.delete(`/repos/${owner.login}/doomed`, owner.basic)).status, 204);
    assert.notEqual((await git(['push', '-q', 'origin', 'main'], { cwd: local })).status, 0);
    assert.notEqual((await git(['ls-remote', remoteUrl(server.url, owner.login, 'doomed', creds())])).status, 0);
  });
});

describe('git over HTTP switched off', () => {
  const server = useServer({ repository: { HTTP_GIT_DISABLED: true } });

  it('HTTP_GIT_DISABLED answers 403 for every git endpoint', async () => {
    await buildRepo(server, ADMIN, { name: 'off', autoInit: true });
    const res = await fetch(new URL('root/off.git/info/refs?service=git-upload-pack', server.url));
    assert.equal(res.status, 403);
    const settings = await server.api.get('/settings/repository');
    assert.equal(settings.body.http_git_disabled, true);
  });
});

describe('serveSmartHttp', () => {
  const work = tempDir('graft-smart-http-');
  after(() => work.remove());

  it('stops git at once for a client that went away before git started, instead of leaving it waiting for the body', async () => {
    const gitDir = path.join(work.dir, 'bare.git');
    gitLocal(['init', '--bare', '-q', gitDir]);
    let served: Promise<number> | undefined;
    const server = http.createServer((req, res) => {
      // As when the client leaves while its request is still authenticated: git starts after it is gone.
      req.on('error', () => {});
      req.once('close', () => setImmediate(() => {
        // The timeout only ends a git left waiting, so that a failure here cannot hold the test process open.
        served = serveSmartHttp({ gitDir, service: 'git-receive-pack', advertise: false, req, res, timeoutMs: 10_000 });
      }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve) => {
        const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/bare.git/git-receive-pack', headers: { 'content-length': '1000000' } });
        req.on('error', () => resolve());
        req.write('0000', () => {
          req.destroy();
          resolve();
        });
      });
      for (let i = 0; i < 100 && !served; i++) await new Promise((r) => setTimeout(r, 20));
      assert.ok(served, 'the server saw the client go');
      const waited = await Promise.race([served.then(() => 'git ended'), new Promise((r) => setTimeout(() => r('git still waits'), 5000))]);
      assert.equal(waited, 'git ended');
    } finally {
      server.close();
    }
  });
});
