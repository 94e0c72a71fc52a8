import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { graphql } from '../../testkit/client.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('pull requests', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let forker: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, writer, reader, forker] = await createAccounts(api, 4);
    repo = await buildRepo(server, owner, {
      files: { 'README.md': 'hello\n', 'shared.txt': 'one\ntwo\nthree\n' },
      commits: [
        { key: 'f1', branch: 'feature', message: 'add a file', files: { 'feature.txt': 'new\n' } },
        { key: 'c1', branch: 'clash', message: 'change shared', files: { 'shared.txt': 'one\nTWO\nthree\n' } },
        { key: 'c2', branch: 'clash2', from: 'main', message: 'change shared too', files: { 'shared.txt': 'one\n2\nthree\n' } },
        { key: 'o1', branch: 'other', message: 'other', files: { 'other.txt': 'x\n' } },
        { key: 'o2', branch: 'other2', message: 'other2', files: { 'other2.txt': 'x\n' } },
        { key: 'n1', branch: 'next', message: 'next base', files: { 'next.txt': 'n\n' } },
      ],
      collaborators: [[writer, 'write'], [reader, 'read']],
    });
  });

  const open = async (body: Record<string, unknown>, by = writer, path = repo.path) => {
    const res = await api.post(`${path}/pulls`, { title: `from ${body.head}`, base: 'main', ...body }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };
  /** The stored status once the background check is done (never left checking for long). */
  const settled = async (pullId: number) => {
    for (let i = 0; i < 200; i++) {
      const row = await db().pullRequest.findUniqueOrThrow({ where: { id: pullId } });
      if (row.status !== 'checking') return row;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.fail(`pull request ${pullId} stayed checking`);
  };

  it('opens a pull request as an issue of the shared counter, keeps its head as refs/pull/N/head and answers Gitea’s shape', async () => {
    const issue = await api.post(`${repo.path}/issues`, { title: 'an issue first' }, writer.basic);
    const pr = await open({ head: 'feature', body: 'please', assignees: [writer.login] });
    assert.equal(pr.number, issue.body.number + 1, 'issues and pull requests share one sequence');
    assert.equal(pr.head.ref, 'feature');
    assert.equal(pr.head.label, 'feature');
    assert.equal(pr.head.sha, repo.ids.f1);
    assert.equal(pr.head.repo.full_name, repo.fullName);
    assert.equal(pr.base.ref, 'main');
    assert.equal(pr.base.sha, repo.heads.main);
    assert.equal(pr.merge_base, repo.heads.main);
    assert.equal(pr.merged, false);
    assert.equal(pr.additions, 1);
    assert.equal(pr.changed_files, 1);
    assert.deepEqual(pr.assignees.map((u: { login: string }) => u.login), [writer.login]);
    assert.match(pr.html_url, new RegExp(`/${repo.fullName}/pulls/${pr.number}$`));
    assert.equal(pr.diff_url, `${pr.html_url}.diff`);
    const ref = await api.get(`${repo.path}/git/refs/pull/${pr.number}/head`, owner.basic);
    assert.equal(ref.status, 200, JSON.stringify(ref.body));
    assert.equal((Array.isArray(ref.body) ? ref.body[0] : ref.body).object.sha, repo.ids.f1);
    const asIssue = await api.get(`${repo.path}/issues/${pr.number}`, reader.basic);
    assert.deepEqual({ merged: asIssue.body.pull_request.merged, merged_at: asIssue.body.pull_request.merged_at }, { merged: false, merged_at: null });
    const counts = await db().repository.findUniqueOrThrow({ where: { id: repo.id } });
    assert.equal(counts.pullCount, 1);
    assert.equal(counts.issueCount, 1);
  });

  it('computes mergeability in the background: mergeable for a clean change, conflict with the files for a clash', async () => {
    const clean = await open({ head: 'other' });
    assert.equal((await settled(clean.id)).status, 'mergeable');
    assert.equal((await api.get(`${repo.path}/pulls/${clean.number}`, reader.basic)).body.mergeable, true);
    const clash = await open({ head: 'clash', base: 'clash2' });
    const row = await settled(clash.id);
    assert.equal(row.status, 'conflict');
    assert.equal(row.conflictedFiles, 'shared.txt');
    assert.equal((await api.get(`${repo.path}/pulls/${clash.number}`, reader.basic)).body.mergeable, false);
  });

  it('refuses a missing head or base, and the same branch on both sides, with 422', async () => {
    const missingHead = await api.post(`${repo.path}/pulls`, { title: 't', head: 'nope', base: 'main' }, writer.basic);
    assert.equal(missingHead.status, 422, JSON.stringify(missingHead.body));
    const missingBase = await api.post(`${repo.path}/pulls`, { title: 't', head: 'feature', base: 'nope' }, writer.basic);
    assert.equal(missingBase.status, 422);
    const same = await api.post(`${repo.path}/pulls`, { title: 't', head: 'main', base: 'main' }, writer.basic);
    assert.equal(same.status, 422);
    assert.match(same.body.message, /same branch/);
  });

  it('refuses a second open pull request from the same head into the same base with 409', async () => {
    const again = await api.post(`${repo.path}/pulls`, { title: 'again', head: 'feature', base: 'main' }, writer.basic);
    assert.equal(again.status, 409, JSON.stringify(again.body));
    assert.match(again.body.message, /already exists/);
  });

  it('finds a pull request by base and head, and answers 404 for branches no pull request joins', async () => {
    const found = await api.get(`${repo.path}/pulls/main/feature`, reader.basic);
    assert.equal(found.status, 200);
    assert.equal(found.body.head.ref, 'feature');
    assert.equal((await api.get(`${repo.path}/pulls/main/next`, reader.basic)).status, 404);
  });

  it('lists pull requests with Gitea’s filters and sort orders, and counts them in X-Total-Count', async () => {
    const all = await api.get(`${repo.path}/pulls?state=all&limit=2`, reader.basic);
    assert.equal(all.status, 200);
    assert.equal(all.body.length, 2);
    const total = Number(all.headers.get('x-total-count'));
    assert.equal(total, await db().issue.count({ where: { repoId: repo.id, isPull: true } }));
    // Filtered by state alone, the totals are the repository's counters: they match what a count finds.
    for (const state of ['open', 'closed'] as const) {
      const page = await api.get(`${repo.path}/pulls?state=${state}&limit=1`, reader.basic);
      assert.equal(Number(page.headers.get('x-total-count')), await db().issue.count({ where: { repoId: repo.id, isPull: true, isClosed: state === 'closed' } }), state);
    }
    const oldest = await api.get(`${repo.path}/pulls?state=all&sort=oldest&limit=1`, reader.basic);
    assert.equal(oldest.body[0].head.ref, 'feature');
    const byBase = await api.get(`${repo.path}/pulls?state=all&base_branch=clash2`, reader.basic);
    assert.deepEqual(byBase.body.map((p: { head: { ref: string } }) => p.head.ref), ['clash']);
    const byPoster = await api.get(`${repo.path}/pulls?state=all&poster=${owner.login}`, reader.basic);
    assert.deepEqual(byPoster.body, []);
    const nobody = await api.get(`${repo.path}/pulls?poster=nobody-at-all`, reader.basic);
    assert.equal(nobody.status, 200);
    assert.deepEqual(nobody.body, []);
  });

  it('edits title, state and base; a base that is missing is 422, one an open pull request already joins is 409', async () => {
    const pr = await open({ head: 'other2' });
    const missing = await api.patch(`${repo.path}/pulls/${pr.number}`, { base: 'nope' }, writer.basic);
    assert.equal(missing.status, 422, JSON.stringify(missing.body));
    const taken = await open({ head: 'other2', base: 'next' });
    const clash = await api.patch(`${repo.path}/pulls/${pr.number}`, { base: 'next' }, writer.basic);
    assert.equal(clash.status, 409, JSON.stringify(clash.body));
    const closed = await api.patch(`${repo.path}/pulls/${taken.number}`, { state: 'closed' }, writer.basic);
    assert.equal(closed.status, 201);
    assert.equal(closed.body.state, 'closed');
    const moved = await api.patch(`${repo.path}/pulls/${pr.number}`, { base: 'next', title: 'retargeted', allow_maintainer_edit: true }, writer.basic);
    assert.equal(moved.status, 201, JSON.stringify(moved.body));
    assert.equal(moved.body.base.ref, 'next');
    assert.equal(moved.body.title, 'retargeted');
    assert.equal(moved.body.allow_maintainer_edit, true);
    assert.equal((await settled(pr.id)).status, 'mergeable');
    const rows = await db().comment.findMany({ where: { issueId: (await db().pullRequest.findUniqueOrThrow({ where: { id: pr.id } })).issueId, type: 'change_target_branch' } });
    assert.deepEqual(rows.map((r) => [r.oldRef, r.newRef]), [['main', 'next']]);
    const counts = await db().repository.findUniqueOrThrow({ where: { id: repo.id } });
    assert.equal(counts.closedPullCount, 1, 'closing a pull request moves the pull counters');
    assert.equal((await api.patch(`${repo.path}/pulls/${pr.number}`, { title: 'by a reader' }, reader.basic)).status, 403);
  });

  it('moves refs/pull/N/head and checks again when the head branch is pushed to', async () => {
    const pr = await open({ head: 'other', base: 'next', title: 'follows pushes' });
    await settled(pr.id);
    const push = await api.post(`${repo.path}/contents/more.txt`, { content: b64('more\n'), branch: 'other', message: 'more' }, owner.basic);
    assert.equal(push.status, 201, JSON.stringify(push.body));
    const newHead = push.body.commit.sha;
    for (let i = 0; i < 200; i++) {
      const row = await db().pullRequest.findUniqueOrThrow({ where: { id: pr.id } });
      if (row.headCommitId === newHead && row.status !== 'checking') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const after = await api.get(`${repo.path}/pulls/${pr.number}`, reader.basic);
    assert.equal(after.body.head.sha, newHead);
    assert.equal(after.body.changed_files, 2);
    const ref = await api.get(`${repo.path}/git/refs/pull/${pr.number}/head`, owner.basic);
    assert.equal((Array.isArray(ref.body) ? ref.body[0] : ref.body).object.sha, newHead);
  });

  it('opens a pull request from a fork as owner:branch, copying its head into the base repository', async () => {
    const forked = await api.post(`${repo.path}/forks`, {}, forker.basic);
    assert.equal(forked.status, 202, JSON.stringify(forked.body));
    const change = await api.post(`/repos/${forker.login}/${repo.name}/contents/fork.txt`, { content: b64('f\n'), branch: 'main', new_branch: 'from-fork', message: 'f' }, forker.basic);
    assert.equal(change.status, 201, JSON.stringify(change.body));
    const pr = await open({ head: `${forker.login}:from-fork` }, forker);
    assert.equal(pr.head.label, `${forker.login}:from-fork`);
    assert.equal(pr.head.repo.full_name, `${forker.login}/${repo.name}`);
    assert.equal(pr.head.sha, change.body.commit.sha);
    assert.equal((await settled(pr.id)).status, 'mergeable');
    const diff = await api.get(`${repo.path}/pulls/${pr.number}.diff`, reader.basic);
    assert.equal(diff.status, 200);
    assert.match(String(diff.body), /\+\+\+ b\/fork\.txt/);
    const byBaseHead = await api.get(`${repo.path}/pulls/main/${forker.login}:from-fork`, reader.basic);
    assert.equal(byBaseHead.status, 200);
    assert.equal(byBaseHead.body.number, pr.number);
  });

  it('answers .patch as an mbox series, and the merge check 404 while nothing is merged', async () => {
    const patch = await api.get(`${repo.path}/pulls/1.patch`, reader.basic);
    assert.equal(patch.status, 404, 'issue #1 is no pull request');
    const pr = await api.get(`${repo.path}/pulls/main/feature`, reader.basic);
    const mbox = await api.get(`${repo.path}/pulls/${pr.body.number}.patch`, reader.basic);
    assert.equal(mbox.status, 200);
    assert.match(String(mbox.body), /^From [0-9a-f]{40} /);
    assert.match(String(mbox.body), /Subject: \[PATCH\] add a file/);
    assert.equal((await api.get(`${repo.path}/pulls/${pr.body.number}/merge`, reader.basic)).status, 404);
  });

  it('reads a page of 50 pull requests with the SQL statements of a page of 1', async () => {
    const many = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' }, commits: Array.from({ length: 6 }, (_, i) => ({ branch: `b${i}`, files: { [`b${i}.txt`]: 'x\n' } })) });
    // The background checks read the database too: they are done before anything is counted.
    for (let i = 0; i < 6; i++) await settled((await open({ head: `b${i}` }, owner, many.path)).id);
    /** The statements one request costs, measured after a first run has warmed the caches. */
    const count = async (limit: number) => {
      await api.get(`${many.path}/pulls?limit=${limit}`, owner.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${many.path}/pulls?limit=${limit}`, owner.basic);
      assert.equal(res.body.length, Math.min(limit, 6));
      return server.app.database.queryCount() - before;
    };
    assert.equal(await count(50), await count(1));
  });

  it(
    'finds a page of pull requests, or of issues and pull requests together, of a state or of every state, through an index of the repository, not by walking every repository’s issues',
    { skip: /^postgres/.test(process.env.DATABASE_URL ?? '') ? 'PostgreSQL plans by its statistics' : false },
    async () => {
      // The statements the lists run for a page of open ones, newest first (pullOrder, listIssues), as SQLite plans them.
      const plan = async (where: string, ...values: unknown[]) => {
        const sql = `EXPLAIN QUERY PLAN SELECT id FROM Issue WHERE (${where}) ORDER BY createdAt DESC, id DESC LIMIT ? OFFSET ?`;
        return (await db().$queryRawUnsafe<{ detail: string }[]>(sql, ...values, 51, 0)).map((row) => row.detail);
      };
      assert.deepEqual(await plan('repoId = ? AND isPull = ? AND isClosed = ?', repo.id, true, false), [
        'SEARCH Issue USING COVERING INDEX Issue_repoId_isPull_isClosed_createdAt_id_idx (repoId=? AND isPull=? AND isClosed=?)',
      ]);
      assert.deepEqual(await plan('repoId = ? AND isClosed = ?', repo.id, false), ['SEARCH Issue USING COVERING INDEX Issue_repoId_isClosed_createdAt_id_isPull_idx (repoId=? AND isClosed=?)']);
      // Every state: the same order from the index without the state.
      assert.deepEqual(await plan('repoId = ?', repo.id), ['SEARCH Issue USING COVERING INDEX Issue_repoId_createdAt_id_isPull_idx (repoId=?)']);
    },
  );

  it('lists each pull request as it reads alone, reading each head repository once for the page: the base, a fork, none for a deleted fork', async () => {
    const base = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' }, commits: [{ branch: 'own', files: { 'own.txt': 'o\n' } }] });
    const [kept, gone] = await createAccounts(api, 2);
    // Each checked before the list is read, so that nothing changes between the list and the single reads.
    await settled((await open({ head: 'own' }, owner, base.path)).id);
    for (const forker of [kept, gone]) {
      assert.equal((await api.post(`${base.path}/forks`, {}, forker.basic)).status, 202);
      const change = { content: b64(`${forker.login}\n`), branch: 'main', new_branch: 'change', message: 'c' };
      assert.equal((await api.post(`/repos/${forker.login}/${base.name}/contents/${forker.login}.txt`, change, forker.basic)).status, 201);
      await settled((await open({ head: `${forker.login}:change` }, forker, base.path)).id);
    }
    assert.equal((await api.delete(`/repos/${gone.login}/${base.name}`, gone.basic)).status, 204);

    const listed = await api.get(`${base.path}/pulls?state=all`, reader.basic);
    assert.equal(listed.status, 200);
    // A head whose repository is gone is labelled by its branch alone.
    assert.deepEqual(listed.body.map((p: { head: { label: string } }) => p.head.label), ['change', `${kept.login}:change`, 'own']);
    for (const item of listed.body) assert.deepEqual(item, (await api.get(`${base.path}/pulls/${item.number}`, reader.basic)).body);
    assert.equal(listed.body[0].head.repo, null, 'the deleted fork');
    assert.equal(listed.body[0].head.repo_id, 0);
    assert.equal(listed.body[1].head.repo.full_name, `${kept.login}/${base.name}`);
    assert.equal(listed.body[2].head.repo.full_name, base.fullName);

    const query = `query($o: String!, $n: String!) { repository(owner: $o, name: $n) { pullRequests(filter: { state: all }) { headRepositories { fullName } nodes { headRepository { fullName } } } } }`;
    const result = await graphql(server.url, query, { o: base.owner, n: base.name }, reader.basic);
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    const { headRepositories, nodes } = result.data.repository.pullRequests;
    assert.deepEqual(headRepositories.map((r: { fullName: string }) => r.fullName), [`${kept.login}/${base.name}`, base.fullName], 'each readable head once, in the order of the page');
    assert.deepEqual(nodes.map((n: { headRepository: { fullName: string } | null }) => n.headRepository?.fullName ?? null), [null, `${kept.login}/${base.name}`, base.fullName]);

    // The page writes each repository's JSON once, in place of a placeholder; a title shaped like one stays a title.
    const lookalike = `\u0001${'0'.repeat(24)}:0`;
    assert.equal((await api.patch(`${base.path}/pulls/${listed.body[1].number}`, { title: lookalike }, owner.basic)).status, 201);
    const again = await api.get(`${base.path}/pulls?state=all`, reader.basic);
    assert.equal(again.body[1].title, lookalike);
    assert.deepEqual(again.body[1].base.repo, listed.body[1].base.repo);

    // Filtered by state alone, the totals come from the repository's counters: they match what a count finds.
    assert.equal((await api.patch(`${base.path}/pulls/${listed.body[2].number}`, { state: 'closed' }, owner.basic)).status, 201);
    for (const [state, expected] of [['open', 2], ['closed', 1], ['all', 3]] as const) {
      const page = await api.get(`${base.path}/pulls?state=${state}&limit=1`, reader.basic);
      assert.equal(Number(page.headers.get('x-total-count')), expected, state);
      const counted = await db().issue.count({ where: { repoId: listed.body[0].base.repo_id, isPull: true, ...(state === 'all' ? {} : { isClosed: state === 'closed' }) } });
      assert.equal(counted, expected, `${state}: the rows agree`);
    }
  });

  it('shows pull requests through GraphQL with their mergeability status', async () => {
    const result = await graphql(server.url, `query($o: String!, $n: String!) { repository(owner: $o, name: $n) { pullRequests(filter: { state: all, baseBranch: "clash2" }) { totalCount nodes { number status conflictedFiles issue { title } } } } }`, { o: repo.owner, n: repo.name }, reader.basic);
    assert.equal(result.errors, undefined, JSON.stringify(result.errors));
    const [node] = result.data.repository.pullRequests.nodes;
    assert.equal(node.status, 'conflict');
    assert.deepEqual(node.conflictedFiles, ['shared.txt']);
  });
});
