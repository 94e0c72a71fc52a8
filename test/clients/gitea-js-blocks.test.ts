import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { USER } from '../testkit/gitea-js-fields/user.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: blocks of people and of organizations. */
describe('gitea-js: blocks', () => {
  const server = useServer();
  let admin: GiteaClient;
  let owner: ClientAccount;
  let pest: ClientAccount;

  before(async () => {
    admin = await clientFor(server, ADMIN);
    [owner, pest] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
  });

  it('userBlockUser blocks with a note; userListBlocks lists and userCheckUserBlock confirms; userUnblockUser lifts it', async () => {
    assert.equal((await owner.api.user.userBlockUser(pest.login, { note: 'spam' })).status, 204);
    assert.equal((await owner.api.user.userCheckUserBlock(pest.login)).status, 204);
    const list = await owner.api.user.userListBlocks();
    assert.deepEqual(list.data.map((u) => u.login), [pest.login]);
    assertTypedFields(list.data[0], USER, 'User');
    assert.equal((await owner.api.user.userUnblockUser(pest.login)).status, 204);
    assert.equal((await failure(owner.api.user.userCheckUserBlock(pest.login))).status, 404);
    assert.equal((await failure(owner.api.user.userUnblockUser(pest.login))).status, 400, 'not blocked any more');
  });

  it('the organization calls block, list, check and unblock for the organization', async () => {
    const org = `gjblock${process.pid}`;
    await owner.api.orgs.orgCreate({ username: org, visibility: 'public' });
    assert.equal((await owner.api.orgs.organizationBlockUser(org, pest.login, { note: 'spam' })).status, 204);
    assert.equal((await owner.api.orgs.organizationCheckUserBlock(org, pest.login)).status, 204);
    const list = await owner.api.orgs.organizationListBlocks(org);
    assert.deepEqual((list.data as { login: string }[]).map((u) => u.login), [pest.login]);
    assert.equal((await owner.api.orgs.organizationUnblockUser(org, pest.login)).status, 204);
    assert.equal((await failure(owner.api.orgs.organizationCheckUserBlock(org, pest.login))).status, 404);
  });
});
