import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { gitSpawnCount } from '../../../src/git/command.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { b64 } from '../../testkit/contents.ts';
import { git, gitLocal, remoteUrl } from '../../testkit/git.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

interface Row {
  type: string;
  body: string;
  user: { login: string };
  ref_commit_sha: string;
  ref_action: string;
}

/** References from pushed commits (and from commits the API makes): commit_ref rows, read from the bus's repo.push events. */
describe('references from commits', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  let outsider: TestAccount;
  let home: TestRepo;

  before(async () => {
    [alice, bob, outsider] = await createAccounts(api, 3);
    home = await buildRepo(server, alice, { autoInit: true, collaborators: [[bob, 'write']] });
  });

  const open = async (title: string, repo = home) => {
    const res = await api.post(`${repo.path}/issues`, { title }, alice.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };
  const commitRefs = async (number: number, repo = home) => {
    const res = await api.get(`${repo.path}/issues/${number}/timeline`, alice.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as Row[]).filter((r) => r.type === 'commit_ref');
  };
  /** The commit_ref rows of an issue once `count` are there (they are written after the push is answered). */
  const settled = async (number: number, count: number, repo = home) => {
    for (let waited = 0; waited < 5000; waited += 50) {
      const rows = await commitRefs(number, repo);
      if (rows.length >= count) return rows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return commitRefs(number, repo);
  };

  it('records a commit the API makes with "#N" in its message on issue N, by its author, linking the commit', async () => {
    const number = await open('fixed by a file');
    const written = await api.post(`${home.path}/contents/fix.txt`, { content: b64('fixed\n'), message: `Fix the <thing>, see #${number}\n\nmore words` }, bob.basic);
    assert.equal(written.status, 201, JSON.stringify(written.body));
    const sha = written.body.commit.sha as string;
    const [row, ...more] = await settled(number, 1);
    assert.deepEqual(more, []);
    assert.equal(row.ref_commit_sha, sha);
    assert.equal(row.user.login, bob.login);
    assert.equal(row.ref_action, 'none');
    assert.equal(row.body, `<a href="/${alice.login}/${home.name}/commit/${sha}">Fix the &lt;thing&gt;, see #${number}</a>`);
  });

  it('records the commits of a git push naming owner/repo#N once each, however often they are pushed again', async () => {
    const first = await open('named from elsewhere');
    const second = await open('also named');
    const pushed = await buildRepo(server, bob, {
      files: { 'a.txt': 'a' },
      commits: [
        { key: 'one', message: `Part of ${home.fullName}#${first}`, files: { 'b.txt': 'b' } },
        { key: 'two', message: `Touches ${home.fullName}#${first} and ${home.fullName}#${second}`, files: { 'c.txt': 'c' } },
        { message: 'Nothing to see', files: { 'd.txt': 'd' } },
      ],
    });
    const rows = await settled(first, 2);
    assert.deepEqual(rows.map((r) => r.ref_commit_sha), [pushed.ids.one, pushed.ids.two]);
    assert.equal((await settled(second, 1)).length, 1);
    // The same commits again, on a new branch with one commit more: only that one is new.
    const work = server.dir('clone');
    const url = remoteUrl(server.url, bob.login, pushed.name, [bob.login, bob.password]);
    assert.equal((await git(['clone', '-q', url, work])).status, 0);
    writeFileSync(path.join(work, 'e.txt'), 'e\n');
    assert.equal(gitLocal(['add', '.'], { cwd: work }).status, 0);
    assert.equal(gitLocal(['commit', '-q', '-m', `Closer to ${home.fullName}#${second}`], { cwd: work }).status, 0);
    assert.equal((await git(['push', '-q', 'origin', 'HEAD:refs/heads/copy'], { cwd: work })).status, 0);
    assert.equal((await settled(second, 2)).length, 2);
    assert.deepEqual((await commitRefs(first)).map((r) => r.ref_commit_sha), [pushed.ids.one, pushed.ids.two]);
  });

  it('records nothing on an issue the pusher may not read', async () => {
    const secret = await buildRepo(server, alice, { autoInit: true, private: true });
    const hidden = await open('private', secret);
    const probe = await buildRepo(server, outsider, { files: { 'a.txt': 'a' }, commits: [{ message: `Poke ${secret.fullName}#${hidden}` }] });
    const visible = await open('public marker');
    await buildRepo(server, outsider, { files: { 'a.txt': 'a' }, commits: [{ message: `Poke ${home.fullName}#${visible}` }] });
    assert.equal((await settled(visible, 1)).length, 1);
    assert.deepEqual(await commitRefs(hidden, secret), []);
    assert.ok(probe.ids);
  });

  it('reads a push of twenty commits with the git processes of a push of one', async () => {
    const number = await open('counted');
    const pushOf = async (commits: number) => {
      const before = gitSpawnCount();
      await buildRepo(server, bob, {
        files: { 'a.txt': 'a' },
        commits: Array.from({ length: commits }, (_, i) => ({ message: `Step ${i} of ${home.fullName}#${number}`, files: { [`f${i}.txt`]: `${i}` } })),
      });
      return before;
    };
    const startOne = await pushOf(1);
    const afterOne = (await settled(number, 1)).length;
    const one = gitSpawnCount() - startOne;
    const startTwenty = await pushOf(20);
    assert.equal((await settled(number, afterOne + 20)).length, afterOne + 20);
    const twenty = gitSpawnCount() - startTwenty;
    assert.equal(twenty, one, `git processes: ${twenty} for a push of twenty commits, ${one} for a push of one`);
  });
});

describe('references from commits with two instances', () => {
  const REDIS_URL = process.env.GRAFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const first = useServer({ redis: { URL: REDIS_URL } });
  // The second instance shares the first one's data and Redis: both hear of every push.
  const second = useServer({ redis: { URL: REDIS_URL } }, { sharingDataOf: first });

  it('records each commit once although every instance reads the push', async () => {
    const [alice] = await createAccounts(first.api, 1);
    const home = await buildRepo(first, alice, { autoInit: true });
    const opened = await first.api.post(`${home.path}/issues`, { title: 'named twice over' }, alice.basic);
    const number = opened.body.number as number;
    const pushed = await buildRepo(second, alice, {
      files: { 'a.txt': 'a' },
      commits: Array.from({ length: 5 }, (_, i) => ({ key: `c${i}`, message: `Step ${i} for ${home.fullName}#${number}`, files: { [`f${i}.txt`]: `${i}` } })),
    });
    const rows = async () => ((await first.api.get(`${home.path}/issues/${number}/timeline`, alice.basic)).body as Row[]).filter((r) => r.type === 'commit_ref');
    for (let waited = 0; waited < 5000 && (await rows()).length < 5; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    // Time for the slower instance to finish its reading of the same push.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.deepEqual((await rows()).map((r) => r.ref_commit_sha), [0, 1, 2, 3, 4].map((i) => pushed.ids[`c${i}`]));
  });
});
