import { GitError, classify } from './errors.ts';
import { spawner, type GitChild, type SpawnProgram } from './spawner.ts';

/**
 * The only place that spawns git. Arguments are built so user input can never become an option:
 * values from outside go through `value()` (refuses a leading '-') or after `--` as paths. No shell,
 * a fixed environment, a timeout, and cancellation through an AbortSignal.
 */
export class GitArg {
  private constructor(readonly text: string) {}
  /** A fixed argument written in our code: options, subcommands. */
  static literal(text: string) {
    return new GitArg(text);
  }
  /** A value that came from a request: a ref, a revision, a name. */
  static value(text: string) {
    if (text.startsWith('-')) throw new GitError('INVALID_ARGUMENT', `"${text}" may not start with "-"`);
    if (text.includes('\0')) throw new GitError('INVALID_ARGUMENT', 'arguments may not contain NUL');
    return new GitArg(text);
  }
}

export type Arg = string | GitArg;
/** Shorthand for user-supplied values. */
export const v = GitArg.value;

const BASE_ENV: Record<string, string> = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_NO_REPLACE_OBJECTS: '1',
  LC_ALL: 'C',
  PATH: process.env.PATH ?? '/usr/bin:/bin',
};

let gitHome = '/tmp';
/** HOME for git processes: a directory of ours, so no user's ~/.gitconfig applies. */
export function setGitHome(dir: string) {
  gitHome = dir;
}
export const gitHomeDir = () => gitHome;

export interface GitOptions {
  /** The repository (bare) directory; passed as --git-dir. */
  gitDir?: string;
  cwd?: string;
  input?: Buffer | string;
  env?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Name of the work for error messages. */
  what?: string;
  /** Exit codes that are not failures (e.g. 1 for "no match"). */
  okExitCodes?: number[];
  /** Another program the spawner may start instead of git (ssh-keygen: src/git/ssh-keygen.ts). */
  program?: SpawnProgram;
}

function toArgv(gitDir: string | undefined, args: Arg[]): string[] {
  const argv = gitDir ? ['--git-dir', gitDir] : [];
  for (const a of args) argv.push(typeof a === 'string' ? a : a.text);
  return argv;
}

export function gitEnv(extra?: Record<string, string>): Record<string, string> {
  return { ...BASE_ENV, HOME: gitHome, ...extra };
}

let spawned = 0;
/** How many git processes this process has started: lets tests prove that a list costs one process, not one per item. */
export const gitSpawnCount = () => spawned;

/** Spawns git for streaming use (smart HTTP, archives); the caller owns the streams. Started by the spawner (spawner.ts). */
export function spawnGit(args: Arg[], options: GitOptions = {}): GitChild {
  spawned++;
  return spawner().spawn({ program: options.program, args: toArgv(options.gitDir, args), env: gitEnv(options.env), cwd: options.cwd, timeoutMs: options.timeoutMs, signal: options.signal });
}

export interface GitResult {
  stdout: Buffer;
  stderr: string;
  exitCode: number;
}

/** Runs git to completion and returns its output; a non-zero exit becomes a classified GitError. */
export function runGit(args: Arg[], options: GitOptions = {}): Promise<GitResult> {
  const what = options.what ?? `git ${typeof args[0] === 'string' ? args[0] : args[0]?.text}`;
  return new Promise((resolve, reject) => {
    const child = spawnGit(args, { ...options, timeoutMs: options.timeoutMs ?? 60_000 });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ABORT_ERR') reject(new GitError('CANCELLED', `${what} was cancelled`));
      else reject(new GitError('FAILED', `${what}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      const stderr = Buffer.concat(err).toString('utf8');
      if (signal === 'SIGTERM' && code === null) return reject(new GitError('TIMEOUT', `${what} timed out`, stderr));
      const exitCode = code ?? -1;
      if (exitCode !== 0 && !(options.okExitCodes ?? []).includes(exitCode)) return reject(classify(stderr, code, what));
      resolve({ stdout: Buffer.concat(out), stderr, exitCode });
    });
    child.stdin.on('error', () => {
      /* git may exit before reading all input; the exit code tells */
    });
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
  });
}

/** runGit, stdout as trimmed text. */
export async function gitText(args: Arg[], options: GitOptions = {}): Promise<string> {
  return (await runGit(args, options)).stdout.toString('utf8').trim();
}
