import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { IssueConnection, IssueRef } from '../issue/issue.graphql.ts';
import * as dependencies from './dependency.service.ts';
import { ISSUE_LOCATOR_FIELDS } from './dependency.inputs.ts';

const IssueLocatorInput = inputFromTable('IssueLocator', ISSUE_LOCATOR_FIELDS);

const IssueDependencyRef = builder.objectRef<dependencies.DependencyView>('IssueDependency').implement({
  description: 'One issue blocked by another (it depends on it), as both are after the change.',
  fields: (t) => ({
    issue: t.field({ type: IssueRef, description: 'The blocked issue.', resolve: (d) => d.issue }),
    blocker: t.field({ type: IssueRef, description: 'The issue that blocks it.', resolve: (d) => d.blocker }),
  }),
});

builder.objectFields(IssueRef, (t) => ({
  blockedBy: t.connection(
    {
      type: IssueRef,
      description: "The issues this one depends on, of repositories the viewer reads, oldest dependency first; NOT_FOUND while its repository has dependencies disabled.",
      complexity: connectionComplexity,
      resolve: (view, page, ctx) => offsetConnection(page, (window) => dependencies.listBlockers(ctx, view, window)),
    },
    IssueConnection,
  ),
  blocks: t.connection(
    {
      type: IssueRef,
      description: 'The issues that depend on this one, of repositories the viewer reads, oldest dependency first.',
      complexity: connectionComplexity,
      resolve: (view, page, ctx) => offsetConnection(page, (window) => dependencies.listBlocked(ctx, view, window)),
    },
    IssueConnection,
  ),
}));

builder.mutationFields((t) => ({
  addIssueDependency: t.field({
    type: IssueDependencyRef,
    tokenScope: 'write:issue',
    description:
      'Makes `issue` depend on (be blocked by) `blocker`, of the same or another repository: write access to the issue, read access to the blocker; a cycle is refused.',
    args: { issue: t.arg({ type: IssueLocatorInput, required: true }), blocker: t.arg({ type: IssueLocatorInput, required: true }) },
    resolve: (_root, { issue, blocker }, ctx) => dependencies.addDependency(ctx, issue, blocker),
  }),
  removeIssueDependency: t.field({
    type: IssueDependencyRef,
    tokenScope: 'write:issue',
    description: 'Makes `issue` no longer depend on `blocker`.',
    args: { issue: t.arg({ type: IssueLocatorInput, required: true }), blocker: t.arg({ type: IssueLocatorInput, required: true }) },
    resolve: (_root, { issue, blocker }, ctx) => dependencies.removeDependency(ctx, issue, blocker),
  }),
}));
