import DataLoader from 'dataloader';
import type { Repository, Team, User } from '../db/models.ts';
import { viewerFollowsAmong, viewerStarredAmong, viewerWatchesAmong } from '../domain/social/social.service.ts';
import { pendingTransfersOf } from '../domain/transfer/transfer.service.ts';
import type { ServiceContext } from '../services.ts';
import { cachedPeek, cachedRead, type CacheName } from '../cache/cache.ts';

/** A batch loader whose keys are first looked up in the request's cache; the misses are batched. */
function throughCache<K extends string | number, V>(ctx: ServiceContext, name: CacheName, loader: DataLoader<K, V | null>) {
  return { load: (key: K) => cachedRead(ctx, name, key, () => loader.load(key)) };
}

/**
 * Objects whose properties are made on first use (most requests use one loader or none). The getters live on
 * a prototype made once, so a request pays for the loaders it uses, not for defining all of them.
 */
function lazily<C, T extends Record<string, (ctx: C) => unknown>>(makers: T & Record<string, (ctx: C) => unknown>): (ctx: C) => { readonly [K in keyof T]: ReturnType<T[K]> } {
  class Lazy {
    constructor(readonly ctx: C) {}
  }
  for (const key of Object.keys(makers)) {
    Object.defineProperty(Lazy.prototype, key, {
      get(this: Lazy) {
        const value = makers[key](this.ctx);
        Object.defineProperty(this, key, { value, enumerable: true });
        return value;
      },
    });
  }
  return (ctx) => new Lazy(ctx) as unknown as { readonly [K in keyof T]: ReturnType<T[K]> };
}

/** Request-scoped batch loaders: one query for many keys, each made when first used. Domain areas add theirs here. */
export const createLoaders = lazily({
    userById: (ctx: ServiceContext) => throughCache(
      ctx,
      'accountById',
      new DataLoader<number, User | null>(async (ids) => {
        const rows = await ctx.db.user.findMany({ where: { id: { in: [...ids] } } });
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id) ?? null);
      }),
    ),
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
    /** Teams by id (the teams a pending transfer names): one query per batch. */
    teamById: (ctx: ServiceContext) =>
      new DataLoader<number, Team | null>(async (ids) => {
        const rows = await ctx.db.team.findMany({ where: { id: { in: [...ids] } } });
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id) ?? null);
      }),
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
    /** The viewer's stars, watches and follows among the repositories and accounts of one request. */
    viewerStarred: (ctx: ServiceContext) => new DataLoader<number, boolean>(async (repoIds) => {
      const starred = await viewerStarredAmong(ctx, repoIds);
      return repoIds.map((id) => starred.has(id));
    }),
    viewerWatchedAt: (ctx: ServiceContext) => new DataLoader<number, Date | null>(async (repoIds) => {
      const watches = await viewerWatchesAmong(ctx, repoIds);
      return repoIds.map((id) => watches.get(id) ?? null);
    }),
    viewerFollows: (ctx: ServiceContext) => new DataLoader<number, boolean>(async (userIds) => {
      const followed = await viewerFollowsAmong(ctx, userIds);
      return userIds.map((id) => followed.has(id));
    }),
    /** Pending transfers of repositories, with who started them and who receives them. */
    pendingTransferByRepo: (ctx: ServiceContext) => {
      const batch = new DataLoader(async (repoIds: readonly number[]) => {
        const pending = await pendingTransfersOf(ctx, repoIds);
        return repoIds.map((id) => ({ transfer: pending.get(id) ?? null }));
      });
      // Most repositories have no pending transfer: that answer is kept too (wrapped), until the
      // RepositoryTransfer counter moves.
      return { load: async (repoId: number) => (await cachedRead(ctx, 'pendingTransferOfRepository', repoId, () => batch.load(repoId))).transfer };
    },
});

export type Loaders = ReturnType<typeof createLoaders>;
