import { RepoDeleteGitHookDocument, RepoEditGitHookDocument, RepoGitHookDocument, RepoGitHooksDocument } from '../../__generated__/graphql.ts';
import { toGitHook } from '../../convert/git-hook.ts';
import { defineOperation, noContent, ok } from '../../operation.ts';

export const repoListGitHooks = defineOperation({
  operationId: 'repoListGitHooks',
  document: RepoGitHooksDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ gitHooks }) => ok(gitHooks.map(toGitHook)),
});

export const repoGetGitHook = defineOperation({
  operationId: 'repoGetGitHook',
  document: RepoGitHookDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, hook: params.id }),
  reply: ({ gitHook }) => ok(toGitHook(gitHook)),
});

export const repoEditGitHook = defineOperation({
  operationId: 'repoEditGitHook',
  document: RepoEditGitHookDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, hook: params.id, content: body?.content ?? '' }),
  reply: ({ updateGitHook }) => ok(toGitHook(updateGitHook)),
});

export const repoDeleteGitHook = defineOperation({
  operationId: 'repoDeleteGitHook',
  document: RepoDeleteGitHookDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, hook: params.id }),
  reply: () => noContent(),
});
