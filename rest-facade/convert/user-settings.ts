import type { RestUserSettingsFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';

/** GraphQL User (the caller) → REST UserSettings (Gitea's convert.User2UserSettings). */
export function toUserSettings(user: RestUserSettingsFragment): RestSchema<'UserSettings'> {
  return {
    full_name: user.fullName,
    website: user.website,
    description: user.description,
    location: user.location,
    language: user.language,
    theme: user.theme ?? '',
    diff_view_style: user.diffViewStyle ?? '',
    hide_email: user.hideEmail ?? false,
    hide_activity: user.hideActivity ?? false,
  };
}
