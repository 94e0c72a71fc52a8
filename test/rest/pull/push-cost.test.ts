import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { gitAsync, gitLocal, remoteUrl, tempDir } from '../../testkit/git.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const BRANCHES = 200;
const name = (i: number) => `b${String(i).padStart(3, '0')}`;

/**
 * What a push costs the pull requests (src/domain/pull/mergeability.ts: followPush, then the checks it asks for):
 * the pull requests of all the branches it moved are found together, so the statements do not grow with the
 * number of branches.
 */
describe("a push's background work for pull requests", () => {
  const server = useServer();
  const { api } = server;
  const work = tempDir('graft-push-cost-');
  let owner: TestAccount;
  let repo: TestRepo;
  let dir: string;
  let pull: { id: number };

  before(async () => {
    [owner] = await createAccounts(api, 1);
    repo = await buildRepo(server, owner, {
      files: { 'README.md': 'hello\n' },
      commits: [
        { branch: 'topic', files: { 'topic.txt': '0\n' } },
        ...Array.from({ length: BRANCHES }, (_, i) => ({ branch: name(i), from: 'main', files: { [`${name(i)}.txt`]: '0\n' } })),
      ],
    });
    const opened = await api.post(`${repo.path}/pulls`, { title: 'topic', head: 'topic', base: 'main' }, owner.basic);
    assert.equal(opened.status, 201, JSON.stringify(opened.body));
    pull = opened.body;
    dir = path.join(work.dir, 'clone');
    const cloned = await gitAsync(['clone', '-q', remoteUrl(server.url, owner.login, repo.name, [owner.login, owner.password]), dir]);
    assert.equal(cloned.status, 0, cloned.stderr);
    await server.app.backgroundIdle();
  });
  after(() => work.remove());

  const run = (...args: string[]) => {
    const res = gitLocal(args, { cwd: dir, env: { GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.test', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.test' } });
    assert.equal(res.status, 0, `git ${args.join(' ')}: ${res.stderr}`);
    return res.stdout.trim();
  };

  /** Once the background is idle, waits until no statement ran for a while (the push's other followers are done too). */
  const quiet = async () => {
    await server.app.backgroundIdle();
    let last = -1;
    while (server.app.database.queryCount() !== last) {
      last = server.app.database.queryCount();
      await new Promise((r) => setTimeout(r, 400));
      await server.app.backgroundIdle();
    }
  };

  /**
   * The statements of one `git push` that moves the pull request's head (one commit more) and `count` other branches
   * (each to a commit of its own), from the push to the end of its background work.
   */
  const pushCost = async (round: number, count: number) => {
    run('checkout', '-q', 'topic');
    run('commit', '-q', '--allow-empty', '-m', `topic ${round}`);
    const refspecs = ['topic'];
    for (let i = 0; i < count; i++) {
      const tree = run('rev-parse', `origin/${name(i)}^{tree}`);
      const commit = run('commit-tree', tree, '-p', `origin/${name(i)}`, '-m', `${name(i)} ${round}`);
      refspecs.push(`${commit}:refs/heads/${name(i)}`);
    }
    await quiet();
    await server.app.backgroundIdle();
    const before = server.app.database.queryCount();
    const pushed = await gitAsync(['push', '-q', 'origin', ...refspecs], { cwd: dir });
    assert.equal(pushed.status, 0, pushed.stderr);
    await quiet();
    const statements = server.app.database.queryCount() - before;
    const fetched = await gitAsync(['fetch', '-q', 'origin'], { cwd: dir }); // not gitLocal: the server runs in this process
    assert.equal(fetched.status, 0, fetched.stderr);
    const row = await server.app.database.db.pullRequest.findUniqueOrThrow({ where: { id: pull.id } });
    assert.equal(row.headCommitId, run('rev-parse', 'topic'), 'the pull request followed the push');
    assert.equal(row.status, 'mergeable');
    return statements;
  };

  it(`costs the statements of a push of two branches when it moves ${BRANCHES} branches, a pull request's head among them`, async () => {
    await pushCost(0, 1); // warms what a first push reads (the pusher's password, the repository)
    const two = await pushCost(1, 1);
    const many = await pushCost(2, BRANCHES);
    assert.equal(many, two, `SQL statements: ${many} for a push of ${BRANCHES + 1} branches, ${two} for 2`);
  });
});
