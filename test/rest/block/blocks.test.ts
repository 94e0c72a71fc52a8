import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { graphql } from '../../testkit/client.ts';
import { createAccount, createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { addTeamMember, createOrg, createTeam } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('blocks over REST', () => {
  const server = useServer();
  const { api } = server;
  const put = (path: string, auth: TestAccount['basic']) => api.request('PUT', path, { auth });
  const block = (by: TestAccount, whom: TestAccount, note?: string) =>
    put(`/user/blocks/${whom.login}${note === undefined ? '' : `?note=${encodeURIComponent(note)}`}`, by.basic);
  const blocked = (message: string) => (res: { status: number; body: any }) => {
    assert.equal(res.status, 403, `${message}: ${JSON.stringify(res.body)}`);
    assert.match(res.body.message, /blocked/);
  };

  /** A fresh blocker with a public repository (a README on main, a branch feature), and a fresh blockee. */
  async function pair(): Promise<{ owner: TestAccount; other: TestAccount; repo: TestRepo }> {
    const [owner, other] = await createAccounts(api, 2);
    const repo = await buildRepo(server, owner, {
      files: { 'README.md': 'hi\n' },
      commits: [{ key: 'f', branch: 'feature', message: 'feature', files: { 'f.txt': 'f\n' } }],
    });
    return { owner, other, repo };
  }

  it('a block is listed with the blocked account, checked with 204, and lifted, after which the check is 404', async () => {
    const { owner, other } = await pair();
    assert.equal((await api.get(`/user/blocks/${other.login}`, owner.basic)).status, 404, 'not blocked yet');
    assert.equal((await block(owner, other, 'spam')).status, 204);
    assert.equal((await api.get(`/user/blocks/${other.login}`, owner.basic)).status, 204);
    const list = await api.get('/user/blocks', owner.basic);
    assert.deepEqual(list.body.map((u: { login: string }) => u.login), [other.login]);
    assert.equal(list.headers.get('x-total-count'), '1');
    assert.equal((await api.get(`/user/blocks/${owner.login}`, other.basic)).status, 404, 'a block is one way');
    assert.equal((await api.delete(`/user/blocks/${other.login}`, owner.basic)).status, 204);
    assert.equal((await api.get(`/user/blocks/${other.login}`, owner.basic)).status, 404);
    assert.deepEqual((await api.get('/user/blocks', owner.basic)).body, []);
  });

  it('the note given with a block is kept with it', async () => {
    const { owner, other } = await pair();
    assert.equal((await block(owner, other, 'sends spam')).status, 204);
    const { data } = await graphql(server.url, '{ viewer { blocks(first: 5) { totalCount nodes { note user { login } } } } }', {}, owner.basic);
    assert.deepEqual(data.viewer.blocks, { totalCount: 1, nodes: [{ note: 'sends spam', user: { login: other.login } }] });
  });

  it('through GraphQL, isBlocking answers for the account itself, and the blocks of another account are FORBIDDEN', async () => {
    const { owner, other } = await pair();
    await graphql(server.url, 'mutation($login: String!) { blockUser(login: $login) { note } }', { login: other.login }, owner.basic);
    const mine = await graphql(server.url, 'query($login: String!) { viewer { isBlocking(login: $login) } }', { login: other.login }, owner.basic);
    assert.equal(mine.data.viewer.isBlocking, true);
    const theirs = await graphql(server.url, 'query($login: String!) { user(login: $login) { blocks(first: 5) { totalCount } } }', { login: owner.login }, other.basic);
    assert.equal(theirs.errors?.[0]?.extensions?.code, 'FORBIDDEN');
    const lifted = await graphql(server.url, 'mutation($login: String!) { unblockUser(login: $login) { login } }', { login: other.login }, owner.basic);
    assert.equal(lifted.data.unblockUser.login, other.login);
  });

  it('blocking yourself, an organization or an account already blocked is 400, and so is unblocking one not blocked', async () => {
    const { owner, other } = await pair();
    const org = await createOrg(server, [other]);
    assert.equal((await block(owner, owner)).status, 400);
    assert.equal((await put(`/user/blocks/${org.login}`, owner.basic)).status, 400);
    assert.equal((await api.delete(`/user/blocks/${other.login}`, owner.basic)).status, 400);
    assert.equal((await block(owner, other)).status, 204);
    const again = await block(owner, other);
    assert.equal(again.status, 400);
    assert.match(again.body.message, /already blocked/);
    assert.equal((await put('/user/blocks/nobody-by-that-name', owner.basic)).status, 404);
  });

  it('a blocked account cannot star the repositories of the account that blocked it (403)', async () => {
    const { owner, other, repo } = await pair();
    await block(owner, other);
    blocked('star')(await put(`/user/starred/${repo.owner}/${repo.name}`, other.basic));
    assert.equal((await api.get(repo.path)).body.stars_count, 0);
  });

  it('a blocked account cannot watch the repositories of the account that blocked it (403)', async () => {
    const { owner, other, repo } = await pair();
    await block(owner, other);
    blocked('watch')(await put(`${repo.path}/subscription`, other.basic));
    assert.equal((await api.get(repo.path)).body.watchers_count, 1, 'its owner alone');
  });

  it('a blocked account cannot fork the repositories of the account that blocked it (403)', async () => {
    const { owner, other, repo } = await pair();
    await block(owner, other);
    blocked('fork')(await api.post(`${repo.path}/forks`, {}, other.basic));
    assert.equal((await api.get(repo.path)).body.forks_count, 0);
  });

  it('a blocked account cannot open issues or pull requests in the repositories of the account that blocked it (403)', async () => {
    const { owner, other, repo } = await pair();
    assert.equal((await api.post(`${repo.path}/issues`, { title: 'before' }, other.basic)).status, 201, 'before the block it may');
    await block(owner, other);
    blocked('issue')(await api.post(`${repo.path}/issues`, { title: 'after' }, other.basic));
    blocked('pull request')(await api.post(`${repo.path}/pulls`, { title: 'pr', head: 'feature', base: 'main' }, other.basic));
  });

  it('a blocked account cannot comment on the issues of the blocker, nor on issues the blocker opened elsewhere; the repository admins still may', async () => {
    const { owner, other, repo } = await pair();
    const issue = await api.post(`${repo.path}/issues`, { title: 'open' }, owner.basic);
    const third = await createAccount(api);
    const elsewhere = await buildRepo(server, third, { files: { 'README.md': 'x\n' } });
    const theirs = await api.post(`${elsewhere.path}/issues`, { title: 'by the blocker' }, owner.basic);
    await block(owner, other);
    blocked('comment')(await api.post(`${repo.path}/issues/${issue.body.number}/comments`, { body: 'hi' }, other.basic));
    blocked('comment elsewhere')(await api.post(`${elsewhere.path}/issues/${theirs.body.number}/comments`, { body: 'hi' }, other.basic));
    // third administers its repository: a block of the issue's poster does not keep it out.
    assert.equal((await block(owner, third)).status, 204);
    assert.equal((await api.post(`${elsewhere.path}/issues/${theirs.body.number}/comments`, { body: 'admin' }, third.basic)).status, 201);
  });

  it('a blocked account cannot change the text of its own issue in the blocker\'s repository (403), though its title still changes', async () => {
    const { owner, other, repo } = await pair();
    const issue = await api.post(`${repo.path}/issues`, { title: 'mine', body: 'first' }, other.basic);
    await block(owner, other);
    blocked('edit')(await api.patch(`${repo.path}/issues/${issue.body.number}`, { body: 'second' }, other.basic));
    assert.equal((await api.patch(`${repo.path}/issues/${issue.body.number}`, { title: 'renamed' }, other.basic)).status, 201);
    assert.equal((await api.get(`${repo.path}/issues/${issue.body.number}`)).body.body, 'first');
  });

  it('a blocked account cannot react to the issues of the blocker (403)', async () => {
    const { owner, other, repo } = await pair();
    const issue = await api.post(`${repo.path}/issues`, { title: 'open' }, owner.basic);
    await block(owner, other);
    blocked('reaction')(await api.post(`${repo.path}/issues/${issue.body.number}/reactions`, { content: '+1' }, other.basic));
  });

  it('a blocked account cannot follow the blocker, nor the blocker follow it (403)', async () => {
    const { owner, other } = await pair();
    await block(owner, other);
    blocked('follow the blocker')(await put(`/user/following/${owner.login}`, other.basic));
    blocked('follow the blocked')(await put(`/user/following/${other.login}`, owner.basic));
  });

  it('a blocked account cannot be added as a collaborator to the repositories of the blocker (403)', async () => {
    const { owner, other, repo } = await pair();
    await block(owner, other);
    blocked('collaborator')(await api.request('PUT', `${repo.path}/collaborators/${other.login}`, { auth: owner.basic, body: { permission: 'write' } }));
  });

  it('nobody assigns an account that blocks them (403)', async () => {
    const [host, assigner, assignee] = await createAccounts(api, 3);
    const repo = await buildRepo(server, host, { files: { 'README.md': 'x\n' }, collaborators: [[assigner, 'write'], [assignee, 'write']] });
    const issue = await api.post(`${repo.path}/issues`, { title: 'work' }, host.basic);
    await block(assignee, assigner);
    blocked('assign')(await api.post(`${repo.path}/issues/${issue.body.number}/assignees`, { assignees: [assignee.login] }, assigner.basic));
    assert.equal((await api.post(`${repo.path}/issues/${issue.body.number}/assignees`, { assignees: [assignee.login] }, host.basic)).status, 201);
  });

  it('nobody asks a review of an account that blocks them (403)', async () => {
    const [host, asker, reviewer] = await createAccounts(api, 3);
    const repo = await buildRepo(server, host, {
      files: { 'README.md': 'x\n' },
      commits: [{ key: 'f', branch: 'feature', message: 'feature', files: { 'f.txt': 'f\n' } }],
      collaborators: [[asker, 'write'], [reviewer, 'write']],
    });
    const pr = await api.post(`${repo.path}/pulls`, { title: 'pr', head: 'feature', base: 'main' }, host.basic);
    await block(reviewer, asker);
    blocked('review request')(await api.post(`${repo.path}/pulls/${pr.body.number}/requested_reviewers`, { reviewers: [reviewer.login] }, asker.basic));
    assert.equal((await api.post(`${repo.path}/pulls/${pr.body.number}/requested_reviewers`, { reviewers: [reviewer.login] }, host.basic)).status, 201);
  });

  it('a blocked account mentioning the blocker notifies it of nothing; others mentioned still hear of it', async () => {
    const [host, blocker, pest, bystander] = await createAccounts(api, 4);
    const repo = await buildRepo(server, host, { files: { 'README.md': 'x\n' } });
    await block(blocker, pest);
    assert.equal((await api.post(`${repo.path}/issues`, { title: 'hello', body: `@${blocker.login} @${bystander.login} look` }, pest.basic)).status, 201);
    await server.app.backgroundIdle();
    assert.deepEqual((await api.get('/notifications', blocker.basic)).body, []);
    assert.equal((await api.get('/notifications', bystander.basic)).body.length, 1);
  });

  it('a repository cannot be transferred to an account that blocks its owner (403)', async () => {
    const { owner, other, repo } = await pair();
    await block(other, owner);
    blocked('transfer')(await api.post(`${repo.path}/transfer`, { new_owner: other.login }, owner.basic));
  });

  it('blocking ends the follows both ways and the stars and watches on each other\'s repositories, counters included', async () => {
    const { owner, other, repo } = await pair();
    const otherRepo = await buildRepo(server, other, { files: { 'README.md': 'x\n' } });
    await put(`/user/following/${owner.login}`, other.basic);
    await put(`/user/following/${other.login}`, owner.basic);
    await put(`/user/starred/${repo.owner}/${repo.name}`, other.basic);
    await put(`/user/starred/${otherRepo.owner}/${otherRepo.name}`, owner.basic);
    await put(`${repo.path}/subscription`, other.basic);
    assert.equal((await api.get(repo.path)).body.watchers_count, 2);
    await block(owner, other);
    for (const account of [owner, other]) {
      const body = (await api.get(`/users/${account.login}`)).body;
      assert.equal(body.followers_count, 0, `${account.login} followers`);
      assert.equal(body.following_count, 0, `${account.login} following`);
      assert.equal(body.starred_repos_count, 0, `${account.login} stars`);
    }
    assert.equal((await api.get(repo.path)).body.stars_count, 0);
    assert.equal((await api.get(otherRepo.path)).body.stars_count, 0);
    assert.equal((await api.get(repo.path)).body.watchers_count, 1, 'only the owner still watches');
    assert.equal((await api.get(otherRepo.path)).body.watchers_count, 1, 'only its owner still watches');
    assert.equal((await api.get(`${repo.path}/subscription`, other.basic)).status, 404);
  });

  it('blocking removes the collaborations both ways and cancels the pending transfers between the two accounts', async () => {
    const { owner, other, repo } = await pair();
    const otherRepo = await buildRepo(server, other, { files: { 'README.md': 'x\n' }, collaborators: [[owner, 'write']] });
    await api.request('PUT', `${repo.path}/collaborators/${other.login}`, { auth: owner.basic, body: { permission: 'write' } });
    const moving = await buildRepo(server, owner, { files: { 'README.md': 'x\n' } });
    assert.equal((await api.post(`${moving.path}/transfer`, { new_owner: other.login }, owner.basic)).status, 201, 'pending');
    await block(owner, other);
    assert.equal((await api.get(`${repo.path}/collaborators/${other.login}`, owner.basic)).status, 404);
    assert.equal((await api.get(`${otherRepo.path}/collaborators/${owner.login}`, other.basic)).status, 404);
    assert.equal((await api.post(`${moving.path}/transfer/accept`, {}, other.basic)).status, 404, 'the transfer is gone');
    assert.equal((await api.get(moving.path)).body.owner.login, owner.login);
  });

  it('blocking unassigns each account from the issues of the other\'s repositories', async () => {
    const { owner, other, repo } = await pair();
    await api.request('PUT', `${repo.path}/collaborators/${other.login}`, { auth: owner.basic, body: { permission: 'write' } });
    const issue = await api.post(`${repo.path}/issues`, { title: 'work', assignees: [other.login] }, owner.basic);
    assert.deepEqual(issue.body.assignees.map((u: { login: string }) => u.login), [other.login]);
    await block(owner, other);
    const after = await api.get(`${repo.path}/issues/${issue.body.number}`);
    assert.deepEqual(after.body.assignees ?? [], []);
  });

  it('owners of an organization block people from its repositories, cancelling its transfers to them; other members get 403 and members cannot be blocked (400)', async () => {
    const [owner, member, stranger] = await createAccounts(api, 3);
    const org = await createOrg(server, [owner]);
    // A pending transfer of the organization's repository (started by its owner) to the account it then blocks is cancelled.
    const orgRepo = (await api.post(`/orgs/${org.login}/repos`, { name: `moving-${stranger.login}`, auto_init: true }, owner.basic)).body;
    assert.equal((await api.post(`/repos/${orgRepo.full_name}/transfer`, { new_owner: stranger.login }, owner.basic)).status, 201, 'pending');
    const team = await createTeam(server, org, { name: 'readers', permission: 'read' });
    await addTeamMember(server, owner, team, member);
    const repo = await buildRepo(server, owner, { org: org.login, files: { 'README.md': 'x\n' } });
    await put(`/user/starred/${repo.owner}/${repo.name}`, stranger.basic);
    assert.equal((await put(`/orgs/${org.login}/blocks/${stranger.login}`, member.basic)).status, 403, 'a member who is no owner');
    assert.equal((await api.get(`/orgs/${org.login}/blocks`, member.basic)).status, 403);
    assert.equal((await put(`/orgs/${org.login}/blocks/${member.login}`, owner.basic)).status, 400, 'a member');
    assert.equal((await api.request('PUT', `/orgs/${org.login}/blocks/${stranger.login}?note=no`, { auth: owner.basic })).status, 204);
    assert.equal((await api.get(`/orgs/${org.login}/blocks/${stranger.login}`, owner.basic)).status, 204);
    assert.deepEqual((await api.get(`/orgs/${org.login}/blocks`, owner.basic)).body.map((u: { login: string }) => u.login), [stranger.login]);
    assert.equal((await api.get(repo.path)).body.stars_count, 0, 'its star is gone');
    assert.equal((await api.post(`/repos/${orgRepo.full_name}/transfer/accept`, {}, stranger.basic)).status, 404, 'the transfer is gone');
    blocked('star')(await put(`/user/starred/${repo.owner}/${repo.name}`, stranger.basic));
    blocked('issue')(await api.post(`${repo.path}/issues`, { title: 'x' }, stranger.basic));
    assert.equal((await api.delete(`/orgs/${org.login}/blocks/${stranger.login}`, owner.basic)).status, 204);
    assert.equal((await api.delete(`/orgs/${org.login}/blocks/${stranger.login}`, owner.basic)).status, 400, 'not blocked any more');
    assert.equal((await put(`/user/starred/${repo.owner}/${repo.name}`, stranger.basic)).status, 204);
  });

  it('a site administrator is not held back by a block', async () => {
    const { owner, repo } = await pair();
    const admin = await createAccount(api, { admin: true });
    assert.equal((await block(owner, admin)).status, 204);
    assert.equal((await put(`/user/starred/${repo.owner}/${repo.name}`, admin.basic)).status, 204);
    assert.equal((await api.post(`${repo.path}/issues`, { title: 'admin' }, admin.basic)).status, 201);
  });

  it('a page of 50 blocks costs the same SQL statements as a page of 1', async () => {
    const blocker = await createAccount(api);
    const people = await createAccounts(api, 50);
    await server.app.database.db.blocking.createMany({ data: people.map((p) => ({ blockerId: blocker.id, blockeeId: p.id })) });
    const statements = async (limit: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`/user/blocks?limit=${limit}`, blocker.basic);
      assert.equal(res.body.length, limit);
      return server.app.database.queryCount() - before;
    };
    await statements(50);
    assert.equal(await statements(50), await statements(1));
  });
});
