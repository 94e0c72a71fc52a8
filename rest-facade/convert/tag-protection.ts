import type { RestTagProtectionFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';

/** GraphQL TagProtection → REST TagProtection. */
export function toTagProtection(rule: RestTagProtectionFragment): RestSchema<'TagProtection'> {
  return {
    id: rule.databaseId,
    name_pattern: rule.namePattern,
    whitelist_usernames: rule.whitelistUsernames,
    whitelist_teams: rule.whitelistTeams,
    created_at: restTime(rule.createdAt),
    updated_at: restTime(rule.updatedAt),
  };
}
