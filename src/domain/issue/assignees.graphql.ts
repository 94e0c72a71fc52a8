import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { UserConnection, UserRef } from '../user/user.graphql.ts';
import * as assignees from './assignees.service.ts';
import type { IssueRef } from './issue.graphql.ts';

/** How many assignable people one page may hold: REST answers them all in one page, as Gitea does. */
const MAX_ASSIGNEES = 1000;

builder.objectFields(RepositoryRef, (t) => ({
  assignees: t.connection(
    {
      type: UserRef,
      description: "People who may be assigned to the repository's issues (write access to its code, issues or pull requests), by login; for signed-in viewers.",
      complexity: connectionComplexity,
      resolve: async (repo, page, ctx) => {
        const full = await withOwner(ctx, repo);
        return offsetConnection(page, (window) => assignees.repositoryAssignees(ctx, full, window), MAX_ASSIGNEES);
      },
    },
    UserConnection,
  ),
  canBeAssigned: t.boolean({
    description: "Whether the account may be assigned to the repository's issues; false for a login no account has. For signed-in viewers.",
    args: { login: t.arg.string({ required: true }) },
    resolve: async (repo, { login }, ctx) => assignees.isAssignable(ctx, await withOwner(ctx, repo), login),
  }),
}));

/**
 * The assignee fields of Issue and the assignee mutations, added by issue.graphql.ts once its Issue type
 * exists (this module cannot import that one at run time: it imports this one).
 */
export function addAssigneeFields(issueRef: typeof IssueRef) {
  builder.objectFields(issueRef, (t) => ({
    canBeAssigned: t.boolean({
      description: 'Whether the account may be assigned to this issue: as Repository.canBeAssigned, or its poster.',
      args: { login: t.arg.string({ required: true }) },
      resolve: (view, { login }, ctx) => assignees.isAssignableTo(ctx, view, login),
    }),
  }));

  builder.mutationFields((t) => {
    const args = {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      logins: t.arg.stringList({ required: true }),
    };
    return {
      addIssueAssignees: t.field({
        type: issueRef,
        tokenScope: 'write:issue',
        description: 'Assigns accounts to an issue besides its assignees; each must write to the repository, or be the poster.',
        args,
        resolve: (_root, { owner, name, number, logins }, ctx) => assignees.addIssueAssignees(ctx, owner, name, number, logins),
      }),
      removeIssueAssignees: t.field({
        type: issueRef,
        tokenScope: 'write:issue',
        description: 'Unassigns accounts from an issue.',
        args,
        resolve: (_root, { owner, name, number, logins }, ctx) => assignees.removeIssueAssignees(ctx, owner, name, number, logins),
      }),
    };
  });
}
