import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, type ClientAccount } from '../testkit/gitea-js.ts';
import { TAG_PROTECTION } from '../testkit/gitea-js-fields/protection.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: tag protection rules, and the tag operations they guard. */
describe('gitea-js: tag protections', () => {
  const server = useServer();
  let owner: ClientAccount;
  let writer: ClientAccount;
  let repo: TestRepo;

  before(async () => {
    const admin = await clientFor(server, ADMIN);
    [owner, writer] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner, { files: { 'README.md': 'x' }, collaborators: [[writer, 'write']] });
  });

  it('repoCreateTagProtection, repoListTagProtection, repoGetTagProtection, repoEditTagProtection and repoDeleteTagProtection manage a rule with every field the client types', async () => {
    const made = await owner.api.repos.repoCreateTagProtection(repo.owner, repo.name, { name_pattern: 'v*', whitelist_usernames: [owner.login] });
    assert.equal(made.status, 201);
    assertTypedFields(made.data, TAG_PROTECTION, 'TagProtection');
    assert.deepEqual([made.data.name_pattern, made.data.whitelist_usernames, made.data.whitelist_teams], ['v*', [owner.login], []]);
    const id = made.data.id!;
    assert.deepEqual((await owner.api.repos.repoListTagProtection(repo.owner, repo.name)).data.map((r) => r.id), [id]);
    assert.deepEqual((await owner.api.repos.repoGetTagProtection(repo.owner, repo.name, id)).data, made.data);
    const edited = await owner.api.repos.repoEditTagProtection(repo.owner, repo.name, id, { whitelist_usernames: [writer.login] });
    assertTypedFields(edited.data, TAG_PROTECTION, 'TagProtection');
    assert.deepEqual([edited.data.name_pattern, edited.data.whitelist_usernames], ['v*', [writer.login]]);
    assert.equal((await failure(writer.api.repos.repoDeleteTagProtection(repo.owner, repo.name, id))).status, 403);
    assert.equal((await owner.api.repos.repoDeleteTagProtection(repo.owner, repo.name, id)).status, 204);
    assert.equal((await failure(owner.api.repos.repoGetTagProtection(repo.owner, repo.name, id))).status, 404);
  });

  it('repoCreateTag and repoDeleteTag answer 422 with a message on a tag a rule protects from the caller', async () => {
    const rule = await owner.api.repos.repoCreateTagProtection(repo.owner, repo.name, { name_pattern: 'release-*', whitelist_usernames: [owner.login] });
    assert.equal(rule.status, 201);
    const refused = await failure(writer.api.repos.repoCreateTag(repo.owner, repo.name, { tag_name: 'release-1' }));
    assert.equal(refused.status, 422);
    assert.match(refused.message ?? '', /protected/);
    assert.equal((await owner.api.repos.repoCreateTag(repo.owner, repo.name, { tag_name: 'release-1' })).status, 201);
    assert.equal((await failure(writer.api.repos.repoDeleteTag(repo.owner, repo.name, 'release-1'))).status, 422);
    assert.equal((await owner.api.repos.repoDeleteTag(repo.owner, repo.name, 'release-1')).status, 204);
  });
});
