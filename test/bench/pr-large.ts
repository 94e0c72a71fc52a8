/**
 * The large pull request of the bench (target `pr-large`): a repository of BENCH_PR_FILES files (50,000) in two
 * levels of directories and BENCH_PR_COMMITS commits (10,000) on main, each commit after the first changing one
 * file, and BENCH_PR_RUNS branches that fork from main 50 commits back and change BENCH_PR_CHANGED files each (200:
 * mostly edits, a few files added and removed), none of which main touched since: each merges cleanly. Gitea takes
 * minutes on such repositories (its issue #19812); the goal is a pull request opened and its mergeability answered
 * in under 2 s.
 *
 * The repository is written by one `git fast-import` into a bare repository cached under .tmp/bench-pr-large/,
 * named after its parameters (a rerun reuses it), then pushed to Graft like any repository. Each branch is used
 * once: a pull request of its own, so no answer is remembered from an earlier run.
 */
import path from 'node:path';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gitAsync, gitLocal, remoteUrl } from '../testkit/git.ts';

export interface LargeRepoShape {
  files: number;
  commits: number;
  /** Files each branch changes. */
  changed: number;
  /** Branches, one per timed pull request. */
  branches: number;
}

/** How far back from main's tip the branches fork: main moves on after them, as it does in life. */
const FORK_BACK = 50;
const FILES_PER_DIR = 100;
const DIRS_PER_TOP = 10;

export const largeBranchName = (k: number) => `change-${k}`;

/** The path of file i: top/sub/file, 100 files a directory, 10 directories a top directory. */
function filePath(i: number): string {
  const dir = Math.floor(i / FILES_PER_DIR);
  return `src-${String(Math.floor(dir / DIRS_PER_TOP)).padStart(3, '0')}/part-${dir % DIRS_PER_TOP}/file-${String(i).padStart(5, '0')}.txt`;
}

const content = (i: number, revision: string) => `file ${i}\nrevision ${revision}\nthe same last line\n`;

/** The file main's commit c (2…commits) changes; commit 1 adds them all. */
const touchedBy = (c: number, files: number) => (c * 7919) % files;

function data(text: string): string {
  return `data ${Buffer.byteLength(text)}\n${text}\n`;
}

/** The fast-import stream of the whole repository. */
function stream(shape: LargeRepoShape): string {
  const base = 1_600_000_000;
  const parts: string[] = [];
  const who = (t: number) => `Bench <bench@example.test> ${base + t} +0000`;
  const forkAt = shape.commits - FORK_BACK;
  for (let c = 1; c <= shape.commits; c++) {
    parts.push(`commit refs/heads/main\nmark :${c}\nauthor ${who(c)}\ncommitter ${who(c)}\n${data(`commit ${c}\n`)}`);
    if (c === 1) {
      for (let i = 0; i < shape.files; i++) parts.push(`M 100644 inline ${filePath(i)}\n${data(content(i, 'first'))}`);
    } else {
      const i = touchedBy(c, shape.files);
      parts.push(`M 100644 inline ${filePath(i)}\n${data(content(i, `main ${c}`))}`);
    }
    parts.push('\n');
  }
  // Files main changed after the fork are left alone by the branches, so that every branch merges cleanly.
  const busy = new Set(Array.from({ length: FORK_BACK }, (_, k) => touchedBy(forkAt + 1 + k, shape.files)));
  let next = 13;
  for (let k = 1; k <= shape.branches; k++) {
    const chosen: number[] = [];
    while (chosen.length < shape.changed) {
      next = (next + 241) % shape.files;
      if (!busy.has(next)) chosen.push(next);
    }
    const perCommit = Math.ceil(shape.changed / 4);
    for (let part = 0; part * perCommit < chosen.length; part++) {
      const t = shape.commits + k * 10 + part;
      parts.push(`commit refs/heads/${largeBranchName(k)}\nauthor ${who(t)}\ncommitter ${who(t)}\n${data(`change ${k}, part ${part + 1}\n`)}`);
      if (part === 0) parts.push(`from :${forkAt}\n`);
      chosen.slice(part * perCommit, (part + 1) * perCommit).forEach((i, j) => {
        // Mostly edits; one file in forty removed, and one in forty added (beside the file chosen, which stays).
        if (j % 40 === 1) parts.push(`D ${filePath(i)}\n`);
        else if (j % 40 === 2) parts.push(`M 100644 inline ${filePath(i).replace('.txt', `-new-${k}.txt`)}\n${data(`new in ${k}\n`)}`);
        else parts.push(`M 100644 inline ${filePath(i)}\n${data(content(i, `branch ${k}`) + 'a line more\n')}`);
      });
      parts.push('\n');
    }
  }
  return parts.join('');
}

/** The cached bare repository of this shape, made when missing; answers its directory and whether it was made now. */
export function largeRepository(shape: LargeRepoShape): { dir: string; made: boolean } {
  const root = fileURLToPath(new URL('../../.tmp/bench-pr-large/', import.meta.url));
  const dir = path.join(root, `v1-${shape.files}f-${shape.commits}c-${shape.changed}x-${shape.branches}b.git`);
  if (existsSync(dir)) return { dir, made: false };
  mkdirSync(root, { recursive: true });
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const must = (what: string, res: { status: number; stderr: string }) => {
    if (res.status !== 0) throw new Error(`${what}: ${res.stderr}`);
  };
  must('git init', gitLocal(['init', '-q', '--bare', '-b', 'main', building]));
  must('git fast-import', gitLocal(['--git-dir', building, 'fast-import', '--quiet', '--depth=50'], { input: stream(shape) }));
  // One pack with deltas, as a pushed repository would hold it: the push then sends it quickly.
  must('git repack', gitLocal(['--git-dir', building, 'repack', '-a', '-d', '-q']));
  renameSync(building, dir);
  return { dir, made: true };
}

/** Pushes main and every branch of the cached repository to owner/name on the server. */
export async function pushLargeRepository(baseUrl: string, owner: { login: string; password: string }, name: string, local: string, shape: LargeRepoShape) {
  const remote = remoteUrl(baseUrl, owner.login, name, [owner.login, owner.password]);
  const refs = ['main', ...Array.from({ length: shape.branches }, (_, k) => largeBranchName(k + 1))];
  const res = await gitAsync(['--git-dir', local, 'push', '-q', remote, ...refs]);
  if (res.status !== 0) throw new Error(`git push: ${res.stderr}`);
}
