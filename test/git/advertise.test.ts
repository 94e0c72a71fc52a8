import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { answerLsRefs, noteReceivePackAdvertisement, parseLsRefs, pktLine, receivePackAdvertisement } from '../../src/git/advertise.ts';
import { closeAllReaders } from '../../src/git/cat-file.ts';
import { readRefSnapshot } from '../../src/git/ref-store.ts';
import { tempDir } from '../testkit/git.ts';

/**
 * The advertisements Graft answers from a repository's files must be what git itself prints for the same
 * repository, byte for byte: receive-pack's ref advertisement and protocol v2's ls-refs, in SHA-1 and
 * SHA-256 repositories, with loose and packed refs, tags of every kind, a detached or unborn HEAD. Where
 * the files hold something the reader does not model, it declines and git answers.
 */
describe('ref advertisements read from the repository files', () => {
  const work = tempDir('graft-advertise-');
  const home = path.join(work.dir, 'home');
  mkdirSync(home);
  after(() => {
    closeAllReaders();
    work.remove();
  });

  const env = { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
  const git = (args: string[], options: { input?: Buffer | string; protocol?: string } = {}) => {
    const res = spawnSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', ...args], {
      input: options.input,
      env: options.protocol ? { ...env, GIT_PROTOCOL: options.protocol } : env,
    });
    assert.equal(res.status, 0, `git ${args.join(' ')}: ${res.stderr}`);
    return res.stdout;
  };

  /** A bare repository with commits on main and side, tags of each kind, and refs outside heads and tags. */
  const repository = (name: string, objectFormat: 'sha1' | 'sha256') => {
    const dir = path.join(work.dir, name);
    git(['init', '-q', '--bare', `--object-format=${objectFormat}`, '-b', 'main', dir]);
    const g = (...args: string[]) => git(['--git-dir', dir, ...args]).toString('utf8').trim();
    const tree = g('mktree');
    const first = git(['--git-dir', dir, 'commit-tree', tree, '-m', 'first']).toString().trim();
    const second = git(['--git-dir', dir, 'commit-tree', tree, '-p', first, '-m', 'second']).toString().trim();
    g('update-ref', 'refs/heads/main', second);
    g('update-ref', 'refs/heads/side', first);
    g('update-ref', 'refs/heads/nested/deeper/branch', first);
    g('tag', 'light', first);
    g('tag', '-a', 'annotated', '-m', 'an annotated tag', second);
    g('tag', '-a', 'nested-tag', '-m', 'a tag of a tag', 'annotated');
    g('tag', 'tree-tag', tree);
    g('update-ref', 'refs/pull/1/head', second);
    g('update-ref', 'refs/notes/commits', first);
    return { dir, g, first, second };
  };

  const receivePackOf = (dir: string) => git(['receive-pack', '--advertise-refs', '--stateless-rpc', dir]);
  const ourReceivePack = async (dir: string) => {
    noteReceivePackAdvertisement(`key:${dir}`, receivePackOf(dir));
    return receivePackAdvertisement(dir, home, `key:${dir}`);
  };

  // As git clients send it: capabilities without a newline, arguments with one.
  const lsRefsBody = (objectFormat: string, args: string[], capabilities = ['agent=git/2.39.5', `object-format=${objectFormat}`]) =>
    Buffer.from(`${pktLine('command=ls-refs\n')}${capabilities.map((c) => pktLine(c)).join('')}0001${args.map((a) => pktLine(`${a}\n`)).join('')}0000`);
  const gitLsRefs = (dir: string, body: Buffer) => git(['upload-pack', '--stateless-rpc', dir], { input: body, protocol: 'version=2' });
  const ourLsRefs = async (dir: string, body: Buffer) => {
    const request = parseLsRefs(body);
    assert.ok(request, 'a well-formed ls-refs request is understood');
    return answerLsRefs(dir, home, request);
  };

  const ARGUMENTS: string[][] = [
    [],
    ['symrefs'],
    ['peel', 'symrefs', 'unborn'],
    ['peel', 'symrefs', 'unborn', 'ref-prefix HEAD', 'ref-prefix refs/heads/', 'ref-prefix refs/tags/'],
    ['peel', 'ref-prefix refs/heads/'],
    ['ref-prefix refs/heads/', 'ref-prefix refs/heads/ma', 'ref-prefix refs/notes/'],
    ['ref-prefix refs/nothing/'],
    ['symrefs', 'ref-prefix H'],
    Array.from({ length: 64 }, (_, i) => `ref-prefix refs/${i === 63 ? 'heads' : `none-${i}`}/`),
  ];

  for (const objectFormat of ['sha1', 'sha256'] as const) {
    it(`prints what git prints for a ${objectFormat} repository, with loose refs, packed refs, and both`, async () => {
      const { dir, g, second } = repository(`states-${objectFormat}`, objectFormat);
      const compare = async (state: string) => {
        assert.deepEqual((await ourReceivePack(dir))?.toString(), receivePackOf(dir).toString(), `receive-pack, ${state}`);
        for (const args of ARGUMENTS) {
          const body = lsRefsBody(objectFormat, args);
          assert.deepEqual((await ourLsRefs(dir, body))?.toString(), gitLsRefs(dir, body).toString(), `ls-refs ${args.join(', ')}, ${state}`);
        }
      };
      await compare('loose');
      g('pack-refs', '--all');
      await compare('packed');
      // A loose ref over its packed self, a new loose one, a lock file and a dot-file git skips.
      g('update-ref', 'refs/heads/side', second);
      g('update-ref', 'refs/heads/after-pack', second);
      writeFileSync(path.join(dir, 'refs', 'heads', 'locked.lock'), `${second}\n`);
      writeFileSync(path.join(dir, 'refs', 'heads', '.hidden'), `${second}\n`);
      g('tag', '-a', 'loose-annotated', '-m', 'loose', 'side');
      await compare('packed and loose');
      // A ref whose object is missing: git leaves it out.
      writeFileSync(path.join(dir, 'refs', 'heads', 'broken'), `${'1'.repeat(objectFormat === 'sha256' ? 64 : 40)}\n`);
      await compare('a ref to a missing object');
      rmSync(path.join(dir, 'refs', 'heads', 'broken'));
      g('update-ref', '--no-deref', 'HEAD', second);
      await compare('a detached HEAD');
    });

    it(`prints what git prints for an empty ${objectFormat} repository (an unborn HEAD)`, async () => {
      const dir = path.join(work.dir, `empty-${objectFormat}`);
      git(['init', '-q', '--bare', `--object-format=${objectFormat}`, '-b', 'trunk', dir]);
      assert.deepEqual((await ourReceivePack(dir))?.toString(), receivePackOf(dir).toString());
      for (const args of ARGUMENTS) {
        const body = lsRefsBody(objectFormat, args);
        assert.deepEqual((await ourLsRefs(dir, body))?.toString(), gitLsRefs(dir, body).toString(), args.join(', '));
      }
    });
  }

  it('prints what git prints for a repository with more loose refs than it reads at once (read asynchronously)', async () => {
    const { dir, first } = repository('many-loose', 'sha1');
    git(['--git-dir', dir, 'update-ref', '--stdin'], { input: Array.from({ length: 300 }, (_, i) => `create refs/heads/many/b${i} ${first}\n`).join('') });
    assert.equal((await readRefSnapshot(dir, home))?.refs.filter((r) => r.name.startsWith('refs/heads/many/')).length, 300);
    assert.deepEqual((await ourReceivePack(dir))?.toString(), receivePackOf(dir).toString());
    const body = lsRefsBody('sha1', ['peel', 'symrefs', 'ref-prefix refs/heads/']);
    assert.deepEqual((await ourLsRefs(dir, body))?.toString(), gitLsRefs(dir, body).toString());
  });

  it('declines what it does not model: symbolic refs under refs/, hidden refs, alternates, another object format, odd requests', async () => {
    const { dir, g } = repository('declines', 'sha1');
    assert.ok(await readRefSnapshot(dir, home));
    g('symbolic-ref', 'refs/heads/alias', 'refs/heads/main');
    assert.equal(await readRefSnapshot(dir, home), null, 'a symbolic ref under refs/');
    g('update-ref', '-d', '--no-deref', 'refs/heads/alias');
    assert.ok(await readRefSnapshot(dir, home));

    g('config', 'transfer.hideRefs', 'refs/pull');
    assert.equal(await readRefSnapshot(dir, home), null, 'hidden refs in the repository configuration');
    g('config', '--unset', 'transfer.hideRefs');
    writeFileSync(path.join(home, '.gitconfig'), '[uploadpack]\n\thideRefs = refs/notes\n');
    assert.equal(await readRefSnapshot(dir, home), null, "hidden refs in git's home configuration");
    rmSync(path.join(home, '.gitconfig'));
    writeFileSync(path.join(dir, 'objects', 'info', 'alternates'), `${path.join(dir, 'objects')}\n`);
    assert.equal(await readRefSnapshot(dir, home), null, 'alternates');
    rmSync(path.join(dir, 'objects', 'info', 'alternates'));
    assert.ok(await readRefSnapshot(dir, home));

    assert.equal(await answerLsRefs(dir, home, parseLsRefs(lsRefsBody('sha256', ['peel']))!), null, 'a client of another object format');
    assert.equal(parseLsRefs(lsRefsBody('sha1', ['peel', 'unknown-argument'])), null);
    assert.equal(parseLsRefs(lsRefsBody('sha1', [], ['agent=x', 'server-option=y'])), null);
    assert.equal(parseLsRefs(lsRefsBody('sha1', Array.from({ length: 65 }, (_, i) => `ref-prefix refs/${i}/`))), null, 'as many prefixes as git ignores');
    const fetchCommand = Buffer.from(`${pktLine('command=fetch\n')}0001${pktLine('done\n')}0000`);
    assert.equal(parseLsRefs(fetchCommand), null);
    const body = lsRefsBody('sha1', ['peel']);
    assert.equal(parseLsRefs(body.subarray(0, body.length - 2)), null, 'a truncated body');
    assert.equal(parseLsRefs(Buffer.concat([body, Buffer.from('0000')])), null, 'something after the request');
    assert.equal(await receivePackAdvertisement(dir, home, 'a configuration git never printed'), null);
  });
});
