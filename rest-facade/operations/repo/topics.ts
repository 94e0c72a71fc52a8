import {
  AddRepositoryTopicDocument,
  RemoveRepositoryTopicDocument,
  RepositoryTopicsDocument,
  SearchTopicsDocument,
  SetRepositoryTopicsDocument,
} from '../../__generated__/graphql.ts';
import { toTopicList } from '../../convert/topic.ts';
import { defineOperation, found, noContent, ok } from '../../operation.ts';

export const repoListTopics = defineOperation({
  operationId: 'repoListTopics',
  document: RepositoryTopicsDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, ...page }),
  reply: ({ repository }) => {
    const { topicNames } = found(repository);
    return { ...ok({ topics: topicNames.nodes }), totalCount: topicNames.totalCount };
  },
});

export const repoUpdateTopics = defineOperation({
  operationId: 'repoUpdateTopics',
  document: SetRepositoryTopicsDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, topics: body.topics ?? [] }),
  reply: () => noContent(),
});

export const repoAddTopic = defineOperation({
  operationId: 'repoAddTopic',
  document: AddRepositoryTopicDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, topic: params.topic }),
  reply: () => noContent(),
});

export const repoDeleteTopic = defineOperation({
  operationId: 'repoDeleteTopic',
  document: RemoveRepositoryTopicDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, topic: params.topic }),
  reply: () => noContent(),
});

/** Gitea's topic search: {topics: [...]} with X-Total-Count. */
export const topicSearch = defineOperation({
  operationId: 'topicSearch',
  document: SearchTopicsDocument,
  paged: true,
  variables: ({ query, page }) => ({ query: query.q, ...page }),
  reply: ({ topics }) => ({ ...ok(toTopicList(topics.nodes)), totalCount: topics.totalCount }),
});
