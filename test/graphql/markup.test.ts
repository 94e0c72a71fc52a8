import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

describe('rendered bodies in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let mentioned: TestAccount[];
  let hidden: TestAccount;
  let repo: TestRepo;
  let pullNumber: number;
  const repoUrl = () => `${server.url}${repo.owner}/${repo.name}`;

  before(async () => {
    [owner, ...mentioned] = await createAccounts(api, 11);
    hidden = await createAccount(api, { visibility: 'private' });
    repo = await buildRepo(server, owner, { files: { 'README.md': 'hi\n' }, commits: [{ branch: 'topic', files: { 'b.txt': 'b\n' } }] });
    // Ten issues, each mentioning another account, the private one and one no account has.
    for (const [i, who] of mentioned.entries()) {
      const res = await api.post(`/repos/${repo.owner}/${repo.name}/issues`, { title: `issue ${i}`, body: `cc @${who.login} @${hidden.login} @ghost-${i}-nobody\nsee #1 :tada:\n\n![shot](shot.png)` }, owner.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    const comment = await api.post(`/repos/${repo.owner}/${repo.name}/issues/1/comments`, { body: `**agreed** with @${owner.login}` }, owner.basic);
    assert.equal(comment.status, 201, JSON.stringify(comment.body));
    const pull = await api.post(`/repos/${repo.owner}/${repo.name}/pulls`, { title: 'topic', head: 'topic', base: 'main', body: 'closes #2' }, owner.basic);
    assert.equal(pull.status, 201, JSON.stringify(pull.body));
    pullNumber = pull.body.number;
  });

  it("renders a release's notes (gfm) and a wiki page (wiki mode: links to other pages of the wiki) to safe HTML", async () => {
    const path = `/repos/${repo.owner}/${repo.name}`;
    const release = await api.post(`${path}/releases`, { tag_name: 'v-html', body: 'Fixes #1 <script>alert(1)</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |' }, owner.basic);
    assert.equal(release.status, 201, JSON.stringify(release.body));
    const page = await api.post(`${path}/wiki/new`, { title: 'Start', content_base64: Buffer.from('See [[Other Page]] and [the guide](Guide)\n\n**bold**').toString('base64') }, owner.basic);
    assert.equal(page.status, 201, JSON.stringify(page.body));
    const res = await server.graphql(
      'query($o: String!, $n: String!) { repository(owner: $o, name: $n) { release(tag: "v-html") { bodyHtml } wiki { page(name: "Start") { contentHtml } } } }',
      { o: repo.owner, n: repo.name },
      owner.basic,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const notes: string = res.data.repository.release.bodyHtml;
    assert.match(notes, new RegExp(`<a href="${repoUrl()}/issues/1" class="ref-issue">#1</a>`));
    assert.match(notes, /<table>/);
    assert.doesNotMatch(notes, /<script/);
    const wiki: string = res.data.repository.wiki.page.contentHtml;
    assert.match(wiki, /<strong>bold<\/strong>/);
    assert.match(wiki, new RegExp(`href="${repoUrl()}/wiki/Guide"`));
  });

  it('renders an issue body in comment mode, with links into its repository and images through its default branch', async () => {
    const res = await server.graphql(
      'query($o: String!, $n: String!) { repository(owner: $o, name: $n) { issue(number: 1) { body bodyHtml } } }',
      { o: repo.owner, n: repo.name },
      owner.basic,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const html: string = res.data.repository.issue.bodyHtml;
    assert.match(html, new RegExp(`<a href="${server.url}${mentioned[0].login}" class="mention">@${mentioned[0].login}</a>`));
    assert.match(html, new RegExp(`@${hidden.login} @ghost-0-nobody<br />`));
    assert.match(html, new RegExp(`<a href="${repoUrl()}/issues/1" class="ref-issue">#1</a> <span class="emoji" aria-label="tada">🎉</span>`));
    assert.match(html, new RegExp(`<img src="${repoUrl()}/media/branch/main/shot.png" alt="shot" />`));
  });

  it('links a private account\'s mention for that account itself only', async () => {
    const query = 'query($o: String!, $n: String!) { repository(owner: $o, name: $n) { issue(number: 1) { bodyHtml } } }';
    const own = await server.graphql(query, { o: repo.owner, n: repo.name }, hidden.basic);
    assert.match(own.data.repository.issue.bodyHtml, new RegExp(`<a href="${server.url}${hidden.login}" class="mention">`));
  });

  it('renders the bodies of comments and pull requests', async () => {
    const res = await server.graphql(
      'query($o: String!, $n: String!, $p: Int!) { repository(owner: $o, name: $n) { issue(number: 1) { comments(first: 5) { nodes { bodyHtml } } } pullRequest(number: $p) { bodyHtml } } }',
      { o: repo.owner, n: repo.name, p: pullNumber },
      owner.basic,
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.equal(res.data.repository.issue.comments.nodes[0].bodyHtml, `<p><strong>agreed</strong> with <a href="${server.url}${owner.login}" class="mention">@${owner.login}</a></p>\n`);
    assert.equal(res.data.repository.pullRequest.bodyHtml, `<p>closes <a href="${repoUrl()}/issues/2" class="ref-issue">#2</a></p>\n`);
  });

  it('renders the bodies of a page of 10 issues with as many SQL statements as a page of 1 (the mentions looked up in one batch)', async () => {
    const query = 'query($o: String!, $n: String!, $first: Int!) { repository(owner: $o, name: $n) { issues(first: $first, filter: { kind: issues }) { nodes { bodyHtml } } } }';
    const cost = async (first: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await server.graphql(query, { o: repo.owner, n: repo.name, first }, owner.basic);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      assert.equal(res.data.repository.issues.nodes.length, first);
      const linked = res.data.repository.issues.nodes.filter((n: { bodyHtml: string }) => n.bodyHtml.includes('class="mention"'));
      assert.equal(linked.length, first);
      return server.app.database.queryCount() - before;
    };
    await cost(1);
    assert.equal(await cost(10), await cost(1));
  });

  it('answers renderMarkdown with the context\'s links, and refuses an unknown mode as VALIDATION', async () => {
    const res = await server.graphql('query($i: RenderMarkupInput!) { renderMarkdown(input: $i) }', {
      i: { text: `@${owner.login} #3`, mode: 'gfm', context: `/${repo.owner}/${repo.name}` },
    });
    assert.equal(res.data.renderMarkdown, `<p><a href="${server.url}${owner.login}" class="mention">@${owner.login}</a> <a href="${repoUrl()}/issues/3" class="ref-issue">#3</a></p>\n`);
    const bad = await server.graphql('query { renderMarkdown(input: { text: "x", mode: "nope" }) }');
    assert.equal(bad.errors?.[0]?.extensions?.code, 'VALIDATION');
  });
});
