import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { anonymousViewer } from '../../../src/auth/viewer.ts';
import { findLabelsForRepository } from '../../../src/domain/label/label.service.ts';
import { findRepositoryByName } from '../../../src/domain/repo/repo.service.ts';
import { createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { buildOrg, type BuiltOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('repository and organization labels over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let writer: TestAccount;
  let outsider: TestAccount;
  let repo: TestRepo;
  let secret: TestRepo;
  let org: BuiltOrg;
  let orgRepo: TestRepo;

  before(async () => {
    [owner, reader, writer, outsider] = await createAccounts(api, 4);
    [repo, secret, org] = await Promise.all([
      buildRepo(server, owner, { collaborators: [[reader, 'read'], [writer, 'write']] }),
      buildRepo(server, owner, { private: true }),
      buildOrg(server, { owner, teams: [{ name: 'members', permission: 'write', members: [reader] }] }),
    ]);
    orgRepo = await buildRepo(server, owner, { org: org.login });
  });

  const create = async (path: string, body: Record<string, unknown>, auth = owner.basic) => {
    const res = await api.post(`${path}/labels`, body, auth);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };

  it('creates a label with the color normalized as Gitea does: with or without #, three digits doubled, sent without #', async () => {
    const six = await create(repo.path, { name: 'bug', color: 'ee0701', description: 'something is broken' });
    assert.deepEqual(six, {
      id: six.id,
      name: 'bug',
      color: 'ee0701',
      description: 'something is broken',
      exclusive: false,
      is_archived: false,
      url: `${server.url}api/v1/repos/${repo.owner}/${repo.name}/labels/${six.id}`,
    });
    assert.equal((await create(repo.path, { name: 'short', color: '#AbC' })).color, 'AAbbCC');
    assert.equal((await create(repo.path, { name: 'hashed', color: '#00aabb' })).color, '00aabb');
  });

  it('refuses a color that is not six or three hex digits, and a missing or empty name or color, with 422', async () => {
    for (const body of [{ name: 'x', color: 'red' }, { name: 'x', color: '#12345' }, { name: 'x' }, { color: '#123456' }, { name: '', color: '#123456' }]) {
      const res = await api.post(`${repo.path}/labels`, body, owner.basic);
      assert.equal(res.status, 422, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
      assert.equal(typeof res.body.message, 'string');
    }
    const label = await create(repo.path, { name: 'to-recolor', color: '#123456' });
    assert.equal((await api.patch(`${repo.path}/labels/${label.id}`, { color: 'blue' }, owner.basic)).status, 422);
  });

  it('lists only the repository\'s own labels, by name, a page at a time with the total in X-Total-Count', async () => {
    const listed = await buildRepo(server, owner, { org: org.login, name: 'listed' });
    for (const name of ['zeta', 'alpha', 'mid', 'beta']) await create(listed.path, { name, color: '#000000' });
    await create(`/orgs/${org.login}`, { name: 'from-the-org', color: '#111111' });
    const all = await api.get(`${listed.path}/labels`);
    assert.equal(all.status, 200);
    assert.deepEqual(all.body.map((l: { name: string }) => l.name), ['alpha', 'beta', 'mid', 'zeta']);
    const page = await api.get(`${listed.path}/labels?page=2&limit=2`);
    assert.deepEqual(page.body.map((l: { name: string }) => l.name), ['mid', 'zeta']);
    assert.equal(page.headers.get('x-total-count'), '4');
  });

  it('gets, edits and deletes a label of the repository, and answers 404 for a label of another repository', async () => {
    const label = await create(repo.path, { name: 'editable', color: '#aaaaaa' });
    const got = await api.get(`${repo.path}/labels/${label.id}`);
    assert.deepEqual(got.body, label);
    const edited = await api.patch(`${repo.path}/labels/${label.id}`, { name: 'edited', description: 'changed', color: 'bbbbbb' }, owner.basic);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.deepEqual([edited.body.name, edited.body.description, edited.body.color], ['edited', 'changed', 'bbbbbb']);
    assert.equal((await api.get(`${orgRepo.path}/labels/${label.id}`)).status, 404);
    assert.equal((await api.patch(`${orgRepo.path}/labels/${label.id}`, { name: 'x' }, owner.basic)).status, 404);
    assert.equal((await api.delete(`${orgRepo.path}/labels/${label.id}`, owner.basic)).status, 404);
    assert.equal((await api.delete(`${repo.path}/labels/${label.id}`, owner.basic)).status, 204);
    assert.equal((await api.get(`${repo.path}/labels/${label.id}`)).status, 404);
    assert.equal((await api.delete(`${repo.path}/labels/${label.id}`, owner.basic)).status, 404);
  });

  it('keeps exclusive as it was sent, archives with is_archived, and leaves both as they are when an edit does not send them', async () => {
    const scoped = await create(repo.path, { name: 'priority/high', color: '#ff0000', exclusive: true, is_archived: true });
    assert.deepEqual([scoped.exclusive, scoped.is_archived], [true, true]);
    const renamed = await api.patch(`${repo.path}/labels/${scoped.id}`, { name: 'priority/urgent' }, owner.basic);
    assert.deepEqual([renamed.body.exclusive, renamed.body.is_archived], [true, true]);
    const restored = await api.patch(`${repo.path}/labels/${scoped.id}`, { is_archived: false, exclusive: false }, owner.basic);
    assert.deepEqual([restored.body.exclusive, restored.body.is_archived], [false, false]);
    const unscoped = await create(repo.path, { name: 'plain', color: '#ff0000', exclusive: true });
    assert.equal(unscoped.exclusive, true);
  });

  it('lets readers of the issues read labels and only writers change them; hidden repositories are 404', async () => {
    assert.equal((await api.get(`${repo.path}/labels`, reader.basic)).status, 200);
    assert.equal((await api.post(`${repo.path}/labels`, { name: 'r', color: '#000000' }, reader.basic)).status, 403);
    assert.equal((await api.post(`${repo.path}/labels`, { name: 'r', color: '#000000' })).status, 401);
    const byWriter = await create(repo.path, { name: 'by-writer', color: '#000000' }, writer.basic);
    assert.equal((await api.delete(`${repo.path}/labels/${byWriter.id}`, reader.basic)).status, 403);
    assert.equal((await api.delete(`${repo.path}/labels/${byWriter.id}`, writer.basic)).status, 204);
    assert.equal((await api.get(`${secret.path}/labels`, outsider.basic)).status, 404);
    assert.equal((await api.post(`${secret.path}/labels`, { name: 'x', color: '#000000' }, outsider.basic)).status, 404);
  });

  it('keeps labels while issues or pull requests are on, and answers 404 once both are off', async () => {
    const units = await buildRepo(server, owner);
    await create(units.path, { name: 'kept', color: '#000000' });
    assert.equal((await api.patch(units.path, { has_issues: false }, owner.basic)).status, 200);
    assert.equal((await api.get(`${units.path}/labels`)).body.length, 1);
    assert.equal((await api.patch(units.path, { has_pull_requests: false }, owner.basic)).status, 200);
    assert.equal((await api.get(`${units.path}/labels`)).status, 404);
    assert.equal((await api.post(`${units.path}/labels`, { name: 'x', color: '#000000' }, owner.basic)).status, 404);
  });

  it('refuses label changes in an archived repository with 423 and still lists its labels', async () => {
    const archived = await buildRepo(server, owner);
    const label = await create(archived.path, { name: 'old', color: '#000000' });
    assert.equal((await api.patch(archived.path, { archived: true }, owner.basic)).status, 200);
    assert.equal((await api.post(`${archived.path}/labels`, { name: 'new', color: '#000000' }, owner.basic)).status, 423);
    assert.equal((await api.patch(`${archived.path}/labels/${label.id}`, { name: 'x' }, owner.basic)).status, 423);
    assert.equal((await api.delete(`${archived.path}/labels/${label.id}`, owner.basic)).status, 423);
    assert.equal((await api.get(`${archived.path}/labels`)).body.length, 1);
  });

  it('needs the issue scope on a token for a repository\'s labels and the organization scope for an organization\'s', async () => {
    const issueOnly = { token: await createToken(api, owner, ['write:issue', 'read:repository']) };
    const orgOnly = { token: await createToken(api, owner, ['write:organization', 'read:repository']) };
    assert.equal((await api.post(`${repo.path}/labels`, { name: 'scoped', color: '#000000' }, issueOnly)).status, 201);
    assert.equal((await api.post(`${repo.path}/labels`, { name: 'scoped', color: '#000000' }, orgOnly)).status, 403);
    assert.equal((await api.post(`/orgs/${org.login}/labels`, { name: 'scoped', color: '#000000' }, orgOnly)).status, 201);
    assert.equal((await api.post(`/orgs/${org.login}/labels`, { name: 'scoped', color: '#000000' }, issueOnly)).status, 403);
  });

  it('lets the organization\'s owners change its labels, members and visitors read them, and addresses them under /orgs', async () => {
    const label = await create(`/orgs/${org.login}`, { name: 'org-wide', color: 'c0ffee' });
    assert.equal(label.url, `${server.url}api/v1/orgs/${org.login}/labels/${label.id}`);
    assert.equal((await api.post(`/orgs/${org.login}/labels`, { name: 'm', color: '#000000' }, reader.basic)).status, 403);
    assert.equal((await api.patch(`/orgs/${org.login}/labels/${label.id}`, { name: 'm' }, reader.basic)).status, 403);
    assert.equal((await api.delete(`/orgs/${org.login}/labels/${label.id}`, outsider.basic)).status, 403);
    assert.ok((await api.get(`/orgs/${org.login}/labels`)).body.some((l: { id: number }) => l.id === label.id));
    assert.equal((await api.get(`/orgs/${org.login}/labels/${label.id}`)).status, 401);
    assert.deepEqual((await api.get(`/orgs/${org.login}/labels/${label.id}`, outsider.basic)).body, label);
    assert.equal((await api.get(`/orgs/${org.login}/labels/${(await create(repo.path, { name: 'r', color: '#000000' })).id}`, owner.basic)).status, 404);
    const edited = await api.patch(`/orgs/${org.login}/labels/${label.id}`, { color: '#ABCDEF', is_archived: true }, owner.basic);
    assert.deepEqual([edited.body.color, edited.body.is_archived], ['ABCDEF', true]);
    assert.equal((await api.delete(`/orgs/${org.login}/labels/${label.id}`, owner.basic)).status, 204);
    assert.equal((await api.get(`/orgs/${org.login}/labels/${label.id}`, owner.basic)).status, 404);
  });

  it('hides the labels of a private organization from those who may not see it', async () => {
    const hidden = await buildOrg(server, { owner, visibility: 'private' });
    await create(`/orgs/${hidden.login}`, { name: 'inside', color: '#000000' });
    assert.equal((await api.get(`/orgs/${hidden.login}/labels`, outsider.basic)).status, 404);
    assert.equal((await api.post(`/orgs/${hidden.login}/labels`, { name: 'x', color: '#000000' }, outsider.basic)).status, 404);
    assert.equal((await api.get(`/orgs/${hidden.login}/labels`, owner.basic)).body.length, 1);
  });

  it('takes a deleted label off the issues that carried it, with its label events', async () => {
    const label = await create(orgRepo.path, { name: 'carried', color: '#000000' });
    const db = server.app.database.db;
    const issue = await db.issue.create({ data: { repoId: orgRepo.id, number: 1, title: 'carrying' } });
    await db.issueLabel.create({ data: { issueId: issue.id, labelId: label.id } });
    await db.comment.create({ data: { issueId: issue.id, repoId: orgRepo.id, type: 'label', labelId: label.id } });
    assert.equal((await api.delete(`${orgRepo.path}/labels/${label.id}`, owner.basic)).status, 204);
    assert.equal(await db.issueLabel.count({ where: { issueId: issue.id } }), 0);
    assert.equal(await db.comment.count({ where: { issueId: issue.id } }), 0);
  });

  it('finds the labels a repository may use by id or name, its own and its organization\'s, and refuses others with 422', async () => {
    const own = await create(orgRepo.path, { name: 'usable', color: '#000000' });
    const shared = await create(`/orgs/${org.login}`, { name: 'shared', color: '#000000' });
    const foreign = await create(repo.path, { name: 'foreign', color: '#000000' });
    const app = server.app;
    const ctx = { db: app.database.db, config: app.config, events: app.events, viewer: anonymousViewer };
    const found = await findRepositoryByName(ctx, orgRepo.owner, orgRepo.name);
    const labels = await findLabelsForRepository(ctx, found!, [own.id, 'shared']);
    assert.deepEqual(labels.map((l) => l.id).sort(), [own.id, shared.id].sort());
    await assert.rejects(findLabelsForRepository(ctx, found!, [foreign.id]), (err: Error & { kind?: string }) => err.kind === 'VALIDATION');
    const personal = await findRepositoryByName(ctx, repo.owner, repo.name);
    await assert.rejects(findLabelsForRepository(ctx, personal!, ['shared']), /no label "shared"/);
  });
});
