import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestAccount } from './accounts.ts';
import { git, gitLocal, remoteUrl } from './git.ts';

/** Helpers for the contents, archive and patch tests: work trees and clones to fill repositories (made by buildRepo) by `git push`. */

export type ObjectFormat = 'sha1' | 'sha256';

export const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64');
export const unb64 = (text: string) => Buffer.from(text, 'base64');

/** A local repository to build commits in with the real git CLI (no server involved). */
export class WorkTree {
  constructor(
    readonly dir: string,
    objectFormat: ObjectFormat | null = 'sha1',
    branch = 'main',
  ) {
    if (objectFormat) this.run(['init', '-q', `--object-format=${objectFormat}`, '-b', branch, dir], path.dirname(dir));
  }

  /** An existing work tree (a clone). */
  static open(dir: string): WorkTree {
    return new WorkTree(dir, null);
  }

  run(args: string[], cwd = this.dir, env: Record<string, string> = {}): string {
    const result = gitLocal(args, { cwd, env });
    assert.equal(result.status, 0, `git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout.trim();
  }

  write(file: string, content: string | Buffer, options: { executable?: boolean } = {}) {
    const full = path.join(this.dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    rmSync(full, { force: true });
    writeFileSync(full, content);
    if (options.executable) chmodSync(full, 0o755);
  }

  symlink(file: string, target: string) {
    const full = path.join(this.dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    rmSync(full, { force: true });
    symlinkSync(target, full);
  }

  /** Adds a submodule entry (a gitlink plus .gitmodules) without cloning anything. */
  submodule(file: string, url: string, oid: string) {
    this.write('.gitmodules', `[submodule "${file}"]\n\tpath = ${file}\n\turl = ${url}\n`);
    // An empty directory stands for the submodule not checked out, so `git add -A` keeps the gitlink.
    mkdirSync(path.join(this.dir, file), { recursive: true });
    this.run(['update-index', '--add', '--cacheinfo', `160000,${oid},${file}`]);
  }

  remove(file: string) {
    rmSync(path.join(this.dir, file), { recursive: true, force: true });
  }

  /** Commits everything with a fixed author, committer and date; returns the commit id. */
  commit(message: string, date = '2024-03-04T05:06:07Z'): string {
    this.run(['add', '-A']);
    this.run(['commit', '-q', '--allow-empty', '-m', message], this.dir, {
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    });
    return this.rev('HEAD');
  }

  rev(rev: string): string {
    return this.run(['rev-parse', rev]);
  }

  async push(baseUrl: string, owner: TestAccount, repo: string, refspecs: string[] = ['main']) {
    const result = await git(['push', '-q', remoteUrl(baseUrl, owner.login, repo, [owner.login, owner.password]), ...refspecs], { cwd: this.dir });
    assert.equal(result.status, 0, result.stderr);
  }
}

/** Clones a repository from the server into `dest` and returns the git runner for it. */
export async function cloneRepo(baseUrl: string, owner: TestAccount, repo: string, dest: string, args: string[] = []) {
  const result = await git(['clone', '-q', ...args, remoteUrl(baseUrl, owner.login, repo, [owner.login, owner.password]), dest]);
  assert.equal(result.status, 0, result.stderr);
  return (gitArgs: string[]) => {
    const r = gitLocal(gitArgs, { cwd: dest });
    assert.equal(r.status, 0, `git ${gitArgs.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
}
