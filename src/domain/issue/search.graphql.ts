import type { ObjectRef } from '@pothos/core';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { enumFromValues, inputFromTable } from '../../graphql/input-fields.ts';
import type { IssueView } from './issue.service.ts';
import { searchIssues } from './search.ts';
import { ISSUE_SEARCH_FIELDS, ISSUE_SEARCH_SORTS } from './search.inputs.ts';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/**
 * The search across repositories in the schema: Query.searchIssues. Called by issue.graphql.ts with its Issue
 * type, so this module imports none of it.
 */
export function registerIssueSearch(IssueRef: ObjectRef<Types, IssueView>) {
  enumFromValues('IssueSearchSort', ISSUE_SEARCH_SORTS);
  const IssueSearchFilterInput = inputFromTable('IssueSearchFilter', ISSUE_SEARCH_FIELDS);
  const IssueSearchConnection = builder.connectionObject({
    type: IssueRef,
    name: 'IssueSearchConnection',
    fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
  });

  builder.queryFields((t) => ({
    searchIssues: t.connection(
      {
        type: IssueRef,
        tokenScope: 'read:issue',
        complexity: connectionComplexity,
        description: 'Issues and pull requests of every repository the caller reads them in, newest first unless sorted otherwise.',
        args: { filter: t.arg({ type: IssueSearchFilterInput }) },
        resolve: (_root, { filter, ...page }, ctx) => offsetConnection(page, (window) => searchIssues(ctx, filter ?? {}, window)),
      },
      IssueSearchConnection,
    ),
  }));
}
