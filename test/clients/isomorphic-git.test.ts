import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import git from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { tempDir } from '../testkit/git.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const author = { name: 'Iso Git', email: 'iso@example.test' };

/** isomorphic-git (its own HTTP client, smart HTTP protocol v1) as a client of Graft's git over HTTP. */
describe('isomorphic-git against Graft', () => {
  const server = useServer();
  const { api } = server;
  const work = tempDir('graft-isogit-');
  let owner: TestAccount;
  let writer: TestAccount;
  let repo: TestRepo;
  let dir: string;

  before(async () => {
    [owner, writer] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, {
      objectFormat: 'sha1',
      files: { 'README.md': 'hello\n' },
      commits: [{ key: 'x1', branch: 'existing', files: { 'x.txt': 'x\n' } }],
      collaborators: [[writer, 'write']],
    });
    dir = path.join(work.dir, 'clone');
  });
  after(() => work.remove());

  const url = () => `${server.url.replace(/\/$/, '')}/${repo.fullName}.git`;
  const onAuth = (who: TestAccount) => () => ({ username: who.login, password: who.password });

  it('clones, fetches, pushes a branch and opens a pull request from it', async () => {
    await git.clone({ fs, http, dir, url: url(), onAuth: onAuth(writer), singleBranch: false });
    assert.equal(fs.readFileSync(path.join(dir, 'README.md'), 'utf8'), 'hello\n');
    assert.equal(await git.resolveRef({ fs, dir, ref: 'refs/remotes/origin/existing' }), repo.ids.x1);

    // Someone else moves main; a fetch brings it.
    const change = await api.post(`${repo.path}/contents/later.txt`, { content: Buffer.from('later\n').toString('base64'), message: 'later' }, owner.basic);
    assert.equal(change.status, 201, JSON.stringify(change.body));
    const fetched = await git.fetch({ fs, http, dir, url: url(), ref: 'main', onAuth: onAuth(writer) });
    assert.equal(fetched.fetchHead, change.body.commit.sha);

    await git.branch({ fs, dir, ref: 'iso-feature', checkout: true });
    fs.writeFileSync(path.join(dir, 'iso.txt'), 'from isomorphic-git\n');
    await git.add({ fs, dir, filepath: 'iso.txt' });
    const sha = await git.commit({ fs, dir, message: 'from isomorphic-git', author });
    const pushed = await git.push({ fs, http, dir, url: url(), ref: 'iso-feature', onAuth: onAuth(writer) });
    assert.equal(pushed.ok, true, JSON.stringify(pushed));
    const branch = await api.get(`${repo.path}/branches/iso-feature`, owner.basic);
    assert.equal(branch.body.commit.id, sha);

    const pr = await api.post(`${repo.path}/pulls`, { title: 'from isomorphic-git', head: 'iso-feature', base: 'main' }, writer.basic);
    assert.equal(pr.status, 201, JSON.stringify(pr.body));
    assert.equal(pr.body.head.sha, sha);
    const files = await api.get(`${repo.path}/pulls/${pr.body.number}/files`, writer.basic);
    assert.deepEqual(files.body.map((f: { filename: string }) => f.filename), ['iso.txt']);
  });

  it('refuses a push that branch protection forbids with isomorphic-git’s push error, the hook’s message on the remote channel', async () => {
    const rule = await api.post(`${repo.path}/branch_protections`, { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [owner.login] }, owner.basic);
    assert.equal(rule.status, 201, JSON.stringify(rule.body));
    await git.checkout({ fs, dir, ref: 'main' });
    await git.pull({ fs, http, dir, url: url(), ref: 'main', singleBranch: true, author, onAuth: onAuth(writer) });
    fs.writeFileSync(path.join(dir, 'main.txt'), 'not allowed\n');
    await git.add({ fs, dir, filepath: 'main.txt' });
    await git.commit({ fs, dir, message: 'to a protected branch', author });
    const messages: string[] = [];
    const refused = await git
      .push({ fs, http, dir, url: url(), ref: 'main', onAuth: onAuth(writer), onMessage: (m) => void messages.push(m) })
      .then(
        (result) => ({ result, error: null }),
        (error: unknown) => ({ result: null, error: error as Error & { code?: string; data?: unknown } }),
      );
    assert.ok(refused.error, `the push was refused with an error, not a result: ${JSON.stringify(refused.result)}`);
    assert.equal(refused.error.code, 'GitPushError');
    assert.match(refused.error.message, /refs\/heads\/main: pre-receive hook declined/);
    // What the error carries (err.data) is the report-status of receive-pack: per ref, git's fixed reason for a
    // refusing hook, never the hook's words (as with Gitea, whose refusal is a pre-receive hook too).
    const data = refused.error.data as { prettyDetails: string; result: { ok: boolean; refs: Record<string, { ok: boolean; error?: string }> } };
    assert.equal(data.result.ok, true, 'the unpack went well');
    assert.deepEqual(data.result.refs['refs/heads/main'], { ok: false, error: 'pre-receive hook declined' });
    assert.doesNotMatch(JSON.stringify(data), /Not allowed to push/);
    // The hook's own words come on the remote's message channel (git prints them as "remote: …").
    assert.match(messages.join(''), /Graft: Not allowed to push to protected branch main/);
    const main = await api.get(`${repo.path}/branches/main`, owner.basic);
    assert.notEqual(main.body.commit.id, await git.resolveRef({ fs, dir, ref: 'main' }), 'the branch did not move');
  });
});
