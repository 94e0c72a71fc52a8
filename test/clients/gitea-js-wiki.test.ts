import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN } from '../testkit/server.ts';
import { assertTypedFields, clientFor, createClientAccount, failure, giteaClient, type ClientAccount } from '../testkit/gitea-js.ts';
import { WIKI_COMMIT, WIKI_COMMIT_LIST, WIKI_PAGE, WIKI_PAGE_META } from '../testkit/gitea-js-fields/wiki.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** gitea-js against Graft: wiki pages. The client puts pageName into the path as it is given. */
describe('gitea-js: wikis', () => {
  const server = useServer();
  let owner: ClientAccount;
  let outsider: ClientAccount;
  let repo: TestRepo;

  before(async () => {
    const admin = await clientFor(server, ADMIN);
    [owner, outsider] = await Promise.all([createClientAccount(server, admin), createClientAccount(server, admin)]);
    repo = await buildRepo(server, owner);
  });

  it('repoCreateWikiPage, repoGetWikiPage, repoGetWikiPages, repoGetWikiPageRevisions, repoEditWikiPage and repoDeleteWikiPage manage a page with every field the client types', async () => {
    const made = await owner.api.repos.repoCreateWikiPage(repo.owner, repo.name, { title: 'Client Page', content_base64: b64('one') });
    assert.equal(made.status, 201);
    assertTypedFields(made.data, WIKI_PAGE, 'WikiPage');
    assertTypedFields(made.data.last_commit, WIKI_COMMIT, 'WikiCommit');
    assert.equal(made.data.sub_url, 'Client-Page');
    const got = await giteaClient(server).repos.repoGetWikiPage(repo.owner, repo.name, made.data.sub_url!);
    assert.deepEqual(got.data, made.data);
    const listed = await giteaClient(server).repos.repoGetWikiPages(repo.owner, repo.name, { limit: 10 });
    assert.equal(listed.data.length, 1);
    assertTypedFields(listed.data[0], WIKI_PAGE_META, 'WikiPageMetaData');
    const edited = await owner.api.repos.repoEditWikiPage(repo.owner, repo.name, 'Client-Page', { content_base64: b64('two'), message: 'again' });
    assert.equal(Buffer.from(edited.data.content_base64!, 'base64').toString(), 'two');
    assert.equal(edited.data.commit_count, 2);
    const revisions = await giteaClient(server).repos.repoGetWikiPageRevisions(repo.owner, repo.name, 'Client-Page');
    assertTypedFields(revisions.data, WIKI_COMMIT_LIST, 'WikiCommitList');
    assert.equal(revisions.data.count, 2);
    assert.equal((await failure(outsider.api.repos.repoDeleteWikiPage(repo.owner, repo.name, 'Client-Page'))).status, 403);
    assert.equal((await owner.api.repos.repoDeleteWikiPage(repo.owner, repo.name, 'Client-Page')).status, 204);
    assert.equal((await failure(giteaClient(server).repos.repoGetWikiPage(repo.owner, repo.name, 'Client-Page'))).status, 404);
  });
});
