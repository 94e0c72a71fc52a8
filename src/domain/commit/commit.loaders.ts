import DataLoader from 'dataloader';
import type { Changes } from '../../git/diff.ts';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { changesOf, type CommitNode } from './commit.service.ts';

export const COMMIT_LOADERS = defineLoaders('commit', {
  /**
   * The changes (files and line counts) of every commit asked for are computed together, one git process
   * per repository for the whole batch, however many commits a page holds.
   */
  commitChanges: (ctx: ServiceContext) => {
    const batch = new DataLoader<string, Changes>(async (keys) => {
      const byRepo = new Map<number, string[]>();
      for (const key of keys) {
        const [repoId, oid] = key.split(':');
        byRepo.set(Number(repoId), [...(byRepo.get(Number(repoId)) ?? []), oid]);
      }
      const results = new Map<string, Changes>();
      await Promise.all(
        [...byRepo].map(async ([repoId, oids]) => {
          for (const [oid, changes] of await changesOf(ctx, { id: repoId }, oids)) results.set(`${repoId}:${oid}`, changes);
        }),
      );
      return keys.map((key) => results.get(key) ?? { files: [], additions: 0, deletions: 0 });
    });
    return { load: (node: CommitNode) => batch.load(`${node.repo.id}:${node.commit.oid}`) };
  },
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof COMMIT_LOADERS> {}
}
