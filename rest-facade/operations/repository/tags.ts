import {
  CreateTagDocument,
  DeleteTagDocument,
  RepositoryAnnotatedTagDocument,
  RepositoryTagDocument,
  RepositoryTagsDocument,
} from '../../__generated__/graphql.ts';
import { toAnnotatedTag, toTag } from '../../convert/branch.ts';
import { created, defineOperation, noContent, notFoundReply, ok, paginated } from '../../operation.ts';
import { connectionArgsFor } from '../../pagination.ts';

const missingRepository = (params: { owner: string; repo: string }) => notFoundReply(`repository ${params.owner}/${params.repo} does not exist`);

export const repoListTags = defineOperation({
  operationId: 'repoListTags',
  document: RepositoryTagsDocument,
  variables: ({ params, query, config }) => ({ owner: params.owner, name: params.repo, ...connectionArgsFor(query, config).args }),
  reply: ({ repository }, { params, query, config }) => {
    if (!repository) return missingRepository(params);
    const { tags } = repository;
    return paginated(tags.nodes.map((t) => toTag(t, repository)), connectionArgsFor(query, config).window, tags.totalCount);
  },
});

export const repoGetTag = defineOperation({
  operationId: 'repoGetTag',
  document: RepositoryTagDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, tag: params.tag }),
  reply: ({ repository }, { params }) => {
    if (!repository) return missingRepository(params);
    return repository.tag ? ok(toTag(repository.tag, repository)) : notFoundReply(`tag "${params.tag}" does not exist`);
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
  reply: ({ repository }, { params }) => {
    if (!repository) return missingRepository(params);
    return repository.annotatedTag ? ok(toAnnotatedTag(repository.annotatedTag, repository)) : notFoundReply(`tag object ${params.sha} does not exist`);
  },
});
