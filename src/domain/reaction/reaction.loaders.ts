import DataLoader from 'dataloader';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { commentReactionLists, issueReactionPages, type IssueReactionsKey } from './reaction.service.ts';

/** Reactions of the issues and comments of one request, read together (see reaction.service.ts). */
export const REACTION_LOADERS = defineLoaders('reaction', {
  /** One page of an issue's reactions with its count; a page of issues asking for theirs costs two statements. */
  issueReactions: (ctx: ServiceContext) =>
    new DataLoader((keys: readonly IssueReactionsKey[]) => issueReactionPages(ctx, keys), {
      cacheKeyFn: (key) => `${key.issueId}:${key.offset}:${key.limit}`,
    }),
  /** Every allowed reaction of a comment, by comment id; one statement for all the comments of a request. */
  commentReactions: (ctx: ServiceContext) => new DataLoader((commentIds: readonly number[]) => commentReactionLists(ctx, commentIds)),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof REACTION_LOADERS> {}
}
