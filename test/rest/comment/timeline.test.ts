import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

interface Row {
  id: number;
  type: string;
  body: string;
  user: { login: string };
  label: { name: string } | null;
  milestone: { title: string } | null;
  old_milestone: { title: string } | null;
  assignee: { login: string } | null;
  removed_assignee: boolean;
  old_title: string;
  new_title: string;
  old_ref: string;
  new_ref: string;
  ref_action: string;
  ref_commit_sha: string;
  ref_issue: { number: number; title: string; repository: { full_name: string } } | null;
  ref_comment: { id: number; body: string } | null;
  html_url: string;
  issue_url: string;
  tracked_time: null;
}

describe("an issue's timeline", () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, writer] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[writer, 'write']] });
  });

  const open = async (body: Record<string, unknown>, path = repo.path, by = owner) => {
    const res = await api.post(`${path}/issues`, body, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };
  const timeline = async (number: number, path = repo.path, by: TestAccount | null = owner, query = '') => {
    const res = await api.get(`${path}/issues/${number}/timeline${query}`, by?.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as Row[];
  };

  it('holds every event the issue area writes, oldest first, in the shape of Gitea\'s TimelineComment', async () => {
    const bug = await db().label.create({ data: { repoId: repo.id, name: 'bug', color: '#ee0701' } });
    const v1 = await db().milestone.create({ data: { repoId: repo.id, title: 'v1' } });
    const v2 = await db().milestone.create({ data: { repoId: repo.id, title: 'v2' } });
    const number = await open({ title: 'Before', labels: [bug.id], milestone: v1.id, assignees: [writer.login] });
    const edit = (body: Record<string, unknown>) => api.patch(`${repo.path}/issues/${number}`, body, owner.basic);
    assert.equal((await edit({ title: 'After', ref: 'main', milestone: v2.id })).status, 201);
    assert.equal((await edit({ assignees: [] })).status, 201);
    assert.equal((await edit({ state: 'closed' })).status, 201);
    assert.equal((await edit({ state: 'open' })).status, 201);
    await api.post(`${repo.path}/issues/${number}/deadline`, { due_date: '2030-01-31T00:00:00Z' }, owner.basic);
    await api.post(`${repo.path}/issues/${number}/comments`, { body: 'a comment' }, writer.basic);
    const rows = await timeline(number);
    assert.deepEqual(rows.map((r) => r.type), [
      'label', 'milestone', 'assignees', 'change_title', 'change_issue_ref', 'milestone', 'assignees', 'close', 'reopen', 'added_deadline', 'comment',
    ]);
    const [label, milestone, assigned, title, ref, moved, unassigned, close, , deadline, comment] = rows;
    assert.equal(label.label!.name, 'bug');
    assert.equal(label.body, '1');
    assert.equal(label.user.login, owner.login);
    assert.deepEqual([milestone.milestone?.title, milestone.old_milestone], ['v1', null]);
    assert.deepEqual([moved.milestone?.title, moved.old_milestone?.title], ['v2', 'v1']);
    assert.deepEqual([assigned.assignee?.login, assigned.removed_assignee], [writer.login, false]);
    assert.deepEqual([unassigned.assignee?.login, unassigned.removed_assignee], [writer.login, true]);
    assert.deepEqual([title.old_title, title.new_title], ['Before', 'After']);
    assert.deepEqual([ref.old_ref, ref.new_ref], ['', 'main']);
    assert.equal(deadline.body, '2030-01-31');
    assert.equal(comment.body, 'a comment');
    assert.equal(comment.user.login, writer.login);
    for (const row of rows) {
      assert.equal(row.ref_action, 'none');
      assert.equal(row.ref_issue, null);
      assert.equal(row.tracked_time, null);
      assert.equal(row.issue_url, `${server.url}${owner.login}/${repo.name}/issues/${number}`);
      assert.equal(row.html_url, `${row.issue_url}#issuecomment-${row.id}`);
    }
    assert.equal(close.label, null);
    assert.equal(close.old_title, '');
  });

  it('pages the timeline with its total, and filters it by since and before', async () => {
    const number = await open({ title: 'paged' });
    for (const text of ['one', 'two', 'three']) await api.post(`${repo.path}/issues/${number}/comments`, { body: text }, owner.basic);
    await api.patch(`${repo.path}/issues/${number}`, { state: 'closed' }, owner.basic);
    const page = await api.get(`${repo.path}/issues/${number}/timeline?limit=2&page=2`);
    assert.deepEqual(page.body.map((r: Row) => r.body || r.type), ['three', 'close']);
    assert.equal(page.headers.get('x-total-count'), '4');
    const rows = await db().comment.findMany({ where: { issue: { repoId: repo.id, number } }, orderBy: { id: 'asc' } });
    await db().comment.update({ where: { id: rows[0].id }, data: { updatedAt: new Date('2020-01-01T00:00:00Z') } });
    assert.deepEqual((await timeline(number, repo.path, null, '?before=2021-01-01T00:00:00Z')).map((r) => r.body), ['one']);
    assert.equal((await timeline(number, repo.path, null, '?since=2021-01-01T00:00:00Z')).length, 3);
    assert.equal((await api.get(`${repo.path}/issues/9999/timeline`)).status, 404);
  });

  it('a page of 50 timeline rows costs the SQL statements of a page holding one row of each kind', async () => {
    const labels = await Promise.all(['l1', 'l2'].map((name) => db().label.create({ data: { repoId: repo.id, name: `${name}-long`, color: '#00aabb' } })));
    const milestones = await Promise.all(['m1', 'm2'].map((title) => db().milestone.create({ data: { repoId: repo.id, title: `${title}-long` } })));
    const elsewhere = await open({ title: 'elsewhere' });
    /** An issue with `rounds` rounds of: a title change, a milestone, an assignee change, a comment, a reference. */
    const history = async (rounds: number) => {
      const number = await open({ title: 'history', labels: [labels[0].id] });
      for (let i = 0; i < rounds; i++) {
        const edit = { milestone: milestones[i % 2].id, assignees: i % 2 ? [] : [writer.login], title: `round ${i}` };
        assert.equal((await api.patch(`${repo.path}/issues/${number}`, edit, owner.basic)).status, 201);
        await api.post(`${repo.path}/issues/${number}/comments`, { body: `comment ${i}` }, i % 2 ? writer.basic : owner.basic);
        await api.post(`${repo.path}/issues/${elsewhere}/comments`, { body: `see #${number}` }, i % 2 ? writer.basic : owner.basic);
      }
      return number;
    };
    const short = await history(1);
    const long = await history(12);
    const statements = async (number: number, rows: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${repo.path}/issues/${number}/timeline?limit=50`, owner.basic);
      assert.equal(res.status, 200);
      assert.equal(res.body.length, rows);
      return { count: server.app.database.queryCount() - before, kinds: [...new Set((res.body as Row[]).map((r) => r.type))].sort() };
    };
    await statements(short, 6); // once before measuring: the documents are compiled and the rows cached alike
    await statements(long, 50);
    const one = await statements(short, 6);
    const fifty = await statements(long, 50);
    assert.deepEqual(one.kinds, ['assignees', 'change_title', 'comment', 'comment_ref', 'label', 'milestone']);
    assert.deepEqual(fifty.kinds, one.kinds);
    assert.equal(fifty.count, one.count);
  });
});

describe('references between issues', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let alice: TestAccount;
  let bob: TestAccount;
  let outsider: TestAccount;
  let home: TestRepo;
  let other: TestRepo;
  let secret: TestRepo;

  before(async () => {
    [alice, bob, outsider] = await createAccounts(api, 3);
    home = await buildRepo(server, alice, { autoInit: true, collaborators: [[bob, 'read']] });
    other = await buildRepo(server, bob, { autoInit: true });
    secret = await buildRepo(server, alice, { autoInit: true, private: true });
  });

  const open = async (path: string, by: TestAccount, title: string, body = '') => {
    const res = await api.post(`${path}/issues`, { title, body }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };
  const refs = async (path: string, number: number, by: TestAccount | null = alice) => {
    const res = await api.get(`${path}/issues/${number}/timeline`, by?.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as Row[]).filter((r) => r.type.endsWith('_ref'));
  };

  it('leaves a comment_ref on an issue a comment names with #N, pointing back at the issue and the comment', async () => {
    const target = await open(home.path, alice, 'target');
    const source = await open(home.path, bob, 'source');
    const said = await api.post(`${home.path}/issues/${source}/comments`, { body: `Related to #${target}, see there.` }, bob.basic);
    const [row, ...more] = await refs(home.path, target);
    assert.deepEqual(more, []);
    assert.equal(row.type, 'comment_ref');
    assert.equal(row.user.login, bob.login);
    assert.equal(row.ref_action, 'none');
    assert.equal(row.ref_issue?.number, source);
    assert.equal(row.ref_issue?.title, 'source');
    assert.equal(row.ref_comment?.id, said.body.id);
    assert.equal(row.ref_comment?.body, `Related to #${target}, see there.`);
    assert.deepEqual(await refs(home.path, source), []);
  });

  it('leaves an issue_ref on an issue of another repository named owner/repo#N in an issue, not for code, itself or no issue', async () => {
    const target = await open(other.path, bob, 'over there');
    const text = [
      `Blocked by ${other.fullName}#${target} (and ${other.fullName}#${target} again).`,
      '`#1` in code and', '```', `${other.fullName}#${target}`, '```', 'a#1 and #99999 are not references.',
    ].join('\n');
    const source = await open(home.path, alice, `see #${1}`, text);
    const rows = await refs(other.path, target);
    assert.deepEqual(rows.map((r) => [r.type, r.ref_issue?.number, r.ref_issue?.repository.full_name, r.ref_comment]), [['issue_ref', source, home.fullName, null]]);
    // The title's #1 names issue 1 of its own repository (the first issue of the previous test).
    assert.equal((await refs(home.path, 1)).filter((r) => r.ref_issue?.number === source).length, 1);
    const self = await open(home.path, alice, 'me');
    await api.patch(`${home.path}/issues/${self}`, { body: `I am #${self}` }, alice.basic);
    assert.deepEqual(await refs(home.path, self), []);
  });

  it('refers only to issues the author may read: a private repository stays untouched by an outsider', async () => {
    const hidden = await open(secret.path, alice, 'secret');
    const source = await open(home.path, outsider, 'probe', `${secret.fullName}#${hidden}`);
    assert.ok(source);
    assert.deepEqual(await refs(secret.path, hidden), []);
    // Its owner may: the row is there, and readers of the source see it.
    await open(home.path, alice, 'allowed', `${secret.fullName}#${hidden}`);
    assert.equal((await refs(secret.path, hidden)).length, 1);
  });

  it('shows a reference only to those who may read where it comes from, with the total counting what is shown', async () => {
    const target = await open(home.path, alice, 'public target');
    await open(secret.path, alice, 'from the dark', `${home.fullName}#${target}`);
    await open(other.path, bob, 'from the light', `${home.fullName}#${target}`);
    assert.equal((await refs(home.path, target, alice)).length, 2);
    const seen = await api.get(`${home.path}/issues/${target}/timeline`, outsider.basic);
    assert.deepEqual(seen.body.map((r: Row) => r.ref_issue?.repository.full_name), [other.fullName]);
    assert.equal(seen.headers.get('x-total-count'), '1');
    assert.deepEqual((await refs(home.path, target, null)).map((r) => r.ref_issue?.title), ['from the light']);
  });

  it('neuters the references an edit drops, keeps those it keeps, adds new ones, and neuters a deleted comment\'s', async () => {
    const [a, b, c] = [await open(home.path, alice, 'a'), await open(home.path, alice, 'b'), await open(home.path, alice, 'c')];
    const source = await open(home.path, alice, 'source');
    const said = await api.post(`${home.path}/issues/${source}/comments`, { body: `#${a} and #${b}` }, alice.basic);
    await api.patch(`${home.path}/issues/comments/${said.body.id}`, { body: `#${b} and #${c}` }, alice.basic);
    assert.deepEqual((await refs(home.path, a)).map((r) => r.ref_action), ['neutered']);
    assert.deepEqual((await refs(home.path, b)).map((r) => r.ref_action), ['none']);
    assert.deepEqual((await refs(home.path, c)).map((r) => r.ref_action), ['none']);
    await api.delete(`${home.path}/issues/comments/${said.body.id}`, alice.basic);
    assert.deepEqual((await refs(home.path, b)).map((r) => [r.ref_action, r.ref_comment]), [['neutered', null]]);
    await api.patch(`${home.path}/issues/${source}`, { body: `now #${a}` }, alice.basic);
    await api.patch(`${home.path}/issues/${source}`, { body: 'nothing' }, alice.basic);
    assert.deepEqual((await refs(home.path, a)).map((r) => [r.type, r.ref_action]), [['comment_ref', 'neutered'], ['issue_ref', 'neutered']]);
  });

  it('takes the reference rows away with the issue that made them', async () => {
    const target = await open(home.path, alice, 'stays');
    const source = await open(home.path, alice, 'goes', `#${target}`);
    assert.equal((await refs(home.path, target)).length, 1);
    assert.equal((await api.delete(`${home.path}/issues/${source}`, alice.basic)).status, 204);
    assert.deepEqual(await refs(home.path, target), []);
    assert.equal(await db().comment.count({ where: { issue: { repoId: home.id, number: target }, type: 'issue_ref' } }), 0);
  });
});
