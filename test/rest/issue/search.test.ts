import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { buildOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('searching issues across repositories', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let me: TestAccount;
  let other: TestAccount;
  let orgOwner: TestAccount;
  let marks = 0;
  /** A word no other test's issues hold, so that a test sees its own issues only (q matches titles). */
  const mark = () => `zq${process.pid}x${++marks}y`;

  before(async () => {
    [me, other, orgOwner] = await createAccounts(api, 3);
  });

  const open = async (repo: TestRepo, title: string, extra: Record<string, unknown> = {}, by = other) => {
    const res = await api.post(`${repo.path}/issues`, { title, ...extra }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { id: number; number: number; title: string };
  };
  /** The titles a search answers, in its order. */
  const search = async (query: Record<string, string>, by: TestAccount | null = me) => {
    const res = await api.get(`/repos/issues/search?${new URLSearchParams(query)}`, by?.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as { title: string }[]).map((i) => i.title);
  };

  it('finds the open issues of every repository whose issues the caller reads, newest first, and none of the others', async () => {
    const m = mark();
    const org = await buildOrg(server, {
      owner: orgOwner,
      visibility: 'private',
      teams: [
        { name: 'coders', unitsMap: { 'repo.code': 'read' }, includesAllRepositories: true, members: [me] },
        { name: 'triage', unitsMap: { 'repo.issues': 'read' }, members: [me] },
      ],
    });
    const [open1, secret, shared, codeOnly, triaged, mine, off] = await Promise.all([
      buildRepo(server, other, {}),
      buildRepo(server, other, { private: true }),
      buildRepo(server, other, { private: true, collaborators: [[me, 'read']] }),
      buildRepo(server, orgOwner, { org: org.login, private: true }),
      buildRepo(server, orgOwner, { org: org.login, private: true }),
      buildRepo(server, me, { private: true }),
      buildRepo(server, me, {}),
    ]);
    assert.equal((await api.put(`/teams/${org.teams.triage.id}/repos/${org.login}/${triaged.name}`, undefined, orgOwner.basic)).status, 204);
    await open(open1, `${m} public`);
    await open(secret, `${m} secret`);
    await open(shared, `${m} shared`);
    await open(codeOnly, `${m} code only`, {}, orgOwner);
    await open(triaged, `${m} triaged`, {}, orgOwner);
    await open(mine, `${m} mine`, {}, me);
    await open(off, `${m} switched off`, {}, me);
    await open(open1, `${m} closed`, { closed: true });
    assert.equal((await api.patch(off.path, { has_issues: false }, me.basic)).status, 200);

    assert.deepEqual(await search({ q: m }), [`${m} mine`, `${m} triaged`, `${m} shared`, `${m} public`]);
    assert.deepEqual(await search({ q: m }, null), [`${m} public`]);
    assert.deepEqual(await search({ q: m }, other), [`${m} shared`, `${m} secret`, `${m} public`]);
    const publicOnly = { token: await createToken(api, me, ['read:issue', 'read:repository', 'public-only']) };
    const res = await api.get(`/repos/issues/search?q=${m}`, publicOnly);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.map((i: { title: string }) => i.title), [`${m} public`]);
  });

  it('answers closed or all issues on request, issues or pull requests by type, and reads an unknown state as open', async () => {
    const m = mark();
    const repo = await buildRepo(server, other, {});
    await open(repo, `${m} a`);
    await open(repo, `${m} b`, { closed: true });
    const counter = await db().repository.update({ where: { id: repo.id }, data: { issueCounter: { increment: 1 } } });
    await db().issue.create({ data: { repoId: repo.id, number: counter.issueCounter, title: `${m} pull`, isPull: true, posterId: other.id } });
    assert.deepEqual(await search({ q: m, state: 'closed' }), [`${m} b`]);
    assert.deepEqual(await search({ q: m, state: 'all' }), [`${m} pull`, `${m} b`, `${m} a`]);
    assert.deepEqual(await search({ q: m, state: 'whatever' }), [`${m} pull`, `${m} a`]);
    assert.deepEqual(await search({ q: m, type: 'issues' }), [`${m} a`]);
    assert.deepEqual(await search({ q: m, type: 'pulls' }), [`${m} pull`]);
    assert.deepEqual(await search({ q: m, type: 'other' }), [`${m} pull`, `${m} a`]);
  });

  it('filters by labels and milestones of any repository by name, any of them, ignoring names that none has', async () => {
    const m = mark();
    const [one, two] = await Promise.all([buildRepo(server, other, {}), buildRepo(server, other, {})]);
    const bugA = await db().label.create({ data: { repoId: one.id, name: `${m}-bug`, color: '#ee0701' } });
    const bugB = await db().label.create({ data: { repoId: two.id, name: `${m}-bug`, color: '#ee0701' } });
    const ui = await db().label.create({ data: { repoId: two.id, name: `${m}-ui`, color: '#ee0701' } });
    const v1 = await db().milestone.create({ data: { repoId: one.id, title: `${m}-v1` } });
    await open(one, `${m} bug in one`, { labels: [bugA.id], milestone: v1.id });
    await open(two, `${m} bug in two`, { labels: [bugB.id] });
    await open(two, `${m} ui in two`, { labels: [ui.id] });
    await open(two, `${m} plain`);
    assert.deepEqual(await search({ q: m, labels: `${m}-bug` }), [`${m} bug in two`, `${m} bug in one`]);
    assert.deepEqual(await search({ q: m, labels: `${m}-ui,${m}-bug,${m}-none` }), [`${m} ui in two`, `${m} bug in two`, `${m} bug in one`]);
    assert.equal((await search({ q: m, labels: `${m}-none` })).length, 4);
    assert.deepEqual(await search({ q: m, milestones: `${m}-v1,${m}-v9` }), [`${m} bug in one`]);
    assert.equal((await search({ q: m, milestones: `${m}-v9` })).length, 4);
  });

  it('matches q in the title, the body or a comment whatever its case, and filters by the time of the last change', async () => {
    const m = mark();
    const repo = await buildRepo(server, other, {});
    await open(repo, `${m} in the title`);
    await open(repo, 'about the body', { body: `it says ${m.toUpperCase()} here` });
    const commented = await open(repo, 'commented');
    await db().comment.create({ data: { issueId: commented.id, repoId: repo.id, type: 'comment', body: `a comment with ${m}`, posterId: other.id } });
    const timelineOnly = await open(repo, 'renamed');
    await db().comment.create({ data: { issueId: timelineOnly.id, repoId: repo.id, type: 'change_title', body: m, posterId: other.id } });
    assert.deepEqual(await search({ q: m }), ['commented', 'about the body', `${m} in the title`]);
    await db().issue.update({ where: { id: commented.id }, data: { updatedAt: new Date('2001-01-01T00:00:00Z') } });
    assert.deepEqual(await search({ q: m, before: '2002-01-01T00:00:00Z' }), ['commented']);
    assert.deepEqual(await search({ q: m, since: '2002-01-01T00:00:00+02:00' }), ['about the body', `${m} in the title`]);
  });

  it('keeps to the issues the caller opened, is assigned to or is mentioned in when asked, and finds no reviews yet', async () => {
    const m = mark();
    const repo = await buildRepo(server, me, { collaborators: [[other, 'write']] });
    await open(repo, `${m} mine`, {}, me);
    await open(repo, `${m} assigned`, { assignees: [me.login] }, other);
    await open(repo, `${m} mentioned`, { body: `ping @${me.login}.` }, other);
    await open(repo, `${m} someone else`, { body: `ping @${me.login}x` }, other);
    assert.deepEqual(await search({ q: m, created: 'true' }), [`${m} mine`]);
    assert.deepEqual(await search({ q: m, assigned: 'true' }), [`${m} assigned`]);
    assert.deepEqual(await search({ q: m, mentioned: 'true' }), [`${m} mentioned`]);
    assert.deepEqual(await search({ q: m, created: 'false' }), [`${m} someone else`, `${m} mentioned`, `${m} assigned`, `${m} mine`]);
    assert.deepEqual(await search({ q: m, review_requested: 'true' }), []);
    assert.deepEqual(await search({ q: m, reviewed: 'true' }), []);
    assert.equal((await search({ q: m, created: 'true', review_requested: 'true' }, null)).length, 4, "the caller's filters do not apply to anonymous callers, as in Gitea");
    assert.deepEqual(await search({ q: m, created_by: other.login }), [`${m} someone else`, `${m} mentioned`, `${m} assigned`]);
    const unknown = await api.get(`/repos/issues/search?created_by=no-such-account-${m}`, me.basic);
    assert.equal(unknown.status, 404);
  });

  it('keeps to the repositories of an owner, and of one of its teams; an unknown owner or team, or a team without owner, is 400', async () => {
    const m = mark();
    const org = await buildOrg(server, { owner: orgOwner, teams: [{ name: 'web', permission: 'write', members: [me] }] });
    const [site, api2, elsewhere] = await Promise.all([
      buildRepo(server, orgOwner, { org: org.login, name: `site-${m}` }),
      buildRepo(server, orgOwner, { org: org.login, name: `api-${m}` }),
      buildRepo(server, other, {}),
    ]);
    assert.equal((await api.put(`/teams/${org.teams.web.id}/repos/${org.login}/${site.name}`, undefined, orgOwner.basic)).status, 204);
    await open(site, `${m} site`, {}, orgOwner);
    await open(api2, `${m} api`, {}, orgOwner);
    await open(elsewhere, `${m} elsewhere`);
    assert.deepEqual(await search({ q: m, owner: org.login }), [`${m} api`, `${m} site`]);
    assert.deepEqual(await search({ q: m, owner: org.login.toUpperCase(), team: 'WEB' }), [`${m} site`]);
    for (const query of [{ owner: `nobody-${m}` }, { team: 'web' }, { owner: org.login, team: 'nonexistent' }] as Record<string, string>[]) {
      const res = await api.get(`/repos/issues/search?${new URLSearchParams(query)}`, me.basic);
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.equal(typeof res.body.message, 'string');
    }
    const hidden = await buildOrg(server, { owner: orgOwner, visibility: 'private' });
    assert.equal((await api.get(`/repos/issues/search?owner=${hidden.login}`, other.basic)).status, 400, 'a hidden owner is one that does not exist');
  });

  it('sorts newest first by default, and by recentclose, oldest, recentupdate, mostcomment, nearduedate on request', async () => {
    const m = mark();
    const repo = await buildRepo(server, other, {});
    const a = await open(repo, `${m} a`, { due_date: '2030-01-02T00:00:00Z' });
    const b = await open(repo, `${m} b`);
    const c = await open(repo, `${m} c`, { due_date: '2030-01-01T00:00:00Z' });
    const at = (iso: string) => new Date(iso);
    await db().issue.update({ where: { id: a.id }, data: { isClosed: true, closedAt: at('2024-03-01T00:00:00Z'), updatedAt: at('2024-03-01T00:00:00Z'), commentCount: 2 } });
    await db().issue.update({ where: { id: b.id }, data: { isClosed: true, closedAt: at('2024-01-01T00:00:00Z'), updatedAt: at('2024-06-01T00:00:00Z'), commentCount: 5 } });
    await db().issue.update({ where: { id: c.id }, data: { updatedAt: at('2024-02-01T00:00:00Z') } });
    const all = { q: m, state: 'all' };
    assert.deepEqual(await search(all), [`${m} c`, `${m} b`, `${m} a`]);
    assert.deepEqual(await search({ ...all, sort: 'recentclose' }), [`${m} a`, `${m} b`, `${m} c`]);
    assert.deepEqual(await search({ ...all, sort: 'oldest' }), [`${m} a`, `${m} b`, `${m} c`]);
    assert.deepEqual(await search({ ...all, sort: 'recentupdate' }), [`${m} b`, `${m} a`, `${m} c`]);
    assert.deepEqual(await search({ ...all, sort: 'leastupdate' }), [`${m} c`, `${m} a`, `${m} b`]);
    assert.deepEqual(await search({ ...all, sort: 'mostcomment' }), [`${m} b`, `${m} a`, `${m} c`]);
    assert.deepEqual(await search({ ...all, sort: 'nearduedate' }), [`${m} c`, `${m} a`, `${m} b`]);
    assert.deepEqual(await search({ ...all, sort: 'farduedate' }), [`${m} a`, `${m} c`, `${m} b`]);
    assert.deepEqual(await search({ ...all, sort: 'nonsense' }), [`${m} c`, `${m} b`, `${m} a`]);
  });

  it('puts the issues of priority_repo_id first, each part newest first, across pages, with the total in X-Total-Count', async () => {
    const m = mark();
    const [first, second] = await Promise.all([buildRepo(server, other, {}), buildRepo(server, other, {})]);
    await open(first, `${m} first 1`);
    await open(second, `${m} second 1`);
    await open(first, `${m} first 2`);
    await open(second, `${m} second 2`);
    await open(second, `${m} second 3`);
    const base = { q: m, priority_repo_id: String(first.id) };
    assert.deepEqual(await search(base), [`${m} first 2`, `${m} first 1`, `${m} second 3`, `${m} second 2`, `${m} second 1`]);
    assert.deepEqual(await search({ ...base, limit: '2', page: '2' }), [`${m} second 3`, `${m} second 2`]);
    const straddling = await api.get(`/repos/issues/search?${new URLSearchParams({ ...base, limit: '3', page: '1' })}`, me.basic);
    assert.deepEqual(straddling.body.map((i: { title: string }) => i.title), [`${m} first 2`, `${m} first 1`, `${m} second 3`]);
    assert.equal(straddling.headers.get('x-total-count'), '5');
    assert.deepEqual(await search({ q: m, limit: '2', page: '3' }), [`${m} first 1`]);
  });

  it("counts from the repositories' counters when only the state, the type and the owner filter, as many as there are", async () => {
    const [owner] = await createAccounts(api, 1);
    const [one, two, hidden] = await Promise.all([buildRepo(server, owner, {}), buildRepo(server, owner, {}), buildRepo(server, owner, { private: true })]);
    for (const [repo, closed] of [[one, false], [one, true], [two, false], [hidden, false]] as const) await open(repo, 'counted', { closed }, owner);
    const total = async (query: Record<string, string>) => {
      const res = await api.get(`/repos/issues/search?${new URLSearchParams({ owner: owner.login, ...query })}`, me.basic);
      assert.equal(res.status, 200);
      return [Number(res.headers.get('x-total-count')), res.body.length];
    };
    assert.deepEqual(await total({}), [2, 2]);
    assert.deepEqual(await total({ state: 'closed' }), [1, 1]);
    assert.deepEqual(await total({ state: 'all', type: 'issues' }), [3, 3]);
    assert.deepEqual(await total({ state: 'all', type: 'pulls' }), [0, 0]);
    assert.deepEqual(await total({ state: 'all', q: 'counted' }), [3, 3]);
  });

  it("answers each issue in Gitea's shape, with its repository", async () => {
    const m = mark();
    const repo = await buildRepo(server, other, {});
    const made = await open(repo, `${m} shaped`);
    const res = await api.get(`/repos/issues/search?q=${m}`);
    assert.deepEqual(res.body, [(await api.get(`${repo.path}/issues/${made.number}`)).body]);
    assert.deepEqual(res.body[0].repository, { id: repo.id, name: repo.name, owner: other.login, full_name: `${other.login}/${repo.name}` });
  });

  it('costs the same SQL statements for a page of fifty issues from fifty repositories as for a page of one', async () => {
    const m = mark();
    const repos = await Promise.all(Array.from({ length: 10 }, () => buildRepo(server, other, { collaborators: [[me, 'write']] })));
    for (let i = 0; i < 50; i++) {
      const repo = repos[i % repos.length];
      const label = await db().label.create({ data: { repoId: repo.id, name: `${m}-l${i}`, color: '#000000' } });
      const milestone = await db().milestone.create({ data: { repoId: repo.id, title: `${m}-m${i}` } });
      await open(repo, `${m} ${i}`, { labels: [label.id], milestone: milestone.id, assignees: [me.login] });
    }
    const cost = async (limit: number) => {
      const url = `/repos/issues/search?q=${m}&limit=${limit}`;
      await api.get(url, me.basic);
      await server.app.backgroundIdle(); // the notifications and feed entries of the issues just opened are not this read's
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(url, me.basic);
      assert.equal(res.body.length, limit);
      return server.app.database.queryCount() - before;
    };
    assert.equal(await cost(50), await cost(1));
  });

  it('searches through GraphQL with the same filters (Query.searchIssues)', async () => {
    const m = mark();
    const repo = await buildRepo(server, other, {});
    await open(repo, `${m} one`);
    await open(repo, `${m} two`, { closed: true });
    const res = await server.graphql(
      'query($filter: IssueSearchFilter) { searchIssues(filter: $filter, first: 5) { totalCount nodes { title state repository { name } } } }',
      { filter: { query: m, state: 'all', sort: 'oldest' } },
      me.basic,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.deepEqual(res.data.searchIssues, {
      totalCount: 2,
      nodes: [
        { title: `${m} one`, state: 'open', repository: { name: repo.name } },
        { title: `${m} two`, state: 'closed', repository: { name: repo.name } },
      ],
    });
  });
});
