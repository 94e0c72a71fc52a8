import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import type { RestClient } from '../../testkit/client.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';
import { XSS_PAYLOADS } from './xss-payloads.ts';

const server = useServer();
const { api } = server;

/** POST /markdown (or /markup) and the HTML it answers, checked to be a 200 of text/html. */
async function render(body: Record<string, unknown>, path = '/markdown'): Promise<string> {
  const res = await api.post(path, body);
  assert.equal(res.status, 200, `${path} ${JSON.stringify(body).slice(0, 200)}: ${JSON.stringify(res.body)}`);
  assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  // The client reads an empty answer as no body.
  return (res.body as string | undefined) ?? '';
}

const raw = (api: RestClient, text: string, contentType = 'text/plain') =>
  api.request('POST', '/markdown/raw', { rawBody: text, headers: { 'content-type': contentType } });

describe('Markdown rendering: GitHub-flavoured Markdown', () => {
  it('renders tables, task lists, strikethrough and autolinks', async () => {
    const html = await render({ Text: '|a|b|\n|:-|-:|\n|1|2|\n\n- [ ] todo\n- [x] done\n\n~~gone~~ www.example.com https://example.org/x', Mode: 'gfm' });
    assert.match(html, /<table>[\s\S]*<th style="text-align:left">a<\/th>[\s\S]*<td style="text-align:right">2<\/td>/);
    // The checkboxes as markdown-it-task-lists writes them (the sanitizer, when raw HTML is about, drops the ="").
    assert.match(html, /<li class="task-list-item"><input class="task-list-item-checkbox" disabled="" type="checkbox"> todo<\/li>/);
    assert.match(html, /<input class="task-list-item-checkbox" checked="" disabled="" type="checkbox"> done/);
    assert.match(html, /<s>gone<\/s>/);
    assert.match(html, /<a href="http:\/\/www\.example\.com">www\.example\.com<\/a>/);
    assert.match(html, /<a href="https:\/\/example\.org\/x">https:\/\/example\.org\/x<\/a>/);
  });

  it('links a bare domain only when it starts with www., as GFM does', async () => {
    const html = await render({ Text: 'see example.com', Mode: 'gfm' });
    assert.equal(html, '<p>see example.com</p>\n');
  });

  it('renders emoji shortcodes in gfm and comment modes, and leaves them as text in markdown mode', async () => {
    assert.match(await render({ Text: 'hi :smile: :+1:', Mode: 'gfm' }), /<span class="emoji" aria-label="smile">😄<\/span> <span class="emoji" aria-label="\+1">👍<\/span>/);
    assert.match(await render({ Text: 'hi :smile:', Mode: 'comment' }), /😄/);
    assert.equal(await render({ Text: 'hi :smile:', Mode: 'markdown' }), '<p>hi :smile:</p>\n');
  });

  it('turns single newlines into line breaks in comment mode only', async () => {
    assert.equal(await render({ Text: 'one\ntwo', Mode: 'comment' }), '<p>one<br />\ntwo</p>\n');
    assert.equal(await render({ Text: 'one\ntwo', Mode: 'gfm' }), '<p>one\ntwo</p>\n');
    assert.equal(await render({ Text: 'one\ntwo' }), '<p>one\ntwo</p>\n');
  });

  it('renders /markdown with a mode it does not know as plain Markdown, as Gitea does', async () => {
    assert.equal(await render({ Text: '**b** @root #1', Mode: 'unknown' }), '<p><strong>b</strong> @root #1</p>\n');
  });

  it('reads the body members whatever their case, as Gitea decodes them', async () => {
    assert.match(await render({ text: ':smile:', mode: 'gfm' }), /😄/);
  });

  it('answers an empty text with an empty document', async () => {
    assert.equal(await render({}), '');
  });
});

describe('Markdown rendering: the forge links', () => {
  let owner: TestAccount;
  let hidden: TestAccount;
  let repo: TestRepo;
  before(async () => {
    [owner] = await createAccounts(api, 1);
    hidden = await createAccount(api, { visibility: 'private' });
    repo = await buildRepo(server, owner, { files: { 'README.md': 'hi\n' } });
  });
  const repoUrl = () => `${server.url}${repo.owner}/${repo.name}`;

  it('links @mentions of accounts the caller sees to their pages, and leaves the others as text', async () => {
    const html = await render({ Text: `hi @${owner.login}, @nobody-here-${process.pid} and @${hidden.login}`, Mode: 'comment' });
    assert.match(html, new RegExp(`<a href="${server.url}${owner.login}" class="mention">@${owner.login}</a>,`));
    assert.match(html, new RegExp(`@nobody-here-${process.pid} and @${hidden.login}</p>`));
    const seenBySelf = await api.request('POST', '/markdown', { body: { Text: `@${hidden.login}`, Mode: 'comment' }, auth: hidden.basic });
    assert.match(seenBySelf.body, new RegExp(`<a href="${server.url}${hidden.login}" class="mention">`));
  });

  it('links issue references to the issues of the context\'s repository, and owner/repo#n to that repository', async () => {
    const html = await render({ Text: 'fixes #12 and other/place#3.', Mode: 'gfm', Context: `/${repo.owner}/${repo.name}` });
    assert.match(html, new RegExp(`<a href="${repoUrl()}/issues/12" class="ref-issue">#12</a>`));
    assert.match(html, new RegExp(`<a href="${server.url}other/place/issues/3" class="ref-issue">other/place#3</a>\\.`));
  });

  it('leaves #n as text without a repository in the context', async () => {
    assert.equal(await render({ Text: 'see #12', Mode: 'gfm' }), '<p>see #12</p>\n');
  });

  it('links commit SHAs of 7 to 40 hex digits to the commit, showing 10 of them', async () => {
    const sha = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
    const html = await render({ Text: `in ${sha} and 1a2b3c4, not deadbeef nor 1234567`, Mode: 'comment', Context: `/${repo.owner}/${repo.name}` });
    assert.match(html, new RegExp(`<a href="${repoUrl()}/commit/${sha}" class="commit"><code>a1b2c3d4e5</code></a>`));
    assert.match(html, new RegExp(`<a href="${repoUrl()}/commit/1a2b3c4" class="commit"><code>1a2b3c4</code></a>`));
    assert.match(html, /not deadbeef nor 1234567/);
  });

  it('leaves references inside code and inside links as they are', async () => {
    const html = await render({ Text: `\`#1 @${owner.login}\` [#2](https://example.org)\n\n    #3`, Mode: 'comment', Context: `/${repo.owner}/${repo.name}` });
    assert.match(html, new RegExp(`<code>#1 @${owner.login}</code> <a href="https://example.org">#2</a>`));
    assert.match(html, /<pre><code>#3\n<\/code><\/pre>/);
    assert.doesNotMatch(html, /ref-issue|mention/);
  });

  it('resolves relative links and images against the ref of the context, images through /media', async () => {
    const html = await render({ Text: '[doc](docs/a.md) [top](/b.md) ![logo](img/l.png) [out](https://x.org/) [here](#part)', Mode: 'gfm', Context: `/${repo.owner}/${repo.name}/src/branch/main` });
    assert.match(html, new RegExp(`<a href="${repoUrl()}/src/branch/main/docs/a.md">doc</a>`));
    assert.match(html, new RegExp(`<a href="${repoUrl()}/src/branch/main/b.md">top</a>`));
    assert.match(html, new RegExp(`<img src="${repoUrl()}/media/branch/main/img/l.png" alt="logo" />`));
    assert.match(html, /<a href="https:\/\/x.org\/">out<\/a> <a href="#part">here<\/a>/);
  });

  it('resolves the links of a file against its directory: /markup takes the file path off the context', async () => {
    const html = await render(
      { Text: '[next](next.md) [root](/r.md) ![p](p.png)', Mode: 'file', FilePath: 'docs/guide/README.md', Context: `/${repo.owner}/${repo.name}/src/branch/feat/x/docs/guide` },
      '/markup',
    );
    assert.match(html, new RegExp(`<a href="${repoUrl()}/src/branch/feat/x/docs/guide/next.md">next</a>`));
    assert.match(html, new RegExp(`<a href="${repoUrl()}/src/branch/feat/x/r.md">root</a>`));
    assert.match(html, new RegExp(`<img src="${repoUrl()}/media/branch/feat/x/docs/guide/p.png" alt="p" />`));
  });

  it('resolves links against the context itself when it names no ref, as Gitea does', async () => {
    const html = await render({ Text: '[a](b/c.md)', Mode: 'gfm', Context: `/${repo.owner}/${repo.name}/wiki` });
    assert.match(html, new RegExp(`<a href="${repoUrl()}/wiki/b/c.md">a</a>`));
  });

  it('resolves wiki links to the wiki\'s pages and its raw files', async () => {
    const html = await render({ Text: '[Home](Home) ![i](i.png)', Mode: 'wiki', Context: `/${repo.owner}/${repo.name}` });
    assert.match(html, new RegExp(`<a href="${repoUrl()}/wiki/Home">Home</a> <img src="${repoUrl()}/wiki/raw/i.png" alt="i" />`));
  });
});

describe('POST /markdown/raw and POST /markup', () => {
  it('renders the plain-text body of /markdown/raw as Markdown, whatever content type it is sent with', async () => {
    for (const type of ['text/plain', 'application/json', 'application/octet-stream']) {
      const res = await raw(api, '# Title\n\n{"a": 1} :smile: #1', type);
      assert.equal(res.status, 200, type);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(res.body, '<h1>Title</h1>\n<p>{&quot;a&quot;: 1} :smile: #1</p>\n', type);
    }
  });

  it('renders /markup in the mode given, markdown by default', async () => {
    assert.equal(await render({ Text: 'a\nb :smile:' }, '/markup'), '<p>a\nb :smile:</p>\n');
    assert.equal(await render({ Text: 'a\nb', Mode: 'comment' }, '/markup'), '<p>a<br />\nb</p>\n');
  });

  it('refuses /markup with a mode it does not know with 422, naming it', async () => {
    const res = await api.post('/markup', { Text: 'x', Mode: 'bogus' });
    assert.equal(res.status, 422);
    assert.equal(res.body.message, 'Unknown mode: bogus');
  });

  it('renders a file by its extension, case aside, and refuses another extension or none with 422', async () => {
    assert.equal(await render({ Text: '*a*', Mode: 'file', FilePath: 'docs/X.MARKDOWN' }, '/markup'), '<p><em>a</em></p>\n');
    const other = await api.post('/markup', { Text: 'x', Mode: 'file', FilePath: 'a/b.txt' });
    assert.equal(other.status, 422);
    assert.equal(other.body.message, 'Unsupported render extension: .txt');
    const none = await api.post('/markup', { Text: 'x', Mode: 'file', FilePath: 'Makefile' });
    assert.equal(none.status, 422);
    assert.equal(none.body.message, "path 'Makefile' does not have an extension");
  });
});

/** Whether HTML holds something that runs script: a script-like element, an event handler, a script URL. */
function dangers(html: string): string[] {
  const decode = (value: string) =>
    value
      .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&colon;/gi, ':')
      .replace(/&tab;|&newline;/gi, '')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  const allowed = new Set(['p', 'a', 'img', 'code', 'pre', 'em', 'strong', 's', 'del', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'div', 'span', 'b', 'i', 'u', 'hr', 'input', 'details', 'summary', 'sup', 'sub', 'kbd', 'q', 'cite', 'abbr', 'small', 'mark', 'ins', 'dl', 'dt', 'dd']);
  const found: string[] = [];
  // Every start tag, with its attributes read as a browser reads them (quoted values may hold spaces and >).
  for (const tag of html.matchAll(/<([a-z][a-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/gi)) {
    const name = tag[1].toLowerCase();
    if (!allowed.has(name)) found.push(`element ${name}`);
    for (const attr of tag[2].matchAll(/\s+([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const attrName = attr[1].toLowerCase();
      const value = decode((attr[2] ?? '').replace(/^["']|["']$/g, ''));
      if (attrName.startsWith('on')) found.push(`handler in ${tag[0]}`);
      if (attrName === 'style' && !(/^t[hd]$/.test(name) && /^text-align:(left|right|center)$/.test(value))) found.push(`style in ${tag[0]}`);
      if (['srcdoc', 'formaction', 'action', 'xlink:href', 'dynsrc', 'lowsrc', 'background', 'poster', 'data'].includes(attrName)) found.push(`attribute in ${tag[0]}`);
      if ((attrName === 'href' || attrName === 'src') && !/^(https?:|mailto:|#)/.test(value.replace(/[\s\0]/g, '').toLowerCase())) found.push(`url in ${tag[0]}`);
    }
  }
  // A < that starts a tag the scan above did not read (a malformed one a browser might still take) is a danger too.
  const unread = html.replace(/<([a-z][a-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/gi, '').replace(/<\/[a-z][a-z0-9-]*>/gi, '');
  if (/<[a-z!/?]/i.test(unread)) found.push(`unread markup in ${unread}`);
  return found;
}

describe('Markdown rendering: sanitized output', () => {
  it('knows a dangerous output when it sees one, so the check below is not vacuous', () => {
    assert.deepEqual(dangers('<p><a href="https://x/">x</a> <img src="http://h/i.png" alt="" /></p>'), []);
    assert.equal(dangers('<script>x</script>').length, 1);
    assert.equal(dangers('<img src=x onerror=alert(1)>').length, 2);
    assert.deepEqual(dangers('<p>&lt;img src=x onerror=alert(1)&gt; <img alt="a&quot; onerror=&quot;x" src="https://h/" /></p>'), []);
    assert.equal(dangers('<a href="jav&#x09;ascript:alert(1)">x</a>').length, 1);
    assert.equal(dangers('<iframe src="https://x/"></iframe>').length, 1);
    assert.equal(dangers('<p style="color:red">x</p>').length, 1);
  });

  it(`keeps nothing that runs script of ${XSS_PAYLOADS.length} known XSS payloads, in every mode`, async () => {
    assert.ok(XSS_PAYLOADS.length >= 40);
    const problems: string[] = [];
    for (const payload of XSS_PAYLOADS) {
      for (const Mode of ['markdown', 'comment']) {
        const html = await render({ Text: payload, Mode, Context: '/someone/somewhere/src/branch/main' });
        for (const danger of dangers(html)) problems.push(`${JSON.stringify(payload)} (${Mode}) → ${danger}: ${html}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('drops the content of script and style elements, and keeps the text around them', async () => {
    assert.equal(await render({ Text: 'a <script>alert(1)</script> b <style>p{}</style> c' }), '<p>a  b  c</p>\n');
  });
});

describe('Markdown rendering: bounds', () => {
  it('refuses a body of 10 MB with 413', async () => {
    const res = await api.post('/markdown', { Text: 'x'.repeat(10 * 1024 * 1024) });
    assert.equal(res.status, 413);
    assert.ok(res.body.message);
  });

  it('renders 100,000 nested quotes, lists and brackets quickly, without failing', async () => {
    const texts = ['>'.repeat(100_000) + ' deep', '- '.repeat(50_000) + 'x', '['.repeat(100_000) + 'a', '*'.repeat(100_000) + 'a', '<div>'.repeat(100_000), '<b>x'.repeat(100_000), '`'.repeat(100_000)];
    for (const text of texts) {
      const started = Date.now();
      const html = await render({ Text: text, Mode: 'comment' });
      const took = Date.now() - started;
      assert.ok(took < 10_000, `${text.slice(0, 10)}… took ${took} ms`);
      assert.ok(html.length < text.length * 10, `${text.slice(0, 10)}…: ${html.length} characters of HTML`);
    }
    // The nesting stops at markdown.MAX_NESTING (50): deeper quotes are cut, the 50 kept are well formed.
    const quotes = await render({ Text: '>'.repeat(100_000) + ' deep', Mode: 'gfm' });
    assert.equal(quotes.match(/<blockquote>/g)?.length, 50);
    assert.equal(quotes.match(/<\/blockquote>/g)?.length, 50);
  });

  it('shows the raw HTML past its 10,000th tag as text', async () => {
    const html = await render({ Text: '<div>\n\n'.repeat(10_000) + '<b>x</b>' });
    assert.equal(html.match(/<div>/g)?.length, 10_000);
    assert.ok(html.endsWith('<p>&lt;b&gt;x&lt;/b&gt;</p>\n' + '</div>'.repeat(10_000)), html.slice(-200));
  });
});

describe('Markdown rendering: configured bounds', () => {
  const small = useServer({ markdown: { MAX_SIZE: 1000, ENABLE_HARD_LINE_BREAK_IN_COMMENTS: false } });

  it('refuses a text over markdown.MAX_SIZE bytes with 413 and says so, on every operation and in GraphQL', async () => {
    const text = 'é'.repeat(501);
    for (const res of [await small.api.post('/markdown', { Text: text }), await small.api.post('/markup', { Text: text }), await raw(small.api, text)]) {
      assert.equal(res.status, 413);
      assert.match(res.body.message, /1002 bytes, more than the 1000 this server renders \(markdown\.MAX_SIZE\)/);
    }
    assert.equal((await small.api.post('/markdown', { Text: 'é'.repeat(500) })).status, 200);
    const gql = await small.graphql('query($t: String) { renderMarkdown(input: { text: $t }) }', { t: text });
    assert.equal(gql.errors?.[0]?.extensions?.code, 'TOO_LARGE');
  });

  it('keeps single newlines of comments when ENABLE_HARD_LINE_BREAK_IN_COMMENTS is off', async () => {
    const res = await small.api.post('/markdown', { Text: 'a\nb', Mode: 'comment' });
    assert.equal(res.body, '<p>a\nb</p>\n');
  });
});
