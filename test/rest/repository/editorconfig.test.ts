import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { clientFor } from '../../testkit/gitea-js.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const EDITORCONFIG = [
  'root = true',
  '',
  '[*]',
  'indent_style = space',
  'indent_size = 2',
  'insert_final_newline = true',
  'trim_trailing_whitespace = false',
  'custom_key = kept out',
  '',
  '[*.go]',
  'indent_style = tab',
  'indent_size = unset',
  '',
  '[{Makefile,*.mk}]',
  'indent_style = tab',
  '',
  '[docs/**.md]',
  'charset = utf-8',
  'end_of_line = LF',
  '',
].join('\n');

/** GET /repos/{owner}/{repo}/editorconfig/{filepath}: the .editorconfig properties of a path. */
describe('editorconfig of a path', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let repo: TestRepo;

  before(async () => {
    owner = await createAccount(api);
    repo = await buildRepo(server, owner, {
      private: true,
      files: { '.editorconfig': EDITORCONFIG, 'main.go': 'package main\n' },
      commits: [{ branch: 'plain', from: null, files: { 'a.txt': 'no editorconfig here\n' } }],
    });
  });

  const get = (path: string, ref?: string) => api.get(`${repo.path}/editorconfig/${path}${ref ? `?ref=${ref}` : ''}`, owner.basic);

  it('answers the properties of every matching section, later sections winning, with only the standard keys', async () => {
    const js = await get('src/app.js');
    assert.equal(js.status, 200, JSON.stringify(js.body));
    assert.deepEqual(js.body, { indent_style: 'space', indent_size: '2', tab_width: 2, insert_final_newline: true });
    const go = await get('main.go');
    // unset removes indent_size (and so tab_width); with tab indentation the spec then reads indent_size as "tab".
    assert.deepEqual(go.body, { indent_style: 'tab', indent_size: 'tab', insert_final_newline: true });
    assert.equal((await get('Makefile')).body.indent_style, 'tab');
    assert.deepEqual(await get('docs/a/b.md').then((r) => [r.body.charset, r.body.end_of_line]), ['utf-8', 'lf']);
    assert.equal((await get('other/docs/c.md')).body.charset, undefined, 'a section with a slash is anchored at the root');
  });

  it('is 404 without an .editorconfig at the ref, for an unknown ref, and for a reader who may not see the repository', async () => {
    assert.equal((await get('a.txt', 'plain')).status, 404);
    assert.equal((await get('a.txt', 'no-such-ref')).status, 404);
    const stranger = await createAccount(api);
    assert.equal((await api.get(`${repo.path}/editorconfig/main.go`, stranger.basic)).status, 404);
  });

  it('gitea-js repoGetEditorConfig reads it', async () => {
    const client = await clientFor(server, owner);
    const res = await client.repos.repoGetEditorConfig(owner.login, repo.name, 'main.go', undefined, { format: 'json' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.data, { indent_style: 'tab', indent_size: 'tab', insert_final_newline: true });
  });
});
