import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('wikis in the graph', () => {
  const server = useServer();
  let owner: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, stranger] = await createAccounts(server.api, 2);
    repo = await buildRepo(server, owner, { name: 'graph-wiki', private: true });
  });

  const CREATE = 'mutation($o: String!, $n: String!, $input: WikiPageInput!) { createWikiPage(owner: $o, name: $n, input: $input) { page { title subUrl fileName commitCount } } }';
  const READ =
    'query($o: String!, $n: String!, $p: String!) { repository(owner: $o, name: $n) { wiki { branch pages(first: 10) { totalCount nodes { title lastCommit { message author { name } } } } page(name: $p) { contentBase64 revisions(first: 5) { totalCount nodes { message } } } } } }';

  it('answers wiki null before the first page, then creates, reads, renames and deletes pages with the mutations', async () => {
    const vars = { o: repo.owner, n: repo.name };
    const empty = await server.graphql('query($o: String!, $n: String!) { repository(owner: $o, name: $n) { wiki { branch } } }', vars, owner.basic);
    assert.equal(empty.errors, undefined);
    assert.equal(empty.data.repository.wiki, null);

    const made = await server.graphql(CREATE, { ...vars, input: { title: 'Graph Page', contentBase64: b64('hello') } }, owner.basic);
    assert.equal(made.errors, undefined, JSON.stringify(made.errors));
    assert.deepEqual(made.data.createWikiPage.page, { title: 'Graph Page', subUrl: 'Graph-Page', fileName: 'Graph-Page.md', commitCount: 1 });

    const read = await server.graphql(READ, { ...vars, p: 'Graph-Page' }, owner.basic);
    assert.equal(read.errors, undefined, JSON.stringify(read.errors));
    const wiki = read.data.repository.wiki;
    assert.equal(wiki.branch, 'main');
    assert.equal(wiki.pages.totalCount, 1);
    assert.equal(wiki.pages.nodes[0].lastCommit.message.trim(), 'Add "Graph Page"');
    assert.equal(wiki.pages.nodes[0].lastCommit.author.name, owner.login);
    assert.equal(Buffer.from(wiki.page.contentBase64, 'base64').toString(), 'hello');
    assert.equal(wiki.page.revisions.totalCount, 1);

    const renamed = await server.graphql(
      'mutation($o: String!, $n: String!, $p: String!, $input: WikiPageInput!) { updateWikiPage(owner: $o, name: $n, page: $p, input: $input) { page { subUrl } } }',
      { ...vars, p: 'Graph-Page', input: { title: 'Moved Page', contentBase64: b64('moved') } },
      owner.basic,
    );
    assert.equal(renamed.data.updateWikiPage.page.subUrl, 'Moved-Page');
    const gone = await server.graphql(READ, { ...vars, p: 'Graph-Page' }, owner.basic);
    assert.equal(gone.data.repository.wiki.page, null);

    const deleted = await server.graphql(
      'mutation($o: String!, $n: String!, $p: String!) { deleteWikiPage(owner: $o, name: $n, page: $p) { page { title } } }',
      { ...vars, p: 'Moved-Page' },
      owner.basic,
    );
    assert.equal(deleted.errors, undefined);
    assert.equal(deleted.data.deleteWikiPage.page, null);
  });

  it('shows a private wiki to nobody else and refuses their writes as the repository would', async () => {
    const vars = { o: repo.owner, n: repo.name };
    await server.graphql(CREATE, { ...vars, input: { title: 'Hidden', contentBase64: '' } }, owner.basic);
    const read = await server.graphql('query($o: String!, $n: String!) { repository(owner: $o, name: $n) { wiki { branch } } }', vars, stranger.basic);
    assert.equal(read.data?.repository ?? null, null);
    const write = await server.graphql(CREATE, { ...vars, input: { title: 'Intruder', contentBase64: '' } }, stranger.basic);
    assert.equal(write.errors?.[0].extensions?.code, 'NOT_FOUND');
  });
});
