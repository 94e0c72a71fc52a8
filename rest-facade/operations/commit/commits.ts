import { RepositoryCommitDiffDocument, RepositoryCommitDocument, RepositoryCommitsDocument, RepositoryNoteDocument } from '../../__generated__/graphql.ts';
import { toCommit, toNote } from '../../convert/commit.ts';
import { conflict, notFound } from '../../../src/errors.ts';
import { defineOperation, found, list, ok, textReply } from '../../operation.ts';

/** Options of the commit endpoints: what to compute for each commit (Gitea's ?stat=, ?files=, ?verification=; all default to true). */
export interface CommitOptions {
  stat: boolean;
  files: boolean;
  verification: boolean;
}

export function commitOptions(query: { stat?: boolean; files?: boolean; verification?: boolean }): CommitOptions {
  return { stat: query.stat ?? true, files: query.files ?? true, verification: query.verification ?? true };
}

export const repoGetAllCommits = defineOperation({
  operationId: 'repoGetAllCommits',
  document: RepositoryCommitsDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    owner: params.owner,
    name: params.repo,
    rev: query.sha || null,
    path: query.path || null,
    since: query.since ?? null,
    until: query.until ?? null,
    not: query.not || null,
    ...page,
    ...commitOptions(query),
  }),
  reply: ({ repository }, { query, window }) => {
    const repo = found(repository);
    // Gitea answers 409 for a repository without commits.
    if (repo.isEmpty) throw conflict('Git Repository is empty.');
    const { totalCount } = repo.commits;
    // Gitea answers 404 when no commit touches the path.
    if (query.path && totalCount === 0) throw notFound(`no commit touches "${query.path}"`);
    const page = Math.floor(window.offset / window.limit) + 1;
    const pageCount = Math.ceil(totalCount / window.limit);
    return {
      ...list(repo.commits, (c) => toCommit(c, repo)),
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

export const repoGetSingleCommit = defineOperation({
  operationId: 'repoGetSingleCommit',
  document: RepositoryCommitDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, rev: params.sha, ...commitOptions(query) }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return ok(toCommit(found(repo.commit), repo));
  },
});

export const repoDownloadCommitDiffOrPatch = defineOperation({
  operationId: 'repoDownloadCommitDiffOrPatch',
  document: RepositoryCommitDiffDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, rev: params.sha, patch: params.diffType === 'patch' }),
  reply: ({ repository }, { params }) => {
    const commit = found(found(repository).commit);
    return textReply((params.diffType === 'patch' ? commit.patch : commit.diff) ?? '');
  },
});

/** A commit's git note; the commit shown is the notes commit that last changed it, with stats, as Gitea shows it. */
export const repoGetNote = defineOperation({
  operationId: 'repoGetNote',
  document: RepositoryNoteDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, rev: params.sha, ...commitOptions({ ...query, stat: true }) }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return ok(toNote(found(repo.note), repo));
  },
});
