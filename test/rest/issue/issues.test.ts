import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { failInserts } from '../../testkit/faults.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('issues of a repository', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, writer, reader, stranger] = await createAccounts(api, 4);
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[writer, 'write'], [reader, 'read']] });
  });

  const open = async (by: TestAccount, body: Record<string, unknown>, path = repo.path) => {
    const res = await api.post(`${path}/issues`, body, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };
  /** Label and milestone rows as the label and milestone areas make them (their operations are built elsewhere). */
  const label = (name: string, where: { repoId?: number; orgId?: number } = { repoId: repo.id }) =>
    db().label.create({ data: { ...where, name, color: '#ee0701' } });
  const milestone = (title: string) => db().milestone.create({ data: { repoId: repo.id, title } });
  const counters = async () => {
    const row = await db().repository.findUniqueOrThrow({ where: { id: repo.id } });
    return { issues: row.issueCount, closed: row.closedIssueCount };
  };

  it('numbers issues from the repository counter and answers them in Gitea\'s shape', async () => {
    const first = await open(owner, { title: ' First ', body: 'the body', ref: 'main' });
    const second = await open(reader, { title: 'Second' });
    assert.equal(second.number, first.number + 1);
    assert.equal(first.title, 'First');
    assert.equal(first.state, 'open');
    assert.equal(first.user.login, owner.login);
    assert.equal(first.ref, 'main');
    assert.equal(first.pull_request, null);
    assert.equal(first.html_url, `${server.url}${owner.login}/${repo.name}/issues/${first.number}`);
    assert.equal(first.url, `${server.url}api/v1/repos/${owner.login}/${repo.name}/issues/${first.number}`);
    assert.deepEqual(first.repository, { id: repo.id, name: repo.name, owner: owner.login, full_name: `${owner.login}/${repo.name}` });
    const got = await api.get(`${repo.path}/issues/${first.number}`, owner.basic);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, first);
  });

  it('gives twenty concurrent creates twenty different numbers and counts each once', async () => {
    const target = await buildRepo(server, owner, { autoInit: true });
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => open(owner, { title: `race ${i}` }, target.path)));
    assert.deepEqual(made.map((i) => i.number).sort((a, b) => a - b), Array.from({ length: 20 }, (_, i) => i + 1));
    const row = await db().repository.findUniqueOrThrow({ where: { id: target.id } });
    assert.equal(row.issueCounter, 20);
    assert.equal((await api.get(target.path)).body.open_issues_count, 20);
  });

  it('answers 404 for an issue number that does not exist, and for every issue route when issues are switched off', async () => {
    assert.equal((await api.get(`${repo.path}/issues/9999`)).status, 404);
    const off = await buildRepo(server, owner, { autoInit: true });
    await open(owner, { title: 'before' }, off.path);
    assert.equal((await api.patch(off.path, { has_issues: false }, owner.basic)).status, 200);
    assert.equal((await api.get(`${off.path}/issues/1`)).status, 404);
    assert.equal((await api.post(`${off.path}/issues`, { title: 'x' }, owner.basic)).status, 404);
    assert.equal((await api.patch(`${off.path}/issues/1`, { title: 'x' }, owner.basic)).status, 404);
  });

  it('refuses anonymous creates, an empty title, and creates in an archived repository with 423', async () => {
    assert.equal((await api.post(`${repo.path}/issues`, { title: 'x' })).status, 401);
    assert.equal((await api.post(`${repo.path}/issues`, { title: '  ' }, owner.basic)).status, 422);
    const archived = await buildRepo(server, owner, { autoInit: true });
    await api.patch(archived.path, { archived: true }, owner.basic);
    assert.equal((await api.post(`${archived.path}/issues`, { title: 'x' }, owner.basic)).status, 423);
  });

  it('keeps labels, milestone, assignees and deadline from writers, counting them, and writes their timeline rows', async () => {
    const bug = await label('bug');
    const v1 = await milestone('v1');
    const issue = await open(writer, {
      title: 'labelled',
      labels: [bug.id],
      milestone: v1.id,
      assignees: [owner.login],
      assignee: writer.login,
      due_date: '2030-05-06T07:08:09Z',
    });
    assert.deepEqual(issue.labels.map((l: { name: string }) => l.name), ['bug']);
    assert.equal(issue.labels[0].color, 'ee0701');
    assert.equal(issue.milestone.title, 'v1');
    assert.equal(issue.milestone.open_issues, 1);
    assert.deepEqual(issue.assignees.map((u: { login: string }) => u.login).sort(), [owner.login, writer.login].sort());
    assert.equal(issue.due_date, '2030-05-06T07:08:09Z');
    assert.equal((await db().label.findUniqueOrThrow({ where: { id: bug.id } })).issueCount, 1);
    const rows = await db().comment.findMany({ where: { issueId: issue.id }, orderBy: { id: 'asc' } });
    assert.deepEqual(rows.map((r) => r.type).sort(), ['assignees', 'assignees', 'label', 'milestone']);
  });

  it('drops labels, milestone, assignees and deadline sent by someone who only reads the issues, as Gitea does', async () => {
    const v2 = await milestone('v2');
    const issue = await open(reader, { title: 'plain', labels: [(await label('feature')).id], milestone: v2.id, assignees: [owner.login], due_date: '2030-01-01T00:00:00Z' });
    assert.deepEqual(issue.labels, []);
    assert.equal(issue.milestone, null);
    assert.deepEqual(issue.assignees, []);
    assert.equal(issue.due_date, null);
  });

  it('refuses assignees that do not exist or may not write to the issues with 422, but lets a poster assign themself', async () => {
    assert.equal((await api.post(`${repo.path}/issues`, { title: 'x', assignees: ['no-such-account'] }, owner.basic)).status, 422);
    assert.equal((await api.post(`${repo.path}/issues`, { title: 'x', assignees: [reader.login] }, owner.basic)).status, 422);
    const own = await open(writer, { title: 'mine', assignees: [writer.login] });
    assert.equal(own.assignee.login, writer.login);
  });

  it('opens an issue already closed when asked, with closed_at and the closed counter', async () => {
    const before = await counters();
    const issue = await open(owner, { title: 'done already', closed: true });
    assert.equal(issue.state, 'closed');
    assert.ok(issue.closed_at);
    assert.deepEqual(await counters(), { issues: before.issues + 1, closed: before.closed + 1 });
  });

  it('closes and reopens an issue in one write each, moving the counters of the repository, milestone and labels', async () => {
    const v3 = await milestone('v3');
    const ui = await label('ui');
    const issue = await open(owner, { title: 'to close', milestone: v3.id, labels: [ui.id] });
    const before = await counters();
    const closed = await api.patch(`${repo.path}/issues/${issue.number}`, { state: 'closed' }, owner.basic);
    assert.equal(closed.status, 201, JSON.stringify(closed.body));
    assert.equal(closed.body.state, 'closed');
    assert.ok(closed.body.closed_at);
    assert.deepEqual(await counters(), { issues: before.issues, closed: before.closed + 1 });
    assert.equal((await db().milestone.findUniqueOrThrow({ where: { id: v3.id } })).closedIssueCount, 1);
    assert.equal((await db().label.findUniqueOrThrow({ where: { id: ui.id } })).closedIssueCount, 1);
    const reopened = await api.patch(`${repo.path}/issues/${issue.number}`, { state: 'open' }, owner.basic);
    assert.equal(reopened.body.state, 'open');
    assert.equal(reopened.body.closed_at, null);
    assert.deepEqual(await counters(), before);
    const types = (await db().comment.findMany({ where: { issueId: issue.id }, orderBy: { id: 'asc' } })).map((r) => r.type);
    assert.deepEqual(types.slice(-2), ['close', 'reopen']);
  });

  it('changes nothing when a close or a reopen fails part-way: state, counters and timeline stay as they were', async () => {
    const v4 = await milestone('v4');
    const ux = await label('ux');
    const issue = await open(owner, { title: 'to fail closing', milestone: v4.id, labels: [ux.id] });
    const before = await counters();
    const snapshot = async () => {
      const row = await db().issue.findUniqueOrThrow({ where: { id: issue.id } });
      const timeline = await db().comment.count({ where: { issueId: issue.id } });
      const milestoneRow = await db().milestone.findUniqueOrThrow({ where: { id: v4.id } });
      const labelRow = await db().label.findUniqueOrThrow({ where: { id: ux.id } });
      return { closed: row.isClosed, closedAt: row.closedAt, timeline, milestone: milestoneRow.closedIssueCount, label: labelRow.closedIssueCount };
    };
    const opened = await snapshot();
    const lift = await failInserts(server, 'Comment', 'type', 'close');
    try {
      const failed = await api.patch(`${repo.path}/issues/${issue.number}`, { state: 'closed' }, owner.basic);
      assert.equal(failed.status, 500);
    } finally {
      await lift();
    }
    assert.deepEqual(await snapshot(), opened);
    assert.deepEqual(await counters(), before);
    assert.equal((await api.patch(`${repo.path}/issues/${issue.number}`, { state: 'closed' }, owner.basic)).status, 201);
    const closed = await snapshot();
    const liftReopen = await failInserts(server, 'Comment', 'type', 'reopen');
    try {
      assert.equal((await api.patch(`${repo.path}/issues/${issue.number}`, { state: 'open' }, owner.basic)).status, 500);
    } finally {
      await liftReopen();
    }
    assert.deepEqual(await snapshot(), closed);
    assert.equal((await api.get(`${repo.path}/issues/${issue.number}`, owner.basic)).body.state, 'closed');
  });

  it('lets the poster edit title, body and state but keeps the rest to writers; others get 403', async () => {
    const issue = await open(reader, { title: 'reader wrote' });
    const edited = await api.patch(`${repo.path}/issues/${issue.number}`, { title: 'renamed', body: 'new body', assignees: [owner.login], due_date: '2030-01-01T00:00:00Z' }, reader.basic);
    assert.equal(edited.status, 201, JSON.stringify(edited.body));
    assert.equal(edited.body.title, 'renamed');
    assert.equal(edited.body.body, 'new body');
    assert.deepEqual(edited.body.assignees, []);
    assert.equal(edited.body.due_date, null);
    const row = await db().comment.findFirstOrThrow({ where: { issueId: issue.id, type: 'change_title' } });
    assert.deepEqual([row.oldTitle, row.newTitle], ['reader wrote', 'renamed']);
    assert.equal((await api.patch(`${repo.path}/issues/${issue.number}`, { title: 'not yours' }, stranger.basic)).status, 403);
  });

  it('replaces assignees, changes the milestone and the deadline for writers, each with its timeline row', async () => {
    const [a, b] = [await milestone('a'), await milestone('b')];
    const issue = await open(owner, { title: 'moving', milestone: a.id, assignees: [owner.login] });
    const res = await api.patch(`${repo.path}/issues/${issue.number}`, { milestone: b.id, assignees: [writer.login], due_date: '2031-02-03T00:00:00Z' }, writer.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.milestone.id, b.id);
    assert.deepEqual(res.body.assignees.map((u: { login: string }) => u.login), [writer.login]);
    assert.equal(res.body.due_date, '2031-02-03T00:00:00Z');
    assert.equal((await db().milestone.findUniqueOrThrow({ where: { id: a.id } })).issueCount, 0);
    assert.equal((await db().milestone.findUniqueOrThrow({ where: { id: b.id } })).issueCount, 1);
    const unset = await api.patch(`${repo.path}/issues/${issue.number}`, { unset_due_date: true, milestone: 0, assignees: [] }, writer.basic);
    assert.equal(unset.body.due_date, null);
    assert.equal(unset.body.milestone, null);
    assert.deepEqual(unset.body.assignees, []);
    assert.equal((await api.patch(`${repo.path}/issues/${issue.number}`, { milestone: 999999 }, writer.basic)).status, 422);
    assert.equal((await api.patch(`${repo.path}/issues/${issue.number}`, { unset_due_date: false }, writer.basic)).status, 400);
    const types = (await db().comment.findMany({ where: { issueId: issue.id } })).map((r) => r.type);
    for (const type of ['milestone', 'assignees', 'added_deadline', 'removed_deadline']) assert.ok(types.includes(type), `${type} in ${types}`);
  });

  it('sets a deadline through the deadline operation for writers only', async () => {
    const issue = await open(reader, { title: 'deadline' });
    const res = await api.post(`${repo.path}/issues/${issue.number}/deadline`, { due_date: '2032-03-04T00:00:00Z' }, writer.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body, { due_date: '2032-03-04T00:00:00Z' });
    assert.equal((await api.post(`${repo.path}/issues/${issue.number}/deadline`, { due_date: '2032-03-04T00:00:00Z' }, reader.basic)).status, 403);
  });

  it('deletes an issue for repository admins only, taking it out of the counters', async () => {
    const issue = await open(owner, { title: 'to delete', closed: true });
    const before = await counters();
    assert.equal((await api.delete(`${repo.path}/issues/${issue.number}`, writer.basic)).status, 403);
    assert.equal((await api.delete(`${repo.path}/issues/${issue.number}`, owner.basic)).status, 204);
    assert.equal((await api.get(`${repo.path}/issues/${issue.number}`)).status, 404);
    assert.deepEqual(await counters(), { issues: before.issues - 1, closed: before.closed - 1 });
  });

  it('shows the repository open issue count as issues minus closed ones', async () => {
    const { issues, closed } = await counters();
    assert.equal((await api.get(repo.path)).body.open_issues_count, issues - closed);
  });

  it('accepts organization labels on the organization\'s repositories', async () => {
    const org = await api.post('/orgs', { username: `issueorg${process.pid}` }, owner.basic);
    assert.equal(org.status, 201, JSON.stringify(org.body));
    const orgRepo = await buildRepo(server, owner, { org: org.body.username, autoInit: true });
    const shared = await label('shared', { orgId: org.body.id });
    const issue = await open(owner, { title: 'org label', labels: [shared.id] }, orgRepo.path);
    assert.equal(issue.labels[0].url, `${server.url}api/v1/orgs/${org.body.username}/labels/${shared.id}`);
  });

  it('publishes issues, issue_assign and issue_milestone events after each change, named as Gitea\'s webhooks', async () => {
    const seen: string[] = [];
    const stop = new AbortController();
    const collect = async (topic: 'issues' | 'issue_assign' | 'issue_milestone') => {
      for await (const event of server.app.events.subscribe(topic, stop.signal)) if (event.repoId === repo.id) seen.push(`${topic}:${event.action}`);
    };
    const running = [collect('issues'), collect('issue_assign'), collect('issue_milestone')].map((p) => p.catch(() => {}));
    const m = await milestone('events');
    const issue = await open(owner, { title: 'evented', assignees: [writer.login] });
    await api.patch(`${repo.path}/issues/${issue.number}`, { title: 'renamed', milestone: m.id, assignees: [], state: 'closed' }, owner.basic);
    await new Promise((r) => setTimeout(r, 100));
    stop.abort();
    await Promise.all(running);
    assert.deepEqual(seen.sort(), ['issue_assign:assigned', 'issue_assign:unassigned', 'issue_milestone:milestoned', 'issues:closed', 'issues:edited', 'issues:opened']);
  });

  it('shows a deleted poster as the ghost account', async () => {
    const [gone] = await createAccounts(api, 1);
    const pub = await buildRepo(server, owner, { autoInit: true });
    const issue = await open(gone, { title: 'orphan' }, pub.path);
    await db().user.delete({ where: { id: gone.id } });
    const got = await api.get(`${pub.path}/issues/${issue.number}`);
    assert.equal(got.body.user.login, 'Ghost');
    assert.equal(got.body.user.id, -1);
  });

  describe('lists', () => {
    let listed: TestRepo;
    const numbers = async (query: Record<string, string>, by?: TestAccount) => {
      const res = await api.get(`${listed.path}/issues?${new URLSearchParams(query)}`, by?.basic);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return (res.body as { number: number }[]).map((i) => i.number);
    };

    before(async () => {
      listed = await buildRepo(server, owner, { autoInit: true, collaborators: [[writer, 'write']] });
      const bug = await db().label.create({ data: { repoId: listed.id, name: 'bug', color: '#ee0701' } });
      const ui = await db().label.create({ data: { repoId: listed.id, name: 'ui', color: '#00aabb' } });
      const v1 = await db().milestone.create({ data: { repoId: listed.id, title: 'v1' } });
      await open(owner, { title: 'one', body: 'about the parser', labels: [bug.id, ui.id], milestone: v1.id }, listed.path);
      await open(writer, { title: 'two', body: `ping @${owner.login}, please`, labels: [bug.id], assignees: [writer.login] }, listed.path);
      await open(owner, { title: 'three', closed: true, body: `@${owner.login}x is someone else` }, listed.path);
    });

    it('shows open issues newest first by default, closed or all on request, and counts them in X-Total-Count', async () => {
      assert.deepEqual(await numbers({}), [2, 1]);
      assert.deepEqual(await numbers({ state: 'closed' }), [3]);
      assert.deepEqual(await numbers({ state: 'all' }), [3, 2, 1]);
      const page = await api.get(`${listed.path}/issues?state=all&limit=1&page=2`);
      assert.deepEqual(page.body.map((i: { number: number }) => i.number), [2]);
      assert.equal(page.headers.get('x-total-count'), '3');
    });

    it('filters by labels (all of them), milestones by title or id, text, poster, assignee and mention', async () => {
      assert.deepEqual(await numbers({ labels: 'bug' }), [2, 1]);
      assert.deepEqual(await numbers({ labels: 'bug,ui,nonexistent' }), [1]);
      assert.deepEqual(await numbers({ milestones: 'v1' }), [1]);
      const v1 = await db().milestone.findFirstOrThrow({ where: { repoId: listed.id, title: 'v1' } });
      assert.deepEqual(await numbers({ milestones: `nothing,${v1.id}` }), [1]);
      assert.deepEqual(await numbers({ q: 'PARSER' }), [1]);
      assert.deepEqual(await numbers({ created_by: writer.login }), [2]);
      assert.deepEqual(await numbers({ assigned_by: writer.login }), [2]);
      assert.deepEqual(await numbers({ mentioned_by: owner.login, state: 'all' }), [2]);
      assert.deepEqual(await numbers({ type: 'pulls' }), []);
      assert.deepEqual(await numbers({ type: 'issues' }), [2, 1]);
      assert.equal((await api.get(`${listed.path}/issues?created_by=no-such-account`)).status, 404);
    });

    it('gives X-Total-Count from the counters the writes keep exactly as a count in SQL would', async () => {
      const total = async (query: Record<string, string>) => {
        const res = await api.get(`${listed.path}/issues?${new URLSearchParams({ ...query, limit: '1' })}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return Number(res.headers.get('x-total-count'));
      };
      // Counted from the repository's and the label's counters, then the same with a filter that needs SQL.
      assert.deepEqual(
        [await total({}), await total({ state: 'all' }), await total({ type: 'issues', state: 'closed' }), await total({ labels: 'bug' }), await total({ labels: 'bug', state: 'closed' })],
        [2, 3, 1, 2, 0],
      );
      assert.deepEqual([await total({ q: '', labels: 'bug', since: '2000-01-01T00:00:00Z' }), await total({ labels: 'bug,ui' })], [2, 1]);
      const closed = await api.patch(`${listed.path}/issues/1`, { state: 'closed' }, owner.basic);
      assert.equal(closed.status, 201, JSON.stringify(closed.body));
      try {
        assert.deepEqual([await total({}), await total({ labels: 'bug' }), await total({ labels: 'bug', state: 'closed' }), await total({ labels: 'bug', state: 'all', since: '2000-01-01T00:00:00Z' })], [1, 1, 1, 2]);
      } finally {
        await api.patch(`${listed.path}/issues/1`, { state: 'open' }, owner.basic);
      }
      // Labels added to and taken off an issue move the label's counters too.
      assert.equal((await api.post(`${listed.path}/issues/2/labels`, { labels: ['ui'] }, owner.basic)).status, 200);
      assert.deepEqual([await total({ labels: 'ui' }), await total({ labels: 'ui', since: '2000-01-01T00:00:00Z' })], [2, 2]);
      const ui = await db().label.findFirstOrThrow({ where: { repoId: listed.id, name: 'ui' } });
      assert.equal((await api.delete(`${listed.path}/issues/2/labels/${ui.id}`, owner.basic)).status, 204);
      assert.deepEqual([await total({ labels: 'ui' }), await total({ labels: 'ui', since: '2000-01-01T00:00:00Z' })], [1, 1]);
    });

    it('lets a token with read:issue alone read the issues, as Gitea scopes a route by its category only', async () => {
      const issueToken = await createToken(api, owner, ['read:issue']);
      const repoToken = await createToken(api, owner, ['read:repository']);
      const list = await api.get(`${listed.path}/issues`, { token: issueToken });
      assert.equal(list.status, 200, JSON.stringify(list.body));
      assert.deepEqual(list.body.map((i: { number: number }) => i.number), [2, 1]);
      assert.equal(list.body[0].repository.full_name, listed.path.replace('/repos/', ''));
      assert.equal((await api.get(`${listed.path}/issues/1`, { token: issueToken })).status, 200);
      const refused = await api.get(`${listed.path}/issues`, { token: repoToken });
      assert.equal(refused.status, 403);
      assert.match(refused.body.message, /read:issue/);
      assert.equal((await api.get(listed.path, { token: issueToken })).status, 403);
    });

    it('filters by the time of the last change with since and before', async () => {
      assert.deepEqual(await numbers({ since: '2999-01-01T00:00:00Z' }), []);
      assert.deepEqual(await numbers({ before: '2999-01-01T00:00:00Z' }), [2, 1]);
    });

    it('costs the same SQL statements for a page of fifty as for a page of one', async () => {
      const many = await buildRepo(server, owner, { autoInit: true, collaborators: [[writer, 'write']] });
      const tag = await db().label.create({ data: { repoId: many.id, name: 'many', color: '#123456' } });
      const mile = await db().milestone.create({ data: { repoId: many.id, title: 'm' } });
      for (let i = 0; i < 50; i++) await open(i % 2 ? writer : owner, { title: `n${i}`, labels: [tag.id], milestone: mile.id, assignees: [writer.login] }, many.path);
      const cost = async (limit: number) => {
        await api.get(`${many.path}/issues?limit=${limit}`, owner.basic);
        await server.app.backgroundIdle(); // the notifications and feed entries of the issues just opened are not this read's
        await server.app.backgroundIdle();
        const before = server.app.database.queryCount();
        const res = await api.get(`${many.path}/issues?limit=${limit}`, owner.basic);
        assert.equal(res.body.length, limit);
        return server.app.database.queryCount() - before;
      };
      assert.equal(await cost(50), await cost(1));
    });
  });
});
