import DataLoader from 'dataloader';
import type { Label, Milestone } from '../../db/models.ts';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { ISSUE_INCLUDE, type IssueRow } from '../issue/issue.service.ts';
import { COMMENT_INCLUDE, type CommentRow } from './comment.service.ts';

/** The rows for `ids`, in their order, null for an id that has none. */
function inOrder<T extends { id: number }>(rows: T[], ids: readonly number[]): (T | null)[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id) ?? null);
}

/**
 * What a page of timeline rows points at (labels, milestones, referencing and dependent issues, referencing
 * comments), one query per kind for the whole page.
 */
export const COMMENT_LOADERS = defineLoaders('comment', {
  timelineComment: (ctx: ServiceContext) =>
    new DataLoader<number, CommentRow | null>(async (ids) => inOrder(await ctx.db.comment.findMany({ where: { id: { in: [...ids] } }, include: COMMENT_INCLUDE }), ids)),
  timelineIssue: (ctx: ServiceContext) =>
    new DataLoader<number, IssueRow | null>(async (ids) => inOrder(await ctx.db.issue.findMany({ where: { id: { in: [...ids] } }, include: ISSUE_INCLUDE }), ids)),
  timelineLabel: (ctx: ServiceContext) =>
    new DataLoader<number, Label | null>(async (ids) => inOrder(await ctx.db.label.findMany({ where: { id: { in: [...ids] } } }), ids)),
  timelineMilestone: (ctx: ServiceContext) =>
    new DataLoader<number, Milestone | null>(async (ids) => inOrder(await ctx.db.milestone.findMany({ where: { id: { in: [...ids] } } }), ids)),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof COMMENT_LOADERS> {}
}
