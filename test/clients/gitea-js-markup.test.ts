import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failure, giteaClient } from '../testkit/gitea-js.ts';
import { useServer } from '../testkit/use-server.ts';

/** gitea-js against Graft: Markdown and markup rendering, as its users call them. */
describe('gitea-js: markup', () => {
  const server = useServer();
  // The client reads every answer as JSON unless told otherwise: HTML is read as text, as its users read it.
  const TEXT = { format: 'text' } as const;

  it('renderMarkdown, renderMarkdownRaw and renderMarkup answer the rendered HTML', async () => {
    const client = giteaClient(server);
    const md = await client.markdown.renderMarkdown({ Text: '**bold** :smile:', Mode: 'gfm' }, TEXT);
    assert.equal(md.status, 200);
    assert.equal(md.data, '<p><strong>bold</strong> <span class="emoji" aria-label="smile">😄</span></p>\n');
    const raw = await client.markdown.renderMarkdownRaw('# Title' as never, TEXT);
    assert.equal(raw.status, 200);
    assert.match(raw.data, /<h1>Title<\/h1>/);
    const markup = await client.markup.renderMarkup({ Text: '- [x] done', Mode: 'file', FilePath: 'docs/a.md' }, TEXT);
    assert.match(markup.data, /<li class="task-list-item"><input class="task-list-item-checkbox" checked="" disabled="" type="checkbox"> done<\/li>/);
  });

  it('renderMarkup answers an unknown mode with 422 and a message', async () => {
    const refused = await failure(giteaClient(server).markup.renderMarkup({ Text: 'x', Mode: 'nope' }));
    assert.equal(refused.status, 422);
    assert.equal(refused.message, 'Unknown mode: nope');
  });
});
