import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount } from '../testkit/gitea-js.ts';
import { HOOK } from '../testkit/gitea-js-fields/webhook.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: repository webhooks. */
describe('gitea-js: webhooks', () => {
  const server = useServer();
  let owner: ClientAccount;
  let outsider: ClientAccount;
  let repo: TestRepo;

  before(async () => {
    const admin = await clientFor(server, ADMIN);
    [owner, outsider] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
  });

  it('repoCreateHook, repoListHooks, repoGetHook, repoEditHook, repoTestHook and repoDeleteHook manage a hook with every field the client types', async () => {
    const made = await owner.api.repos.repoCreateHook(repo.owner, repo.name, {
      type: 'gitea',
      config: { url: 'https://hooks.example.com/in', content_type: 'json', secret: 'x' },
      events: ['push', 'issues_only'],
      active: true,
    });
    assert.equal(made.status, 201);
    assertTypedFields(made.data, HOOK, 'Hook');
    assert.deepEqual(made.data.events, ['push', 'issues']);
    const listed = await owner.api.repos.repoListHooks(repo.owner, repo.name);
    assert.deepEqual(listed.data.map((h) => h.id), [made.data.id]);
    const got = await owner.api.repos.repoGetHook(repo.owner, repo.name, made.data.id!);
    assert.deepEqual(got.data, made.data);
    const edited = await owner.api.repos.repoEditHook(repo.owner, repo.name, made.data.id!, { active: false, branch_filter: 'main' });
    assertTypedFields(edited.data, HOOK, 'Hook');
    assert.deepEqual([edited.data.active, edited.data.branch_filter], [false, 'main']);
    assert.deepEqual(edited.data.events, ['push'], "Gitea's edit chooses the events again: none sent is push only");
    assert.equal((await owner.api.repos.repoTestHook(repo.owner, repo.name, made.data.id!)).status, 204);
    assert.equal((await failure(outsider.api.repos.repoListHooks(repo.owner, repo.name))).status, 403);
    assert.equal((await owner.api.repos.repoDeleteHook(repo.owner, repo.name, made.data.id!)).status, 204);
    assert.equal((await failure(owner.api.repos.repoGetHook(repo.owner, repo.name, made.data.id!))).status, 404);
  });
});
