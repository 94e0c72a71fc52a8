import type { RestEmailFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';

/** GraphQL EmailAddress → REST Email (Gitea's convert.ToEmail and ToEmailSearch). */
export function toEmail(email: RestEmailFragment): RestSchema<'Email'> {
  return { email: email.email, verified: email.verified, primary: email.primary, user_id: email.userDatabaseId, username: email.login };
}
