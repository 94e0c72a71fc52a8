import type { RestBadgeFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';

/** GraphQL Badge → REST Badge (Gitea's convert.ToBadge). */
export function toBadge(badge: RestBadgeFragment): RestSchema<'Badge'> {
  return { id: badge.databaseId, slug: badge.slug, description: badge.description, image_url: badge.imageUrl };
}
