import DataLoader from 'dataloader';
import type { User } from '../../db/models.ts';
import { cachedPeek, cachedRead } from '../../cache/cache.ts';
import { defineLoaders, throughCache, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';

export const USER_LOADERS = defineLoaders('user', {
  userById: (ctx: ServiceContext) => throughCache(
    ctx,
    'accountById',
    new DataLoader<number, User | null>(async (ids) => {
      const rows = await ctx.db.user.findMany({ where: { id: { in: [...ids] } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  ),
  /**
   * Accounts by lower-cased e-mail address (commit authors and committers): one query per batch. Most
   * addresses in a history have no account: that answer is kept too (wrapped), until the User counter moves.
   */
  userByEmail: (ctx: ServiceContext) => {
    const batch = new DataLoader<string, { user: User | null }>(async (emails) => {
      const rows = await ctx.db.user.findMany({ where: { lowerEmail: { in: [...emails] }, type: 'user' } });
      const byEmail = new Map(rows.map((r) => [r.lowerEmail, r]));
      return emails.map((email) => ({ user: byEmail.get(email) ?? null }));
    });
    return {
      load: async (email: string) => (await cachedRead(ctx, 'accountByEmail', email, () => batch.load(email))).user,
      /** The answer when the cache holds it (an account, or null for nobody); undefined when it must be loaded. */
      peek: (email: string) => cachedPeek<{ user: User | null }>(ctx, 'accountByEmail', email)?.user,
    };
  },
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof USER_LOADERS> {}
}
