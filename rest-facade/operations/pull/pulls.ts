import {
  CreatePullRequestDocument,
  RepositoryPinnedPullRequestsDocument,
  RepositoryPullRequestByBaseHeadDocument,
  RepositoryPullRequestByMergedCommitDocument,
  RepositoryPullRequestCommitsDocument,
  RepositoryPullRequestDiffDocument,
  RepositoryPullRequestDocument,
  RepositoryPullRequestFilesDocument,
  RepositoryPullRequestMergedDocument,
  RepositoryPullRequestsDocument,
  UpdatePullRequestDocument,
  type DiffWhitespace,
} from '../../__generated__/graphql.ts';
import { toChangedFile } from '../../convert/changed-file.ts';
import { toCommit } from '../../convert/commit.ts';
import { toPullRequest, toPullRequestOf } from '../../convert/pull-request.ts';
import { toRepository } from '../../convert/repository.ts';
import { assigneeLogins, knownOr } from '../../lenient.ts';
import { checked, created, defineOperation, found, list, ok, textReply } from '../../operation.ts';
import { pageCountHeaders } from '../../pagination.ts';
import { SharedJson } from '../../shared-json.ts';

export const repoListPullRequests = defineOperation({
  operationId: 'repoListPullRequests',
  document: RepositoryPullRequestsDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    owner: params.owner,
    name: params.repo,
    filter: {
      state: query.state ?? null,
      sort: query.sort ?? null,
      milestone: query.milestone ?? null,
      labels: query.labels ?? null,
      poster: query.poster || null,
      baseBranch: query.base_branch || null,
    },
    ...page,
  }),
  reply: ({ repository }) => {
    const { pullRequests, ...repo } = found(repository);
    // Each repository converted once for the page and written once in its JSON, however many pull requests name it.
    const shared = new SharedJson();
    const base = shared.once(toRepository(repo));
    const heads = new Map(pullRequests.headRepositories.map((head) => [head.databaseId, head.databaseId === base.id ? base : shared.once(toRepository(head))]));
    const reply = list(pullRequests, (pull) => toPullRequestOf(pull, base, pull.headRepository ? (heads.get(pull.headRepository.databaseId) ?? null) : null));
    return { ...reply, shared };
  },
});

export const repoListPinnedPullRequests = defineOperation({
  operationId: 'repoListPinnedPullRequests',
  document: RepositoryPinnedPullRequestsDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(found(repository).pinnedPullRequests.map(toPullRequest)),
});

export const repoGetPullRequest = defineOperation({
  operationId: 'repoGetPullRequest',
  document: RepositoryPullRequestDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: ({ repository }) => ok(toPullRequest(found(found(repository).pullRequest))),
});

export const repoGetPullRequestByBaseHead = defineOperation({
  operationId: 'repoGetPullRequestByBaseHead',
  document: RepositoryPullRequestByBaseHeadDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, base: params.base, head: params.head }),
  reply: ({ repository }) => ok(toPullRequest(found(found(repository).pullRequestByBaseHead))),
});

export const repoDownloadPullDiffOrPatch = defineOperation({
  operationId: 'repoDownloadPullDiffOrPatch',
  document: RepositoryPullRequestDiffDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index, kind: params.diffType }),
  reply: ({ repository }) => textReply(found(found(repository).pullRequest).diff),
});

export const repoPullRequestIsMerged = defineOperation({
  operationId: 'repoPullRequestIsMerged',
  document: RepositoryPullRequestMergedDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index }),
  reply: ({ repository }) => checked(found(found(repository).pullRequest).merged),
});

export const repoCreatePullRequest = defineOperation({
  operationId: 'repoCreatePullRequest',
  document: CreatePullRequestDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    input: {
      title: body.title,
      body: body.body ?? null,
      head: body.head,
      base: body.base,
      assignees: assigneeLogins(body),
      labels: body.labels ?? null,
      milestone: body.milestone ?? null,
      deadline: body.due_date ?? null,
      allowMaintainerEdit: body.allow_maintainer_edit ?? null,
    },
  }),
  reply: ({ createPullRequest }) => created(toPullRequest(createPullRequest)),
});

export const repoEditPullRequest = defineOperation({
  operationId: 'repoEditPullRequest',
  document: UpdatePullRequestDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    number: params.index,
    input: {
      title: body.title ?? null,
      body: body.body ?? null,
      base: body.base ?? null,
      assignees: assigneeLogins(body),
      labels: body.labels ?? null,
      milestone: body.milestone ?? null,
      deadline: body.due_date ?? null,
      removeDeadline: body.unset_due_date ?? null,
      state: body.state ?? null,
      allowMaintainerEdit: body.allow_maintainer_edit ?? null,
    },
  }),
  reply: ({ updatePullRequest }) => created(toPullRequest(updatePullRequest)),
});

export const repoGetPullRequestCommits = defineOperation({
  operationId: 'repoGetPullRequestCommits',
  document: RepositoryPullRequestCommitsDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    owner: params.owner,
    name: params.repo,
    number: params.index,
    ...page,
    // Gitea always counts a pull request's commits' lines; files and verification unless asked not to.
    stat: true,
    files: query.files ?? true,
    verification: query.verification ?? true,
  }),
  reply: ({ repository }, { window }) => {
    const repo = found(repository);
    const { commits } = found(repo.pullRequest);
    return { ...list(commits, (c) => toCommit(c, repo)), headers: pageCountHeaders(window, commits.totalCount) };
  },
});

/** Gitea's whitespace settings; another value counts every change, as Gitea reads it. */
const WHITESPACE: Record<string, DiffWhitespace> = { 'show-all': 'show_all', 'ignore-all': 'ignore_all', 'ignore-change': 'ignore_change', 'ignore-eol': 'ignore_eol' };

export const repoGetPullRequestFiles = defineOperation({
  operationId: 'repoGetPullRequestFiles',
  document: RepositoryPullRequestFilesDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    owner: params.owner,
    name: params.repo,
    number: params.index,
    ...page,
    skipTo: query['skip-to'] || null,
    whitespace: WHITESPACE[knownOr(query.whitespace, Object.keys(WHITESPACE), 'show-all') ?? 'show-all'],
  }),
  reply: ({ repository }, { window }) => {
    const repo = found(repository);
    const pull = found(repo.pullRequest);
    // Linked in the head repository, as Gitea links them; in the base repository once the head one is gone or hidden.
    const linked = pull.headRepository ?? repo;
    return { ...list(pull.files, (f) => toChangedFile(f, linked, pull.headSha)), headers: pageCountHeaders(window, pull.files.totalCount) };
  },
});

export const repoGetCommitPullRequest = defineOperation({
  operationId: 'repoGetCommitPullRequest',
  document: RepositoryPullRequestByMergedCommitDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, sha: params.sha }),
  reply: ({ repository }) => ok(toPullRequest(found(found(repository).pullRequestByMergedCommit))),
});
