import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { RepositoryConnection, RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { UserConnection, UserRef } from '../user/user.graphql.ts';
import * as social from './social.service.ts';

const RepositorySubscription = builder.objectRef<social.Subscription>('RepositorySubscription').implement({
  description: "An account's watch on a repository: it is told about the repository's activity.",
  fields: (t) => ({
    subscribed: t.boolean({ resolve: () => true }),
    ignored: t.boolean({ description: 'Muting a repository is not supported: always false.', resolve: () => false }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    repository: t.field({ type: RepositoryRef, resolve: (s) => s.repo }),
  }),
});

builder.objectFields(RepositoryRef, (t) => ({
  viewerHasStarred: t.boolean({
    description: 'Whether the signed-in account starred this repository (false for anonymous callers).',
    resolve: (repo, _a, ctx) => ctx.loaders.viewerStarred.load(repo.id),
  }),
  viewerSubscription: t.field({
    type: RepositorySubscription,
    nullable: true,
    description: "The signed-in account's watch on this repository; null when it does not watch it.",
    resolve: async (repo, _a, ctx) => {
      const createdAt = await ctx.loaders.viewerWatchedAt.load(repo.id);
      return createdAt ? { createdAt, repo: await withOwner(ctx, repo) } : null;
    },
  }),
  stargazers: t.connection(
    {
      type: UserRef,
      description: 'Visible accounts that starred this repository, oldest star first.',
      complexity: connectionComplexity,
      resolve: (repo, page, ctx) => offsetConnection(page, (window) => social.listStargazers(ctx, repo, window)),
    },
    UserConnection,
  ),
  subscribers: t.connection(
    {
      type: UserRef,
      description: 'Visible accounts that watch this repository, oldest first.',
      complexity: connectionComplexity,
      resolve: (repo, page, ctx) => offsetConnection(page, (window) => social.listSubscribers(ctx, repo, window)),
    },
    UserConnection,
  ),
}));

builder.objectFields(UserRef, (t) => ({
  starredRepositories: t.connection(
    {
      type: RepositoryRef,
      description: 'Repositories this account starred that the caller may read, most recent first.',
      complexity: connectionComplexity,
      resolve: (user, page, ctx) => offsetConnection(page, (window) => social.listStarredRepositories(ctx, user, window)),
    },
    RepositoryConnection,
  ),
  watchedRepositories: t.connection(
    {
      type: RepositoryRef,
      description: 'Repositories this account watches that the caller may read, most recent first.',
      complexity: connectionComplexity,
      resolve: (user, page, ctx) => offsetConnection(page, (window) => social.listWatchedRepositories(ctx, user, window)),
    },
    RepositoryConnection,
  ),
  followers: t.connection(
    {
      type: UserRef,
      description: 'Visible accounts that follow this one, oldest follow first.',
      complexity: connectionComplexity,
      resolve: (user, page, ctx) => offsetConnection(page, (window) => social.listFollowers(ctx, user, window)),
    },
    UserConnection,
  ),
  following: t.connection(
    {
      type: UserRef,
      description: 'Visible accounts this one follows, oldest follow first.',
      complexity: connectionComplexity,
      resolve: (user, page, ctx) => offsetConnection(page, (window) => social.listFollowing(ctx, user, window)),
    },
    UserConnection,
  ),
  viewerIsFollowing: t.boolean({
    description: 'Whether the signed-in account follows this one (false for anonymous callers).',
    resolve: (user, _a, ctx) => ctx.loaders.viewerFollows.load(user.id),
  }),
  isFollowing: t.boolean({
    description: 'Whether this account follows the account `login`; a NOT_FOUND error when that account is hidden.',
    args: { login: t.arg.string({ required: true }) },
    resolve: (user, { login }, ctx) => social.isFollowing(ctx, user, login),
  }),
  hasStarred: t.boolean({
    description: 'Whether this account starred the repository owner/name; a NOT_FOUND error when the caller cannot read it.',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (user, { owner, name }, ctx) => social.hasStarred(ctx, user, owner, name),
  }),
}));

builder.mutationFields((t) => ({
  starRepository: t.boolean({
    description: 'Stars a repository for the signed-in account; true when it is starred (also when it already was).',
    tokenScope: 'write:user',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name }, ctx) => {
      await social.starRepository(ctx, owner, name);
      return true;
    },
  }),
  unstarRepository: t.boolean({
    description: "Removes the signed-in account's star; true when it is not starred (also when it never was).",
    tokenScope: 'write:user',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name }, ctx) => {
      await social.unstarRepository(ctx, owner, name);
      return true;
    },
  }),
  watchRepository: t.field({
    type: RepositorySubscription,
    description: 'The signed-in account watches a repository; watching again keeps the first watch.',
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_root, { owner, name }, ctx) => social.watchRepository(ctx, owner, name),
  }),
  unwatchRepository: t.boolean({
    description: 'The signed-in account stops watching a repository; true also when it was not watching.',
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name }, ctx) => {
      await social.unwatchRepository(ctx, owner, name);
      return true;
    },
  }),
  followUser: t.field({
    type: UserRef,
    description: 'The signed-in account follows another visible account; following oneself is refused.',
    tokenScope: 'write:user',
    args: { login: t.arg.string({ required: true }) },
    resolve: (_root, { login }, ctx) => social.followUser(ctx, login),
  }),
  unfollowUser: t.field({
    type: UserRef,
    description: 'The signed-in account stops following an account; not following it already is not an error.',
    tokenScope: 'write:user',
    args: { login: t.arg.string({ required: true }) },
    resolve: (_root, { login }, ctx) => social.unfollowUser(ctx, login),
  }),
}));
