import type { RestMilestoneFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';

/** GraphQL Milestone → REST Milestone. As Gitea's, closed_at is null while open and due_on null without a deadline. */
export function toMilestone(milestone: RestMilestoneFragment): RestSchema<'Milestone'> {
  return {
    id: milestone.databaseId,
    title: milestone.title,
    description: milestone.description,
    state: milestone.state,
    open_issues: milestone.openIssueCount,
    closed_issues: milestone.closedIssueCount,
    created_at: restTime(milestone.createdAt),
    updated_at: restTime(milestone.updatedAt),
    closed_at: milestone.closedAt ? restTime(milestone.closedAt) : null,
    due_on: milestone.deadline ? restTime(milestone.deadline) : null,
  };
}
