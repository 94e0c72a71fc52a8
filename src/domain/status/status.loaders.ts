import DataLoader from 'dataloader';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import type { CommitNode } from '../commit/commit.service.ts';
import { combinedStatusesOf, type CombinedStatusView } from './status.service.ts';

/**
 * The combined status of every commit of a request asked for, computed together: one statement per repository
 * for the whole batch, however many commits a page of history holds.
 */
export const STATUS_LOADERS = defineLoaders('status', {
  combinedStatus: (ctx: ServiceContext) => {
    const batch = new DataLoader<CommitNode, CombinedStatusView, string>(
      async (nodes) => {
        const byRepo = new Map<number, CommitNode[]>();
        for (const node of nodes) byRepo.set(node.repo.id, [...(byRepo.get(node.repo.id) ?? []), node]);
        const found = new Map<string, CombinedStatusView>();
        await Promise.all(
          [...byRepo.values()].map(async (group) => {
            const combined = await combinedStatusesOf(ctx, group[0].repo, [...new Set(group.map((node) => node.oid))]);
            for (const [sha, view] of combined) found.set(`${group[0].repo.id}:${sha}`, view);
          }),
        );
        return nodes.map((node) => found.get(`${node.repo.id}:${node.oid}`) ?? new Error(`no combined status for ${node.oid}`));
      },
      { cacheKeyFn: (node) => `${node.repo.id}:${node.oid}` },
    );
    return { load: (node: CommitNode) => batch.load(node) };
  },
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof STATUS_LOADERS> {}
}
