import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN } from '../../testkit/server.ts';
import { adminAuth } from '../../testkit/client.ts';
import { createAccount } from '../../testkit/accounts.ts';
import { buildOrg } from '../../testkit/orgs.ts';
import { useServer } from '../../testkit/use-server.ts';

describe('admin user management', () => {
  const server = useServer();
  const { api } = server;

  it('an admin creates an account that can then sign in with its password', async () => {
    const res = await api.post('/admin/users', { username: 'carol', email: 'carol@example.test', password: 'carol-pass-1', full_name: 'Carol C' }, adminAuth);
    assert.equal(res.status, 201);
    assert.equal(res.body.login, 'carol');
    assert.equal(res.body.full_name, 'Carol C');
    const me = await api.get('/user', { basic: ['carol', 'carol-pass-1'] });
    assert.equal(me.status, 200);
    assert.equal(me.body.login, 'carol');
  });

  it('a password may be left out only for an external login source', async () => {
    const local = await api.post('/admin/users', { username: 'nopass', email: 'nopass@example.test' }, adminAuth);
    assert.equal(local.status, 400);
    const external = await api.post('/admin/users', { username: 'ldapuser', email: 'ldap@example.test', source_id: 3, login_name: 'uid=ldapuser' }, adminAuth);
    assert.equal(external.status, 201);
    assert.equal(external.body.source_id, 3);
    assert.equal(external.body.login_name, 'uid=ldapuser');
  });

  it('refuses a taken login or e-mail and a bad name with 422, and a short password with 400, as Gitea does', async () => {
    const taken = await api.post('/admin/users', { username: ADMIN.login, email: 'other@example.test', password: 'long-enough-1' }, adminAuth);
    assert.equal(taken.status, 422);
    assert.match(taken.body.message, /already exists/);
    const email = await api.post('/admin/users', { username: 'fresh1', email: ADMIN.email, password: 'long-enough-1' }, adminAuth);
    assert.equal(email.status, 422);
    const badName = await api.post('/admin/users', { username: '-bad', email: 'b@example.test', password: 'long-enough-1' }, adminAuth);
    assert.equal(badName.status, 422);
    const reserved = await api.post('/admin/users', { username: 'api', email: 'api@example.test', password: 'long-enough-1' }, adminAuth);
    assert.equal(reserved.status, 422);
    const short = await api.post('/admin/users', { username: 'shorty', email: 's@example.test', password: 'x' }, adminAuth);
    assert.equal(short.status, 400);
    const badType = await api.post('/admin/users', { username: 42, email: 's@example.test' }, adminAuth);
    assert.equal(badType.status, 422);
    assert.match(badType.body.message, /username/);
  });

  it('non-admins cannot create, edit, list or delete accounts', async () => {
    const user = await createAccount(api);
    assert.equal((await api.post('/admin/users', { username: 'x1', email: 'x1@example.test', password: 'long-enough-1' }, user.basic)).status, 403);
    assert.equal((await api.get('/admin/users', user.basic)).status, 403);
    assert.equal((await api.patch(`/admin/users/${user.login}`, { source_id: 0, login_name: user.login, admin: true }, user.basic)).status, 403);
    assert.equal((await api.delete(`/admin/users/${user.login}`, user.basic)).status, 403);
    assert.equal((await api.get('/admin/users')).status, 401);
  });

  it('an admin edits an account; fields left out stay as they were', async () => {
    const user = await createAccount(api);
    const res = await api.patch(`/admin/users/${user.login}`, { source_id: 0, login_name: user.login, full_name: 'New Name', location: 'Lisbon', prohibit_login: true }, adminAuth);
    assert.equal(res.status, 200);
    assert.equal(res.body.full_name, 'New Name');
    assert.equal(res.body.location, 'Lisbon');
    assert.equal(res.body.prohibit_login, true);
    assert.equal(res.body.email, user.email);
    assert.equal((await api.get('/user', user.basic)).status, 403);
  });

  it('the last site administrator cannot be demoted (400), and no admin deletes itself (422), as in Gitea', async () => {
    const demote = await api.patch(`/admin/users/${ADMIN.login}`, { source_id: 0, login_name: ADMIN.login, admin: false }, adminAuth);
    assert.equal(demote.status, 400);
    assert.match(demote.body.message, /last/);
    const remove = await api.delete(`/admin/users/${ADMIN.login}`, adminAuth);
    assert.equal(remove.status, 422);
    assert.match(remove.body.message, /yourself/);
    assert.equal((await api.get('/user', adminAuth)).body.is_admin, true);
  });

  it('an admin deletes an account, which then no longer exists or signs in', async () => {
    const user = await createAccount(api);
    assert.equal((await api.delete(`/admin/users/${user.login}`, adminAuth)).status, 204);
    assert.equal((await api.get(`/users/${user.login}`, adminAuth)).status, 404);
    assert.equal((await api.get('/user', user.basic)).status, 401);
    assert.equal((await api.delete(`/admin/users/${user.login}`, adminAuth)).status, 404);
  });

  it('refuses with 422, as Gitea does, to delete an organization as a user, or a member of organizations without purge', async () => {
    const org = await buildOrg(server, { teams: [{ name: 'crew', members: 1 }] });
    const asUser = await api.delete(`/admin/users/${org.login}`, adminAuth);
    assert.equal(asUser.status, 422);
    assert.match(asUser.body.message, /organization/);
    const [member] = org.members;
    const refused = await api.delete(`/admin/users/${member.login}`, adminAuth);
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /member of organizations/);
    assert.equal((await api.get(`/users/${member.login}`, adminAuth)).status, 200);
    assert.equal((await api.delete(`/admin/users/${member.login}?purge=true`, adminAuth)).status, 204);
    assert.equal((await api.get(`/orgs/${org.login}/members`, org.owner.basic)).body.some((m: { login: string }) => m.login === member.login), false);
  });

  it('a second admin may remove the first, because one admin remains', async () => {
    const second = await createAccount(api, { admin: true });
    const first = await createAccount(api, { admin: true });
    assert.equal((await api.delete(`/admin/users/${first.login}`, second.basic)).status, 204);
  });

  it('admin search filters by admin flag and activity and sorts by the given attribute', async () => {
    const admins = await api.get('/admin/users?is_admin=true&limit=50', adminAuth);
    assert.equal(admins.status, 200);
    assert.ok(admins.body.length >= 1);
    assert.ok(admins.body.every((u: { is_admin: boolean }) => u.is_admin));
    const sorted = await api.get('/admin/users?sort=id&order=desc&limit=50', adminAuth);
    const ids = sorted.body.map((u: { id: number }) => u.id);
    assert.deepEqual(ids, [...ids].sort((a: number, b: number) => b - a));
    assert.equal((await api.get('/admin/users?sort=height', adminAuth)).status, 422);
    assert.equal((await api.get('/admin/users?is_admin=perhaps', adminAuth)).status, 422);
  });
});
