import { spawnSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The real git CLI, as users run it, with a neutral identity and no user config. Asynchronous: the server
 * under test runs in this process, so a synchronous spawn of a git client that talks to it would deadlock.
 */
export function git(args: string[], options: { cwd?: string; env?: Record<string, string>; input?: string } = {}) {
  return gitAsync(args, options);
}

/** Synchronous git, ONLY for commands that do not talk to the server (local repos, server-side fsck). */
export function gitLocal(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; input?: string | Buffer; encoding?: 'utf8' | 'buffer' } = {},
) {
  const result = spawnSync('git', ['-c', 'user.name=Test Person', '-c', 'user.email=test@example.test', '-c', 'init.defaultBranch=main', ...args], {
    cwd: options.cwd,
    input: options.input,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', HOME: os.tmpdir(), ...options.env },
  });
  return {
    status: result.status ?? -1,
    stdout: result.stdout.toString('utf8'),
    stderr: result.stderr.toString('utf8'),
    /** The raw bytes, for binary output such as packs (with encoding: 'buffer'). */
    stdoutBuffer: options.encoding === 'buffer' ? result.stdout : undefined,
  };
}

export function gitAsync(args: string[], options: { cwd?: string; env?: Record<string, string>; input?: string } = {}) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('git', ['-c', 'user.name=Test Person', '-c', 'user.email=test@example.test', '-c', 'init.defaultBranch=main', ...args], {
      cwd: options.cwd,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', HOME: os.tmpdir(), ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ status: code ?? -1, stdout, stderr }));
    child.stdin.on('error', () => {
      /* git may exit before reading its input; the exit status tells */
    });
    child.stdin.end(options.input ?? '');
  });
}

export function tempDir(prefix = 'graft-git-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** http://user:secret@127.0.0.1:port/owner/repo.git */
export function remoteUrl(baseUrl: string, owner: string, repo: string, credentials?: [string, string], suffix = '.git'): string {
  const url = new URL(`${owner}/${repo}${suffix}`, baseUrl);
  if (credentials) {
    url.username = encodeURIComponent(credentials[0]);
    url.password = encodeURIComponent(credentials[1]);
  }
  return url.toString();
}

/** A local repository with `commits` commits on `branch` (files file<i>.txt), ready to push. */
export function makeLocalRepo(dir: string, options: { commits?: number; branch?: string; objectFormat?: 'sha1' | 'sha256' } = {}) {
  const init = gitLocal(['init', '-q', `--object-format=${options.objectFormat ?? 'sha1'}`, '-b', options.branch ?? 'main', dir]);
  if (init.status !== 0) throw new Error(init.stderr);
  for (let i = 0; i < (options.commits ?? 1); i++) {
    writeFileSync(path.join(dir, `file${i}.txt`), `content ${i}\n`);
    gitLocal(['add', '.'], { cwd: dir });
    const commit = gitLocal(['commit', '-q', '-m', `commit ${i}`], { cwd: dir });
    if (commit.status !== 0) throw new Error(commit.stderr);
  }
  return dir;
}
