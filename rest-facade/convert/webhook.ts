import type { RestWebhookFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';

/**
 * GraphQL Webhook -> REST Hook (Gitea's convert.ToHook): config holds url, content_type and http_method, and the
 * members of the hook's type (Slack's channel, username, icon_url, color, ...); never the secret nor a token.
 */
export function toHook(hook: RestWebhookFragment): RestSchema<'Hook'> {
  return {
    id: hook.databaseId,
    type: hook.type,
    name: hook.name,
    branch_filter: hook.branchFilter,
    config: { url: hook.url, content_type: hook.contentType, http_method: hook.httpMethod, ...Object.fromEntries(hook.settings.map((s) => [s.name, s.value])) },
    events: hook.events,
    authorization_header: hook.authorizationHeader,
    active: hook.active,
    updated_at: restTime(hook.updatedAt),
    created_at: restTime(hook.createdAt),
  };
}
