import DataLoader from 'dataloader';
import type { Repository, User } from '../../db/models.ts';
import { defineLoaders, throughCache, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';

export const REPO_LOADERS = defineLoaders('repo', {
  /** Repositories with their owners (fork parents, team repositories): one query per batch. */
  repositoryById: (ctx: ServiceContext) => throughCache(
    ctx,
    'repositoryById',
    new DataLoader<number, (Repository & { owner: User }) | null>(async (ids) => {
      const rows = await ctx.db.repository.findMany({ where: { id: { in: [...ids] } }, include: { owner: true } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  ),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof REPO_LOADERS> {}
}
