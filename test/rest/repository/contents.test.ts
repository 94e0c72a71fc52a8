import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { graphql } from '../../testkit/client.ts';
import { createAccount, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { tempDir } from '../../testkit/git.ts';
import { b64, cloneRepo, unb64, WorkTree, type ObjectFormat } from '../../testkit/contents.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const FORMATS: ObjectFormat[] = ['sha1', 'sha256'];
const oidPattern = (format: ObjectFormat) => (format === 'sha256' ? /^[0-9a-f]{64}$/ : /^[0-9a-f]{40}$/);

describe('repository contents over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let stranger: TestAccount;
  const work = tempDir('graft-contents-');
  let counter = 0;
  const dir = (name: string) => path.join(work.dir, `${name}-${++counter}`);

  before(async () => {
    owner = await createAccount(api);
    stranger = await createAccount(api);
  });
  after(() => work.remove());

  /** A GET whose path is sent exactly as written (no URL normalization), as the owner. */
  const rawGet = (pathAndQuery: string) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const url = new URL(server.url);
      const req = http.request(
        { host: url.hostname, port: url.port, path: pathAndQuery, headers: { authorization: `Basic ${Buffer.from(`${owner.login}:${owner.password}`).toString('base64')}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
        },
      );
      req.on('error', reject);
      req.end();
    });
  const contentsUrl = (repo: string, file = '') => `/repos/${owner.login}/${repo}/contents${file ? `/${file}` : ''}`;

  for (const format of FORMATS) {
    describe(`in a ${format} repository`, () => {
      const repo = `pushed-${format}`;
      let local: WorkTree;
      let first: string;
      let second: string;
      const binary = randomBytes(3000);
      binary[10] = 0;

      before(async () => {
        await buildRepo(server, owner, { name: repo, objectFormat: format });
        local = new WorkTree(dir('pushed'), format);
        local.write('README.md', '# hello\n');
        local.write('src/main.sh', '#!/bin/sh\necho old\n', { executable: true });
        local.write('docs/guide.md', 'guide\n');
        first = local.commit('first commit', '2024-01-02T03:04:05Z');
        local.write('src/main.sh', '#!/bin/sh\necho new\n', { executable: true });
        local.write('bin/data.bin', binary);
        local.symlink('link', 'README.md');
        local.submodule('vendor/lib', 'https://example.test/lib.git', first);
        second = local.commit('second commit', '2024-05-06T07:08:09+02:00');
        local.run(['tag', 'v1', first]);
        await local.push(server.url, owner, repo, ['main', 'v1']);
      });

      it('lists the root after a git push: names, types, modes and blob ids as git has them, with each entry\'s last commit', async () => {
        const res = await api.get(contentsUrl(repo), owner.basic);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const byName = new Map<string, any>(res.body.map((e: any) => [e.name, e]));
        assert.deepEqual([...byName.keys()].sort(), ['.gitmodules', 'README.md', 'bin', 'docs', 'link', 'src', 'vendor']);
        const lsTree = local.run(['ls-tree', 'HEAD']).split('\n').map((l) => /^(\d+) (\w+) (\S+)\t(.*)$/.exec(l)!);
        for (const [, mode, , oid, name] of lsTree) {
          assert.equal(byName.get(name).sha, oid, `sha of ${name}`);
          assert.equal(byName.get(name).mode, mode, `mode of ${name}`);
          assert.match(byName.get(name).sha, oidPattern(format));
        }
        assert.equal(byName.get('README.md').type, 'file');
        assert.equal(byName.get('src').type, 'dir');
        assert.equal(byName.get('link').type, 'symlink');
        assert.equal(byName.get('README.md').content, null, 'a listing carries no file content');
        assert.equal(byName.get('README.md').size, 8);
        // The last commit of each entry is the one git log names for that path.
        for (const name of ['README.md', 'src', 'docs', 'bin', 'link', 'vendor']) {
          const expected = local.run(['log', '-1', '--format=%H', '--', name]);
          assert.equal(byName.get(name).last_commit_sha, expected, `last commit of ${name}`);
        }
        assert.equal(byName.get('README.md').last_commit_sha, first);
        assert.equal(byName.get('src').last_commit_sha, second);
        assert.equal(byName.get('src').last_committer_date, '2024-05-06T07:08:09+02:00');
        assert.equal(byName.get('README.md').last_author_date, '2024-01-02T03:04:05Z');
        assert.equal(byName.get('README.md').url, `${server.url}api/v1/repos/${owner.login}/${repo}/contents/README.md?ref=main`);
        assert.equal(byName.get('README.md').download_url, `${server.url}${owner.login}/${repo}/raw/branch/main/README.md`);
      });

      it('reads a file with its base64 content, size and sha, byte-exact even when binary', async () => {
        const res = await api.get(contentsUrl(repo, 'bin/data.bin'), owner.basic);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.type, 'file');
        assert.equal(res.body.encoding, 'base64');
        assert.deepEqual(unb64(res.body.content), binary);
        assert.equal(res.body.size, binary.length);
        assert.equal(res.body.sha, local.rev('HEAD:bin/data.bin'));
        assert.equal(res.body.path, 'bin/data.bin');
        const script = await api.get(contentsUrl(repo, 'src/main.sh'), owner.basic);
        assert.equal(unb64(script.body.content).toString(), '#!/bin/sh\necho new\n');
        assert.equal(script.body.mode, '100755');
      });

      it('lists a directory as an array, and shows symlink targets and submodule URLs', async () => {
        const src = await api.get(contentsUrl(repo, 'src'), owner.basic);
        assert.ok(Array.isArray(src.body));
        assert.deepEqual(src.body.map((e: any) => e.path), ['src/main.sh']);
        const link = await api.get(contentsUrl(repo, 'link'), owner.basic);
        assert.equal(link.body.type, 'symlink');
        assert.equal(link.body.target, 'README.md');
        const sub = await api.get(contentsUrl(repo, 'vendor/lib'), owner.basic);
        assert.equal(sub.body.type, 'submodule');
        assert.equal(sub.body.submodule_git_url, 'https://example.test/lib.git');
        assert.equal(sub.body.sha, first, 'a submodule entry names the commit it pins');
      });

      it('reads at a tag, a commit id and an abbreviated commit id, and answers 404 for an unknown ref or path', async () => {
        const atTag = await api.get(`${contentsUrl(repo, 'src/main.sh')}?ref=v1`, owner.basic);
        assert.equal(unb64(atTag.body.content).toString(), '#!/bin/sh\necho old\n');
        assert.match(atTag.body.html_url, /\/src\/tag\/v1\/src\/main\.sh$/);
        const atCommit = await api.get(`${contentsUrl(repo, 'src/main.sh')}?ref=${first}`, owner.basic);
        assert.equal(unb64(atCommit.body.content).toString(), '#!/bin/sh\necho old\n');
        const atShort = await api.get(`${contentsUrl(repo)}?ref=${first.slice(0, 10)}`, owner.basic);
        assert.equal(atShort.status, 200);
        assert.ok(!atShort.body.some((e: any) => e.name === 'bin'), 'the first commit had no bin/');
        for (const url of [`${contentsUrl(repo, 'README.md')}?ref=no-such-branch`, contentsUrl(repo, 'nope.txt'), contentsUrl(repo, 'README.md/below')]) {
          const res = await api.get(url, owner.basic);
          assert.equal(res.status, 404, url);
          assert.equal(typeof res.body.message, 'string');
        }
      });

      it('downloads raw and media bytes exactly, at a ref from the query or leading the path, with validators', async () => {
        const get = (url: string, headers: Record<string, string> = {}) => fetch(new URL(`api/v1/repos/${owner.login}/${repo}/${url}`, server.url), { headers });
        for (const url of ['raw/bin/data.bin', 'media/bin/data.bin', 'raw/main/bin/data.bin', `raw/${second}/bin/data.bin`, 'raw/bin/data.bin?ref=main']) {
          const res = await get(url);
          assert.equal(res.status, 200, url);
          assert.deepEqual(Buffer.from(await res.arrayBuffer()), binary, url);
          assert.equal(res.headers.get('content-type'), 'application/octet-stream', url);
          assert.equal(res.headers.get('content-length'), String(binary.length), url);
          assert.equal(res.headers.get('x-gitea-object-type'), 'file');
          assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="data\.bin"/);
        }
        const text = await get('raw/README.md');
        assert.equal(text.headers.get('content-type'), 'text/plain; charset=utf-8');
        assert.equal(await text.text(), '# hello\n');
        const old = await get('raw/v1/src/main.sh');
        assert.equal(await old.text(), '#!/bin/sh\necho old\n', 'a tag leading the path is the ref');
        const atQuery = await get(`raw/src/main.sh?ref=${first}`);
        assert.equal(await atQuery.text(), '#!/bin/sh\necho old\n');
        const etag = text.headers.get('etag')!;
        assert.equal(etag, `"${local.rev('HEAD:README.md')}"`);
        assert.equal(new Date(text.headers.get('last-modified')!).toISOString(), '2024-01-02T03:04:05.000Z', 'Last-Modified is the last commit of the file');
        const cached = await get('raw/README.md', { 'if-none-match': etag });
        assert.equal(cached.status, 304);
        for (const url of ['raw/src', 'raw/vendor/lib', 'raw/nope.txt', 'media/main/nope.txt', 'raw/README.md?ref=ghost']) {
          const res = await get(url);
          assert.equal(res.status, 404, url);
          assert.equal(typeof (await res.json()).message, 'string');
        }
      });

      it('answers contents-ext with only the fields asked for in includes (the others null), and 400 for an unknown include', async () => {
        const plain = await api.get(`/repos/${owner.login}/${repo}/contents-ext/README.md`, owner.basic);
        assert.equal(plain.status, 200);
        assert.equal(plain.body.file_contents.content, null);
        assert.equal(plain.body.file_contents.last_commit_sha, null);
        assert.equal(plain.body.dir_contents, null);
        const full = await api.get(`/repos/${owner.login}/${repo}/contents-ext/README.md?includes=file_content,commit_metadata,commit_message`, owner.basic);
        assert.equal(unb64(full.body.file_contents.content).toString(), '# hello\n');
        assert.equal(full.body.file_contents.last_commit_sha, first);
        assert.equal(full.body.file_contents.last_commit_message, 'first commit\n');
        // "." names the root (sent as is: fetch would drop a "." path segment).
        const root = await rawGet(`/api/v1/repos/${owner.login}/${repo}/contents-ext/.?includes=commit_message`);
        assert.equal(root.status, 200);
        assert.equal(root.body.file_contents, null);
        const docs = root.body.dir_contents.find((e: any) => e.name === 'docs');
        assert.equal(docs.last_commit_message, 'first commit\n');
        assert.equal(docs.last_commit_sha, null, 'commit_message alone does not add the metadata');
        const bad = await api.get(`/repos/${owner.login}/${repo}/contents-ext/README.md?includes=everything`, owner.basic);
        assert.equal(bad.status, 400);
      });

      it('creates, updates and deletes a file through the API, and a clone shows each commit with its author, committer, message and dates', async () => {
        const created = await api.post(
          contentsUrl(repo, 'notes/today.txt'),
          {
            content: b64('first draft\n'),
            message: 'Write down today',
            author: { name: 'Ada Author', email: 'ada@example.test' },
            committer: { name: 'Cy Committer', email: 'cy@example.test' },
            dates: { author: '2023-02-03T04:05:06+01:00', committer: '2023-02-04T05:06:07Z' },
          },
          owner.basic,
        );
        assert.equal(created.status, 201, JSON.stringify(created.body));
        assert.equal(unb64(created.body.content.content).toString(), 'first draft\n');
        assert.match(created.body.commit.sha, oidPattern(format));
        assert.deepEqual(created.body.commit.parents.map((p: any) => p.sha), [second]);
        assert.equal(created.body.commit.author.date, '2023-02-03T03:05:06Z');
        assert.equal(created.body.verification.verified, false);
        let clone = await cloneRepo(server.url, owner, repo, dir('clone'));
        assert.equal(clone(['log', '-1', '--format=%H|%an|%ae|%cn|%ce|%aI|%cI|%B']).trim(),
          `${created.body.commit.sha}|Ada Author|ada@example.test|Cy Committer|cy@example.test|2023-02-03T04:05:06+01:00|2023-02-04T05:06:07+00:00|Write down today`);
        assert.equal(clone(['show', 'HEAD:notes/today.txt']), 'first draft\n');

        const updated = await api.request('PUT', contentsUrl(repo, 'notes/today.txt'), {
          auth: owner.basic,
          body: { content: b64('second draft\n'), sha: created.body.content.sha, author: { name: 'Only Author', email: 'only@example.test' } },
        });
        assert.equal(updated.status, 200, JSON.stringify(updated.body));
        assert.equal(updated.body.commit.message, 'Update notes/today.txt\n', 'the default message names the file');
        assert.equal(updated.body.commit.committer.name, 'Only Author', 'one identity given serves as both');
        clone = await cloneRepo(server.url, owner, repo, dir('clone'));
        assert.equal(clone(['show', 'HEAD:notes/today.txt']), 'second draft\n');
        assert.equal(clone(['log', '-1', '--format=%an|%cn|%ce']).trim(), 'Only Author|Only Author|only@example.test');

        const removed = await api.request('DELETE', contentsUrl(repo, 'notes/today.txt'), {
          auth: owner.basic,
          body: { sha: updated.body.content.sha, message: 'Drop the notes' },
        });
        assert.equal(removed.status, 200, JSON.stringify(removed.body));
        assert.equal(removed.body.content, null);
        clone = await cloneRepo(server.url, owner, repo, dir('clone'));
        assert.equal(clone(['log', '-1', '--format=%s|%an|%ae']).trim(), `Drop the notes|${owner.login}|${owner.email}`, 'by default the caller is author and committer');
        assert.equal(existsSync(path.join(clone(['rev-parse', '--show-toplevel']).trim(), 'notes/today.txt')), false);
        const committed = Date.parse(clone(['log', '-1', '--format=%cI']).trim());
        assert.ok(Math.abs(committed - Date.now()) < 120_000, 'dates default to now');
      });

      it('changes several files in one commit: create, update, rename and delete', async () => {
        const readme = await api.get(contentsUrl(repo, 'README.md'), owner.basic);
        const guide = await api.get(contentsUrl(repo, 'docs/guide.md'), owner.basic);
        const before = (await api.get(`/repos/${owner.login}/${repo}/contents?ref=main`, owner.basic)).body.find((e: any) => e.name === 'README.md');
        const res = await api.post(
          contentsUrl(repo),
          {
            message: 'Reorganise',
            files: [
              { operation: 'create', path: 'new/one.txt', content: b64('one\n') },
              { operation: 'update', path: 'README.md', content: b64('# changed\n'), sha: readme.body.sha },
              { operation: 'rename', path: 'manual/guide.md', from_path: 'docs/guide.md', sha: guide.body.sha },
              { operation: 'delete', path: 'link', sha: (await api.get(contentsUrl(repo, 'link'), owner.basic)).body.sha },
            ],
          },
          owner.basic,
        );
        assert.equal(res.status, 201, JSON.stringify(res.body));
        assert.equal(res.body.files.length, 4);
        assert.equal(res.body.files[3], null, 'a deleted file has no contents');
        assert.equal(res.body.files[2].path, 'manual/guide.md');
        assert.equal(res.body.files[2].sha, guide.body.sha, 'a rename keeps the blob');
        const clone = await cloneRepo(server.url, owner, repo, dir('clone'));
        assert.equal(clone(['rev-list', '--count', `${before.last_commit_sha}..HEAD`]).trim() !== '0', true);
        assert.equal(clone(['log', '-1', '--format=%s']).trim(), 'Reorganise');
        const changed = clone(['show', '--name-status', '--format=', '--no-renames', 'HEAD']).trim().split('\n').sort();
        assert.deepEqual(changed, ['A\tmanual/guide.md', 'A\tnew/one.txt', 'D\tdocs/guide.md', 'D\tlink', 'M\tREADME.md']);
        assert.equal(clone(['rev-list', '--parents', '-n', '1', 'HEAD']).trim().split(' ').length, 2, 'one commit with one parent');
      });

      it('commits on new_branch made from branch, leaving branch alone; an existing new_branch is refused with 422', async () => {
        const mainBefore = (await cloneRepo(server.url, owner, repo, dir('clone')))(['rev-parse', 'HEAD']).trim();
        const res = await api.post(contentsUrl(repo, 'feature.txt'), { content: b64('feature\n'), branch: 'main', new_branch: 'feature/one' }, owner.basic);
        assert.equal(res.status, 201, JSON.stringify(res.body));
        assert.deepEqual(res.body.commit.parents.map((p: any) => p.sha), [mainBefore]);
        assert.match(res.body.content.url, /\?ref=feature%2Fone$/);
        const clone = await cloneRepo(server.url, owner, repo, dir('clone'), ['--no-single-branch']);
        assert.equal(clone(['rev-parse', 'origin/main']).trim(), mainBefore);
        assert.equal(clone(['show', 'origin/feature/one:feature.txt']), 'feature\n');
        const again = await api.post(contentsUrl(repo, 'other.txt'), { content: b64('x'), new_branch: 'feature/one' }, owner.basic);
        assert.equal(again.status, 422);
        assert.match(again.body.message, /already exists/);
        const onFeature = await api.get(`${contentsUrl(repo, 'feature.txt')}?ref=feature/one`, owner.basic);
        assert.equal(onFeature.status, 200);
      });
    });
  }

  describe('refusals', () => {
    const repo = 'guarded';
    let readmeSha: string;
    before(async () => {
      await buildRepo(server, owner, { name: repo, autoInit: true });
      readmeSha = (await api.get(contentsUrl(repo, 'README.md'), owner.basic)).body.sha;
    });

    it('answers 404 for a branch that does not exist, whatever the operation', async () => {
      const calls = [
        api.post(contentsUrl(repo, 'a.txt'), { content: b64('a'), branch: 'ghost' }, owner.basic),
        api.request('PUT', contentsUrl(repo, 'README.md'), { auth: owner.basic, body: { content: b64('a'), sha: readmeSha, branch: 'ghost' } }),
        api.request('DELETE', contentsUrl(repo, 'README.md'), { auth: owner.basic, body: { sha: readmeSha, branch: 'ghost' } }),
        api.post(contentsUrl(repo), { branch: 'ghost', files: [{ operation: 'create', path: 'b.txt', content: b64('b') }] }, owner.basic),
      ];
      for (const res of await Promise.all(calls)) {
        assert.equal(res.status, 404, JSON.stringify(res.body));
        assert.match(res.body.message, /ghost/);
      }
      // A revision expression is no branch name: it must not reach the parent commit of main.
      const expression = await api.post(contentsUrl(repo, 'a.txt'), { content: b64('a'), branch: 'main~1' }, owner.basic);
      assert.equal(expression.status, 404);
      const badNew = await api.post(contentsUrl(repo, 'a.txt'), { content: b64('a'), new_branch: 'bad..name' }, owner.basic);
      assert.equal(badNew.status, 422);
    });

    it('refuses a stale or wrong sha with 422 and changes nothing; update and delete need the sha', async () => {
      const head = (await api.get(contentsUrl(repo, 'README.md'), owner.basic)).body.last_commit_sha;
      const wrong = '0123456789abcdef0123456789abcdef01234567';
      for (const res of [
        await api.request('PUT', contentsUrl(repo, 'README.md'), { auth: owner.basic, body: { content: b64('x'), sha: wrong } }),
        await api.request('DELETE', contentsUrl(repo, 'README.md'), { auth: owner.basic, body: { sha: wrong } }),
        await api.request('PUT', contentsUrl(repo, 'README.md'), { auth: owner.basic, body: { content: b64('x') } }),
        await api.post(contentsUrl(repo), { files: [{ operation: 'delete', path: 'README.md' }] }, owner.basic),
      ]) {
        assert.equal(res.status, 422, JSON.stringify(res.body));
        assert.match(res.body.message, /sha/);
      }
      const after = (await api.get(contentsUrl(repo, 'README.md'), owner.basic)).body;
      assert.equal(after.last_commit_sha, head, 'no commit was made');
      assert.equal(after.sha, readmeSha);
    });

    it('answers 404 to update or delete a file that does not exist, and 422 to create one that does', async () => {
      const update = await api.request('PUT', contentsUrl(repo, 'missing.txt'), { auth: owner.basic, body: { content: b64('x'), sha: readmeSha } });
      assert.equal(update.status, 404);
      const remove = await api.request('DELETE', contentsUrl(repo, 'missing.txt'), { auth: owner.basic, body: { sha: readmeSha } });
      assert.equal(remove.status, 404);
      const create = await api.post(contentsUrl(repo, 'README.md'), { content: b64('again') }, owner.basic);
      assert.equal(create.status, 422);
      assert.match(create.body.message, /already exists/);
      const underFile = await api.post(contentsUrl(repo, 'README.md/inner.txt'), { content: b64('x') }, owner.basic);
      assert.equal(underFile.status, 422, 'a file cannot become a directory');
    });

    it('refuses paths that leave the tree, are absolute or touch .git with 422', async () => {
      const paths = ['../outside.txt', 'a/../../outside.txt', '.git/config', 'docs/.GIT/hooks/x', '/etc/passwd', 'a/\nb'];
      for (const p of paths) {
        const res = await api.post(contentsUrl(repo), { files: [{ operation: 'create', path: p, content: b64('x') }] }, owner.basic);
        assert.equal(res.status, 422, `${JSON.stringify(p)}: ${JSON.stringify(res.body)}`);
      }
      const rename = await api.post(contentsUrl(repo), { files: [{ operation: 'update', path: 'ok.txt', from_path: '../README.md', content: b64('x'), sha: readmeSha }] }, owner.basic);
      assert.equal(rename.status, 422);
      // Through the URL: an encoded slash keeps '..' inside one segment, which the router joins back.
      const viaUrl = await api.post(`${contentsUrl(repo)}/..%2Fescape.txt`, { content: b64('x') }, owner.basic);
      assert.equal(viaUrl.status, 422, JSON.stringify(viaUrl.body));
      const read = await api.get(`${contentsUrl(repo)}/..%2F..%2Fetc`, owner.basic);
      assert.equal(read.status, 422);
      const clone = await cloneRepo(server.url, owner, repo, dir('clone'));
      assert.equal(clone(['ls-tree', '-r', '--name-only', 'HEAD']).trim(), 'README.md', 'nothing was written');
    });

    it('refuses content that is not base64 with 422', async () => {
      const res = await api.post(contentsUrl(repo, 'bad.txt'), { content: 'not base64!' }, owner.basic);
      assert.equal(res.status, 422);
    });

    it('needs write access: anonymous callers 401, strangers 403 on a public and 404 on a private repository, read-only tokens 403', async () => {
      const body = { content: b64('x') };
      const anonymous = await api.post(contentsUrl(repo, 'x.txt'), body);
      assert.equal(anonymous.status, 401);
      const strangerPublic = await api.post(contentsUrl(repo, 'x.txt'), body, stranger.basic);
      assert.equal(strangerPublic.status, 403);
      await buildRepo(server, owner, { name: 'hidden', autoInit: true, private: true });
      const strangerPrivate = await api.post(`/repos/${owner.login}/hidden/contents/x.txt`, body, stranger.basic);
      assert.equal(strangerPrivate.status, 404);
      const strangerRead = await api.get(`/repos/${owner.login}/hidden/contents/README.md`, stranger.basic);
      assert.equal(strangerRead.status, 404, 'a private repository is invisible to others');
      const readToken = await createToken(api, owner, ['read:repository']);
      const withReadToken = await api.post(contentsUrl(repo, 'x.txt'), body, { token: readToken });
      assert.equal(withReadToken.status, 403);
      const readable = await api.get(contentsUrl(repo, 'README.md'), { token: readToken });
      assert.equal(readable.status, 200);
      const writeToken = await createToken(api, owner, ['write:repository']);
      const withWriteToken = await api.post(contentsUrl(repo, 'by-token.txt'), body, { token: writeToken });
      assert.equal(withWriteToken.status, 201);
    });

    it('refuses changes to an archived repository with 423 Locked', async () => {
      await buildRepo(server, owner, { name: 'frozen', autoInit: true });
      const edit = await api.patch(`/repos/${owner.login}/frozen`, { archived: true }, owner.basic);
      assert.equal(edit.status, 200);
      const res = await api.post(`/repos/${owner.login}/frozen/contents/x.txt`, { content: b64('x') }, owner.basic);
      assert.equal(res.status, 423);
      assert.equal(res.body.message, 'repo is archived');
    });
  });

  for (const format of FORMATS) {
    it(`accepts the first file of an empty ${format} repository: the default branch appears and the repository is no longer empty`, async () => {
      const repo = `empty-${format}`;
      const created = await buildRepo(server, owner, { name: repo, objectFormat: format, defaultBranch: 'trunk' });
      assert.equal(created.body.empty, true);
      const listing = await api.get(contentsUrl(repo), owner.basic);
      assert.equal(listing.status, 200);
      assert.deepEqual(listing.body, []);
      const deleting = await api.request('DELETE', contentsUrl(repo, 'nothing.txt'), { auth: owner.basic, body: { sha: 'a'.repeat(40) } });
      assert.equal(deleting.status, 404);

      const res = await api.post(contentsUrl(repo, 'first.txt'), { content: b64('the very first\n') }, owner.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.deepEqual(res.body.commit.parents, []);
      assert.match(res.body.commit.sha, oidPattern(format));
      assert.equal(res.body.commit.message, 'Add first.txt\n');
      const after = await api.get(`/repos/${owner.login}/${repo}`, owner.basic);
      assert.equal(after.body.empty, false);
      assert.equal(after.body.default_branch, 'trunk');
      const clone = await cloneRepo(server.url, owner, repo, dir('clone'));
      assert.equal(clone(['rev-parse', '--abbrev-ref', 'HEAD']).trim(), 'trunk');
      assert.equal(clone(['show', 'HEAD:first.txt']), 'the very first\n');
      assert.equal(clone(['rev-parse', '--show-object-format']).trim(), format);
    });
  }

  it('publishes the push event when a change lands, as a git push does', async () => {
    await buildRepo(server, owner, { name: 'eventful', autoInit: true });
    const abort = new AbortController();
    const events = server.app.events.subscribe('repo.push', abort.signal);
    const next = events.next();
    try {
      const res = await api.post(contentsUrl('eventful', 'e.txt'), { content: b64('e') }, owner.basic);
      assert.equal(res.status, 201);
      const event = await Promise.race([next, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no repo.push event')), 5000))]);
      assert.equal(event.done, false);
      assert.equal(event.value.changes[0].ref, 'refs/heads/main');
      assert.equal(event.value.changes[0].after, res.body.commit.sha);
      assert.equal(event.value.pusherId, owner.id);
    } finally {
      abort.abort();
    }
  });

  it('never lets concurrent changes overwrite each other: creates of different files all land, stale updates are refused', async () => {
    const repo = 'busy';
    await buildRepo(server, owner, { name: repo, autoInit: true });
    const creates = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.post(contentsUrl(repo, `parallel/${i}.txt`), { content: b64(`file ${i}\n`) }, owner.basic)),
    );
    for (const res of creates) assert.equal(res.status, 201, JSON.stringify(res.body));
    const accepted = creates;
    const clone = await cloneRepo(server.url, owner, repo, dir('clone'));
    const files = clone(['ls-tree', '-r', '--name-only', 'HEAD']).trim().split('\n');
    for (const res of accepted) assert.ok(files.includes(res.body.content.path), `${res.body.content.path} was lost`);
    assert.equal(Number(clone(['rev-list', '--count', 'HEAD']).trim()), accepted.length + 1, 'one commit per accepted change, none lost');

    const sha = (await api.get(contentsUrl(repo, 'README.md'), owner.basic)).body.sha;
    const updates = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        api.request('PUT', contentsUrl(repo, 'README.md'), { auth: owner.basic, body: { content: b64(`version ${i}\n`), sha } }),
      ),
    );
    const statuses = updates.map((r) => r.status).sort();
    assert.equal(statuses.filter((s) => s === 200).length, 1, `exactly one update of the same version wins: ${statuses}`);
    assert.ok(statuses.every((s) => s === 200 || s === 422 || s === 409), `${statuses}`);
    const winner = updates.find((r) => r.status === 200)!;
    const now = await api.get(contentsUrl(repo, 'README.md'), owner.basic);
    assert.equal(now.body.sha, winner.body.content.sha);
  });

  it('serves an empty file as an empty body, raw and through contents', async () => {
    await buildRepo(server, owner, { name: 'hollow', autoInit: true });
    const created = await api.post(contentsUrl('hollow', 'empty.txt'), { content: '' }, owner.basic);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.content.size, 0);
    assert.equal(created.body.content.content, '');
    const raw = await fetch(new URL(`api/v1/repos/${owner.login}/hollow/raw/empty.txt`, server.url));
    assert.equal(raw.status, 200);
    assert.equal(raw.headers.get('content-length'), '0');
    assert.equal((await raw.arrayBuffer()).byteLength, 0);
  });

  it('offers the same through GraphQL: Repository.contents and the changeFiles mutation', async () => {
    await buildRepo(server, owner, { name: 'graph', autoInit: true });
    const auth = owner.basic;
    const mutation = await graphql(
      server.url,
      `mutation($input: ChangeFilesInput!) { changeFiles(owner: "${owner.login}", name: "graph", input: $input) {
         branch commit { oid message author { name } } files { path content lastCommit { oid } } } }`,
      { input: { message: 'via graphql', author: { name: 'G', email: 'g@example.test' }, files: [{ operation: 'create', path: 'g/q.txt', content: b64('graph\n') }] } },
      auth,
    );
    assert.equal(mutation.errors, undefined, JSON.stringify(mutation.errors));
    const change = mutation.data.changeFiles;
    assert.equal(change.branch, 'main');
    assert.equal(change.commit.message, 'via graphql\n');
    assert.equal(unb64(change.files[0].content).toString(), 'graph\n');
    assert.equal(change.files[0].lastCommit.oid, change.commit.oid);
    const query = await graphql(
      server.url,
      `{ repository(owner: "${owner.login}", name: "graph") { contents(path: "g") { isDirectory refType commitOid entries { name type size lastCommit { message } } } } }`,
      {},
      auth,
    );
    assert.equal(query.errors, undefined, JSON.stringify(query.errors));
    const contents = query.data.repository.contents;
    assert.equal(contents.isDirectory, true);
    assert.equal(contents.refType, 'branch');
    assert.equal(contents.commitOid, change.commit.oid);
    assert.deepEqual(contents.entries, [{ name: 'q.txt', type: 'file', size: 6, lastCommit: { message: 'via graphql\n' } }]);
    const refused = await graphql(server.url, `mutation { changeFiles(owner: "${owner.login}", name: "graph", input: { files: [{ operation: create, path: "g/q.txt", content: "" }] }) { branch } }`, {}, auth);
    assert.equal(refused.errors?.[0]?.extensions?.code, 'VALIDATION');
  });

  it('lists a large directory with its last commits in one history walk', async () => {
    const repo = 'wide';
    await buildRepo(server, owner, { name: repo });
    const local = new WorkTree(dir('wide'));
    for (let i = 0; i < 60; i++) local.write(`many/f${String(i).padStart(2, '0')}.txt`, `${i}\n`);
    const base = local.commit('many files');
    local.write('many/f07.txt', 'changed\n');
    const later = local.commit('change one', '2024-04-04T04:04:04Z');
    await local.push(server.url, owner, repo);
    const { gitSpawnCount } = await import('../../../src/git/command.ts');
    const before = gitSpawnCount();
    const res = await api.get(contentsUrl(repo, 'many'), owner.basic);
    const spawned = gitSpawnCount() - before;
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 60);
    assert.equal(res.body.find((e: any) => e.name === 'f07.txt').last_commit_sha, later);
    assert.ok(res.body.filter((e: any) => e.name !== 'f07.txt').every((e: any) => e.last_commit_sha === base));
    assert.ok(spawned <= 3, `listing 60 entries started ${spawned} git processes`);
    assert.equal(readFileSync(path.join(local.dir, 'many/f07.txt'), 'utf8'), 'changed\n');

    // Changing many files is one commit made with a fixed number of processes, not one per file.
    const beforeChange = gitSpawnCount();
    const files = Array.from({ length: 40 }, (_, i) => ({ operation: 'create', path: `added/a${i}.txt`, content: b64(`added ${i}\n`) }));
    const change = await api.post(contentsUrl(repo), { files }, owner.basic);
    const changeSpawned = gitSpawnCount() - beforeChange;
    assert.equal(change.status, 201, JSON.stringify(change.body));
    assert.equal(change.body.files.length, 40);
    assert.equal(unb64(change.body.files[39].content).toString(), 'added 39\n');
    assert.ok(changeSpawned <= 15, `committing 40 files started ${changeSpawned} git processes`);
  });
});
