/**
 * The large pull request list of the bench: pull requests (an issue with isPull and its PullRequest row, all from
 * one head branch into one base branch, already checked) written straight into the bench server's database, as
 * issues-seed.ts writes issues, with the repository's counters set as the service would have set them.
 */
import type { Db } from '../../src/db/client.ts';
import { insertRows } from '../../src/db/insert-rows.ts';
import type { Provider } from '../../src/db/provider.ts';
import { settleAfterBulkWrite } from './settle.ts';

export interface PullSeed {
  repoId: number;
  posterId: number;
  pulls: number;
  headBranch: string;
  baseBranch: string;
  /** The head and base commit (the same: the rows are read, never merged). */
  commit: string;
  /** Every n-th pull request is closed. */
  closedEvery: number;
}

export async function seedPulls(db: Db, provider: Provider, seed: PullSeed): Promise<{ open: number }> {
  const start = Date.UTC(2021, 0, 1);
  const issues = Array.from({ length: seed.pulls }, (_, i) => {
    const number = i + 1;
    const createdAt = new Date(start + number * 60_000);
    const closed = number % seed.closedEvery === 0;
    return {
      repoId: seed.repoId,
      number,
      posterId: seed.posterId,
      title: `pull request ${number}`,
      body: `the change of pull request ${number}`,
      isPull: true,
      isClosed: closed,
      createdAt,
      updatedAt: createdAt,
      closedAt: closed ? createdAt : null,
    };
  });
  const open = issues.filter((i) => !i.isClosed).length;
  for (let at = 0; at < issues.length; at += 50_000) await db.$transaction(insertRows(db, provider, 'Issue', issues.slice(at, at + 50_000)));
  const ids = await db.issue.findMany({ where: { repoId: seed.repoId, isPull: true }, select: { id: true } });
  const rows = ids.map((issue) => ({
    issueId: issue.id,
    baseRepoId: seed.repoId,
    baseBranch: seed.baseBranch,
    headRepoId: seed.repoId,
    headBranch: seed.headBranch,
    headCommitId: seed.commit,
    mergeBase: seed.commit,
    status: 'empty',
  }));
  await db.$transaction([
    ...insertRows(db, provider, 'PullRequest', rows),
    db.repository.update({ where: { id: seed.repoId }, data: { issueCounter: seed.pulls, pullCount: seed.pulls, closedPullCount: seed.pulls - open } }),
  ]);
  await settleAfterBulkWrite(db, provider, ['Issue', 'PullRequest']);
  return { open };
}
