import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { git, gitLocal, remoteUrl } from './git.ts';

/** Who made a commit, and when (ISO 8601, used for both the author and the committer date). */
export interface CommitSpec {
  message: string;
  date: string;
  author?: { name: string; email: string };
  /** Files to write (content) or delete (null). */
  files: Record<string, string | Buffer | null>;
}

/**
 * A local repository built commit by commit with the real git CLI, with controlled authors and dates,
 * pushed to a Graft repository. Returns helpers to read ids back.
 */
export class LocalHistory {
  constructor(
    readonly dir: string,
    objectFormat: 'sha1' | 'sha256' = 'sha1',
    branch = 'main',
  ) {
    const init = gitLocal(['init', '-q', `--object-format=${objectFormat}`, '-b', branch, dir]);
    assert.equal(init.status, 0, init.stderr);
  }

  /** A local git command (never one that talks to the server: that must be asynchronous). */
  run(args: string[], env: Record<string, string> = {}) {
    const result = gitLocal(args, { cwd: this.dir, env });
    assert.equal(result.status, 0, `git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout.trim();
  }

  /** Makes one commit; returns its id. */
  commit(spec: CommitSpec): string {
    for (const [file, content] of Object.entries(spec.files)) {
      const full = path.join(this.dir, file);
      if (content === null) rmSync(full, { force: true });
      else {
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, content);
      }
    }
    this.run(['add', '-A']);
    const who = spec.author ?? { name: 'Test Person', email: 'test@example.test' };
    this.run(['commit', '-q', '--allow-empty', '-m', spec.message], {
      GIT_AUTHOR_NAME: who.name,
      GIT_AUTHOR_EMAIL: who.email,
      GIT_AUTHOR_DATE: spec.date,
      GIT_COMMITTER_NAME: who.name,
      GIT_COMMITTER_EMAIL: who.email,
      GIT_COMMITTER_DATE: spec.date,
    });
    return this.rev('HEAD');
  }

  rev(rev: string): string {
    return this.run(['rev-parse', rev]);
  }

  async push(baseUrl: string, owner: string, repo: string, credentials: [string, string], refspecs: string[]) {
    const result = await git(['push', '-q', remoteUrl(baseUrl, owner, repo, credentials), ...refspecs], { cwd: this.dir });
    assert.equal(result.status, 0, `git push: ${result.stderr}`);
  }
}
