import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { before, describe, it } from 'node:test';
import { useServer } from '../../testkit/use-server.ts';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { gitLocal } from '../../testkit/git.ts';
import { WorkTree, type ObjectFormat } from '../../testkit/contents.ts';
import { buildRepo } from '../../testkit/repos.ts';

const hasUnzip = spawnSync('unzip', ['-v']).status === 0;

/** Every file under `dir`, relative, with its bytes. */
function filesUnder(dir: string, base = dir): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const [k, v] of filesUnder(full, base)) files.set(k, v);
    else files.set(path.relative(base, full), readFileSync(full));
  }
  return files;
}

/**
 * Reads a zip without any tool: finds the end-of-central-directory record, walks the central directory,
 * and inflates each entry from its local header. Checks the structure as it goes.
 */
function readZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(eocd >= 0, 'no end of central directory record');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, `central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    assert.equal(zip.readUInt32LE(local), 0x04034b50, `local header of ${name}`);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + compressed);
    if (!name.endsWith('/')) files.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

describe('repository archives over REST', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;

  before(async () => {
    owner = await createAccount(api);
  });

  const download = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(new URL(`api/v1${url}`, server.url), { headers });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };

  for (const format of ['sha1', 'sha256'] as ObjectFormat[]) {
    describe(`of a ${format} repository`, () => {
      const repo = `Archived-${format}`;
      let local: WorkTree;
      let tip: string;
      let tagged: string;
      const binary = randomBytes(70_000);

      before(async () => {
        await buildRepo(server, owner, { name: repo, objectFormat: format });
        local = new WorkTree(server.dir('src'), format);
        local.write('README.md', 'old readme\n');
        tagged = local.commit('first');
        local.run(['tag', '-a', 'v1.0', '-m', 'release 1.0']);
        local.write('README.md', '# archive me\n');
        local.write('src/deep/nested/file.txt', 'nested\n');
        local.write('assets/blob.bin', binary);
        local.write('run.sh', '#!/bin/sh\n', { executable: true });
        tip = local.commit('second');
        local.run(['branch', 'feature/x']);
        await local.push(server.url, owner, repo, ['main', 'feature/x', 'v1.0']);
      });

      /** The files of `rev` in the local repository. */
      const expectedFiles = (rev: string) => local.run(['ls-tree', '-r', '--name-only', rev]).split('\n');

      it('streams <ref>.tar.gz that tar unpacks into <repo>/ with every file byte-exact, named <Repo>-<ref>.tar.gz', async () => {
        const { res, body } = await download(`/repos/${owner.login}/${repo}/archive/main.tar.gz`);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'application/gzip');
        assert.match(res.headers.get('content-disposition') ?? '', new RegExp(`attachment; filename="${repo}-main\\.tar\\.gz"`));
        assert.equal(res.headers.get('link'), `<${server.url}api/v1/repos/${owner.login}/${repo}/archive/${tip}.tar.gz?rev=${tip}>; rel="immutable"`);
        const out = server.dir('untar');
        mkdirSync(out);
        writeFileSync(path.join(out, 'a.tar.gz'), body);
        const untar = spawnSync('tar', ['xzf', 'a.tar.gz'], { cwd: out });
        assert.equal(untar.status, 0, String(untar.stderr));
        const root = path.join(out, repo.toLowerCase());
        const files = filesUnder(root);
        assert.deepEqual([...files.keys()].sort(), ['README.md', 'assets/blob.bin', 'run.sh', 'src/deep/nested/file.txt']);
        assert.deepEqual(files.get('assets/blob.bin'), binary);
        assert.equal(files.get('README.md')!.toString(), '# archive me\n');
        assert.ok(statSync(path.join(root, 'run.sh')).mode & 0o100, 'the executable bit survives');
      });

      it('streams <ref>.zip holding the same files (checked with unzip when present, else by reading the central directory)', async () => {
        const { res, body } = await download(`/repos/${owner.login}/${repo}/archive/main.zip`);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'application/zip');
        assert.match(res.headers.get('content-disposition') ?? '', new RegExp(`filename="${repo}-main\\.zip"`));
        const zipped = readZip(body);
        const prefix = `${repo.toLowerCase()}/`;
        assert.deepEqual([...zipped.keys()].sort(), expectedFiles('main').map((n) => prefix + n).sort());
        assert.deepEqual(zipped.get(`${prefix}assets/blob.bin`), binary);
        if (hasUnzip) {
          const out = server.dir('unzip');
          mkdirSync(out);
          writeFileSync(path.join(out, 'a.zip'), body);
          const list = spawnSync('unzip', ['-l', 'a.zip'], { cwd: out, encoding: 'utf8' });
          assert.equal(list.status, 0, list.stderr);
          assert.match(list.stdout, new RegExp(`${prefix}src/deep/nested/file.txt`));
          const test = spawnSync('unzip', ['-tq', 'a.zip'], { cwd: out, encoding: 'utf8' });
          assert.equal(test.status, 0, `unzip -t: ${test.stdout}${test.stderr}`);
        }
      });

      it('streams <ref>.bundle that git clones, with the ref checked out and its whole history', async () => {
        const { res, body } = await download(`/repos/${owner.login}/${repo}/archive/main.bundle`);
        assert.equal(res.status, 200);
        assert.match(res.headers.get('content-disposition') ?? '', new RegExp(`filename="${repo}-main\\.bundle"`));
        const bundle = server.dir('bundle');
        mkdirSync(bundle);
        writeFileSync(path.join(bundle, 'repo.bundle'), body);
        const dest = path.join(bundle, 'clone');
        const clone = gitLocal(['clone', '-q', path.join(bundle, 'repo.bundle'), dest]);
        assert.equal(clone.status, 0, clone.stderr);
        const run = (args: string[]) => gitLocal(args, { cwd: dest }).stdout.trim();
        assert.equal(run(['rev-parse', 'HEAD']), tip);
        assert.equal(run(['rev-list', '--count', 'HEAD']), '2');
        assert.equal(run(['rev-parse', '--show-object-format']), format);
        assert.deepEqual(readFileSync(path.join(dest, 'assets/blob.bin')), binary);
        assert.equal(run(['fsck', '--no-progress']), '');
      });

      it('archives tags, commit ids and branches with slashes, naming the file after the ref', async () => {
        const byTag = await download(`/repos/${owner.login}/${repo}/archive/v1.0.zip`);
        assert.equal(byTag.res.status, 200);
        assert.deepEqual([...readZip(byTag.body).keys()], [`${repo.toLowerCase()}/README.md`]);
        const byCommit = await download(`/repos/${owner.login}/${repo}/archive/${tagged}.tar.gz`);
        assert.equal(byCommit.res.status, 200);
        assert.match(byCommit.res.headers.get('content-disposition') ?? '', new RegExp(`filename="${repo}-${tagged}\\.tar\\.gz"`));
        const byBranch = await download(`/repos/${owner.login}/${repo}/archive/feature/x.zip`);
        assert.equal(byBranch.res.status, 200);
        assert.match(byBranch.res.headers.get('content-disposition') ?? '', new RegExp(`filename="${repo}-feature-x\\.zip"`));
        assert.equal(readZip(byBranch.body).size, 4);
      });

      it('limits an archive to the paths asked for', async () => {
        const { res, body } = await download(`/repos/${owner.login}/${repo}/archive/main.zip?path=src&path=README.md`);
        assert.equal(res.status, 200);
        const prefix = `${repo.toLowerCase()}/`;
        assert.deepEqual([...readZip(body).keys()].sort(), [`${prefix}README.md`, `${prefix}src/deep/nested/file.txt`]);
        const missing = await api.get(`/repos/${owner.login}/${repo}/archive/main.zip?path=nowhere`);
        assert.equal(missing.status, 404);
        const escaping = await api.get(`/repos/${owner.login}/${repo}/archive/main.zip?path=../x`);
        assert.equal(escaping.status, 422);
      });

      it('answers 400 for an unknown format and 404 for an unknown ref, as JSON', async () => {
        const unknown = await api.get(`/repos/${owner.login}/${repo}/archive/main.rar`);
        assert.equal(unknown.status, 400);
        assert.match(unknown.body.message, /unknown archive format/);
        const missing = await api.get(`/repos/${owner.login}/${repo}/archive/nope.tar.gz`);
        assert.equal(missing.status, 404);
        assert.match(missing.body.message, /nope/);
      });
    });
  }

  it('hides archives of a private repository from those who cannot read it', async () => {
    await buildRepo(server, owner, { name: 'secret-archive', autoInit: true, private: true });
    const anonymous = await api.get(`/repos/${owner.login}/secret-archive/archive/main.zip`);
    assert.equal(anonymous.status, 404);
    const { res, body } = await download(`/repos/${owner.login}/secret-archive/archive/main.zip`, {
      authorization: `Basic ${Buffer.from(`${owner.login}:${owner.password}`).toString('base64')}`,
    });
    assert.equal(res.status, 200);
    assert.ok(readZip(body).has('secret-archive/README.md'));
    const empty = await buildRepo(server, owner, { name: 'nothing-yet' });
    assert.equal(empty.body.empty, true);
    const ofEmpty = await api.get(`/repos/${owner.login}/nothing-yet/archive/main.tar.gz`);
    assert.equal(ofEmpty.status, 404);
  });

  it('streams large downloads with flat memory: a 64 MiB file as raw bytes and inside archives', async () => {
    await buildRepo(server, owner, { name: 'large' });
    const local = new WorkTree(server.dir('large'));
    const size = 64 * 1024 * 1024;
    const data = randomBytes(size);
    const digest = createHash('sha256').update(data).digest('hex');
    local.write('big.bin', data);
    local.commit('big');
    await local.push(server.url, owner, 'large');
    for (const what of ['raw/big.bin', 'archive/main.tar.gz', 'archive/main.zip', 'archive/main.bundle']) {
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
      const res = await fetch(new URL(`api/v1/repos/${owner.login}/large/${what}`, server.url));
      assert.equal(res.status, 200);
      const hash = createHash('sha256');
      let received = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        received += chunk.length;
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      clearInterval(sampler);
      assert.ok(received >= size, `${what}: ${received} bytes`);
      if (what.startsWith('raw')) assert.equal(hash.digest('hex'), digest, 'raw bytes are exact');
      const grown = (peak - baseline) / 1024 / 1024;
      assert.ok(grown < 40, `${what}: the process grew by ${grown.toFixed(1)} MiB while sending ${size / 1024 / 1024} MiB`);
    }

    // A client that goes away mid-download stops git, and the bundle's temporary repository goes away.
    const bundles = () => readdirSync(os.tmpdir()).filter((n) => n.startsWith('graft-bundle-'));
    const existing = new Set(bundles());
    const abort = new AbortController();
    const res = await fetch(new URL(`api/v1/repos/${owner.login}/large/archive/main.bundle`, server.url), { signal: abort.signal });
    const reader = res.body!.getReader();
    await reader.read();
    assert.equal(bundles().filter((b) => !existing.has(b)).length, 1, 'the bundle is being made in a temporary repository');
    abort.abort();
    let left = bundles().filter((b) => !existing.has(b));
    for (let i = 0; i < 100 && left.length; i++) {
      await new Promise((r) => setTimeout(r, 50));
      left = bundles().filter((b) => !existing.has(b));
    }
    assert.deepEqual(left, [], 'the temporary repository was removed');
    const head = await fetch(new URL(`api/v1/repos/${owner.login}/large/raw/big.bin`, server.url), { method: 'HEAD' });
    assert.equal(head.status, 200, 'the server keeps serving');
    assert.equal(head.headers.get('content-length'), String(size));
  });
});
