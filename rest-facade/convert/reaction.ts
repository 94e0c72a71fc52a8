import type { RestReactionFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';
import { toUser } from './user.ts';

/** GraphQL Reaction → REST Reaction (Gitea's api.Reaction). */
export function toReaction(reaction: RestReactionFragment): RestSchema<'Reaction'> {
  return {
    user: toUser(reaction.user),
    content: reaction.content,
    created_at: restTime(reaction.createdAt),
  };
}
