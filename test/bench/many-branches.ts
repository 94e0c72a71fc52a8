/**
 * A repository with thousands of branches for the bench, made quickly and synced the normal way. One
 * fast-import makes a line of commits, each a second newer than the last (so the list's order is known);
 * a push sends them with two branches; one `git update-ref --stdin` in the server's repository adds the
 * other branches (a git client pushing thousands of refs over HTTP spends seconds on its own side), one of
 * them a commit short of its place; a last push moves that one: its old value is not in Graft's branch table,
 * so Graft syncs the table with everything git holds, as after any push that finds refs changed behind it.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { gitAsync, gitLocal, remoteUrl, tempDir } from '../testkit/git.ts';

/** The name of branch `i` (1…count); main is the oldest branch. */
export const manyBranchName = (i: number) => `branch-${String(i).padStart(4, '0')}`;

/** fast-import stream: commit i (mark i + 1, 0…count) on top of commit i - 1, dated base + i; main at the first. */
function lineOfCommits(count: number): string {
  const base = 1_600_000_000;
  const parts: string[] = [];
  for (let i = 0; i <= count; i++) {
    const message = `commit ${i}\n`;
    const who = `Bench <bench@example.test> ${base + i} +0000`;
    parts.push(`commit refs/heads/${manyBranchName(count)}\nmark :${i + 1}\nauthor ${who}\ncommitter ${who}\ndata ${Buffer.byteLength(message)}\n${message}\n`);
  }
  parts.push('reset refs/heads/main\nfrom :1\n\n');
  return parts.join('');
}

/**
 * Gives the (existing, empty) repository owner/name a main branch and `count` branches, branch i on
 * commit i. `serverGitDir` is its bare repository on the server's disk.
 */
export async function pushManyBranches(baseUrl: string, owner: { login: string; password: string }, name: string, serverGitDir: string, count: number) {
  const work = tempDir('graft-bench-branches-');
  try {
    const dir = path.join(work.dir, name);
    const must = (what: string, res: { status: number; stderr: string }) => {
      if (res.status !== 0) throw new Error(`${what}: ${res.stderr}`);
    };
    must('git init', gitLocal(['init', '-q', '-b', 'main', dir]));
    const marks = path.join(work.dir, 'marks');
    must('git fast-import', gitLocal(['fast-import', '--quiet', `--export-marks=${marks}`], { cwd: dir, input: lineOfCommits(count) }));
    const commitOf = new Map(readFileSync(marks, 'utf8').trim().split('\n').map((line) => {
      const [mark, oid] = line.split(' ');
      return [Number(mark.slice(1)) - 1, oid] as const;
    }));
    const remote = remoteUrl(baseUrl, owner.login, name, [owner.login, owner.password]);
    must('git push', await gitAsync(['push', '-q', remote, 'main', manyBranchName(count)], { cwd: dir }));
    const updates = Array.from({ length: count - 1 }, (_, k) => {
      const i = k + 1;
      return `create refs/heads/${manyBranchName(i)} ${commitOf.get(i === count - 1 ? i - 1 : i)}\n`;
    }).join('');
    must('git update-ref', gitLocal(['--git-dir', serverGitDir, 'update-ref', '--stdin'], { input: updates }));
    must('git push', await gitAsync(['push', '-q', remote, `${commitOf.get(count - 1)}:refs/heads/${manyBranchName(count - 1)}`], { cwd: dir }));
  } finally {
    work.remove();
  }
}
