import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { graphql } from '../testkit/client.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

describe('what a pull request says about merging it (viewerCanMerge, mergeBlockers)', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, writer, reader] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, {
      files: { 'README.md': 'hello\n' },
      commits: [
        { branch: 'f-plain', message: 'add p.txt', files: { 'p.txt': 'p\n' } },
        { branch: 'f-approval', message: 'add a.txt', files: { 'a.txt': 'a\n' } },
        { branch: 'f-checks', message: 'add c.txt', files: { 'c.txt': 'c\n' } },
        { branch: 'wip', message: 'add w.txt', files: { 'w.txt': 'w\n' } },
      ],
      collaborators: [[writer, 'write'], [reader, 'read']],
    });
  });

  const open = async (head: string, title = `from ${head}`) => {
    const res = await api.post(`${repo.path}/pulls`, { title, head, base: 'main' }, writer.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };
  const protect = async (rule: Record<string, unknown>) => {
    const res = await api.post(`${repo.path}/branch_protections`, { rule_name: 'main', ...rule }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
  };
  const unprotect = async () => assert.equal((await api.delete(`${repo.path}/branch_protections/main`, owner.basic)).status, 204);
  const check = async (number: number, as: TestAccount) => {
    const res = await graphql(server.url, 'query($o: String!, $n: String!, $i: Int!) { repository(owner: $o, name: $n) { pullRequest(number: $i) { viewerCanMerge mergeBlockers } } }', { o: repo.owner, n: repo.name, i: number }, as.basic);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    return res.data.repository.pullRequest as { viewerCanMerge: boolean; mergeBlockers: string[] };
  };

  it('only those who may merge into the base branch are told they may, and nothing blocks an unprotected branch', async () => {
    const number = await open('f-plain');
    assert.deepEqual(await check(number, writer), { viewerCanMerge: true, mergeBlockers: [] });
    assert.deepEqual(await check(number, reader), { viewerCanMerge: false, mergeBlockers: [] });
  });

  it('a rule requiring one approval blocks the merge with that reason until an approval comes; once merged nothing is left to block', async () => {
    await protect({ required_approvals: 1 });
    try {
      const number = await open('f-approval', 'needs approval');
      const blocked = await check(number, writer);
      assert.equal(blocked.viewerCanMerge, true);
      assert.deepEqual(blocked.mergeBlockers, ['approvals missing: 0 of the 1 required']);
      const review = await graphql(server.url, 'mutation($o: String!, $n: String!, $i: Int!) { createPullReview(owner: $o, name: $n, number: $i, input: { event: APPROVED }) { state } }', { o: repo.owner, n: repo.name, i: number }, owner.basic);
      assert.equal(review.errors, undefined, JSON.stringify(review.errors));
      assert.deepEqual(await check(number, writer), { viewerCanMerge: true, mergeBlockers: [] });
      const merged = await graphql(server.url, 'mutation($o: String!, $n: String!, $i: Int!) { mergePullRequest(owner: $o, name: $n, number: $i, input: { style: merge }) { merged } }', { o: repo.owner, n: repo.name, i: number }, writer.basic);
      assert.equal(merged.data?.mergePullRequest?.merged, true, JSON.stringify(merged.errors));
      assert.deepEqual(await check(number, writer), { viewerCanMerge: false, mergeBlockers: [] });
    } finally {
      await unprotect();
    }
  });

  it('required status checks without a success, and a work-in-progress title, are reasons too', async () => {
    await protect({ enable_status_check: true, status_check_contexts: ['ci'] });
    try {
      const checks = await open('f-checks');
      assert.deepEqual((await check(checks, writer)).mergeBlockers, ['required status checks have not all succeeded']);
      const wip = await open('wip', 'WIP: not yet');
      assert.deepEqual((await check(wip, writer)).mergeBlockers, ['the title marks it as work in progress', 'required status checks have not all succeeded']);
    } finally {
      await unprotect();
    }
  });
});
