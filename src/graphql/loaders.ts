import DataLoader from 'dataloader';
import type { Repository, User } from '../db/models.ts';
import type { ServiceContext } from '../services.ts';

/** Request-scoped batch loaders: one query for many keys. Domain areas add theirs here. */
export function createLoaders(ctx: Pick<ServiceContext, 'db'>) {
  return {
    userById: new DataLoader<number, User | null>(async (ids) => {
      const rows = await ctx.db.user.findMany({ where: { id: { in: [...ids] } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /** Repositories with their owners (fork parents, team repositories): one query per batch. */
    repositoryById: new DataLoader<number, (Repository & { owner: User }) | null>(async (ids) => {
      const rows = await ctx.db.repository.findMany({ where: { id: { in: [...ids] } }, include: { owner: true } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    /** Accounts by lower-cased e-mail address (commit authors and committers): one query per batch. */
    userByEmail: new DataLoader<string, User | null>(async (emails) => {
      const rows = await ctx.db.user.findMany({ where: { lowerEmail: { in: [...emails] }, type: 'user' } });
      const byEmail = new Map(rows.map((r) => [r.lowerEmail, r]));
      return emails.map((email) => byEmail.get(email) ?? null);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
