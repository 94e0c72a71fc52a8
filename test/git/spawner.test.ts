import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { runGit, spawnGit } from '../../src/git/command.ts';
import { GitError } from '../../src/git/errors.ts';
import { spawner } from '../../src/git/spawner.ts';

describe('git started through the spawner', () => {
  it('gives back what git writes and its exit status, as running git directly would', async () => {
    const hashed = await runGit(['hash-object', '--stdin'], { input: 'hello\n' });
    assert.equal(hashed.stdout.toString().trim(), 'ce013625030ba8dba906f756967f9e9ca394464a');
    await assert.rejects(runGit(['rev-parse', '--verify', 'no-such-thing'], { gitDir: '/nonexistent.git' }), (err: GitError) => /not a git repository/.test(err.stderr ?? err.message));
  });

  it('streams large input and output both ways', async () => {
    const input = Buffer.alloc(24 * 1024 * 1024, 'x');
    const expected = spawnSync('git', ['hash-object', '--stdin'], { input }).stdout.toString().trim();
    assert.equal((await runGit(['hash-object', '--stdin'], { input })).stdout.toString().trim(), expected);
    const child = spawnGit(['cat-file', '--batch']);
    child.stdin.end('\n'.repeat(1));
    let bytes = 0;
    child.stdout.on('data', (c: Buffer) => (bytes += c.length));
    await once(child, 'close');
    assert.ok(bytes > 0);
  });

  it('ends a git that outlives its timeout with SIGTERM', async () => {
    const child = spawnGit(['cat-file', '--batch'], { timeoutMs: 200 });
    child.stdout.resume();
    const [code, signal] = await once(child, 'exit');
    assert.equal(code, null);
    assert.equal(signal, 'SIGTERM');
  });

  it('starts a new helper when the helper process has died, and git runs again', async () => {
    await runGit(['--version']);
    const pid = spawner().helperPid!;
    process.kill(pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    assert.match((await runGit(['--version'])).stdout.toString(), /^git version/);
    assert.notEqual(spawner().helperPid, pid);
  });

  it('keeps a process that awaits git alive until git is done', () => {
    const script = "import { runGit } from './src/git/command.ts'; const r = await runGit(['hash-object', '--stdin'], { input: 'late\\n', timeoutMs: 5000 }); console.log('hashed', r.stdout.toString().trim());";
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    assert.match(result.stdout, /^hashed [0-9a-f]{40}$/m, result.stderr);
  });
});
