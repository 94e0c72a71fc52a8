import type { RestLabelFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';

/** GraphQL Label → REST Label: Gitea writes the color without its '#', and `exclusive` as it was set. */
export function toLabel(label: RestLabelFragment): RestSchema<'Label'> {
  return {
    id: label.databaseId,
    name: label.name,
    color: label.color.replace(/^#/, ''),
    description: label.description,
    exclusive: label.exclusive,
    is_archived: label.isArchived,
    url: label.apiUrl,
  };
}
