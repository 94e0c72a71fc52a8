import assert from 'node:assert/strict';
import { chmodSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gitSpawnCount } from '../../../src/git/command.ts';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { tempDir } from '../../testkit/git.ts';
import { LocalHistory } from '../../testkit/history.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const LFS_POINTER = `version https://git-lfs.github.com/spec/v1\noid sha256:${'ab'.repeat(32)}\nsize 12345\n`;
const BINARY = Buffer.from([0, 255, 1, 254, 10, 13, 0, 0x80]);

describe('git trees and blobs over REST', () => {
  const server = useServer({ api: { DEFAULT_GIT_TREES_PER_PAGE: 30, DEFAULT_MAX_BLOB_SIZE: 2048 } });
  const { api } = server;
  let owner: TestAccount;
  const work = tempDir('graft-gitdata-');
  let local: LocalHistory;
  let head: string;
  const base = () => `/repos/${owner.login}/data`;
  const get = (p: string) => api.get(`${base()}${p}`, owner.basic);
  /** git ls-tree as the reference: `<mode> <type> <oid> <size>\t<path>` lines. */
  const lsTree = (rev: string, recursive: boolean) =>
    local
      .run(['ls-tree', '-l', ...(recursive ? ['-r', '-t'] : []), rev])
      .split('\n')
      .map((line) => {
        const [meta, p] = line.split('\t');
        const [mode, type, sha, size] = meta.split(/ +/);
        return { path: p, mode, type, sha, size: size === '-' ? 0 : Number(size) };
      });

  before(async () => {
    // Small limits so that paging and the blob size limit show with a small repository.
    owner = await createAccount(api);
    await buildRepo(server, owner, { name: 'data' });
    local = new LocalHistory(path.join(work.dir, 'data'));
    const files: Record<string, string | Buffer> = {
      'README.md': 'readme\n',
      'src/main.ts': 'console.log(1);\n',
      'src/lib/util.ts': 'export {};\n',
      'run.sh': '#!/bin/sh\necho hi\n',
      'big.bin': Buffer.alloc(3000, 7),
      'lfs.dat': LFS_POINTER,
      'bytes.bin': BINARY,
    };
    for (let i = 0; i < 25; i++) files[`many/f${String(i).padStart(2, '0')}.txt`] = `file ${i}\n`;
    local.commit({ message: 'files', date: '2023-01-01T00:00:00Z', files });
    chmodSync(path.join(local.dir, 'run.sh'), 0o755);
    symlinkSync('README.md', path.join(local.dir, 'link'));
    local.run(['add', '-A']);
    // A submodule entry (gitlink) pointing at some commit.
    local.run(['update-index', '--add', '--cacheinfo', `160000,${local.rev('HEAD')},vendor/sub`]);
    local.run(['commit', '-q', '-m', 'modes and a submodule']);
    head = local.rev('HEAD');
    local.run(['tag', '-a', 'v2', '-m', 'v2']);
    await local.push(server.url, owner.login, 'data', [owner.login, owner.password], ['main', '--tags']);
  });
  after(() => work.remove());

  describe('GET /repos/{owner}/{repo}/git/trees/{sha}', () => {
    it("lists a commit's root tree: paths, modes, types, sizes, ids and API URLs, as git ls-tree shows them", async () => {
      const res = await get('/git/trees/main');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const treeId = local.rev('main^{tree}');
      const apiBase = `${server.url}api/v1${base()}`;
      assert.equal(res.body.sha, treeId, 'the sha is the tree id, not the commit id');
      assert.equal(res.body.url, `${apiBase}/git/trees/${treeId}`);
      assert.equal(res.body.truncated, false);
      assert.equal(res.body.page, 1);
      const expected = lsTree('main', false);
      assert.equal(res.body.total_count, expected.length);
      assert.deepEqual(
        res.body.tree.map((e: Record<string, unknown>) => ({ path: e.path, mode: e.mode, type: e.type, sha: e.sha, size: e.size })),
        expected,
      );
      const byPath = Object.fromEntries(res.body.tree.map((e: { path: string }) => [e.path, e]));
      assert.equal(byPath['run.sh'].mode, '100755');
      assert.equal(byPath.link.mode, '120000');
      assert.equal(byPath['README.md'].size, 7);
      assert.equal(byPath['README.md'].url, `${apiBase}/git/blobs/${byPath['README.md'].sha}`);
      assert.deepEqual([byPath.src.type, byPath.src.mode, byPath.src.size], ['tree', '040000', 0]);
      assert.equal(byPath.src.url, `${apiBase}/git/trees/${byPath.src.sha}`);
      assert.equal(byPath.vendor.type, 'tree');
    });

    it('takes a commit id, a branch, an annotated tag or a tree id, and lists subtrees by their id', async () => {
      const treeId = local.rev('main^{tree}');
      for (const rev of [head, head.slice(0, 8), 'v2', treeId]) {
        const res = await get(`/git/trees/${rev}`);
        assert.equal(res.status, 200, rev);
        assert.equal(res.body.sha, treeId, rev);
      }
      const src = local.rev('main:src');
      const sub = await get(`/git/trees/${src}`);
      assert.deepEqual(sub.body.tree.map((e: { path: string }) => e.path), ['lib', 'main.ts']);
    });

    it('lists every entry below the tree with recursive, subtrees included, with full paths; submodules have no URL', async () => {
      const expected = lsTree('main', true);
      assert.ok(expected.length > 30, 'enough entries to need two pages');
      const all: Record<string, unknown>[] = [];
      for (let page = 1; page <= 2; page++) {
        const res = await get(`/git/trees/main?recursive=true&page=${page}&per_page=30`);
        assert.equal(res.status, 200);
        assert.equal(res.body.total_count, expected.length);
        assert.equal(res.body.page, page);
        assert.equal(res.body.truncated, page === 1);
        all.push(...res.body.tree);
      }
      assert.deepEqual(all.map((e) => ({ path: e.path, mode: e.mode, type: e.type, sha: e.sha, size: e.size })), expected);
      const paths = all.map((e) => e.path);
      assert.ok(paths.includes('src/lib') && paths.includes('src/lib/util.ts') && paths.includes('many/f24.txt'));
      const gitlink = all.find((e) => e.path === 'vendor/sub')!;
      assert.deepEqual([gitlink.type, gitlink.mode, gitlink.url, gitlink.sha], ['commit', '160000', '', local.rev('HEAD~1')]);
    });

    it('pages with page and per_page: truncated until the last page, an empty page after it, per_page capped at DEFAULT_GIT_TREES_PER_PAGE', async () => {
      const total = lsTree('main', true).length;
      const small = await get('/git/trees/main?recursive=true&per_page=10&page=2');
      assert.equal(small.body.tree.length, 10);
      assert.equal(small.body.truncated, true);
      assert.deepEqual(small.body.tree[0].path, lsTree('main', true)[10].path);
      const last = await get(`/git/trees/main?recursive=true&per_page=10&page=${Math.ceil(total / 10)}`);
      assert.equal(last.body.tree.length, total % 10 || 10);
      assert.equal(last.body.truncated, false);
      const beyond = await get('/git/trees/main?recursive=true&per_page=10&page=99');
      assert.deepEqual(beyond.body.tree, []);
      assert.equal(beyond.body.truncated, false);
      assert.equal(beyond.body.total_count, total);
      const capped = await get('/git/trees/main?recursive=true&per_page=500');
      assert.equal(capped.body.tree.length, 30, 'per_page above the limit falls back to the limit');
      assert.equal(capped.body.truncated, true);
      const byDefault = await get('/git/trees/main?recursive=true');
      assert.equal(byDefault.body.tree.length, 30);
    });

    it('answers 404 for what names no tree (unknown revisions, blob ids) and 422 for option-like revisions', async () => {
      const blob = local.rev('main:README.md');
      for (const rev of ['no-such-branch', '0'.repeat(40), blob]) {
        const res = await get(`/git/trees/${rev}`);
        assert.equal(res.status, 404, `${rev}: ${JSON.stringify(res.body)}`);
      }
      assert.equal((await get('/git/trees/--full-tree')).status, 422);
    });
  });

  describe('GET /repos/{owner}/{repo}/git/blobs/{sha}', () => {
    it('returns a blob base64-encoded with its size and URL, also by an abbreviated id', async () => {
      const id = local.rev('main:README.md');
      for (const sha of [id, id.slice(0, 7)]) {
        const res = await get(`/git/blobs/${sha}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.sha, id);
        assert.equal(res.body.size, 7);
        assert.equal(res.body.encoding, 'base64');
        assert.equal(Buffer.from(res.body.content, 'base64').toString(), 'readme\n');
        assert.equal(res.body.url, `${server.url}api/v1${base()}/git/blobs/${id}`);
        assert.equal(res.body.lfs_oid, null);
        assert.equal(res.body.lfs_size, null);
      }
    });

    it('returns binary content byte for byte', async () => {
      const res = await get(`/git/blobs/${local.rev('main:bytes.bin')}`);
      assert.deepEqual(Buffer.from(res.body.content, 'base64'), BINARY);
      assert.equal(res.body.size, BINARY.length);
    });

    it('leaves out the content of a blob larger than DEFAULT_MAX_BLOB_SIZE but still tells its size', async () => {
      const res = await get(`/git/blobs/${local.rev('main:big.bin')}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.size, 3000);
      assert.equal(res.body.content, null);
      assert.equal(res.body.encoding, null);
    });

    it('reports the object id and size of a Git LFS pointer', async () => {
      const res = await get(`/git/blobs/${local.rev('main:lfs.dat')}`);
      assert.equal(res.body.lfs_oid, 'ab'.repeat(32));
      assert.equal(res.body.lfs_size, 12345);
      assert.equal(Buffer.from(res.body.content, 'base64').toString(), LFS_POINTER);
    });

    it('answers 404 for ids that name no blob (unknown, or a tree or commit) and 400 for what is not an object id', async () => {
      for (const sha of ['0'.repeat(40), local.rev('main^{tree}'), head]) {
        assert.equal((await get(`/git/blobs/${sha}`)).status, 404, sha);
      }
      for (const sha of ['main', '-x', 'README.md']) {
        const res = await get(`/git/blobs/${sha}`);
        assert.equal(res.status, 400, `${sha}: ${JSON.stringify(res.body)}`);
        assert.match(res.body.message, /not an object id/);
      }
    });
  });

  describe('object reads', () => {
    it('read trees (recursive or not), blobs, one commit and the contents of a file through the batch reader: no git process per request', async () => {
      const reads = [
        '/git/trees/main',
        '/git/trees/main?recursive=true',
        `/git/blobs/${local.rev('main:README.md')}`,
        `/git/commits/main`,
        '/contents/README.md',
        '/contents/src?ref=v2',
      ];
      for (const p of reads) assert.equal((await get(p)).status, 200, p); // the reader starts, sizes and last commits are learnt
      const before = gitSpawnCount();
      for (const p of reads) assert.equal((await get(p)).status, 200, p);
      assert.equal(gitSpawnCount() - before, 0);
    });
  });

  describe('SHA-256 repositories', () => {
    it('list trees and return blobs with 64-character ids', async () => {
      await buildRepo(server, owner, { name: 'data256', objectFormat: 'sha256' });
      const l = new LocalHistory(path.join(work.dir, 'data256'), 'sha256');
      l.commit({ message: 'one', date: '2023-01-01T00:00:00Z', files: { 'a/b.txt': 'bee\n', 'c.txt': 'sea\n' } });
      await l.push(server.url, owner.login, 'data256', [owner.login, owner.password], ['main']);
      const tree = await api.get(`/repos/${owner.login}/data256/git/trees/main?recursive=true`, owner.basic);
      assert.equal(tree.status, 200, JSON.stringify(tree.body));
      assert.equal(tree.body.sha, l.rev('main^{tree}'));
      assert.equal(tree.body.sha.length, 64);
      assert.deepEqual(tree.body.tree.map((e: { path: string }) => e.path), ['a', 'a/b.txt', 'c.txt']);
      const blobId = l.rev('main:a/b.txt');
      assert.equal(tree.body.tree[1].sha, blobId);
      const blob = await api.get(`/repos/${owner.login}/data256/git/blobs/${blobId}`, owner.basic);
      assert.equal(blob.status, 200);
      assert.equal(Buffer.from(blob.body.content, 'base64').toString(), 'bee\n');
      assert.equal((await api.get(`/repos/${owner.login}/data256/git/blobs/${blobId.slice(0, 40)}`, owner.basic)).body.sha, blobId);
    });
  });
});
