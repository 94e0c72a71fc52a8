import DataLoader from 'dataloader';
import type { Team, User } from '../../db/models.ts';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { codeCommentCounts, openRequests } from './review.service.ts';

/**
 * What a page of pull requests shows of their reviews, one statement per batch: the accounts and teams asked
 * to review, and the number of line comments; and the teams review_request rows name.
 */
export const REVIEW_LOADERS = defineLoaders('review', {
  reviewRequests: (ctx: ServiceContext) =>
    new DataLoader<number, { users: User[]; teams: (Team & { org: User })[] }>(async (issueIds) => {
      const byIssue = await openRequests(ctx.db, issueIds);
      return issueIds.map((id) => byIssue.get(id)!);
    }),
  reviewCommentCount: (ctx: ServiceContext) =>
    new DataLoader<number, number>(async (issueIds) => {
      const counts = await codeCommentCounts(ctx.db, issueIds);
      return issueIds.map((id) => counts.get(id) ?? 0);
    }),
  reviewTeam: (ctx: ServiceContext) =>
    new DataLoader<number, Team | null>(async (ids) => {
      const rows = await ctx.db.team.findMany({ where: { id: { in: [...ids] } } });
      return ids.map((id) => rows.find((r) => r.id === id) ?? null);
    }),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof REVIEW_LOADERS> {}
}
