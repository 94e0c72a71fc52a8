import {
  CreateTagDocument,
  DeleteTagDocument,
  RepositoryAnnotatedTagDocument,
  RepositoryTagDocument,
  RepositoryTagsDocument,
} from '../../__generated__/graphql.ts';
import { toAnnotatedTag, toTag } from '../../convert/branch.ts';
import { created, defineOperation, found, list, noContent, ok } from '../../operation.ts';

export const repoListTags = defineOperation({
  operationId: 'repoListTags',
  document: RepositoryTagsDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, ...page }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return list(repo.tags, (t) => toTag(t, repo));
  },
});

export const repoGetTag = defineOperation({
  operationId: 'repoGetTag',
  document: RepositoryTagDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, tag: params.tag }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return ok(toTag(found(repo.tag), repo));
  },
});

/** Gitea documents 200 but answers 201 Created; we answer as Gitea does. */
export const repoCreateTag = defineOperation({
  operationId: 'repoCreateTag',
  document: CreateTagDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    input: { tagName: body.tag_name, target: body.target || null, message: body.message || null },
  }),
  reply: ({ createTag }) => created(toTag(createTag, createTag.repository)),
});

export const repoDeleteTag = defineOperation({
  operationId: 'repoDeleteTag',
  document: DeleteTagDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, tag: params.tag }),
  reply: () => noContent(),
});

export const GetAnnotatedTag = defineOperation({
  operationId: 'GetAnnotatedTag',
  document: RepositoryAnnotatedTagDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, oid: params.sha }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return ok(toAnnotatedTag(found(repo.annotatedTag), repo));
  },
});
