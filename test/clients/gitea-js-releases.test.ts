import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount, type GiteaClient } from '../testkit/gitea-js.ts';
import { ATTACHMENT } from '../testkit/gitea-js-fields/attachment.ts';
import { RELEASE } from '../testkit/gitea-js-fields/release.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: a repository's releases and their assets. */
describe('gitea-js: releases', () => {
  const server = useServer();
  let owner: ClientAccount;
  let outsider: ClientAccount;

  before(async () => {
    const admin: GiteaClient = await clientFor(server, ADMIN);
    [owner, outsider] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
  });

  it('repoCreateRelease, repoGetRelease, repoGetReleaseByTag, repoEditRelease and repoDeleteRelease make, read, change and remove a release', async () => {
    const repo = await buildRepo(server, owner, { autoInit: true });
    const created = await owner.api.repos.repoCreateRelease(owner.login, repo.name, { tag_name: 'v1.0', name: 'First', body: 'notes' });
    assert.equal(created.status, 201);
    assertTypedFields(created.data, RELEASE, 'Release');
    assert.deepEqual([created.data.tag_name, created.data.name, created.data.draft], ['v1.0', 'First', false]);

    const client = giteaClient(server).repos;
    assert.equal((await client.repoGetRelease(owner.login, repo.name, created.data.id!)).data.name, 'First');
    assert.equal((await client.repoGetReleaseByTag(owner.login, repo.name, 'v1.0')).data.id, created.data.id);
    assert.equal((await client.repoGetLatestRelease(owner.login, repo.name)).data.id, created.data.id);

    const edited = await owner.api.repos.repoEditRelease(owner.login, repo.name, created.data.id!, { name: 'Renamed', prerelease: true });
    assert.deepEqual([edited.data.name, edited.data.prerelease], ['Renamed', true]);
    assert.equal((await failure(client.repoGetLatestRelease(owner.login, repo.name))).status, 404);

    assert.equal((await owner.api.repos.repoDeleteRelease(owner.login, repo.name, created.data.id!)).status, 204);
    assert.equal((await failure(client.repoGetRelease(owner.login, repo.name, created.data.id!))).status, 404);
    assert.equal((await client.repoGetTag(owner.login, repo.name, 'v1.0')).status, 200);
  });

  it('repoListReleases lists newest first and filters prereleases; repoCreateRelease is refused with 403 to a reader', async () => {
    const repo = await buildRepo(server, owner, { autoInit: true });
    await owner.api.repos.repoCreateRelease(owner.login, repo.name, { tag_name: 'a' });
    await owner.api.repos.repoCreateRelease(owner.login, repo.name, { tag_name: 'b', prerelease: true });
    const client = giteaClient(server).repos;
    assert.deepEqual((await client.repoListReleases(owner.login, repo.name)).data.map((r) => r.tag_name), ['b', 'a']);
    assert.deepEqual((await client.repoListReleases(owner.login, repo.name, { 'pre-release': false })).data.map((r) => r.tag_name), ['a']);
    assert.equal((await failure(outsider.api.repos.repoCreateRelease(owner.login, repo.name, { tag_name: 'c' }))).status, 403);
  });

  it('repoCreateReleaseAttachment uploads an asset that repoListReleaseAttachments, repoGetReleaseAttachment, repoEditReleaseAttachment and repoDeleteReleaseAttachment see', async () => {
    const repo = await buildRepo(server, owner, { autoInit: true });
    const release = (await owner.api.repos.repoCreateRelease(owner.login, repo.name, { tag_name: 'files' })).data;
    const file = new File(['binary'], 'tool.zip');
    const made = await owner.api.repos.repoCreateReleaseAttachment(owner.login, repo.name, release.id!, { attachment: file });
    assert.equal(made.status, 201);
    assertTypedFields(made.data, ATTACHMENT, 'Attachment');
    assert.equal(made.data.browser_download_url, `${server.url}${owner.login}/${repo.name}/releases/download/files/tool.zip`);
    const client = giteaClient(server).repos;
    assert.deepEqual((await client.repoListReleaseAttachments(owner.login, repo.name, release.id!)).data.map((a) => a.id), [made.data.id]);
    assert.equal((await client.repoGetReleaseAttachment(owner.login, repo.name, release.id!, made.data.id!)).data.name, 'tool.zip');
    const renamed = await owner.api.repos.repoEditReleaseAttachment(owner.login, repo.name, release.id!, made.data.id!, { name: 'tool-1.zip' });
    assert.equal(renamed.data.name, 'tool-1.zip');
    assert.equal((await owner.api.repos.repoDeleteReleaseAttachment(owner.login, repo.name, release.id!, made.data.id!)).status, 204);
    assert.deepEqual((await client.repoListReleaseAttachments(owner.login, repo.name, release.id!)).data, []);
  });
});
