import type { RestTopicFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';

/** GraphQL Topic → Gitea's TopicResponse. */
export function toTopic(topic: RestTopicFragment): RestSchema<'TopicResponse'> {
  return {
    id: topic.databaseId,
    topic_name: topic.name,
    repo_count: topic.repoCount,
    created: restTime(topic.createdAt),
    updated: restTime(topic.updatedAt),
  };
}

/** A page of topics, as Gitea's TopicListResponse ({topics: [...]}). */
export function toTopicList(topics: RestTopicFragment[]): RestSchema<'TopicListResponse'> {
  return { topics: topics.map(toTopic) };
}
