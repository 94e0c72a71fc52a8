import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { BADGE } from '../testkit/gitea-js-fields/badge.ts';
import { GIT_HOOK } from '../testkit/gitea-js-fields/git-hook.ts';
import { adminAuth, graphql } from '../testkit/client.ts';
import { buildRepo } from '../testkit/repos.ts';
import { ADMIN } from '../testkit/server.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: account renames, badges and repositories' git hooks. */
describe('gitea-js: renames, badges and git hooks', () => {
  const server = useServer({ security: { DISABLE_GIT_HOOKS: false } });
  let admin: GiteaClient;
  let owner: ClientAccount;

  before(async () => {
    admin = await clientFor(server, ADMIN);
    owner = await createClientAccount(server, admin);
  });

  it('adminRenameUser renames an account, which userGet still finds at its old login', async () => {
    const account = await createClientAccount(server, admin);
    assert.equal((await admin.admin.adminRenameUser(account.login, { new_username: `${account.login}-gj` })).status, 204);
    assert.equal((await giteaClient(server).users.userGet(account.login)).data.login, `${account.login}-gj`);
    assert.equal((await failure(admin.admin.adminRenameUser(`${account.login}-gj`, { new_username: owner.login }))).status, 422);
  });

  it('adminAddUserBadges, adminListUserBadges and adminDeleteUserBadges award, show and take back badges', async () => {
    const made = await graphql(server.url, 'mutation { createBadge(input: { slug: "gj-badge", description: "From gitea-js" }) { slug } }', {}, adminAuth);
    assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    assert.equal((await admin.admin.adminAddUserBadges(owner.login, { badge_slugs: ['gj-badge'] })).status, 204);
    const listed = await admin.admin.adminListUserBadges(owner.login);
    assert.equal(listed.data.length, 1);
    assertTypedFields(listed.data[0], BADGE, 'Badge');
    assert.equal(listed.data[0].description, 'From gitea-js');
    assert.equal((await admin.admin.adminDeleteUserBadges(owner.login, { badge_slugs: ['gj-badge'] })).status, 204);
    assert.deepEqual((await admin.admin.adminListUserBadges(owner.login)).data, []);
  });

  it('repoListGitHooks, repoEditGitHook, repoGetGitHook and repoDeleteGitHook manage a repository\'s hooks', async () => {
    await buildRepo(server, owner, { name: 'gj-hooks', autoInit: true });
    const hooks = await admin.repos.repoListGitHooks(owner.login, 'gj-hooks');
    assert.deepEqual(hooks.data.map((h) => h.name), ['pre-receive', 'update', 'post-receive']);
    for (const hook of hooks.data) assertTypedFields(hook, GIT_HOOK, 'GitHook');
    const edited = await admin.repos.repoEditGitHook(owner.login, 'gj-hooks', 'update', { content: '#!/bin/sh\nexit 0\n' });
    assert.equal(edited.data.is_active, true);
    assert.equal((await admin.repos.repoGetGitHook(owner.login, 'gj-hooks', 'update')).data.content, '#!/bin/sh\nexit 0\n');
    assert.equal((await admin.repos.repoDeleteGitHook(owner.login, 'gj-hooks', 'update')).status, 204);
    assert.equal((await admin.repos.repoGetGitHook(owner.login, 'gj-hooks', 'update')).data.is_active, false);
    assert.equal((await failure(owner.api.repos.repoListGitHooks(owner.login, 'gj-hooks'))).status, 403);
  });
});
