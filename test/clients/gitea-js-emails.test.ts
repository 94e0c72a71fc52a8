import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { EMAIL } from '../testkit/gitea-js-fields/email.ts';
import { USER_SETTINGS } from '../testkit/gitea-js-fields/user.ts';
import { ADMIN } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: the caller's settings and e-mail addresses, and the admin's list of every address. */
describe('gitea-js: user settings and e-mail addresses', () => {
  const server = useServer();
  let admin: GiteaClient;
  let owner: ClientAccount;

  before(async () => {
    admin = await clientFor(server, ADMIN);
    owner = await createClientAccount(server, admin);
  });

  it('getUserSettings and updateUserSettings read and change the settings with every field', async () => {
    const read = await owner.api.user.getUserSettings();
    assertTypedFields(read.data, USER_SETTINGS, 'UserSettings');
    assert.equal(read.data.hide_email, false);
    const changed = await owner.api.user.updateUserSettings({ hide_email: true, theme: 'gitea-dark', diff_view_style: 'split' });
    assertTypedFields(changed.data, USER_SETTINGS, 'UserSettings');
    assert.deepEqual([changed.data.hide_email, changed.data.theme, changed.data.diff_view_style], [true, 'gitea-dark', 'split']);
    const seen = await (await clientFor(server, await createClientAccount(server, admin))).users.userGet(owner.login);
    assert.match(seen.data.email!, /@noreply\./);
    assert.equal((await failure(owner.api.user.updateUserSettings({ diff_view_style: 'sideways' }))).status, 422);
  });

  it('userAddEmail, userListEmails and userDeleteEmail manage further addresses; the admin lists and searches them', async () => {
    const extra = `extra-${owner.login}@example.test`;
    const added = await owner.api.user.userAddEmail({ emails: [extra] });
    assert.equal(added.status, 201);
    for (const e of added.data) assertTypedFields(e, EMAIL, 'Email');
    assert.deepEqual(added.data.map((e) => [e.email, e.primary]), [[owner.email, true], [extra, false]]);
    assert.deepEqual((await owner.api.user.userListEmails()).data.map((e) => e.email), [owner.email, extra]);
    assert.equal((await failure(owner.api.user.userAddEmail({ emails: [extra] }))).status, 422);
    const searched = await admin.admin.adminSearchEmails({ q: owner.login });
    assert.deepEqual(searched.data.map((e) => e.email), [extra, owner.email]);
    assert.ok((await admin.admin.adminGetAllEmails({ limit: 50 })).data.some((e) => e.email === extra));
    assert.equal((await failure(owner.api.admin.adminGetAllEmails())).status, 403);
    assert.equal((await owner.api.user.userDeleteEmail({ emails: [extra] })).status, 204);
    assert.equal((await failure(owner.api.user.userDeleteEmail({ emails: [extra] }))).status, 404);
    assert.deepEqual((await owner.api.user.userListEmails()).data.map((e) => e.email), [owner.email]);
  });
});
