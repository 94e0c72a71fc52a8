import DataLoader from 'dataloader';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { withRelations, type IssueRow } from '../issue/issue.service.ts';
import { withPosters, type CommentRow } from './comment.service.ts';

/** The rows for `ids`, in their order, null for an id that has none. */
function inOrder<T extends { id: number }>(rows: T[], ids: readonly number[]): (T | null)[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id) ?? null);
}

/**
 * What a page of timeline rows points at (referencing and dependent issues, referencing comments), one query per
 * kind for the whole page; their posters, labels and milestones come through the caches of those areas.
 */
export const COMMENT_LOADERS = defineLoaders('comment', {
  timelineComment: (ctx: ServiceContext) =>
    new DataLoader<number, CommentRow | null>(async (ids) => inOrder(await withPosters(ctx, await ctx.db.comment.findMany({ where: { id: { in: [...ids] } } })), ids)),
  timelineIssue: (ctx: ServiceContext) =>
    new DataLoader<number, IssueRow | null>(async (ids) => inOrder(await withRelations(ctx, await ctx.db.issue.findMany({ where: { id: { in: [...ids] } } })), ids)),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof COMMENT_LOADERS> {}
}
