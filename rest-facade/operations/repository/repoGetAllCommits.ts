import { RepositoryCommitsDocument } from '../../__generated__/graphql.ts';
import { commitOptions, toCommit } from '../../convert/commit.ts';
import { defineOperation, notFoundReply, paginated } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

export const repoGetAllCommits = defineOperation({
  operationId: 'repoGetAllCommits',
  document: RepositoryCommitsDocument,
  variables: ({ params, query, config }) => ({
    owner: params.owner,
    name: params.repo,
    rev: query.sha || null,
    path: query.path || null,
    since: query.since ?? null,
    until: query.until ?? null,
    not: query.not || null,
    ...connectionArgsFor(query, config).args,
    ...commitOptions(query),
  }),
  reply: ({ repository }, { params, query, config }) => {
    if (!repository) return notFoundReply(`repository ${params.owner}/${params.repo} does not exist`);
    // Gitea answers 409 for a repository without commits.
    if (repository.isEmpty) return { status: 409, body: { message: 'Git Repository is empty.' } };
    const { totalCount, nodes } = repository.commits;
    // Gitea answers 404 when no commit touches the path.
    if (query.path && totalCount === 0) return notFoundReply(`no commit touches "${query.path}"`);
    const window = connectionArgsFor(query, config).window;
    const page = Math.floor(window.offset / window.limit) + 1;
    const pageCount = Math.ceil(totalCount / window.limit);
    return {
      ...paginated(nodes.map((c) => toCommit(c, repository)), window, totalCount),
      // Gitea's older paging headers, still sent for its clients.
      headers: {
        'X-Page': String(page),
        'X-PerPage': String(window.limit),
        'X-Total': String(totalCount),
        'X-PageCount': String(pageCount),
        'X-HasMore': String(page < pageCount),
      },
    };
  },
});
