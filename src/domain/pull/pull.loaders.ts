import DataLoader from 'dataloader';
import type { AutoMerge, PullRequest } from '../../db/models.ts';
import { readBranchHeads } from '../../git/refs.ts';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPath } from '../repo/storage.ts';

/** A branch of a repository, as the key of `branchTip`. */
export const branchKey = (repoId: number, branch: string) => `${repoId}\0${branch}`;

/**
 * The pull request rows of the issues of one request (one statement per batch), their scheduled merges, and the tips of the branches
 * pull requests name, read through git's batch reader: no git process, however many pull requests a page holds.
 */
export const PULL_LOADERS = defineLoaders('pull', {
  pullByIssueId: (ctx: ServiceContext) => new DataLoader<number, PullRequest | null>(async (issueIds) => {
    const rows = await ctx.db.pullRequest.findMany({ where: { issueId: { in: [...issueIds] } } });
    const byIssue = new Map(rows.map((r) => [r.issueId, r]));
    return issueIds.map((id) => byIssue.get(id) ?? null);
  }),
  /** The merges scheduled for when the checks succeed, by pull request id (auto-merge.service.ts). */
  autoMergeByPullId: (ctx: ServiceContext) => new DataLoader<number, AutoMerge | null>(async (pullIds) => {
    const rows = await ctx.db.autoMerge.findMany({ where: { pullId: { in: [...pullIds] } } });
    const byPull = new Map(rows.map((r) => [r.pullId, r]));
    return pullIds.map((id) => byPull.get(id) ?? null);
  }),
  branchTip: (ctx: ServiceContext) => new DataLoader<string, string | null>(async (keys) => {
    const byRepo = new Map<number, string[]>();
    for (const key of keys) {
      const [repoId, branch] = key.split('\0');
      const names = byRepo.get(Number(repoId)) ?? [];
      names.push(branch);
      byRepo.set(Number(repoId), names);
    }
    const tips = new Map<string, string | null>();
    await Promise.all(
      [...byRepo].map(async ([repoId, names]) => {
        const heads = await readBranchHeads(repositoryPath(ctx.config, repoId), names);
        names.forEach((name, i) => tips.set(branchKey(repoId, name), heads[i]?.oid ?? null));
      }),
    );
    return keys.map((key) => tips.get(key) ?? null);
  }),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof PULL_LOADERS> {}
}
