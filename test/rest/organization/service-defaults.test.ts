import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth, type ApiResponse } from '../../testkit/client.ts';
import { useServer } from '../../testkit/use-server.ts';

/**
 * Gitea's [service] defaults for new accounts and memberships: DEFAULT_ORG_MEMBER_VISIBLE (an
 * organization's creator and new members show in its public member list), DEFAULT_ORG_VISIBILITY and
 * DEFAULT_USER_VISIBILITY (for organizations and accounts created without a visibility). An explicit value
 * in the request always wins.
 */
const logins = (res: ApiResponse) => (res.body as { login: string }[]).map((u) => u.login).sort();
let counter = 0;
const name = (prefix: string) => `${prefix}${process.pid}x${++counter}`;

describe('service defaults for organizations and accounts', () => {
  describe('as shipped', () => {
    const { api } = useServer();
    let owner: TestAccount;
    let member: TestAccount;

    before(async () => {
      [owner, member] = await createAccounts(api, 2);
    });

    it('keeps an organization creator and new members out of the public member list', async () => {
      const org = name('quiet');
      assert.equal((await api.post('/orgs', { username: org }, owner.basic)).status, 201);
      const team = await api.post(`/orgs/${org}/teams`, { name: 'crew', permission: 'read' }, owner.basic);
      assert.equal((await api.put(`/teams/${team.body.id}/members/${member.login}`, undefined, owner.basic)).status, 204);
      const listed = await api.get(`/orgs/${org}/public_members`);
      assert.equal(listed.status, 200);
      assert.deepEqual(listed.body, []);
      assert.deepEqual(logins(await api.get(`/orgs/${org}/members`, owner.basic)), [owner.login, member.login].sort());
    });

    it('makes organizations and accounts created without a visibility public', async () => {
      const org = await api.post('/orgs', { username: name('open') }, owner.basic);
      assert.equal(org.body.visibility, 'public');
      const user = await api.post('/admin/users', { username: name('plain'), email: `${name('plain')}@example.test`, password: 'long-enough-1' }, adminAuth);
      assert.equal(user.status, 201, JSON.stringify(user.body));
      assert.equal(user.body.visibility, 'public');
    });
  });

  describe('when configured', () => {
    const { api } = useServer({
      service: { DEFAULT_ORG_MEMBER_VISIBLE: true, DEFAULT_ORG_VISIBILITY: 'limited', DEFAULT_USER_VISIBILITY: 'private' },
    });
    let owner: TestAccount;
    let member: TestAccount;

    before(async () => {
      [owner, member] = await createAccounts(api, 2, { visibility: 'public' });
    });

    it('lists an organization creator and its new members as public members', async () => {
      const org = name('loud');
      assert.equal((await api.post('/orgs', { username: org, visibility: 'public' }, owner.basic)).status, 201);
      assert.deepEqual(logins(await api.get(`/orgs/${org}/public_members`)), [owner.login]);
      assert.equal((await api.get(`/orgs/${org}/public_members/${owner.login}`)).status, 204);
      const team = await api.post(`/orgs/${org}/teams`, { name: 'crew', permission: 'read' }, owner.basic);
      assert.equal((await api.put(`/teams/${team.body.id}/members/${member.login}`, undefined, owner.basic)).status, 204);
      assert.deepEqual(logins(await api.get(`/orgs/${org}/public_members`)), [owner.login, member.login].sort());
    });

    it('leaves a member who concealed their membership concealed when they join another team', async () => {
      const org = name('kept');
      assert.equal((await api.post('/orgs', { username: org, visibility: 'public' }, owner.basic)).status, 201);
      const first = await api.post(`/orgs/${org}/teams`, { name: 'first', permission: 'read' }, owner.basic);
      assert.equal((await api.put(`/teams/${first.body.id}/members/${member.login}`, undefined, owner.basic)).status, 204);
      assert.equal((await api.delete(`/orgs/${org}/public_members/${member.login}`, member.basic)).status, 204);
      const second = await api.post(`/orgs/${org}/teams`, { name: 'second', permission: 'read' }, owner.basic);
      assert.equal((await api.put(`/teams/${second.body.id}/members/${member.login}`, undefined, owner.basic)).status, 204);
      assert.deepEqual(logins(await api.get(`/orgs/${org}/public_members`)), [owner.login]);
    });

    it('gives organizations created without a visibility the configured one, and an explicit one wins', async () => {
      const defaulted = await api.post('/orgs', { username: name('dflt') }, owner.basic);
      assert.equal(defaulted.status, 201, JSON.stringify(defaulted.body));
      assert.equal(defaulted.body.visibility, 'limited');
      assert.equal((await api.get(`/orgs/${defaulted.body.username}`)).status, 404, 'a limited organization is hidden from anonymous callers');
      const byAdmin = await api.post(`/admin/users/${owner.login}/orgs`, { username: name('adm') }, adminAuth);
      assert.equal(byAdmin.status, 201, JSON.stringify(byAdmin.body));
      assert.equal(byAdmin.body.visibility, 'limited');
      const explicit = await api.post('/orgs', { username: name('expl'), visibility: 'public' }, owner.basic);
      assert.equal(explicit.body.visibility, 'public');
    });

    it('gives accounts created without a visibility the configured one, and an explicit one wins', async () => {
      const login = name('hidden');
      const defaulted = await api.post('/admin/users', { username: login, email: `${login}@example.test`, password: 'long-enough-1' }, adminAuth);
      assert.equal(defaulted.status, 201, JSON.stringify(defaulted.body));
      assert.equal(defaulted.body.visibility, 'private');
      assert.equal((await api.get(`/users/${login}`)).status, 404, 'a private account is hidden from anonymous callers');
      const shown = name('shown');
      const explicit = await api.post('/admin/users', { username: shown, email: `${shown}@example.test`, password: 'long-enough-1', visibility: 'public' }, adminAuth);
      assert.equal(explicit.body.visibility, 'public');
    });
  });
});
