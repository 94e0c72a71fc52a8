import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildOrg, type BuiltOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

interface RestLabel {
  id: number;
  name: string;
}

describe('the labels of an issue', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;
  let org: BuiltOrg;
  let orgRepo: TestRepo;

  before(async () => {
    [owner, writer, reader, stranger] = await createAccounts(api, 4);
    org = await buildOrg(server, { owner });
    [repo, orgRepo] = await Promise.all([
      buildRepo(server, owner, { collaborators: [[writer, 'write'], [reader, 'read']] }),
      buildRepo(server, owner, { org: org.login }),
    ]);
  });

  const label = async (path: string, name: string, exclusive = false): Promise<RestLabel> => {
    const res = await api.post(`${path}/labels`, { name, color: '#ee0701', exclusive }, owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };
  const issue = async (title = 'an issue', path = repo.path, by = owner) => {
    const res = await api.post(`${path}/issues`, { title }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { id: number; number: number };
  };
  const names = (labels: RestLabel[]) => labels.map((l) => l.name);
  const labelsPath = (number: number, path = repo.path) => `${path}/issues/${number}/labels`;

  it('adds labels by id, answers the issue\'s labels by name, and counts and records each on the timeline', async () => {
    const [zeta, alpha] = [await label(repo.path, 'zeta'), await label(repo.path, 'alpha')];
    const { id, number } = await issue();
    const added = await api.post(labelsPath(number), { labels: [zeta.id, alpha.id] }, writer.basic);
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.deepEqual(names(added.body), ['alpha', 'zeta']);
    assert.equal(added.body[0].url, `${server.url}api/v1${repo.path}/labels/${alpha.id}`);
    const read = await api.get(labelsPath(number), reader.basic);
    assert.deepEqual(read.body, added.body);
    assert.equal((await db().label.findUniqueOrThrow({ where: { id: zeta.id } })).issueCount, 1);
    const rows = await db().comment.findMany({ where: { issueId: id, type: 'label' } });
    assert.deepEqual(rows.map((r) => [r.labelId, r.body, r.posterId]).sort(), [[alpha.id, '1', writer.id], [zeta.id, '1', writer.id]].sort());
    const again = await api.post(labelsPath(number), { labels: [alpha.id] }, writer.basic);
    assert.deepEqual(names(again.body), ['alpha', 'zeta']);
    assert.equal(await db().comment.count({ where: { issueId: id, type: 'label' } }), 2, 'a label the issue carries is not added twice');
  });

  it('adds labels by name, the organization\'s among them on a repository of that organization', async () => {
    const [own, shared] = [await label(orgRepo.path, 'own'), await label(`/orgs/${org.login}`, 'shared')];
    const { number } = await issue('org issue', orgRepo.path);
    const res = await api.post(labelsPath(number, orgRepo.path), { labels: ['shared', 'own'] }, owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.map((l: RestLabel) => l.id), [own.id, shared.id]);
    assert.equal(res.body[1].url, `${server.url}api/v1/orgs/${org.login}/labels/${shared.id}`);
    const byId = await issue('org issue by id', orgRepo.path);
    assert.deepEqual(names((await api.put(labelsPath(byId.number, orgRepo.path), { labels: [shared.id] }, owner.basic)).body), ['shared']);
  });

  it('refuses a label the repository may not use, by id or by name, with 422 and changes nothing', async () => {
    const foreignRepo = await buildRepo(server, owner);
    const foreign = await label(foreignRepo.path, 'foreign');
    const orgOnly = await label(`/orgs/${org.login}`, 'org-only');
    const kept = await label(repo.path, 'kept');
    const { id, number } = await issue();
    await api.post(labelsPath(number), { labels: [kept.id] }, owner.basic);
    for (const labels of [[foreign.id], [kept.id, 999999], ['no-such-label'], [orgOnly.id], ['org-only']]) {
      const res = await api.post(labelsPath(number), { labels }, owner.basic);
      assert.equal(res.status, 422, `${JSON.stringify(labels)}: ${JSON.stringify(res.body)}`);
      assert.match(res.body.message, /has no label/);
      assert.equal((await api.put(labelsPath(number), { labels }, owner.basic)).status, 422);
    }
    assert.deepEqual(names((await api.get(labelsPath(number))).body), ['kept']);
    assert.equal(await db().comment.count({ where: { issueId: id, type: 'label' } }), 1);
    const opened = await api.post(`${repo.path}/issues`, { title: 'foreign labels', labels: [foreign.id] }, owner.basic);
    assert.equal(opened.status, 422, 'opening an issue refuses them as well');
  });

  it('answers 400 for ids and names mixed in one request, and for an item that is neither, as Gitea does', async () => {
    const mixed = await label(repo.path, 'mixed');
    const { number } = await issue();
    const both = await api.post(labelsPath(number), { labels: [mixed.id, 'mixed'] }, owner.basic);
    assert.equal(both.status, 400);
    assert.equal(both.body.message, 'labels should be an array of strings or integers');
    for (const bad of [[{ id: mixed.id }], [true], [1.5], [null]]) {
      const res = await api.put(labelsPath(number), { labels: bad }, owner.basic);
      assert.equal(res.status, 400, `${JSON.stringify(bad)}: ${JSON.stringify(res.body)}`);
    }
    assert.deepEqual((await api.get(labelsPath(number))).body, []);
  });

  it('takes the older label of an exclusive scope off when a newer one of that scope is added, on the timeline too', async () => {
    const low = await label(repo.path, 'priority/low', true);
    const high = await label(repo.path, 'priority/high', true);
    const kind = await label(repo.path, 'kind/bug');
    const { id, number } = await issue();
    await api.post(labelsPath(number), { labels: [low.id, kind.id] }, owner.basic);
    const res = await api.post(labelsPath(number), { labels: ['priority/high'] }, owner.basic);
    assert.equal(res.status, 200);
    assert.deepEqual(names(res.body), ['kind/bug', 'priority/high']);
    const removal = await db().comment.findFirst({ where: { issueId: id, type: 'label', labelId: low.id, body: '' } });
    assert.ok(removal, 'the label taken off has its timeline row');
    assert.deepEqual(
      await Promise.all([low, high].map(async (l) => (await db().label.findUniqueOrThrow({ where: { id: l.id } })).issueCount)),
      [0, 1],
    );
    const notExclusive = [await label(repo.path, 'area/docs'), await label(repo.path, 'area/api')];
    const both = await api.post(labelsPath(number), { labels: notExclusive.map((l) => l.id) }, owner.basic);
    assert.deepEqual(names(both.body), ['area/api', 'area/docs', 'kind/bug', 'priority/high'], 'labels of a scope that is not exclusive live side by side');
  });

  it('rejects a request that would leave two labels of one exclusive scope on an issue, when adding, replacing or opening', async () => {
    const [a, b] = [await label(repo.path, 'size/s', true), await label(repo.path, 'size/l', true)];
    const { number } = await issue();
    for (const send of [api.post, api.put]) {
      const res = await send(labelsPath(number), { labels: [a.id, b.id] }, owner.basic);
      assert.equal(res.status, 422, JSON.stringify(res.body));
      assert.match(res.body.message, /exclusive scope "size"/);
    }
    assert.equal((await api.post(`${repo.path}/issues`, { title: 'two sizes', labels: [a.id, b.id] }, owner.basic)).status, 422);
    assert.deepEqual((await api.get(labelsPath(number))).body, []);
  });

  it('replaces the labels with exactly those named, and an empty list takes every label off', async () => {
    const [one, two, three] = [await label(repo.path, 'r1'), await label(repo.path, 'r2'), await label(repo.path, 'r3')];
    const { id, number } = await issue();
    await api.post(labelsPath(number), { labels: [one.id, two.id] }, owner.basic);
    const replaced = await api.put(labelsPath(number), { labels: [two.id, three.id] }, owner.basic);
    assert.equal(replaced.status, 200);
    assert.deepEqual(names(replaced.body), ['r2', 'r3']);
    assert.equal(await db().comment.count({ where: { issueId: id, type: 'label', labelId: one.id, body: '' } }), 1);
    const emptied = await api.put(labelsPath(number), { labels: [] }, owner.basic);
    assert.deepEqual(emptied.body, []);
    assert.deepEqual(
      await Promise.all([one, two, three].map(async (l) => (await db().label.findUniqueOrThrow({ where: { id: l.id } })).issueCount)),
      [0, 0, 0],
    );
  });

  it('removes one label (204; 422 for a label the repository may not use; nothing for one the issue does not carry) and clears them all', async () => {
    const [x, y, other] = [await label(repo.path, 'x'), await label(repo.path, 'y'), await label(repo.path, 'other')];
    const foreign = await label((await buildRepo(server, owner)).path, 'not-here');
    const { id, number } = await issue();
    await api.post(labelsPath(number), { labels: [x.id, y.id] }, owner.basic);
    assert.equal((await api.delete(`${labelsPath(number)}/${x.id}`, writer.basic)).status, 204);
    assert.deepEqual(names((await api.get(labelsPath(number))).body), ['y']);
    const unknown = await api.delete(`${labelsPath(number)}/999999`, owner.basic);
    assert.equal(unknown.status, 422);
    assert.equal((await api.delete(`${labelsPath(number)}/${foreign.id}`, owner.basic)).status, 422);
    const rows = await db().comment.count({ where: { issueId: id, type: 'label' } });
    assert.equal((await api.delete(`${labelsPath(number)}/${other.id}`, owner.basic)).status, 204);
    assert.equal(await db().comment.count({ where: { issueId: id, type: 'label' } }), rows, 'a label the issue does not carry writes no row');
    assert.equal((await api.delete(labelsPath(number), writer.basic)).status, 204);
    assert.deepEqual((await api.get(labelsPath(number))).body, []);
    assert.equal((await db().label.findUniqueOrThrow({ where: { id: y.id } })).issueCount, 0);
  });

  it('counts a closed issue among the closed issues of the labels put on it and taken off', async () => {
    const closedLabel = await label(repo.path, 'on-closed');
    const { number } = await issue();
    assert.equal((await api.patch(`${repo.path}/issues/${number}`, { state: 'closed' }, owner.basic)).status, 201);
    await api.post(labelsPath(number), { labels: [closedLabel.id] }, owner.basic);
    const counted = await db().label.findUniqueOrThrow({ where: { id: closedLabel.id } });
    assert.deepEqual([counted.issueCount, counted.closedIssueCount], [1, 1]);
    await api.delete(labelsPath(number), owner.basic);
    const uncounted = await db().label.findUniqueOrThrow({ where: { id: closedLabel.id } });
    assert.deepEqual([uncounted.issueCount, uncounted.closedIssueCount], [0, 0]);
  });

  it('needs write access to the issues: 403 for readers and the poster, 401 anonymous, 404 hidden, 423 archived, never a 500', async () => {
    const guarded = await label(repo.path, 'guarded');
    const { number } = await issue('posted by a reader', repo.path, reader);
    const calls = (auth?: TestAccount['basic']) => [
      api.post(labelsPath(number), { labels: [guarded.id] }, auth),
      api.put(labelsPath(number), { labels: [guarded.id] }, auth),
      api.delete(`${labelsPath(number)}/${guarded.id}`, auth),
      api.delete(labelsPath(number), auth),
    ];
    for (const res of await Promise.all(calls(reader.basic))) {
      assert.equal(res.status, 403, JSON.stringify(res.body));
      assert.ok(res.body.message);
    }
    for (const res of await Promise.all(calls())) assert.equal(res.status, 401);
    assert.equal((await api.get(labelsPath(number), reader.basic)).status, 200);
    const secret = await buildRepo(server, owner, { private: true });
    const hidden = await issue('secret', secret.path);
    assert.equal((await api.get(labelsPath(hidden.number, secret.path), stranger.basic)).status, 404);
    assert.equal((await api.post(labelsPath(hidden.number, secret.path), { labels: [] }, stranger.basic)).status, 404);
    assert.equal((await api.post(labelsPath(9999), { labels: [] }, owner.basic)).status, 404);
    const archived = await buildRepo(server, owner);
    const kept = await issue('kept', archived.path);
    await api.patch(archived.path, { archived: true }, owner.basic);
    assert.equal((await api.delete(labelsPath(kept.number, archived.path), owner.basic)).status, 423);
  });

  it('publishes one issue_label event per change, with the labels put on and taken off', async () => {
    const [first, second] = [await label(repo.path, 'stage/one', true), await label(repo.path, 'stage/two', true)];
    const { id, number } = await issue();
    const stop = new AbortController();
    const seen: { action: string; added: number[]; removed: number[]; actorId: number; number: number }[] = [];
    const collecting = (async () => {
      for await (const event of server.app.events.subscribe('issue_label', stop.signal)) if (event.issueId === id) seen.push(event);
    })().catch(() => {});
    await api.post(labelsPath(number), { labels: [first.id] }, owner.basic);
    await api.post(labelsPath(number), { labels: [second.id] }, owner.basic);
    await api.post(labelsPath(number), { labels: [second.id] }, owner.basic);
    await api.delete(labelsPath(number), owner.basic);
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop.abort();
    await collecting;
    assert.deepEqual(
      seen.map(({ action, added, removed }) => ({ action, added, removed })),
      [
        { action: 'label_updated', added: [first.id], removed: [] },
        { action: 'label_updated', added: [second.id], removed: [first.id] },
        { action: 'label_cleared', added: [], removed: [second.id] },
      ],
    );
    assert.ok(seen.every((e) => e.actorId === owner.id && e.number === number));
  });

  it('reads a page of an issue with 50 labels with the SQL statements of an issue with one', async () => {
    const many = await buildRepo(server, owner);
    await db().label.createMany({ data: Array.from({ length: 50 }, (_, i) => ({ repoId: many.id, name: `m${String(i).padStart(2, '0')}`, color: '#000000' })) });
    const ids = (await db().label.findMany({ where: { repoId: many.id }, orderBy: { id: 'asc' } })).map((l) => l.id);
    const [one, fifty] = [await issue('one', many.path), await issue('fifty', many.path)];
    await api.put(labelsPath(one.number, many.path), { labels: ids.slice(0, 1) }, owner.basic);
    await api.put(labelsPath(fifty.number, many.path), { labels: ids }, owner.basic);
    // Measured warm, as the issue lists are: the labels themselves come from their cache once read.
    const statements = async (number: number, expected: number) => {
      // The label changes' background work (the event log's followers) must not land in the count.
      await server.app.backgroundIdle();
      await api.get(labelsPath(number, many.path), owner.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(labelsPath(number, many.path), owner.basic);
      assert.equal(res.body.length, expected);
      return server.app.database.queryCount() - before;
    };
    assert.equal(await statements(fifty.number, 50), await statements(one.number, 1));
  });
});
