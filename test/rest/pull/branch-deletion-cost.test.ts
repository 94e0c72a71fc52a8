import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { followBranchDeletion } from '../../../src/domain/pull/branch-deletion.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo, type RepoCommit, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

/**
 * What deleting a branch costs its pull requests (src/domain/pull/branch-deletion.ts): they are read once, then
 * moved or closed set-based in one transaction with their timeline rows inserted at once, so the SQL statements do
 * not grow with their number. The rule itself (which are closed, which retargeted) is tested in merge.test.ts.
 */
describe('the cost of a deleted branch to its pull requests', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let repo: TestRepo;
  let label: number;
  const MANY = 20;

  /** Branch `base` from main, and `count` branches from it that each add a file. */
  const family = (base: string, count: number): RepoCommit[] => [
    { branch: base, from: 'main', files: { [`${base}.txt`]: `${base}\n` } },
    ...Array.from({ length: count }, (_, i) => ({ branch: `${base}-h${i}`, from: base, files: { [`${base}-h${i}.txt`]: `${i}\n` } })),
  ];

  before(async () => {
    [owner] = await createAccounts(api, 1);
    repo = await buildRepo(server, owner, {
      files: { 'README.md': 'hello\n' },
      commits: [...family('close1', 1), ...family(`close${MANY}`, MANY), ...family('move1', 1), ...family(`move${MANY}`, MANY)],
    });
    const made = await api.post(`${repo.path}/labels`, { name: 'counted', color: '#00aabb' }, owner.basic);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    label = made.body.id;
    for (const base of ['move1', `move${MANY}`]) {
      const pr = await api.post(`${repo.path}/pulls`, { title: base, head: base, base: 'main' }, owner.basic);
      assert.equal(pr.status, 201, JSON.stringify(pr.body));
      await server.app.backgroundIdle();
      const merged = await api.post(`${repo.path}/pulls/${pr.body.number}/merge`, { Do: 'merge' }, owner.basic);
      assert.equal(merged.status, 200, JSON.stringify(merged.body));
    }
    for (const [base, count] of [['close1', 1], [`close${MANY}`, MANY], ['move1', 1], [`move${MANY}`, MANY]] as const) {
      for (let i = 0; i < count; i++) {
        const pr = await api.post(`${repo.path}/pulls`, { title: `${base}-h${i}`, head: `${base}-h${i}`, base, labels: [label] }, owner.basic);
        assert.equal(pr.status, 201, JSON.stringify(pr.body));
      }
    }
    await server.app.backgroundIdle();
  });

  /**
   * The statements followBranchDeletion issues for `branch` (its git branch stays: only the rows are followed), and
   * the events it publishes: recorded here, so that no subscriber's work (the mergeability checks of retargeted
   * pull requests) runs while the statements are counted.
   */
  const cost = async (branch: string) => {
    const published: string[] = [];
    const events = { publish: async (topic: string, payload: { action: string; number: number }) => void published.push(`${topic}:${payload.action}:${payload.number}`) };
    const deps = { db: db(), config: server.app.config, events } as unknown as Parameters<typeof followBranchDeletion>[0];
    await server.app.backgroundIdle();
    const before = server.app.database.queryCount();
    const moved = await followBranchDeletion(deps, { repoId: repo.id, branch, actorId: owner.id });
    return { statements: server.app.database.queryCount() - before, moved, published };
  };
  const pullsInto = (base: string) => db().pullRequest.findMany({ where: { baseRepoId: repo.id, headBranch: { startsWith: `${base}-h` } }, include: { issue: true } });

  it(`closes ${MANY} pull requests into a deleted branch with the statements it takes to close one, counters and timeline rows included`, async () => {
    const closedBefore = (await db().label.findUniqueOrThrow({ where: { id: label } })).closedIssueCount;
    const pullsBefore = (await db().repository.findUniqueOrThrow({ where: { id: repo.id } })).closedPullCount;
    const one = await cost('close1');
    const many = await cost(`close${MANY}`);
    assert.equal(many.statements, one.statements, `SQL statements: ${many.statements} for ${MANY} pull requests, ${one.statements} for 1`);
    const closed = await pullsInto(`close${MANY}`);
    assert.equal(closed.length, MANY);
    assert.deepEqual(many.published, closed.sort((a, b) => a.id - b.id).map((p) => `pull_request:closed:${p.issue.number}`), 'one event per pull request, after the commit');
    assert.ok(closed.every((p) => p.issue.isClosed && p.issue.closedAt !== null));
    assert.equal((await db().label.findUniqueOrThrow({ where: { id: label } })).closedIssueCount, closedBefore + 1 + MANY);
    assert.equal((await db().repository.findUniqueOrThrow({ where: { id: repo.id } })).closedPullCount, pullsBefore + 1 + MANY);
    const rows = await db().comment.findMany({ where: { issueId: { in: closed.map((p) => p.issueId) }, type: { in: ['delete_branch', 'close'] } }, orderBy: { id: 'asc' } });
    assert.equal(rows.length, 2 * MANY);
    const first = rows.filter((r) => r.issueId === closed[0].issueId).map((r) => [r.type, r.oldRef]);
    assert.deepEqual(first, [['delete_branch', `close${MANY}`], ['close', null]], 'the branch is named before the close');
  });

  it(`retargets ${MANY} pull requests into a merged pull request’s deleted head with the statements it takes for one`, async () => {
    const one = await cost('move1');
    const many = await cost(`move${MANY}`);
    assert.equal(many.statements, one.statements, `SQL statements: ${many.statements} for ${MANY} pull requests, ${one.statements} for 1`);
    assert.equal(one.moved.length, 1);
    assert.equal(many.moved.length, MANY);
    const moved = await pullsInto(`move${MANY}`);
    assert.ok(moved.every((p) => p.baseBranch === 'main' && !p.issue.isClosed));
    assert.equal(many.published.filter((e) => e.startsWith('pull_request:edited:')).length, MANY);
    const rows = await db().comment.count({ where: { issueId: { in: moved.map((p) => p.issueId) }, type: 'change_target_branch', oldRef: `move${MANY}`, newRef: 'main' } });
    assert.equal(rows, MANY);
  });
});
